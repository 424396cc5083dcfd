// A person's own controls in a group the bot is in, as the messenger has them: quote a message in
// a reply ("Reply"), unsend their own message ("Unsend"), and a person leaving and joining the
// group (the bot tools' "Members"). The chat shows each as a person sees it, and the bot's
// webhook bodies carry quotedMessageId, unsend, memberLeft and memberJoined.
import { expect, test, ALICE, CHATS } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

/** The default scenario's messaging bot: it is in the group. */
const BOT_CHANNEL = '1650000001';
const CAROL = 'U0000000000000000000000000000ca10';

/** Every event the bot's channel was sent so far, oldest first (deliveries are kept without a webhook URL too). */
async function botEvents(baseUrl: string): Promise<Record<string, any>[]> {
  const res = await fetch(`${baseUrl}/embedkit/v1/deliveries?channelId=${BOT_CHANNEL}&limit=200`);
  const { deliveries } = (await res.json()) as { deliveries: { body: string }[] };
  return deliveries.reverse().flatMap((d) => (JSON.parse(d.body) as { events: Record<string, any>[] }).events);
}

// A server of its own: the group's messages, system lines and member order it leaves behind would
// shift what later specs of the worker draw in that group (the rendering screenshots).
let server: ServerHandle;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

test('quote a message, unsend one, and a person leaving and joining the group', async ({ page }) => {
  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=group&chat=${CHATS.group}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const input = page.locator('#chat-input');
  const mine = page.locator('#chat-messages .message.mine');

  // Quote: "Reply" on a message, the bar names it, the next text quotes it.
  await input.fill('Lunch at noon?');
  await input.press('Enter');
  const original = mine.filter({ hasText: 'Lunch at noon?' });
  await expect(original).toHaveCount(1);
  const originalId = await original.getAttribute('data-message-id');
  await original.hover();
  await original.locator('.message-quote').click();
  await expect(page.locator('#composer-quote')).toBeVisible();
  await expect(page.locator('#composer-quote')).toContainText('Lunch at noon?');
  await input.fill('Yes, noon works');
  await input.press('Enter');
  const reply = mine.filter({ hasText: 'Yes, noon works' });
  await expect(reply.locator('.message-quoted')).toHaveAttribute('data-quoted-id', originalId!);
  await expect(reply.locator('.message-quoted')).toContainText('Lunch at noon?');
  await expect(page.locator('#composer-quote')).toBeHidden();
  await expect
    .poll(async () => (await botEvents(server.baseUrl)).find((e) => e.message?.text === 'Yes, noon works')?.message.quotedMessageId)
    .toBe(originalId);

  // Unsend: the message gives way to "You unsent a message"; the bot hears unsend with its id.
  await reply.hover();
  await reply.locator('.message-unsend').click();
  await expect(page.locator('#chat-messages .message[data-unsent="true"]')).toHaveText('You unsent a message');
  await expect(mine.filter({ hasText: 'Yes, noon works' })).toHaveCount(0);
  const replyEvent = (await botEvents(server.baseUrl)).find((e) => e.message?.text === 'Yes, noon works');
  await expect
    .poll(async () => (await botEvents(server.baseUrl)).find((e) => e.type === 'unsend')?.unsend)
    .toEqual({ messageId: replyEvent!.message.id });
  // Only a person's own messages can be unsent: other people's have "Reply" only.
  await expect(page.locator('#chat-messages .message:not(.mine) .message-unsend')).toHaveCount(0);

  // Members: Carol leaves the group and joins again, from the bot tools.
  await page.locator('#member-tool summary').click();
  await page.locator('#member-user').selectOption(CAROL);
  await page.locator('#member-leave').click();
  await expect(page.locator('#chat-messages .message.system').filter({ hasText: 'Carol left the group.' })).toHaveCount(1);
  await expect(page.locator('#chat-meta')).toContainText('2 members');
  await expect(page.locator('#member-join')).toBeEnabled();
  await page.locator('#member-join').click();
  await expect(page.locator('#chat-messages .message.system').filter({ hasText: 'Carol joined the group.' })).toHaveCount(1);
  await expect(page.locator('#chat-meta')).toContainText('3 members');
  const kinds = (await botEvents(server.baseUrl)).filter((e) => e.type === 'memberLeft' || e.type === 'memberJoined');
  expect(kinds.map((e) => [e.type, (e.left ?? e.joined).members])).toEqual([
    ['memberLeft', [{ type: 'user', userId: CAROL }]],
    ['memberJoined', [{ type: 'user', userId: CAROL }]],
  ]);
});
