// Coupons (published messaging-api.yml: createCoupon, listCoupon, getCouponDetail, closeCoupon and
// the coupon message) through the official Node SDK 11's MessagingApiClient, unmodified, with its
// answers held against the published schemas (Ajv, as answer-contract.test.ts); then the rules:
// bad bodies with their property paths, status over the simulated clock, closing twice, coupon
// messages refused for a closed, expired or foreign coupon, and a person's uses in the host.
import { Ajv, type AnySchema } from 'ajv';
import { channelAccessToken, messagingApi } from '@line/bot-sdk-11';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { onTestDatabase } from '../helpers.js';
import { ALICE, ALICE_BOT, BOB, BOTS_SCENARIO, TRIAL, VERIFIED } from './helpers.js';
import { obj, str, int } from '../published-schema.js';
import { sdkRefusal } from '../sdk-refusal.js';

// ---- The published schemas (messaging-api.yml components), nothing beyond them. ----
const uri = { type: 'string', format: 'uri' };
const TIMEZONE = { type: 'string', pattern: '^[A-Z_]+$' };
const tagged = (variants: Record<string, Record<string, AnySchema>>): AnySchema => ({
  type: 'object',
  required: ['type'],
  oneOf: Object.entries(variants).map(([type, props]) => obj(['type'], { type: { const: type }, ...props })),
});
const currency = { enum: ['JPY', 'THB', 'TWD'] };
const SCHEMAS: Record<string, AnySchema> = {
  CouponCreateResponse: obj(['couponId'], { couponId: str }),
  MessagingApiPagerCouponListResponse: obj(['items'], {
    items: { type: 'array', items: obj(['couponId', 'title'], { couponId: str, title: str }) },
    next: str,
  }),
  CouponResponse: obj([], {
    acquisitionCondition: tagged({ normal: {}, lottery: { lotteryProbability: int, maxAcquireCount: int }, referral: {} }),
    barcodeImageUrl: uri,
    couponCode: str,
    description: str,
    endTimestamp: int,
    imageUrl: uri,
    maxAcquireCount: int,
    maxUseCountPerTicket: int,
    maxTicketPerUser: int,
    startTimestamp: int,
    title: str,
    usageCondition: str,
    reward: tagged({
      cashBack: { priceInfo: tagged({ fixed: { currency, fixedAmount: int }, percentage: { percentage: int } }) },
      discount: {
        priceInfo: tagged({
          fixed: { currency, fixedAmount: int },
          percentage: { percentage: int },
          explicit: { currency, priceAfterDiscount: int, originalPrice: int },
        }),
      },
      free: {},
      gift: {},
      others: {},
    }),
    visibility: { enum: ['UNLISTED', 'PUBLIC', 'PRIVATE'] },
    timezone: TIMEZONE,
    couponId: str,
    createdTimestamp: int,
    status: { enum: ['DRAFT', 'RUNNING', 'CLOSED'] },
  }),
  PushMessageResponse: obj(['sentMessages'], { sentMessages: { type: 'array', items: obj(['id'], { id: str, quoteToken: str }) } }),
  ErrorResponse: obj(['message'], {
    message: str,
    details: { type: 'array', minItems: 1, items: obj([], { message: str, property: str }) },
  }),
};
const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addFormat('uri', /^https?:\/\/[^\s/?#]+\S*$/);
const validators = Object.fromEntries(Object.entries(SCHEMAS).map(([name, s]) => [name, ajv.compile(s)]));
function expectValid(name: string, value: unknown): void {
  const v = validators[name]!;
  expect(v(value) ? [] : v.errors, `${name}: ${JSON.stringify(value)}`).toEqual([]);
}

/** The error body of a call the SDK refused, held against ErrorResponse. */
async function refusal(
  call: Promise<unknown>,
): Promise<{ status: number; body: { message: string; details?: { message: string; property?: string }[] } }> {
  const r = await sdkRefusal<{ message: string; details?: { message: string; property?: string }[] }>(call);
  expectValid('ErrorResponse', r.body);
  return r;
}

let server: RunningServer;
let client: messagingApi.MessagingApiClient;
let other: messagingApi.MessagingApiClient;
let token: string;
const nowS = () => Math.floor(Date.now() / 1000);

/** A valid createCoupon body running from now for `days` days. */
function coupon(over: Partial<messagingApi.CouponCreateRequest> = {}, days = 7): messagingApi.CouponCreateRequest {
  const start = nowS() - 60;
  return {
    title: '10% off',
    description: 'On everything',
    imageUrl: 'https://example.com/coupon.png',
    startTimestamp: start,
    endTimestamp: start + days * 86_400,
    timezone: 'ASIA_TOKYO',
    visibility: 'UNLISTED',
    maxUseCountPerTicket: 1,
    acquisitionCondition: { type: 'normal' },
    reward: { type: 'discount', priceInfo: { type: 'percentage', percentage: 10 } } as messagingApi.CouponRewardRequest,
    ...over,
  };
}

async function advance(by: string): Promise<void> {
  const r = await request(server.baseUrl).post('/embedkit/v1/clock').send({ advance: by });
  expect(r.status).toBe(200);
}

async function lastBotMessage(chatId: string): Promise<Record<string, any>> {
  const messages = (await request(server.baseUrl).get(`/embedkit/v1/chats/${chatId}/messages`)).body.messages as {
    sender: { type: string };
    message: Record<string, any>;
  }[];
  return messages.filter((m) => m.sender.type === 'bot').at(-1)!.message;
}

beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }) }));
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  const t = (await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret)).access_token;
  const v = (await tokens.issueChannelToken('client_credentials', VERIFIED.id, VERIFIED.secret)).access_token;
  token = t;
  client = new messagingApi.MessagingApiClient({ channelAccessToken: t, baseURL: server.baseUrl });
  other = new messagingApi.MessagingApiClient({ channelAccessToken: v, baseURL: server.baseUrl });
});
afterAll(async () => {
  await server?.close();
});

describe('coupons through @line/bot-sdk 11', () => {
  it('create, detail, list with status and paging, close, and a coupon message pushed', async () => {
    const created = await client.createCoupon(
      coupon({
        couponCode: 'SAVE10',
        barcodeImageUrl: 'https://example.com/bar.png',
        usageCondition: 'One per visit',
        acquisitionCondition: { type: 'lottery', lotteryProbability: 50, maxAcquireCount: 100 } as messagingApi.AcquisitionConditionRequest,
      }),
    );
    expectValid('CouponCreateResponse', created);
    expect(created.couponId).toMatch(/^[0-9A-Z]{26}$/);
    const detail = await client.getCouponDetail(created.couponId);
    expectValid('CouponResponse', detail);
    expect(detail).toMatchObject({
      couponId: created.couponId,
      title: '10% off',
      status: 'RUNNING',
      couponCode: 'SAVE10',
      maxAcquireCount: 100,
      acquisitionCondition: { type: 'lottery', lotteryProbability: 50, maxAcquireCount: 100 },
      reward: { type: 'discount', priceInfo: { type: 'percentage', percentage: 10 } },
    });

    const second = (await client.createCoupon(coupon({ title: 'Free drink', reward: { type: 'free' } }))).couponId;
    const third = (await client.createCoupon(coupon({ title: 'Gift' }))).couponId;
    const page1 = await client.listCoupon(new Set(['RUNNING']), undefined, 2);
    expectValid('MessagingApiPagerCouponListResponse', page1);
    expect(page1.items.map((i) => i.couponId)).toEqual([third, second]);
    const page2 = await client.listCoupon(new Set(['RUNNING']), page1.next, 2);
    expect(page2.items.map((i) => i.couponId)).toEqual([created.couponId]);
    expect(page2.next).toBeUndefined();

    const pushed = await client.pushMessage({ to: ALICE, messages: [{ type: 'coupon', couponId: second } as messagingApi.CouponMessage] });
    expectValid('PushMessageResponse', pushed);
    const stored = await lastBotMessage(ALICE_BOT);
    expect(stored).toMatchObject({ type: 'coupon', couponId: second, coupon: { title: 'Free drink', reward: { type: 'free' } } });

    const closed = await client.closeCouponWithHttpInfo(second);
    expect(closed.httpResponse.status).toBe(200);
    expect((await client.getCouponDetail(second)).status).toBe('CLOSED');
    expect((await client.listCoupon(new Set(['CLOSED']))).items.map((i) => i.couponId)).toEqual([second]);
    expect((await client.listCoupon(new Set())).items).toHaveLength(3);
    // Closing twice: 410 Gone, as the document lists.
    expect((await refusal(client.closeCoupon(second))).status).toBe(410);
    // Another channel's coupon does not exist for this one.
    expect((await refusal(other.getCouponDetail(created.couponId))).status).toBe(404);
    expect((await refusal(other.closeCoupon(created.couponId))).status).toBe(404);
  });

  it('bad bodies: 400 with the property paths', async () => {
    const bad = {
      ...coupon(),
      title: '',
      maxUseCountPerTicket: 2,
      timezone: 'MARS',
      visibility: 'SECRET',
    } as unknown as messagingApi.CouponCreateRequest;
    const r = await refusal(client.createCoupon(bad));
    expect(r.status).toBe(400);
    expect(r.body.details!.map((d) => d.property).sort()).toEqual(['maxUseCountPerTicket', 'timezone', 'title', 'visibility']);

    const nested = coupon({
      reward: { type: 'cashBack', priceInfo: { type: 'percentage', percentage: 100 } } as messagingApi.CouponRewardRequest,
      acquisitionCondition: { type: 'lottery', lotteryProbability: 0 } as messagingApi.AcquisitionConditionRequest,
    });
    const n = await refusal(client.createCoupon(nested));
    expect(n.body.details!.map((d) => d.property)).toEqual(
      expect.arrayContaining([
        'reward.priceInfo.percentage',
        'acquisitionCondition.lotteryProbability',
        'acquisitionCondition.maxAcquireCount',
      ]),
    );

    const kind = await refusal(client.createCoupon(coupon({ reward: { type: 'points' } as unknown as messagingApi.CouponRewardRequest })));
    expect(kind.body.details!.map((d) => d.property)).toEqual(['reward.type']);

    const s = nowS();
    const backwards = await refusal(client.createCoupon(coupon({ startTimestamp: s + 100, endTimestamp: s + 50 })));
    expect(backwards.body.details).toEqual([{ message: 'must be later than startTimestamp', property: 'endTimestamp' }]);
    const zero = await refusal(client.createCoupon(coupon({ maxUseCountPerTicket: 0 })));
    expect(zero.body.details).toEqual([{ message: 'must be 1, or -1 for no limit', property: 'maxUseCountPerTicket' }]);
    const url = await refusal(client.createCoupon(coupon({ imageUrl: 'javascript:alert(1)' })));
    expect(url.body.details).toEqual([{ message: 'must be an http or https URL', property: 'imageUrl' }]);
    const missing = await refusal(client.createCoupon({} as messagingApi.CouponCreateRequest));
    expect(missing.body.details!.map((d) => d.property)).toEqual(
      expect.arrayContaining([
        'acquisitionCondition',
        'endTimestamp',
        'maxUseCountPerTicket',
        'startTimestamp',
        'title',
        'visibility',
        'timezone',
      ]),
    );
    const query = await request(server.baseUrl)
      .get('/v2/bot/coupon?status=OPEN&limit=101&start=nope')
      .set('Authorization', `Bearer ${token}`);
    expect(query.status).toBe(400);
    expect(query.body.details.map((d: { property: string }) => d.property)).toEqual(['status', 'limit', 'start']);
    const get = (q: string) => request(server.baseUrl).get(`/v2/bot/coupon?${q}`).set('Authorization', `Bearer ${token}`);
    // Repeated or comma-separated statuses; a bad one is reported at `status`, a repeated limit as such.
    expect((await get('status=RUNNING&status=,CLOSED,,DRAFT')).status).toBe(200);
    expect((await get('status=RUNNING&status=OPEN&limit=1&limit=2')).body.details).toEqual([
      { message: 'Must be one of the following values: [DRAFT, RUNNING, CLOSED]', property: 'status' },
      { message: 'must be given once', property: 'limit' },
    ]);
    // A token with the beginning of this list's tokens but no offset after it.
    const forged = Buffer.from('coupons:next').toString('base64url');
    expect((await get(`start=${forged}`)).body.details).toEqual([
      { message: 'is not a continuation token of this list', property: 'start' },
    ]);
  });

  it('a coupon message: refused for a closed, expired or foreign coupon; status over the simulated clock', async () => {
    const push = (couponId: string, via = client) =>
      via.pushMessage({ to: ALICE, messages: [{ type: 'coupon', couponId } as messagingApi.CouponMessage] });
    const mine = (await client.createCoupon(coupon({ title: 'Short' }, 1))).couponId;
    const foreign = await refusal(push(mine, other));
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([
      { message: 'The coupon must be a RUNNING coupon of this channel', property: 'messages[0].couponId' },
    ]);
    expect((await refusal(push('01JYNW8JMQVFBNWVWPCYKFZQ3F'))).body.details![0]!.property).toBe('messages[0].couponId');
    // A coupon message is a bot's: an app's sendMessages and the host's composer refuse it.
    const composer = await request(server.baseUrl)
      .post(`/embedkit/v1/chats/${ALICE_BOT}/messages`)
      .send({ userId: ALICE, message: { type: 'coupon', couponId: mine } });
    expect(composer.status).toBe(400);

    // A day later it has ended: CLOSED, refused in a message (push and multicast alike), and not closable.
    await advance('1d');
    expect((await client.getCouponDetail(mine)).status).toBe('CLOSED');
    expect((await refusal(push(mine))).status).toBe(400);
    const multicast = await refusal(
      client.multicast({ to: [ALICE, BOB], messages: [{ type: 'coupon', couponId: mine } as messagingApi.CouponMessage] }),
    );
    expect(multicast.body.details![0]!.property).toBe('messages[0].couponId');
    expect((await refusal(client.closeCoupon(mine))).status).toBe(410);
    const closed = (await client.createCoupon(coupon({ title: 'Closed' }))).couponId;
    await client.closeCoupon(closed);
    expect((await refusal(push(closed))).status).toBe(400);
  });

  it('a person uses a coupon in the host up to its count; the host sees expired and closed', async () => {
    const once = (await client.createCoupon(coupon({ title: 'Once' }, 2))).couponId;
    const ticket = (id: string, userId: string) => request(server.baseUrl).get(`/embedkit/v1/coupons/${id}/users/${userId}`);
    const use = (id: string, userId: string) => request(server.baseUrl).post(`/embedkit/v1/coupons/${id}/users/${userId}/use`);
    expect((await ticket(once, ALICE)).body).toMatchObject({ state: 'usable', useCount: 0, coupon: { title: 'Once' } });
    expect((await use(once, ALICE)).body).toMatchObject({ state: 'used', useCount: 1 });
    const again = await use(once, ALICE);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The coupon cannot be used: used');
    // Per person: Bob still has his use.
    expect((await use(once, BOB)).body).toMatchObject({ state: 'used', useCount: 1 });

    const unlimited = (await client.createCoupon(coupon({ title: 'Any', maxUseCountPerTicket: -1 }, 2))).couponId;
    for (let i = 1; i <= 3; i++) expect((await use(unlimited, ALICE)).body).toMatchObject({ state: 'usable', useCount: i });

    const later = nowS() + 3 * 86_400;
    const future = (await client.createCoupon(coupon({ title: 'Later', startTimestamp: later, endTimestamp: later + 86_400 }))).couponId;
    expect((await ticket(future, ALICE)).body.state).toBe('notStarted');
    expect((await use(future, ALICE)).status).toBe(400);

    await client.closeCoupon(unlimited);
    expect((await ticket(unlimited, ALICE)).body).toMatchObject({ state: 'closed', useCount: 3 });
    expect((await use(unlimited, ALICE)).body.message).toBe('The coupon cannot be used: closed');
    await advance('3d');
    expect((await ticket(once, ALICE)).body.state).toBe('expired');
    expect((await ticket('nope', ALICE)).status).toBe(404);
  });
});
