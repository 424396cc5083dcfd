/**
 * `liff.shareTargetPicker()` outside the host: the LIFF demo (`@line/liff` 2.31 with embedkit's
 * plugin) in a normal tab on its endpoint origin, logged in through embedkit's login pages, opens
 * embedkit's picker page in a pop-up on the server's origin, as the published SDK opens the
 * platform's. The person picks a chat there and sends: the app gets `{status: 'success'}` and every
 * member sees the message in the host. Cancelling or closing answers false; a window of another
 * origin cannot hand the picker messages.
 */
import type { Page } from '@playwright/test';
import { ALICE, BOB, CHATS, clickClosingButton, expect, test } from '../support/fixtures.js';
import type { ServerHandle } from '../support/server.js';

/** The demo in a normal tab on its own origin (127.0.0.1), logged in as Alice. */
async function loggedInDemo(page: Page, server: ServerHandle): Promise<Record<string, unknown>> {
  await page.goto(`${server.demoOrigin}/demo/liff-app/?embedkit=${encodeURIComponent(server.baseUrl)}`);
  await expect(page.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  await page.locator('#login').click();
  await page.locator('label.user', { hasText: 'Alice' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  const report = JSON.parse((await page.locator('#report').textContent()) ?? '{}') as Record<string, unknown>;
  expect(report).toMatchObject({ isInClient: false, isLoggedIn: true });
  return report;
}

/** Clicks the demo's Share button and returns the picker pop-up once its chats are offered. */
async function openPicker(page: Page, server: ServerHandle): Promise<Page> {
  const opened = page.waitForEvent('popup');
  await page.locator('#share').click();
  const popup = await opened;
  await expect(popup).toHaveURL(new RegExp(`^${server.baseUrl}/oauth2/v2\\.1/liff/shareTargetPicker\\?`));
  await expect(popup.locator('#picker-status')).toContainText('1 message(s) from ' + server.demoOrigin);
  return popup;
}

test('outside the host, the picker pop-up sends to the picked chat: the app gets success and the chat shows it', async ({
  page,
  server,
}) => {
  const report = await loggedInDemo(page, server);
  // Outside the client the published rule answers for the external browser: available once logged in.
  expect(report.apiShareTargetPicker).toEqual({ ok: true });
  // The worker's server is shared with other specs, which may have shared the same text before.
  const groupMessages = async () =>
    (
      (await (await fetch(`${server.baseUrl}/embedkit/v1/chats/${CHATS.group}/messages`)).json()) as {
        messages: { sender: { id: string }; message: { text?: string } }[];
      }
    ).messages;
  const sharedBefore = (await groupMessages()).filter((m) => m.message.text === 'Shared from the LIFF demo').length;

  const popup = await openPicker(page, server);
  await expect(popup.getByRole('heading')).toHaveText('Share with (pick one or more)');
  await expect(popup.locator('#picker-preview')).toHaveText('Shared from the LIFF demo');
  // Alice's chats, as the host's picker lists them; Send waits for a pick.
  for (const chatId of Object.values(CHATS)) await expect(popup.locator(`input[data-chat-id="${chatId}"]`)).toHaveCount(1);
  await expect(popup.locator('#share-target-send')).toBeDisabled();
  await popup.locator(`input[data-chat-id="${CHATS.group}"]`).check();
  const closed = popup.waitForEvent('close');
  await clickClosingButton(popup.locator('#share-target-send'));
  await closed;
  await expect(page.locator('#action')).toHaveText(JSON.stringify({ shareTargetPicker: { ok: { status: 'success' } } }));

  // Bob, a member of the group, sees Alice's message there in the host.
  const host = await page.context().newPage();
  await host.goto(`${server.baseUrl}/?user=${BOB}&context=group&chat=${CHATS.group}`);
  const last = host.locator('#chat-messages .message').filter({ hasText: 'Shared from the LIFF demo' });
  await expect(last).toHaveCount(sharedBefore + 1);
  const messages = await groupMessages();
  expect(messages.at(-1)).toMatchObject({ sender: { id: ALICE }, message: { text: 'Shared from the LIFF demo' } });
});

test('outside the host, cancelling the picker or closing its pop-up answers false and sends nothing', async ({ page, server }) => {
  await loggedInDemo(page, server);
  const count = async () =>
    ((await (await fetch(`${server.baseUrl}/embedkit/v1/chats/${CHATS.group}/messages`)).json()) as { messages: unknown[] }).messages
      .length;
  const before = await count();

  let popup = await openPicker(page, server);
  await popup.locator(`input[data-chat-id="${CHATS.group}"]`).check();
  await clickClosingButton(popup.locator('#share-target-cancel'));
  await expect(page.locator('#action')).toHaveText(JSON.stringify({ shareTargetPicker: { ok: false } }));

  await page.locator('#action').evaluate((el) => (el.textContent = ''));
  popup = await openPicker(page, server);
  await popup.close();
  await expect(page.locator('#action')).toHaveText(JSON.stringify({ shareTargetPicker: { ok: false } }));
  expect(await count()).toBe(before);
});

test('a window of another origin cannot hand the picker messages: the picker ignores it', async ({ page, server }) => {
  const token = String((await loggedInDemo(page, server)).accessToken);
  const { ott } = (await (
    await fetch(`${server.baseUrl}/liff/v2/apps/1650000001-liffapp1/ott`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { ott: string };

  // A page on the server's own origin (not the app's) opens the picker with a good ticket and talks to it.
  const evil = await page.context().newPage();
  await evil.goto(`${server.baseUrl}/demo/app/`);
  const opened = evil.waitForEvent('popup');
  const url = `${server.baseUrl}/oauth2/v2.1/liff/shareTargetPicker?liffId=1650000001-liffapp1&ott=${ott}`;
  await evil.evaluate((u) => void ((window as unknown as { picker: Window | null }).picker = window.open(u, 'picker')), url);
  const popup = await opened;
  await expect(popup.locator(`input[data-chat-id="${CHATS.group}"]`)).toHaveCount(1);
  const answers = await evil.evaluate(async () => {
    const seen: unknown[] = [];
    window.addEventListener('message', (e) => seen.push(e.data));
    const picker = (window as unknown as { picker: Window }).picker;
    for (let i = 0; i < 4; i++) {
      picker.postMessage({ type: 'embedkit-share-target-picker', name: 'healthcheck' }, '*');
      picker.postMessage(
        { type: 'embedkit-share-target-picker', name: 'ready', body: { messages: [{ type: 'text', text: 'forged' }], isMultiple: true } },
        '*',
      );
      await new Promise((r) => setTimeout(r, 250));
    }
    return seen;
  });
  expect(answers).toEqual([]);
  await expect(popup.locator('#picker-status')).toHaveText("Waiting for the app's messages…");
  await expect(popup.locator('#picker-preview li')).toHaveCount(0);
  await popup.locator(`input[data-chat-id="${CHATS.group}"]`).check();
  await expect(popup.locator('#share-target-send')).toBeDisabled();
});
