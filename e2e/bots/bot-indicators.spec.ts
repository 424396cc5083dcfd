// The bot's loading indicator and read marks in the phone: a bot calls
// `POST /v2/bot/chat/loading/start` and the chat shows it typing until it answers; after
// `POST /v2/bot/message/markAsRead` the user's messages show "Read".
import { expect, test, ALICE } from '../support/fixtures.js';
import { botPost, channelToken, DEMO_CHANNEL, setWebhook } from '../support/platform.js';

const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';

test('a typing indicator until the bot answers, and Read marks after markAsRead', async ({ page, server }) => {
  const bot = botPost(server.baseUrl, await channelToken(server.baseUrl));
  await setWebhook(server.baseUrl, DEMO_CHANNEL.id, null);

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
