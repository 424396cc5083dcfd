// embedkit/testing: an in-memory server for a project's tests, with the helpers a test
// needs: a channel token, the messages of a chat, a user's message, the clock.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbedkit, TestKitError, type TestKit } from '../../src/testing.js';

let kit: TestKit | undefined;
afterEach(async () => {
  await kit?.stop();
  kit = undefined;
});

describe('startEmbedkit', () => {
  it('starts on free ports with the default world; a bot pushes and the chat shows it', async () => {
    kit = await startEmbedkit();
    expect(kit.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(kit.channel).toEqual({ id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' });
    expect(kit.world.urls.blockchain).toMatch(/^http:\/\/localhost:\d+$/);
    const alice = kit.world.users.find((u) => u.displayName === 'Alice')!;
    const botChat = kit.world.chats.find((c) => c.bot === kit!.channel.id && c.memberIds.includes(alice.userId))!;
    const token = await kit.token();
    const push = await fetch(`${kit.url}/v2/bot/message/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: alice.userId, messages: [{ type: 'text', text: 'from the test' }] }),
    });
    expect(push.status).toBe(200);
    await kit.say(botChat.chatId, alice.userId, 'hello bot');
    const texts = (await kit.messages(botChat.chatId)).map((m) => m.message.text);
    expect(texts).toEqual(['from the test', 'hello bot']);
  });

  it('takes a scenario object, moves the clock, and reports refusals with their status', async () => {
    kit = await startEmbedkit({
      scenario: {
        channels: [{ channelId: '1234567890', name: 'Mine', secret: 'ab'.repeat(16) }],
        users: [{ userId: `U${'1'.repeat(32)}`, displayName: 'Solo' }],
        chats: [],
        apps: [],
      },
    });
    expect(kit.channel).toEqual({ id: '1234567890', secret: 'ab'.repeat(16) });
    expect(kit.world.users.map((u) => u.displayName)).toEqual(['Solo']);
    const token = await kit.token();
    await kit.advanceClock(31 * 24 * 3600 * 1000);
    const expired = await fetch(`${kit.url}/v2/bot/profile/U${'1'.repeat(32)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(expired.status).toBe(401);
    await expect(kit.say('no-such-chat', `U${'1'.repeat(32)}`, 'x')).rejects.toBeInstanceOf(TestKitError);
  });

  it('refuses an invalid scenario with every problem listed', async () => {
    await expect(startEmbedkit({ scenario: { channels: [], users: [], chats: [], apps: [] } as never })).rejects.toThrow(/channels/);
  });
});
