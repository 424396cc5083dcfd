// Notification messages by phone number through the official SDK 11 (`pushMessagesByPhone`,
// `getPNPMessageStatistics`, unmodified but for baseURL): a person who is not a friend of the bot
// gets the messages in a new chat with the bot, marked as a notification message; the bot gets the
// `delivery` event with the hashed number (or its delivery tag); the day's count is ready once the
// day is over; bad numbers, bodies and plans are refused.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { channelAccessToken, messagingApi } from '@line/bot-sdk-11';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { onTestDatabase } from '../../helpers.js';
import { BOB, BOTS_SCENARIO, events, TRIAL, VERIFIED } from '../helpers.js';
import { sdkRefusal } from '../../sdk-refusal.js';

/** Bob's number in the bots scenario, and how a bot names it. */
const BOB_PHONE = '+819011112222';
const BOB_HASH = createHash('sha256').update(BOB_PHONE).digest('hex');

let server: RunningServer;
let verified: messagingApi.MessagingApiClient;
let trial: messagingApi.MessagingApiClient;

beforeAll(async () => {
  server = await startServer(
    onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, headerPrefix: 'X-Line-', logger: pino({ level: 'silent' }) }),
  );
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  const token = async (c: { id: string; secret: string }) =>
    (await tokens.issueChannelToken('client_credentials', c.id, c.secret)).access_token;
  verified = new messagingApi.MessagingApiClient({ channelAccessToken: await token(VERIFIED), baseURL: server.baseUrl });
  trial = new messagingApi.MessagingApiClient({ channelAccessToken: await token(TRIAL), baseURL: server.baseUrl });
});
afterAll(async () => {
  await server?.close();
});

/** The official client's error as status and parsed body. */
const refusal = (call: Promise<unknown>) => sdkRefusal<Record<string, unknown>>(call);

const day = (ms: number) => new Date(ms + 9 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');

describe('push by phone number (LINE notification messages)', () => {
  it('reaches a person who is not a friend, in a new chat labelled as notification, and the bot gets delivery', async () => {
    const app = server.embedkit.app;
    const world = (await request(app).get('/embedkit/v1/world')).body as { chats: { chatId: string; bot?: string; memberIds: string[] }[] };
    // Bob never added the verified channel's bot: no chat with it yet.
    expect(world.chats.filter((c) => c.bot === VERIFIED.id && c.memberIds.includes(BOB))).toEqual([]);
    const today = day(server.embedkit.clock.now());

    expect(await verified.pushMessagesByPhone({ to: BOB_HASH, messages: [{ type: 'text', text: 'Your parcel arrives today' }] })).toEqual(
      {},
    );

    const after = (await request(app).get('/embedkit/v1/world')).body as typeof world;
    const chat = after.chats.find((c) => c.bot === VERIFIED.id && c.memberIds.includes(BOB));
    expect(chat).toBeDefined();
    const page = (await request(app).get(`/embedkit/v1/chats/${chat!.chatId}/messages`)).body as {
      messages: { sender: { type: string; id: string }; message: Record<string, unknown>; notification?: boolean }[];
    };
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).toMatchObject({
      sender: { type: 'bot', id: VERIFIED.id },
      message: { type: 'text', text: 'Your parcel arrives today' },
      notification: true,
    });

    const sent = (await events(server.embedkit, VERIFIED.id)).filter((e) => e.type === 'delivery');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'delivery',
      mode: 'active',
      source: { type: 'user', userId: BOB },
      delivery: { data: BOB_HASH },
      deliveryContext: { isRedelivery: false },
    });
    expect(sent[0]!.replyToken).toBeUndefined();
    expect(typeof sent[0]!.webhookEventId).toBe('string');
    expect(typeof sent[0]!.timestamp).toBe('number');

    // A delivery tag comes back as the event's data instead of the hash; the same chat is used.
    const tag = '1503455293' + BOB_HASH.slice(0, 20) + 'order-42';
    await verified.pushMessagesByPhone({ to: BOB_HASH.toUpperCase(), messages: [{ type: 'text', text: 'Again' }] }, tag);
    expect((await events(server.embedkit, VERIFIED.id)).filter((e) => e.type === 'delivery').at(-1)).toMatchObject({
      delivery: { data: tag },
    });
    const again = (await request(app).get(`/embedkit/v1/chats/${chat!.chatId}/messages`)).body as typeof page;
    expect(again.messages.map((m) => m.message.text)).toEqual(['Your parcel arrives today', 'Again']);

    // Counted per day, ready once the day is over.
    expect(await verified.getPNPMessageStatistics(today)).toEqual({ status: 'unready' });
    await request(app).post('/embedkit/v1/clock').send({ advance: '1d' }).expect(200);
    expect(await verified.getPNPMessageStatistics(today)).toEqual({ status: 'ready', success: 2 });
    expect(await verified.getPNPMessageStatistics(day(server.embedkit.clock.now() - 2 * 86_400_000))).toEqual({
      status: 'ready',
      success: 0,
    });
  });

  it('a number no person has is not delivered (422) and not counted', async () => {
    const nobody = createHash('sha256').update('+819099999999').digest('hex');
    const r = await refusal(verified.pushMessagesByPhone({ to: nobody, messages: [{ type: 'text', text: 'x' }] }));
    expect(r).toEqual({ status: 422, body: { message: 'Failed to send messages' } });
  });

  it('refuses bad numbers, bodies, tags and plans with the details', async () => {
    const text = [{ type: 'text' as const, text: 'x' }];
    const plain = await refusal(verified.pushMessagesByPhone({ to: BOB_PHONE, messages: text }));
    expect(plain.status).toBe(400);
    expect(plain.body).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ message: 'must be the SHA-256 hash (64 hex digits) of the E.164 phone number, not the number itself', property: 'to' }],
    });
    const junk = await refusal(verified.pushMessagesByPhone({ to: 'not-a-number', messages: text }));
    expect(junk.body.details).toEqual([{ message: 'must be the SHA-256 hash (64 hex digits) of an E.164 phone number', property: 'to' }]);
    const empty = await refusal(verified.pushMessagesByPhone({ to: BOB_HASH, messages: [] }));
    expect(empty.status).toBe(400);
    expect((empty.body.details as { property: string }[]).map((d) => d.property)).toContain('messages');
    const badText = await refusal(verified.pushMessagesByPhone({ to: BOB_HASH, messages: [{ type: 'text', text: '' }] }));
    expect(badText.status).toBe(400);
    expect((badText.body.details as { property: string }[])[0]!.property).toBe('messages[0].text');
    const shortTag = await refusal(verified.pushMessagesByPhone({ to: BOB_HASH, messages: text }, 'short'));
    expect(shortTag).toEqual({ status: 400, body: { message: 'X-Line-Delivery-Tag must be 16 to 100 characters' } });
    const badDate = await refusal(verified.getPNPMessageStatistics('2024-01-01'));
    expect(badDate.status).toBe(400);
    // The trial plan has no notification messages.
    expect((await refusal(trial.pushMessagesByPhone({ to: BOB_HASH, messages: text }))).status).toBe(403);
    expect((await refusal(trial.getPNPMessageStatistics('20240101'))).status).toBe(403);
    // The API takes no retry key.
    const res = await fetch(`${server.baseUrl}/bot/pnp/push`, {
      method: 'POST',
      headers: { Authorization: await bearerOf(), 'Content-Type': 'application/json', 'X-Line-Retry-Key': crypto.randomUUID() },
      body: JSON.stringify({ to: BOB_HASH, messages: text }),
    });
    expect(res.status).toBe(400);
  });
});

/** The verified channel's Authorization header, from a fresh token. */
async function bearerOf(): Promise<string> {
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  return `Bearer ${(await tokens.issueChannelToken('client_credentials', VERIFIED.id, VERIFIED.secret)).access_token}`;
}

describe('phone numbers in a scenario', () => {
  it('refuses one number given to two people, naming both', async () => {
    const { scenarioProblems } = await import('../../../src/scenario/load.js');
    const s = JSON.parse(readFileSync(BOTS_SCENARIO, 'utf8')) as { users: { phoneNumber?: string }[] };
    expect(scenarioProblems(s)).toEqual([]);
    s.users[0]!.phoneNumber = '+819000000001';
    s.users[1]!.phoneNumber = '+819000000001';
    expect(scenarioProblems(s)).toEqual(["users[1].phoneNumber: +819000000001 is also users[0]'s"]);
  });
});
