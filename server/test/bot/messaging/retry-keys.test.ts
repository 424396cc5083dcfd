// Retry keys on push, multicast, narrowcast and broadcast (the platform's published `X-Line-Retry-Key`,
// here with the default prefix `X-Service-`), the answers of push and reply, and quoting by a bot.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../../src/kit/embedkit.js';
import { ALICE, ALICE_BOT, bearer, BOB, botToken, chatMessages, events, GROUP, openBotKit, say, TRIAL, VERIFIED } from '../helpers.js';

let kit: Embedkit;
let token: string;
beforeEach(async () => ({ kit, token } = await openBotKit()));
afterEach(() => kit.close());

const KEY = '123e4567-e89b-12d3-a456-426614174000';
const text = (t: string) => ({ type: 'text', text: t });
const post = (path: string, body: unknown, headers: Record<string, string> = {}, t = token) =>
  request(kit.app)
    .post(path)
    .set({ ...bearer(t), ...headers })
    .send(body as object);
const push = (body: unknown, key?: string, t = token) => post('/v2/bot/message/push', body, key ? { 'X-Service-Retry-Key': key } : {}, t);

/** The quote token the kit gave a stored message (what the webhook event of it carries). */
async function quoteTokenOf(id: string): Promise<string> {
  const row = await kit.db.selectFrom('messages').select('quote_token').where('id', '=', Number(id)).executeTakeFirstOrThrow();
  return row.quote_token!;
}

describe('retry keys', () => {
  it('push: the same key again answers 409 with the accepted request id and its sent messages, and sends nothing', async () => {
    const first = await push({ to: ALICE, messages: [text('once')] }, KEY);
    expect(first.status).toBe(200);
    const again = await push({ to: ALICE, messages: [text('once')] }, KEY);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'The retry key is already accepted', sentMessages: first.body.sentMessages });
    expect(again.headers['x-service-accepted-request-id']).toBe(first.headers['x-service-request-id']);
    expect(again.headers['x-service-request-id']).not.toBe(first.headers['x-service-request-id']);
    // The same UUID in upper case is the same key.
    expect((await push({ to: ALICE, messages: [text('once')] }, KEY.toUpperCase())).status).toBe(409);
    const shown = (await chatMessages(kit, ALICE_BOT)).filter((m) => m.sender.type === 'bot');
    expect(shown.map((m) => m.message.text)).toEqual(['once']);
  });

  it('refuses a key that is not a UUID with 400 and sends nothing', async () => {
    for (const bad of ['retry-1', '123e4567e89b12d3a456426614174000', `${KEY}0`, 'g23e4567-e89b-12d3-a456-426614174000']) {
      const res = await push({ to: ALICE, messages: [text('x')] }, bad);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: expect.stringContaining('X-Service-Retry-Key must be a UUID') });
    }
    expect((await chatMessages(kit, ALICE_BOT)).filter((m) => m.sender.type === 'bot')).toEqual([]);
  });

  it('a refused request does not use up its key', async () => {
    const invalid = await push({ to: ALICE, messages: [{ type: 'text' }] }, KEY);
    expect(invalid.status).toBe(400);
    const unknown = await push({ to: `U${'e'.repeat(32)}`, messages: [text('x')] }, KEY);
    expect(unknown.body).toEqual({ message: 'Failed to send messages' });
    expect((await push({ to: ALICE, messages: [text('now')] }, KEY)).status).toBe(200);
  });

  it('holds for 24 hours of the simulated clock, per channel', async () => {
    expect((await push({ to: ALICE, messages: [text('day 1')] }, KEY)).status).toBe(200);
    const other = '00000000-0000-4000-8000-0000000000ff';
    expect((await push({ to: ALICE, messages: [text('day 1, other key')] }, other)).status).toBe(200);
    // The simulated clock runs on from the offset: a minute of margin each side.
    kit.clock.advance(24 * 3600_000 - 60_000);
    expect((await push({ to: ALICE, messages: [text('day 1 again')] }, KEY)).status).toBe(409);
    kit.clock.advance(60_000);
    expect((await push({ to: ALICE, messages: [text('day 2')] }, KEY)).status).toBe(200);
    expect((await push({ to: ALICE, messages: [text('day 2 again')] }, KEY)).status).toBe(409);
    // Another channel's key space is its own.
    const verified = await botToken(kit, VERIFIED);
    expect((await push({ to: ALICE, messages: [text('other bot')] }, KEY, verified)).status).toBe(200);
    const texts = (await chatMessages(kit, ALICE_BOT)).filter((m) => m.sender.type === 'bot').map((m) => m.message.text);
    expect(texts).toEqual(['day 1', 'day 1, other key', 'day 2']);
    // A key past its day is gone from the table once another is accepted.
    const kept = await kit.db.selectFrom('retry_keys').select('retry_key').where('channel_id', '=', TRIAL.id).execute();
    expect(kept.map((r) => r.retry_key)).toEqual([KEY]);
  });

  it('multicast, broadcast and narrowcast: 409 the second time; a narrowcast names its own request id', async () => {
    const key = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    for (const [path, body, n] of [
      ['/v2/bot/message/multicast', { to: [ALICE, BOB], messages: [text('m')] }, 1],
      ['/v2/bot/message/broadcast', { messages: [text('b')] }, 2],
      ['/v2/bot/message/narrowcast', { messages: [text('n')] }, 3],
    ] as const) {
      const first = await post(path, body, { 'X-Service-Retry-Key': key(n) });
      expect(first.status, path).toBe(path.endsWith('narrowcast') ? 202 : 200);
      expect(first.body).toEqual({});
      const again = await post(path, body, { 'X-Service-Retry-Key': key(n) });
      expect(again.status, path).toBe(409);
      expect(again.body).toEqual({ message: 'The retry key is already accepted' });
      expect(again.headers['x-service-accepted-request-id']).toBe(first.headers['x-service-request-id']);
    }
    const texts = (await chatMessages(kit, ALICE_BOT)).filter((m) => m.sender.type === 'bot').map((m) => m.message.text);
    expect(texts).toEqual(['m', 'b', 'n']);
  });

  it('refuses a retry key on an API that takes none', async () => {
    await say(kit, ALICE_BOT, ALICE, 'hi');
    const replyToken = (await events(kit)).at(-1)!.replyToken as string;
    const res = await post('/v2/bot/message/reply', { replyToken, messages: [text('x')] }, { 'X-Service-Retry-Key': KEY });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('X-Service-Retry-Key is taken only by push, multicast, narrowcast and broadcast');
  });
});

describe('answers of push and reply', () => {
  it('name the stored messages (the ids the chat lists); quote tokens for the kinds a person can quote', async () => {
    const res = await push({
      to: ALICE,
      messages: [
        text('a'),
        { type: 'location', title: 't', address: 'a', latitude: 1, longitude: 2 },
        { type: 'sticker', packageId: '1', stickerId: '2' },
      ],
    });
    expect(res.status).toBe(200);
    const shown = (await chatMessages(kit, ALICE_BOT)).filter((m) => m.sender.type === 'bot');
    expect(res.body).toEqual({
      sentMessages: [
        { id: shown[0]!.id, quoteToken: await quoteTokenOf(shown[0]!.id) },
        { id: shown[1]!.id },
        { id: shown[2]!.id, quoteToken: await quoteTokenOf(shown[2]!.id) },
      ],
    });
  });

  it('a push to a user who does not hear the bot still answers one sent message per message', async () => {
    const res = await push({ to: BOB, messages: [text('unheard')] });
    expect(res.status).toBe(200);
    expect(res.body.sentMessages).toEqual([{ id: expect.stringMatching(/^[0-9]+$/), quoteToken: expect.any(String) }]);
  });
});

describe('quoting by a bot', () => {
  it("push and reply quote a person's message of the chat: the stored body names it", async () => {
    const said = await say(kit, ALICE_BOT, ALICE, 'quote me');
    const quoteToken = await quoteTokenOf(said.id);
    expect((await push({ to: ALICE, messages: [{ type: 'text', text: 'quoting', quoteToken }] })).status).toBe(200);
    const replyToken = (await events(kit)).at(-1)!.replyToken as string;
    const reply = await post('/v2/bot/message/reply', {
      replyToken,
      messages: [{ type: 'sticker', packageId: '1', stickerId: '2', quoteToken }],
    });
    expect(reply.status).toBe(200);
    const bot = (await chatMessages(kit, ALICE_BOT)).filter((m) => m.sender.type === 'bot');
    expect(bot.map((m) => m.message)).toEqual([
      { type: 'text', text: 'quoting', quotedMessageId: said.id },
      { type: 'sticker', packageId: '1', stickerId: '2', quotedMessageId: said.id },
    ]);
  });

  it("refuses a quote token of another chat, an unsent message's, or a made-up one with 400 (a reply keeps its token)", async () => {
    const inGroup = await say(kit, GROUP, ALICE, 'group message');
    const other = await quoteTokenOf(inGroup.id);
    const res = await push({ to: ALICE, messages: [text('fine'), { type: 'text', text: 'x', quoteToken: other }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ message: expect.stringContaining('The quote token is invalid'), property: 'messages[1].quoteToken' }],
    });
    const said = await say(kit, ALICE_BOT, ALICE, 'soon unsent');
    await kit.db.updateTable('messages').set({ unsent_at: kit.clock.now() }).where('id', '=', Number(said.id)).execute();
    const unsent = await push({ to: ALICE, messages: [{ type: 'text', text: 'x', quoteToken: await quoteTokenOf(said.id) }] });
    expect(unsent.status).toBe(400);
    const replyToken = (await events(kit)).at(-1)!.replyToken as string;
    const made = await post('/v2/bot/message/reply', { replyToken, messages: [{ type: 'text', text: 'x', quoteToken: 'made-up' }] });
    expect(made.status).toBe(400);
    expect(made.body.details[0].property).toBe('messages[0].quoteToken');
    expect((await post('/v2/bot/message/reply', { replyToken, messages: [text('the token still works')] })).status).toBe(200);
    expect((await chatMessages(kit, ALICE_BOT)).filter((m) => m.sender.type === 'bot').map((m) => m.message.text)).toEqual([
      'the token still works',
    ]);
  });

  it('refuses a quote token in a send to many chats', async () => {
    const said = await say(kit, ALICE_BOT, ALICE, 'q');
    const quoteToken = await quoteTokenOf(said.id);
    for (const [path, body] of [
      ['/v2/bot/message/multicast', { to: [ALICE], messages: [{ type: 'text', text: 'x', quoteToken }] }],
      ['/v2/bot/message/broadcast', { messages: [{ type: 'text', text: 'x', quoteToken }] }],
      ['/v2/bot/message/narrowcast', { messages: [{ type: 'text', text: 'x', quoteToken }] }],
      ['/v2/bot/message/validate/multicast', { messages: [{ type: 'text', text: 'x', quoteToken }] }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.details).toEqual([
        { message: 'A quote token can be sent with push and reply only', property: 'messages[0].quoteToken' },
      ]);
    }
    expect((await post('/v2/bot/message/validate/push', { messages: [{ type: 'text', text: 'x', quoteToken }] })).status).toBe(200);
    expect((await chatMessages(kit, ALICE_BOT)).filter((m) => m.sender.type === 'bot')).toEqual([]);
  });
});
