// Several people at once and the client a person really has: two to four phones side by
// side (`/?users=a,b`), each a host of its own; and the device setting (`device=`), which renders
// and behaves as that client would (spec Versioning: minimum client versions; part D: getProfile
// and sendMessages unavailable on the pre-release mobile OS).
import type { Page } from '@playwright/test';
import { ALICE, BOB, CHATS, DEMO_APP, expect, test } from '../support/fixtures.js';
import { startDemoBot } from '../support/demo-bot.js';
import { DEMO_CHANNEL, setWebhook } from '../support/platform.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

// A server of this file's own: the flex message below must not move other files' screenshots.
let server: ServerHandle;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

const phone = (page: Page, userId: string) => page.frameLocator(`.phone-slot[data-user-id="${userId}"] iframe`);

test("two phones: a message Alice sends appears in Bob's phone at once, and back", async ({ page }) => {
  await page.goto(`${server.baseUrl}/?users=${ALICE},${BOB}&context=utou&chat=${CHATS.utou}`);
  await expect(page.locator('.phone-slot')).toHaveCount(2);
  const alice = phone(page, ALICE);
  const bob = phone(page, BOB);
  await expect(alice.locator('#chat-view')).toBeVisible();
  await expect(bob.locator('#chat-view')).toBeVisible();

  await alice.locator('#chat-input').fill('hi Bob, from two phones');
  await alice.locator('#chat-input').press('Enter');
  // Under the 3 s poll: the page relays the live feed to every phone.
  await expect(bob.locator('#chat-messages .message:not(.mine)').filter({ hasText: 'hi Bob, from two phones' })).toBeVisible({
    timeout: 2500,
  });
  await expect(alice.locator('#chat-messages .message.mine').filter({ hasText: 'hi Bob, from two phones' })).toBeVisible();

  await bob.locator('#chat-input').fill('hi Alice');
  await bob.locator('#chat-send').click();
  await expect(alice.locator('#chat-messages .message:not(.mine)').filter({ hasText: 'hi Alice' })).toBeVisible({ timeout: 2500 });
});

test("three phones in the group: the demo bot's reply to one person reaches every member", async ({ page }) => {
  const bot = await startDemoBot(server);
  try {
    await setWebhook(server.baseUrl, DEMO_CHANNEL.id, bot.url);
    const carol = 'U0000000000000000000000000000ca10';
    await page.goto(`${server.baseUrl}/?users=${ALICE},${BOB},${carol}&context=group&chat=${CHATS.group}`);
    await expect(page.locator('.phone-slot')).toHaveCount(3);
    await phone(page, BOB).locator('#chat-input').fill('echo for everyone');
    await phone(page, BOB).locator('#chat-input').press('Enter');
    for (const userId of [ALICE, BOB, carol]) {
      await expect(
        phone(page, userId).locator('#chat-messages .message[data-sender-type="bot"]').filter({ hasText: 'echo for everyone' }),
      ).toBeVisible();
    }
  } finally {
    await setWebhook(server.baseUrl, DEMO_CHANNEL.id, null);
    await bot.stop();
  }
});

test('each phone opens the app with its own user and token; a phone can be added and removed', async ({ page }) => {
  await page.goto(`${server.baseUrl}/?users=${ALICE},${BOB}&app=${DEMO_APP}&context=utou&chat=${CHATS.utou}`);
  for (const [userId, name] of [
    [ALICE, 'Alice'],
    [BOB, 'Bob'],
  ] as const) {
    const app = phone(page, userId).frameLocator('#app-frame');
    await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
    await expect(app.locator('#init-data')).toContainText(userId);
    await app.locator('#btn-profile').click();
    await expect(app.locator('#profile')).toContainText(`"displayName": "${name}"`);
  }
  // The link from the usual host, and the add / remove links of the phones page.
  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=room&chat=${CHATS.room}`);
  await page.locator('#ctl-phones').click();
  await expect(page.locator('.phone-slot')).not.toHaveCount(0);
  const count = await page.locator('.phone-slot').count();
  expect(count).toBeGreaterThanOrEqual(2);
  expect(new URL(page.url()).searchParams.get('users')?.split(',')[0]).toBe(ALICE);
  await expect(page.locator(`.phone-slot[data-user-id="${BOB}"] figcaption a`).first()).toHaveAttribute('href', new RegExp(`user=${BOB}`));
  await page.locator(`.phone-slot[data-user-id="${BOB}"] figcaption a`, { hasText: 'Remove' }).click();
  await expect(page.locator('.phone-slot')).toHaveCount(count - 1 >= 2 ? count - 1 : 0);
});

test('unknown users in the link are named, not silently dropped', async ({ page }) => {
  await page.goto(`${server.baseUrl}/?users=${ALICE},Unobody,${BOB}`);
  await expect(page.locator('.phone-slot')).toHaveCount(2);
  await expect(page.locator('.phones-problems')).toContainText('unknown user Unobody');
  await page.goto(`${server.baseUrl}/?users=${ALICE}`);
  await expect(page.locator('.phone-slot')).toHaveCount(1);
  await expect(page.locator('.phones-problems')).toHaveText(/^Name 2 to 4 users of the scenario/);
});

/** A flex bubble whose box has an action and whose text is clamped to 2 lines. */
const FLEX = {
  type: 'flex',
  altText: 'versions',
  contents: {
    type: 'bubble',
    body: {
      type: 'box',
      layout: 'vertical',
      action: { type: 'message', label: 'tap', text: 'box tapped' },
      contents: [
        {
          type: 'text',
          wrap: true,
          maxLines: 2,
          text: 'A long line that wraps over many lines of the bubble, far more than the two lines maxLines allows it to take in the chat.',
        },
      ],
    },
  },
};

test('a flex box action and maxLines on mobile 8.10 and 8.11 differ as the spec says', async ({ page }) => {
  const res = await fetch(`${server.baseUrl}/embedkit/v1/chats/${CHATS.room}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: BOB, message: FLEX }),
  });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  const open = async (device: string) => {
    await page.goto(`${server.baseUrl}/?user=${ALICE}&context=room&chat=${CHATS.room}&device=${device}`);
    const body = page.locator(`#chat-messages .message[data-message-id="${id}"] .fx-text`);
    await expect(body).toBeVisible();
    return body;
  };

  const current = await open('ios-8.11.0-11.4');
  const clamped = (await current.boundingBox())!.height;
  await expect(page.locator(`.message[data-message-id="${id}"] [data-action-type="message"]`)).toHaveCount(1);
  await page.locator(`.message[data-message-id="${id}"] [data-action-type="message"]`).click();
  await expect(page.locator('#chat-messages .message.mine').filter({ hasText: 'box tapped' })).toHaveCount(1);

  const older = await open('ios-8.10.0-11.4');
  expect(new URL(page.url()).searchParams.get('device')).toBe('ios-8.10.0-11.4');
  await expect(page.locator('#ctl-device-note')).toContainText('flex box action');
  const full = (await older.boundingBox())!.height;
  expect(full).toBeGreaterThan(clamped * 1.5);
  await expect(older).toHaveAttribute('data-unsupported', 'maxLines');
  const box = page.locator(`.message[data-message-id="${id}"] [data-unsupported="action"]`);
  await expect(box).toHaveAttribute('title', /needs the mobile app 8\.11\.0/);
  await expect(page.locator(`.message[data-message-id="${id}"] [data-action-type]`)).toHaveCount(0);
  await box.click();
  await page.waitForTimeout(300);
  await expect(page.locator('#chat-messages .message.mine').filter({ hasText: 'box tapped' })).toHaveCount(1);

  // The controls change the client in place: back to 8.11.0, the action works again.
  await page.locator('#ctl-app-version').fill('8.11.0');
  await page.locator('#ctl-app-version').press('Enter');
  await page.locator('#ctl-app-version').blur();
  await expect(page.locator(`.message[data-message-id="${id}"] [data-action-type="message"]`)).toHaveCount(1);
});

test('getProfile and sendMessages fail on the pre-release OS with INTERNAL_ERROR, and work on a release', async ({ page }) => {
  const open = async (device: string) => {
    await page.goto(`${server.baseUrl}/?user=${ALICE}&app=${DEMO_APP}&context=utou&chat=${CHATS.utou}&device=${device}`);
    const app = page.frameLocator('#app-frame');
    await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
    return app;
  };
  const beta = await open('ios-8.11.0-12.0-beta');
  await beta.locator('#btn-profile').click();
  await expect(beta.locator('#profile')).toContainText('INTERNAL_ERROR');
  await expect(beta.locator('#profile')).toContainText('pre-release OS 12.0-beta');
  await beta.locator('#btn-send').click();
  await expect(beta.locator('#send-result')).toContainText('INTERNAL_ERROR');
  await expect(page.locator('#bridge-log .log-entry[data-method="getProfile"][data-outcome="error"]')).toContainText('unavailable');

  const release = await open('ios-8.11.0-12.0');
  await release.locator('#btn-profile').click();
  await expect(release.locator('#profile')).toContainText('"displayName": "Alice"');
  // Another client is another phone: the open app closes, and opens anew on it.
  await page.locator('#ctl-device').selectOption({ label: 'iOS 12.0 beta (pre-release OS)' });
  await expect(page.locator('#app-frame')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('device')).toBe('ios-8.11.0-12.0-beta');
});

test('the demo sample page sends a message an older client draws differently', async ({ page }) => {
  page.on('dialog', (d) => void d.dismiss());
  await page.goto(`${server.baseUrl}/?user=${ALICE}&app=1650000001-sample01&context=group&chat=${CHATS.group}&device=ios-8.10.0-11.4`);
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('#status')).toContainText('Ready');
  await app.locator('#versions').click();
  const flex = page.locator('#chat-messages .message[data-message-type="flex"]').last();
  await expect(flex.locator('[data-unsupported="action"]')).toHaveCount(1);
  await expect(page.locator('#quick-replies')).toHaveText('2 quick reply buttons not shown on this client');
});
