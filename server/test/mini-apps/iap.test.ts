// LINE MINI App in-app purchase on the server (LINE MINI App API reference, "In-app purchase
// (Server)", "In-app purchase webhook event object"): a reservation on the person's LIFF access
// token, refused with the published error codes in `{errorCode, message, details}` and nothing
// written; the person pays and the MINI App's webhook gets `purchaseComplete`, signed as the
// official SDK checks it; a refund sends `refundComplete`; the 7-day event history, a page at a
// time; and the simulator routes that play the store, the person and the console.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { validateSignature } from '@line/bot-sdk-11';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedkit, type Embedkit } from '../../src/kit/embedkit.js';
import { ALICE, CAROL, onTestDatabase } from '../helpers.js';

const SCENARIO = fileURLToPath(new URL('../fixtures/iap.json', import.meta.url));
const SHOP = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f', embedId: '1650000001-shopapp1' };
const CHANNELS = {
  shop: SHOP,
  unverifiedPublished: { id: '1650000002', secret: 'ffeeddccbbaa99887766554433221100' },
  withoutIap: { id: '1650000003', secret: '00112233445566778899aabbccddeeff' },
  withoutWebhook: { id: '1650000004', secret: '0123456789abcdef0123456789abcdef' },
};
type Channel = { id: string; secret: string };
const RESERVE = { clientIp: '192.168.1.1', clientOs: 'ios', productId: 'iap_ln_002', shopProductName: 'Gem Pack' };
const DAY_MS = 24 * 3600 * 1000;

/** A MINI App's server that records each webhook request as it arrived. */
interface Receiver {
  url: string;
  received: { body: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ body, headers: req.headers });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/iap`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  cleanups.push(() => receiver.close());
  return receiver;
}

async function start(): Promise<Embedkit> {
  const kit = await createEmbedkit(onTestDatabase({ inMemory: true, scenarioFile: SCENARIO, logger: pino({ level: 'silent' }) }));
  cleanups.push(() => kit.close());
  return kit;
}

/** A started kit whose shop MINI App sends its webhook events to a receiver, and Alice agreed to the terms. */
async function shop(): Promise<{ kit: Embedkit; receiver: Receiver; liff: string }> {
  const kit = await start();
  const receiver = await startReceiver();
  await request(kit.app).put(`/embedkit/v1/mini-apps/${SHOP.embedId}/iap/webhook`).send({ webhookUrl: receiver.url }).expect(200);
  await request(kit.app).put(`/embedkit/v1/users/${ALICE}/iap/consent`).send({ agreed: true }).expect(200);
  return { kit, receiver, liff: await liffToken(kit, SHOP) };
}

/** A LIFF access token: the user access token the host's session gives an app of the channel. */
async function liffToken(kit: Embedkit, channel: Channel, userId = ALICE): Promise<string> {
  const res = await request(kit.app)
    .post('/embedkit/v1/sessions')
    .send({ userId, channelId: channel.id, scopes: ['profile'] });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

async function channelToken(kit: Embedkit, channel: Channel): Promise<string> {
  const res = await request(kit.app)
    .post('/v2/oauth/accessToken')
    .type('form')
    .send({ grant_type: 'client_credentials', client_id: channel.id, client_secret: channel.secret });
  return res.body.access_token as string;
}

const reserve = (kit: Embedkit, token: string | undefined, body: unknown) => {
  const r = request(kit.app).post('/iap/v1/product/reserve');
  if (token) r.set('Authorization', `Bearer ${token}`);
  return r.send(body as object);
};
const pay = (kit: Embedkit, orderId: string, body: object) =>
  request(kit.app).post(`/embedkit/v1/iap/orders/${orderId}/payment`).send(body);
const history = (kit: Embedkit, token: string, query: Record<string, string | number>) =>
  request(kit.app)
    .get('/iap/v1/webhook/events')
    .set('Authorization', `Bearer ${token}`)
    .query(query as Record<string, string>);
const orders = async (kit: Embedkit) => (await kit.db.selectFrom('iap_orders').selectAll().execute()).length;

/** Waits until every due webhook delivery was attempted. */
const delivered = (kit: Embedkit) => kit.services.bots.dispatcher.idle();

describe('POST /iap/v1/product/reserve', () => {
  it('reserves an order at the price of the store of clientOs, and answers its order ID', async () => {
    const { kit, liff } = await shop();
    const res = await reserve(kit, liff, RESERVE);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['orderId']);
    expect(res.body.orderId).toMatch(/^T\d{22}$/);
    const order = (await request(kit.app).get(`/embedkit/v1/iap/orders/${res.body.orderId}`)).body;
    expect(order).toMatchObject({
      userId: ALICE,
      channelId: SHOP.id,
      productId: 'iap_ln_002',
      shopProductName: 'Gem Pack',
      store: 'appStore',
      price: 0.99,
      currency: 'USD',
      productName: '100 Gems',
      status: 'reserved',
    });
    const android = await reserve(kit, liff, { ...RESERVE, clientOs: 'android', clientIp: '2001:db8::1' });
    expect((await request(kit.app).get(`/embedkit/v1/iap/orders/${android.body.orderId}`)).body).toMatchObject({
      store: 'googlePlay',
      price: 100,
      currency: 'JPY',
    });
  });

  it('refuses a body that breaks the published constraints with VALIDATION_ERROR naming each property, writing nothing', async () => {
    const { kit, liff } = await shop();
    const res = await reserve(kit, liff, {
      clientIp: 'localhost',
      clientOs: 'INVALID',
      productId: 'iap_ln_002',
      shopProductName: 'Gem pack ★ 21 letters',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errorCode: 'VALIDATION_ERROR',
      message: 'Request validation failed.',
      details: [
        { message: "'clientIp' must be an IPv4 or IPv6 address. Actually received: 'localhost'", property: 'clientIp' },
        { message: "'clientOs' must be 'android' or 'ios'. Actually received: 'INVALID'", property: 'clientOs' },
        { message: "'shopProductName' must be 1 to 20 characters.", property: 'shopProductName' },
        { message: "'shopProductName' must not contain emojis or symbols.", property: 'shopProductName' },
      ],
    });
    const empty = await reserve(kit, liff, {});
    expect(empty.body.details.map((d: { property: string }) => d.property)).toEqual([
      'clientIp',
      'clientOs',
      'productId',
      'shopProductName',
    ]);
    const notJson = await request(kit.app)
      .post('/iap/v1/product/reserve')
      .set('Authorization', `Bearer ${liff}`)
      .type('json')
      .send('{"clientIp":');
    expect(notJson.status).toBe(400);
    expect(notJson.body.errorCode).toBe('VALIDATION_ERROR');
    expect(await orders(kit)).toBe(0);
  });

  it('refuses a missing or invalid LIFF access token with 401 before reading the body', async () => {
    const { kit } = await shop();
    for (const token of [undefined, 'not-a-token']) {
      const res = await reserve(kit, token, { clientOs: 'INVALID' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errorCode: 'UNAUTHORIZED', message: 'The access token is invalid or has expired.' });
    }
    expect(await orders(kit)).toBe(0);
  });

  it('refuses each published case with its error code, writing nothing', async () => {
    const kit = await start();
    const refusal = async (channel: Channel, body: object, userId = ALICE) => {
      const res = await reserve(kit, await liffToken(kit, channel, userId), body);
      return [res.status, res.body.errorCode];
    };
    await request(kit.app).put(`/embedkit/v1/users/${ALICE}/iap/consent`).send({ agreed: true }).expect(200);
    expect(await refusal(CHANNELS.withoutWebhook, RESERVE)).toEqual([400, 'WEBHOOK_URL_IS_NOT_SET']);
    expect(await refusal(CHANNELS.shop, { ...RESERVE, productId: 'iap_ln_999' })).toEqual([400, 'PRODUCT_ID_NOT_FOUND']);
    expect(await refusal(CHANNELS.shop, RESERVE, CAROL)).toEqual([403, 'TERMS_AGREEMENT_ERROR']);
    expect(await refusal(CHANNELS.withoutIap, RESERVE)).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(CHANNELS.unverifiedPublished, RESERVE)).toEqual([403, 'FORBIDDEN']);
    // Consent withdrawn later: reservations are refused again.
    await request(kit.app).put(`/embedkit/v1/users/${ALICE}/iap/consent`).send({ agreed: false }).expect(200);
    expect(await refusal(CHANNELS.shop, RESERVE)).toEqual([403, 'TERMS_AGREEMENT_ERROR']);
    expect(await orders(kit)).toBe(0);
  });
});

describe('the webhook events', () => {
  it('sends purchaseComplete once the person pays, signed with the channel secret as @line/bot-sdk 11 checks it', async () => {
    const { kit, receiver, liff } = await shop();
    const { orderId } = (await reserve(kit, liff, RESERVE)).body as { orderId: string };
    await delivered(kit);
    expect(receiver.received).toEqual([]);
    const paid = await pay(kit, orderId, { outcome: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', paidAt: expect.any(Number) });
    await delivered(kit);
    expect(receiver.received).toHaveLength(1);
    const { body, headers } = receiver.received[0]!;
    expect(JSON.parse(body)).toEqual({
      type: 'purchaseComplete',
      orderId,
      productId: 'iap_ln_002',
      userId: ALICE,
      purchaseTimestamp: Math.floor(paid.body.paidAt / 1000),
      channelId: SHOP.id,
    });
    const signature = headers['x-service-signature'] as string;
    expect(validateSignature(body, SHOP.secret, signature)).toBe(true);
    expect(validateSignature(body, CHANNELS.withoutIap.secret, signature)).toBe(false);
    // Settled once: a second tap changes nothing and sends nothing.
    const again = await pay(kit, orderId, { outcome: 'paid' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(`The order ${orderId} is paid: only a reserved order can be paid`);
    await delivered(kit);
    expect(receiver.received).toHaveLength(1);
  });

  it('sends nothing for a cancelled or failed payment, and keeps why it failed', async () => {
    const { kit, receiver, liff } = await shop();
    const first = (await reserve(kit, liff, RESERVE)).body.orderId as string;
    const second = (await reserve(kit, liff, RESERVE)).body.orderId as string;
    expect((await pay(kit, first, { outcome: 'cancelled' })).body.status).toBe('cancelled');
    expect((await pay(kit, second, { outcome: 'failed', failure: 'networkLost' })).body).toMatchObject({
      status: 'failed',
      failure: 'networkLost',
    });
    expect((await pay(kit, first, { outcome: 'paid' })).status).toBe(400);
    await delivered(kit);
    expect(receiver.received).toEqual([]);
  });

  it('sends refundComplete with the purchase’s timestamp when a paid order is refunded', async () => {
    const { kit, receiver, liff } = await shop();
    const { orderId } = (await reserve(kit, liff, RESERVE)).body as { orderId: string };
    const unpaid = await request(kit.app).post(`/embedkit/v1/iap/orders/${orderId}/refund`);
    expect(unpaid.status).toBe(400);
    const paidAt = Math.floor((await pay(kit, orderId, { outcome: 'paid' })).body.paidAt / 1000);
    kit.clock.advance(DAY_MS);
    const refunded = await request(kit.app).post(`/embedkit/v1/iap/orders/${orderId}/refund`);
    expect(refunded.body.status).toBe('refunded');
    expect(refunded.body.refundedAt - refunded.body.paidAt).toBeGreaterThanOrEqual(DAY_MS);
    await delivered(kit);
    expect(receiver.received.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({ type: 'purchaseComplete', orderId, purchaseTimestamp: paidAt }),
      { type: 'refundComplete', orderId, productId: 'iap_ln_002', userId: ALICE, purchaseTimestamp: paidAt, channelId: SHOP.id },
    ]);
    for (const r of receiver.received)
      expect(validateSignature(r.body, SHOP.secret, r.headers['x-service-signature'] as string)).toBe(true);
  });
});

describe('GET /iap/v1/webhook/events', () => {
  it('lists the purchaseComplete events of the past 7 days a page at a time, oldest first, by SUCCESS or FAILED', async () => {
    const { kit, receiver, liff } = await shop();
    const token = await channelToken(kit, SHOP);
    const start = Math.floor(kit.clock.now() / 1000);
    const paidIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { orderId } = (await reserve(kit, liff, RESERVE)).body as { orderId: string };
      await pay(kit, orderId, { outcome: 'paid' });
      paidIds.push(orderId);
      kit.clock.advance(60_000);
    }
    await delivered(kit);
    // A refund is not an event of the history (published: "will be supported in the future").
    await request(kit.app).post(`/embedkit/v1/iap/orders/${paidIds[0]}/refund`).expect(200);
    await delivered(kit);
    // A fourth one the MINI App's server cannot take: it stays failed.
    await receiver.close();
    const { orderId: lost } = (await reserve(kit, liff, RESERVE)).body as { orderId: string };
    await pay(kit, lost, { outcome: 'paid' });
    await delivered(kit);
    const end = Math.floor(kit.clock.now() / 1000);

    const query = { startEpochSeconds: start, endEpochSeconds: end, pageSize: 2 };
    const first = await history(kit, token, query);
    expect(first.status).toBe(200);
    expect(first.body.events).toEqual(
      paidIds
        .slice(0, 2)
        .map((orderId) => ({ transactionType: 'PRODUCT', event: expect.objectContaining({ type: 'purchaseComplete', orderId }) })),
    );
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await history(kit, token, { ...query, cursor: first.body.nextCursor });
    expect(second.body.events.map((e: { event: { orderId: string } }) => e.event.orderId)).toEqual([paidIds[2], lost]);
    expect(second.body.nextCursor).toBeNull();
    const ok = await history(kit, token, { ...query, pageSize: 100, status: 'SUCCESS' });
    expect(ok.body.events.map((e: { event: { orderId: string } }) => e.event.orderId)).toEqual(paidIds);
    const failed = await history(kit, token, { ...query, pageSize: 100, status: 'FAILED' });
    expect(failed.body.events.map((e: { event: { orderId: string } }) => e.event.orderId)).toEqual([lost]);

    // Eight days later none is within the window any more.
    kit.clock.advance(8 * DAY_MS);
    const now = Math.floor(kit.clock.now() / 1000);
    const late = await history(kit, token, { startEpochSeconds: now - 7 * 24 * 3600, endEpochSeconds: now, pageSize: 100 });
    expect(late.body).toEqual({ events: [], nextCursor: null });
  });

  it('refuses parameters that break the published rules with VALIDATION_ERROR, and a bad channel access token with 401', async () => {
    const kit = await start();
    const token = await channelToken(kit, SHOP);
    const now = Math.floor(kit.clock.now() / 1000);
    const res = await history(kit, token, { startEpochSeconds: now - 8 * 24 * 3600, endEpochSeconds: now, pageSize: 101, status: 'DONE' });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { property: string }) => d.property)).toEqual(['startEpochSeconds', 'pageSize', 'status']);
    const missing = await history(kit, token, {});
    expect(missing.body.details.map((d: { property: string }) => d.property)).toEqual(['startEpochSeconds', 'endEpochSeconds', 'pageSize']);
    const cursor = await history(kit, token, { startEpochSeconds: now, endEpochSeconds: now, pageSize: 1, cursor: 'forged' });
    expect(cursor.body.details).toEqual([{ message: "'cursor' is not a cursor this endpoint gave.", property: 'cursor' }]);
    const bad = await history(kit, 'nope', { startEpochSeconds: now, endEpochSeconds: now, pageSize: 1 });
    expect(bad.status).toBe(401);
    expect(bad.body.errorCode).toBe('UNAUTHORIZED');
    const other = await history(kit, await channelToken(kit, CHANNELS.withoutIap), {
      startEpochSeconds: now,
      endEpochSeconds: now,
      pageSize: 1,
    });
    expect([other.status, other.body.errorCode]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('the simulator routes', () => {
  it('answers the products as the person’s store localizes them, leaving out IDs the MINI App does not sell', async () => {
    const kit = await start();
    const appStore = await request(kit.app)
      .get(`/embedkit/v1/mini-apps/${SHOP.embedId}/iap/products`)
      .query({ store: 'appStore', productIds: 'iap_ln_002,nope' });
    expect(appStore.body).toEqual({
      embedId: SHOP.embedId,
      store: 'appStore',
      products: { iap_ln_002: { currency: 'USD', price: 0.99, productName: '100 Gems' } },
    });
    const play = await request(kit.app).get(`/embedkit/v1/mini-apps/${SHOP.embedId}/iap/products`).query({ store: 'googlePlay' });
    expect(Object.keys(play.body.products)).toEqual(['iap_ln_002', 'iap_ln_020']);
    expect((await request(kit.app).get(`/embedkit/v1/mini-apps/${SHOP.embedId}/iap/products`).query({ store: 'amazon' })).status).toBe(400);
    expect(
      (await request(kit.app).get('/embedkit/v1/mini-apps/1650000003-nopurch1/iap/products').query({ store: 'appStore' })).status,
    ).toBe(404);
    expect(
      (await request(kit.app).get('/embedkit/v1/mini-apps/1650000002-unverif1/iap/products').query({ store: 'appStore' })).status,
    ).toBe(403);
  });

  it('keeps the first consent, refuses an unknown person and a webhook URL that is not http(s)', async () => {
    const kit = await start();
    expect((await request(kit.app).get(`/embedkit/v1/users/${ALICE}/iap/consent`)).body).toEqual({ userId: ALICE, agreed: false });
    const at = (await request(kit.app).put(`/embedkit/v1/users/${ALICE}/iap/consent`).send({ agreed: true })).body.agreedAt as number;
    kit.clock.advance(1000);
    expect((await request(kit.app).put(`/embedkit/v1/users/${ALICE}/iap/consent`).send({ agreed: true })).body).toEqual({
      userId: ALICE,
      agreed: true,
      agreedAt: at,
    });
    expect((await request(kit.app).put('/embedkit/v1/users/Unobody/iap/consent').send({ agreed: true })).status).toBe(404);
    const bad = await request(kit.app)
      .put(`/embedkit/v1/mini-apps/${SHOP.embedId}/iap/webhook`)
      .send({ webhookUrl: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect((await request(kit.app).put('/embedkit/v1/mini-apps/1650000003-nopurch1/iap/webhook').send({ webhookUrl: null })).status).toBe(
      404,
    );
  });

  it('lists orders newest first by person and state', async () => {
    const { kit, liff } = await shop();
    const a = (await reserve(kit, liff, RESERVE)).body.orderId as string;
    kit.clock.advance(1000);
    const b = (await reserve(kit, liff, RESERVE)).body.orderId as string;
    await pay(kit, a, { outcome: 'paid' });
    const all = await request(kit.app).get('/embedkit/v1/iap/orders').query({ userId: ALICE });
    expect(all.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([b, a]);
    const paid = await request(kit.app).get('/embedkit/v1/iap/orders').query({ status: 'paid' });
    expect(paid.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([a]);
    expect((await request(kit.app).get('/embedkit/v1/iap/orders').query({ status: 'lost' })).status).toBe(400);
  });
});
