// embedkit/testing: an in-memory server for a project's tests, with the helpers a test
// needs: a channel token, the messages of a chat, a user's message, the clock.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
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

  it('summons the platform’s faults: the next push is rate limited, the rule lists its hit, and clearing ends it', async () => {
    kit = await startEmbedkit();
    const alice = kit.world.users.find((u) => u.displayName === 'Alice')!;
    const token = await kit.token();
    const push = () =>
      fetch(`${kit!.url}/v2/bot/message/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: alice.userId, messages: [{ type: 'text', text: 'retry me' }] }),
      });
    const rule = await kit.fault({ operation: 'pushMessage', kind: 'rateLimited', times: 1 });
    const limited = await push();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'The API rate limit has been exceeded. Try again later.' });
    expect((await push()).status).toBe(200);
    expect(await kit.faults()).toEqual([expect.objectContaining({ id: rule.id, hits: 1, remaining: 0 })]);
    await kit.fault({ operation: 'pushMessage', kind: 'serverError' });
    expect((await push()).status).toBe(500);
    await kit.clearFaults();
    expect(await kit.faults()).toEqual([]);
    expect((await push()).status).toBe(200);
    await expect(kit.fault({ operation: 'noSuchOperation', kind: 'drop' })).rejects.toMatchObject({ status: 400 });
  });

  describe('a fault rule set inside a test', () => {
    let shared: TestKit;
    afterAll(() => shared?.stop());
    it('holds during that test', async () => {
      shared = await startEmbedkit();
      await shared.fault({ operation: 'world', kind: 'serverError' });
      expect((await fetch(`${shared.url}/embedkit/v1/world`)).status).toBe(500);
    });
    it('is gone in the next one', async () => {
      expect(await shared.faults()).toEqual([]);
      expect((await fetch(`${shared.url}/embedkit/v1/world`)).status).toBe(200);
    });
  });

  it('reads the MINI App orders and refunds one; the app’s webhook gets refundComplete', async () => {
    kit = await startEmbedkit();
    const alice = kit.world.users.find((u) => u.displayName === 'Alice')!;
    const received: { type: string; orderId: string }[] = [];
    const hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString()) as { type: string; orderId: string });
        res.end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const sim = (method: string, path: string, body?: unknown) =>
        fetch(`${kit!.url}/embedkit/v1${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const app = '1650000001-liffapp1';
      expect(
        (await sim('PUT', `/mini-apps/${app}/iap/webhook`, { webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/iap` }))
          .status,
      ).toBe(200);
      expect((await sim('PUT', `/users/${alice.userId}/iap/consent`, { agreed: true })).status).toBe(200);
      const session = await (
        await sim('POST', '/sessions', { userId: alice.userId, channelId: kit.channel.id, scopes: ['profile'] })
      ).json();
      const reserved = await fetch(`${kit.url}/iap/v1/product/reserve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ clientIp: '127.0.0.2', clientOs: 'ios', productId: 'iap_ln_002', shopProductName: 'Gems' }),
      });
      expect(reserved.status).toBe(200);
      const { orderId } = (await reserved.json()) as { orderId: string };
      expect((await sim('POST', `/iap/orders/${orderId}/payment`, { outcome: 'paid' })).status).toBe(200);
      expect(await kit.orders({ userId: alice.userId })).toEqual([expect.objectContaining({ orderId, status: 'paid' })]);
      expect(await kit.refund(orderId)).toMatchObject({ orderId, status: 'refunded' });
      expect(await kit.orders({ status: 'refunded' })).toEqual([expect.objectContaining({ orderId })]);
      await expect(kit.refund(orderId)).rejects.toBeInstanceOf(TestKitError);
      await expect.poll(() => received.map((e) => e.type)).toEqual(['purchaseComplete', 'refundComplete']);
      expect(await kit.serviceMessages(alice.userId)).toEqual([]);
    } finally {
      hook.close();
    }
  });

  it('plays the MINI App authorization flow: the plan, a screen waited for and allowed, grants revoked, the simplification switched', async () => {
    kit = await startEmbedkit();
    const alice = kit.world.users.find((u) => u.displayName === 'Alice')!.userId;
    const app = '1650000001-liffapp1';
    // The default world's LIFF demo runs with simplification on: openid alone at launch.
    expect(await kit.consentPlan(alice, app)).toMatchObject({ simplification: true, screen: 'none', launchScopes: ['openid'] });
    const waiting = kit.waitForConsentScreen({ userId: alice });
    await fetch(`${kit.url}/embedkit/v1/consent-screens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'permission-request', userId: alice, embedId: app, scopes: ['profile'] }),
    });
    const screen = await waiting;
    expect(screen).toMatchObject({ kind: 'permission-request', scopes: ['profile'], state: 'pending' });
    expect((await kit.answerConsentScreen(screen.screenId, 'allow')).state).toBe('allowed');
    await expect(kit.answerConsentScreen(screen.screenId, 'deny')).rejects.toMatchObject({ status: 409 });
    expect((await kit.grants(alice)).grants).toEqual([{ channelId: kit.channel.id, scopes: ['profile'], grantedAt: expect.any(Number) }]);
    expect((await kit.grant(alice, kit.channel.id, ['chat_message.write'])).scopes).toEqual(['profile', 'chat_message.write']);
    expect(await kit.revoke(alice, kit.channel.id, ['profile'])).toEqual({
      channelId: kit.channel.id,
      scopes: ['chat_message.write'],
      tokensRevoked: 0,
    });
    expect(await kit.setMiniAppConsent(app, { simplification: false })).toMatchObject({ effective: false });
    expect(await kit.consentPlan(alice, app)).toMatchObject({ screen: 'channel-consent' });
    expect(await kit.consentFlow('before-2026-08-26')).toBe('before-2026-08-26');
    expect(await kit.consentFlow()).toBe('before-2026-08-26');
    expect(await kit.consentScreens({ pending: true })).toEqual([]);
    await expect(kit.waitForConsentScreen({ timeoutMs: 50 })).rejects.toThrow(/no consent screen pending within 50 ms/);
  });

  it('refuses an invalid scenario with every problem listed', async () => {
    await expect(startEmbedkit({ scenario: { channels: [], users: [], chats: [], apps: [] } as never })).rejects.toThrow(/channels/);
  });
});

describe('testing a bot: webhooks, say and waitForReply', () => {
  /** A bot on a free port that answers every text message with "echo: <text>" through the reply API. */
  async function echoBot(): Promise<{ url: string; close: () => Promise<void> }> {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        res.writeHead(200).end('{}');
        const { events } = JSON.parse(raw) as { events: Array<{ type: string; replyToken?: string; message?: { text?: string } }> };
        for (const e of events)
          if (e.type === 'message' && e.replyToken)
            void kit!.token().then((token) =>
              fetch(`${kit!.url}/v2/bot/message/reply`, {
                method: 'POST',
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ replyToken: e.replyToken, messages: [{ type: 'text', text: `echo: ${e.message?.text}` }] }),
              }),
            );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}/webhook`, close: () => new Promise((r) => server.close(() => r())) };
  }

  it('startEmbedkit({ webhooks }) sends the events to the bot; waitForReply resolves with its answer to each say', async () => {
    const bot = await echoBot();
    try {
      kit = await startEmbedkit({ webhooks: { '1650000001': bot.url } });
      const alice = kit.world.users.find((u) => u.displayName === 'Alice')!;
      const chat = kit.world.chats.find((c) => c.bot === kit!.channel.id && c.memberIds.includes(alice.userId))!;
      const said = await kit.say(chat.chatId, alice.userId, 'hello bot');
      expect(said).toMatchObject({ chatId: chat.chatId, sender: { type: 'user', id: alice.userId }, message: { text: 'hello bot' } });
      const reply = await kit.waitForReply(chat.chatId);
      expect(reply.map((m) => m.message)).toEqual([{ type: 'text', text: 'echo: hello bot' }]);
      expect(reply[0]!.sender.type).toBe('bot');
      await kit.say(chat.chatId, alice.userId, 'again');
      expect((await kit.waitForReply(chat.chatId, { timeoutMs: 3000 })).map((m) => m.message.text)).toEqual(['echo: again']);
    } finally {
      await bot.close();
    }
  });

  it('setWebhook points a channel at the bot later; with none, waitForReply rejects after its timeout saying what to check', async () => {
    kit = await startEmbedkit();
    const alice = kit.world.users.find((u) => u.displayName === 'Alice')!;
    const chat = kit.world.chats.find((c) => c.bot === kit!.channel.id && c.memberIds.includes(alice.userId))!;
    await kit.setWebhook(kit.channel.id, null);
    await kit.say(chat.chatId, alice.userId, 'anyone?');
    await expect(kit.waitForReply(chat.chatId, { timeoutMs: 200 })).rejects.toThrow(/no bot message in chat .* within 200 ms.*webhook/);
    const bot = await echoBot();
    try {
      await kit.setWebhook(kit.channel.id, bot.url);
      await kit.say(chat.chatId, alice.userId, 'now?');
      expect((await kit.waitForReply(chat.chatId)).map((m) => m.message.text)).toEqual(['echo: now?']);
    } finally {
      await bot.close();
    }
    await expect(kit.setWebhook(kit.channel.id, 'not a url')).rejects.toBeInstanceOf(TestKitError);
  });
});
