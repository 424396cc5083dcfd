// The bot's loading indicator and read marks in the phone (issue 14): a bot calls
// `POST /v2/bot/chat/loading/start` and the chat shows it typing until it answers; after
// `POST /v2/bot/message/markAsRead` the user's messages show "Read".
import { expect, test, ALICE } from './fixtures.js';

const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';

test('a typing indicator until the bot answers, and Read marks after markAsRead', async ({ page, server }) => {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: '1650000001',
    client_secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f',
  });
  const { access_token: token } = (await (
    await fetch(`${server.baseUrl}/v2/oauth/accessToken`, { method: 'POST', body: form })
  ).json()) as { access_token: string };
  // No webhook URL for this test: its events are recorded, never sent later to another test's bot
  // (the server is shared by the tests of a worker).
  await fetch(`${server.baseUrl}/embedkit/v1/channels/1650000001/webhook`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: null }),
  });
  const bot = (path: string, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${ALICE_BOT}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.locator('#chat-input').fill('are you there?');
  await page.locator('#chat-input').press('Enter');
  const mine = page.locator('#chat-messages .message.mine').filter({ hasText: 'are you there?' });
  await expect(mine).toHaveCount(1);
  await expect(mine.locator('.read-mark')).toHaveCount(0);

  expect((await bot('/v2/bot/chat/loading/start', { chatId: ALICE, loadingSeconds: 30 })).status).toBe(202);
  const typing = page.getByRole('status', { name: 'Demo Bot is typing' });
  await expect(typing).toBeVisible();

  expect((await bot('/v2/bot/message/markAsRead', { chat: { userId: ALICE } })).status).toBe(200);
  await expect(mine.locator('.read-mark')).toHaveText('Read');

  expect((await bot('/v2/bot/message/push', { to: ALICE, messages: [{ type: 'text', text: 'yes!' }] })).status).toBe(200);
  await expect(page.locator('#chat-messages .message.bot').filter({ hasText: 'yes!' })).toHaveCount(1);
  await expect(typing).toHaveCount(0);
});
