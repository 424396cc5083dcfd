// The main job end to end: demo app ↔ SDK ↔ host ↔ server, in Chromium.
import { ALICE, CHATS, clickClosingButton, expect, hostUrl, openDemo, test } from '../support/fixtures.js';
import { removeDataDir, startServer } from '../support/server.js';

const VIEW_HEIGHT = { compact: 0.5, tall: 0.8, full: 1 } as const;

for (const view of ['compact', 'tall', 'full'] as const) {
  for (const context of ['utou', 'room', 'group', 'none'] as const) {
    test(`init data and overlay height: view ${view}, context ${context}`, async ({ page, server }) => {
      const app = await openDemo(page, server, { view, context, lang: 'ja' });
      await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
      const initData = JSON.parse((await app.locator('#init-data').textContent()) ?? '');
      const expected: Record<string, unknown> = { type: context, viewType: view };
      if (context !== 'none') {
        expected.userId = ALICE;
        expected[{ utou: 'utouId', room: 'roomId', group: 'groupId' }[context]] = CHATS[context];
      }
      expect(initData).toEqual({ language: 'ja', context: expected });

      const screen = await page.locator('#phone-screen').boundingBox();
      const overlay = await page.locator('#app-overlay').boundingBox();
      expect(screen && overlay).toBeTruthy();
      expect(Math.abs(overlay!.height - screen!.height * VIEW_HEIGHT[view])).toBeLessThanOrEqual(2);
      // The overlay sits at the bottom of the screen, like the messenger's.
      expect(Math.abs(overlay!.y + overlay!.height - (screen!.y + screen!.height))).toBeLessThanOrEqual(2);
    });
  }
}

test('getProfile shows the signed-in user', async ({ page, server }) => {
  const app = await openDemo(page, server);
  await app.locator('#btn-profile').click();
  const profile = app.locator('#profile');
  await expect(profile).toContainText('"displayName": "Alice"');
  await expect(profile).toContainText(ALICE);
  await expect(page.locator('#bridge-log .log-entry[data-method="getProfile"][data-outcome="ok"]')).toHaveCount(1);
});

test('getProfile fails with code 403 when the token lacks the profile scope', async ({ page, server }) => {
  await openDemo(page, server);
  await page.locator('input[name="scope"][value="profile"]').uncheck();
  await page.locator('#ctl-open').click();
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
  await app.locator('#btn-profile').click();
  await expect(app.locator('#profile')).toContainText('403');
});

test('sendMessages posts into the chat, and the message survives a server restart', async ({ page }) => {
  const first = await startServer();
  const text = `persisted ${Date.now()}`;
  try {
    await page.goto(hostUrl(first, { context: 'group' }));
    const app = page.frameLocator('#app-frame');
    await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
    await app.locator('#send-text').fill(text);
    await app.locator('#btn-send').click();
    await expect(app.locator('#send-result')).toHaveText('sent');
    await expect(page.locator('#chat-messages .message.mine', { hasText: text })).toBeVisible();
  } finally {
    await first.stop();
  }
  const second = await startServer(first.dataDir);
  try {
    await page.goto(`${second.baseUrl}/?user=${ALICE}&context=group&chat=${CHATS.group}`);
    await expect(page.locator('#chat-messages .message', { hasText: text })).toBeVisible();
  } finally {
    await second.stop();
    removeDataDir(first.dataDir);
  }
});

test('sendMessages is refused with 403 outside a chat', async ({ page, server }) => {
  const app = await openDemo(page, server, { context: 'none' });
  await app.locator('#btn-send').click();
  await expect(app.locator('#send-result')).toContainText('error 403');
  await expect(page.locator('#bridge-log .log-entry[data-method="sendMessages"][data-outcome="error"]')).toHaveCount(1);
});

test("sendMessages surfaces the server's 400 with its message, and 1..5 is checked in the SDK", async ({ page, server }) => {
  await openDemo(page, server, { context: 'room' });
  const frame = page.frame({ url: /127\.0\.0\.1.*\/demo\/app\// })!;
  const failure = (messages: unknown) =>
    frame.evaluate(
      (m) =>
        window.embed.sendMessages(m as never).then(
          () => null,
          (e: { code: string; message: string; constructor: { name: string } }) => ({
            code: e.code,
            message: e.message,
            isError: e instanceof Error,
          }),
        ),
      messages,
    );
  expect(await failure([{ type: 'text' }])).toEqual({
    code: '400',
    message: 'The request body has 1 error(s): messages[0].text: must be specified',
    isError: true,
  });
  expect(await failure([])).toMatchObject({ code: 'INVALID_ARGUMENT', isError: true });
  expect(await failure(Array.from({ length: 6 }, () => ({ type: 'text', text: 'x' })))).toMatchObject({ code: 'INVALID_ARGUMENT' });
});

test('closeWindow closes the overlay', async ({ page, server }) => {
  const app = await openDemo(page, server);
  await clickClosingButton(app.locator('#btn-close'));
  await expect(page.locator('#app-overlay')).toBeHidden();
});

test('openWindow opens the in-app browser, and a real tab when external', async ({ page, server }) => {
  const app = await openDemo(page, server);
  await app.locator('#btn-open-inapp').click();
  await expect(page.locator('#inapp-browser')).toBeVisible();
  await expect(page.locator('#inapp-url')).toContainText('/demo/app/about.html');
  await expect(page.frameLocator('#inapp-frame').locator('body')).toContainText('About this demo');
  await page.locator('#inapp-close').click();
  await expect(page.locator('#inapp-browser')).toBeHidden();

  const popup = page.waitForEvent('popup');
  await app.locator('#btn-open-external').click();
  const tab = await popup;
  await tab.waitForLoadState();
  expect(tab.url()).toContain('/demo/app/about.html');
});

test("the bare host URL that npm start prints shows the demo app, opened from Alice's first chat", async ({ page, server }) => {
  await page.goto(`${server.baseUrl}/`);
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
  await expect(page.locator('#app-title')).toHaveText('Demo app');
  expect(JSON.parse((await app.locator('#init-data').textContent()) ?? '').context.userId).toBe(ALICE);
});
