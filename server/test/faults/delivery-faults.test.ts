// Webhook delivery faults on demand, as a bot written with the official `@line/bot-sdk` 11
// middleware sees them: a delivered event sent again marked `isRedelivery` and signed as sent, the
// same body twice, a delivery late, two chats' deliveries swapped, and never an event lost. The
// rule lists each hit, and the deliveries view names the rule on the send it made or moved.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import { middleware, type webhook } from '@line/bot-sdk-11';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '#contract/wire.js';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { onTestDatabase, TEST_DATABASE_URL } from '../helpers.js';
import { ALICE, ALICE_BOT, BOB, BOB_BOT, BOTS_SCENARIO, TRIAL } from '../bot/helpers.js';

type Event = webhook.Event & { message?: { text?: string } };

/** What the bot got: each event the middleware accepted, with the signature header it came with. */
const got: { event: Event; signature: string }[] = [];
const refused: string[] = [];
let server: RunningServer;
let bot: Server;

beforeAll(async () => {
  const app = express();
  app.post('/callback', middleware({ channelSecret: TRIAL.secret }), (req, res) => {
    for (const event of (req.body as webhook.CallbackRequest).events) got.push({ event, signature: req.get('x-line-signature')! });
    res.json({});
  });
  const onError: ErrorRequestHandler = (err: Error, _req, res, _next) => {
    refused.push(err.message);
    res.status(401).end();
  };
  app.use(onError);
  bot = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  server = await startServer(
    onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, headerPrefix: 'X-Line-', logger: pino({ level: 'silent' }) }),
  );
  await request(server.baseUrl)
    .put(`/embedkit/v1/channels/${TRIAL.id}/webhook`)
    .send({ url: `http://127.0.0.1:${(bot.address() as AddressInfo).port}/callback` })
    .expect(200);
});
afterEach(async () => {
  await request(server.baseUrl).delete('/embedkit/v1/faults').expect(204);
  got.length = 0;
  refused.length = 0;
});
afterAll(async () => {
  await server?.close();
  bot?.close();
});

const addFault = async (rule: Record<string, unknown>) =>
  (await request(server.baseUrl).post('/embedkit/v1/faults').send(rule).expect(200)).body;
const faults = async () => (await request(server.baseUrl).get('/embedkit/v1/faults').expect(200)).body.faults;
const write = (chatId: string, userId: string, text: string) =>
  request(server.baseUrl)
    .post(`/embedkit/v1/chats/${chatId}/messages`)
    .send({ userId, message: { type: 'text', text } })
    .expect(200);
const texts = () => got.map((g) => g.event.message?.text);
const deliveries = async (): Promise<Delivery[]> =>
  (await request(server.baseUrl).get(`/embedkit/v1/deliveries?channelId=${TRIAL.id}`).expect(200)).body.deliveries;
/** The delivery of the message with this text (each test writes its own texts). */
const deliveryOf = async (text: string) => (await deliveries()).find((d) => d.body.includes(`"text":"${text}"`))!;

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the bot got ${JSON.stringify(texts())}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until every delivery of the channel is delivered and the rules' hits are all recorded. */
async function settled(): Promise<void> {
  await until(async () => (await deliveries()).every((d) => d.status === 'delivered'), 'every delivery delivered');
  await until(
    async () => (await faults()).every((f: { hits: number; recent: unknown[] }) => f.recent.length === f.hits),
    'the hits recorded',
  );
}

describe('webhook delivery faults', () => {
  it('redeliver: a delivered event comes again marked isRedelivery, same webhookEventId, and passes the SDK signature check', async () => {
    const rule = await addFault({ channelId: TRIAL.id, kind: 'redeliver', times: 1 });
    expect(rule).toMatchObject({ channelId: TRIAL.id, kind: 'redeliver', hits: 0, remaining: 1 });
    await write(ALICE_BOT, ALICE, 'say it twice');
    await until(() => got.length === 2, 'the event and its redelivery');
    await settled();
    expect(refused).toEqual([]);
    const [first, again] = got.map((g) => g.event);
    expect(first).toMatchObject({ message: { text: 'say it twice' }, deliveryContext: { isRedelivery: false } });
    expect(again).toEqual({ ...first, deliveryContext: { isRedelivery: true } });
    expect(got[1]!.signature).not.toBe(got[0]!.signature);
    const delivery = await deliveryOf('say it twice');
    expect(delivery.status).toBe('delivered');
    expect(delivery.attempts.map((a) => [a.statusCode, a.fault])).toEqual([
      [200, undefined],
      [200, { faultId: rule.id, kind: 'redeliver' }],
    ]);
    const [listed] = await faults();
    expect(listed).toMatchObject({ hits: 1, remaining: 0 });
    expect(listed.recent).toEqual([expect.objectContaining({ method: 'POST', path: '/callback', status: 200, deliveryId: delivery.id })]);
    // Spent: the next message comes once.
    await write(ALICE_BOT, ALICE, 'just once');
    await until(() => texts().includes('just once'), 'the next message');
    await settled();
    expect(texts().filter((t) => t === 'just once')).toHaveLength(1);
  });

  it('duplicate: the same body with the same signature comes twice, one webhookEventId', async () => {
    const rule = await addFault({ channelId: TRIAL.id, eventTypes: ['message'], kind: 'duplicate', times: 1 });
    await write(ALICE_BOT, ALICE, 'echo');
    await until(() => got.length === 2, 'the event twice');
    await settled();
    expect(refused).toEqual([]);
    expect(got[1]).toEqual(got[0]);
    expect(got[0]!.event).toMatchObject({ message: { text: 'echo' }, deliveryContext: { isRedelivery: false } });
    const delivery = await deliveryOf('echo');
    expect(delivery.attempts.map((a) => a.fault?.kind)).toEqual([undefined, 'duplicate']);
    expect((await faults())[0]).toMatchObject({ id: rule.id, hits: 1 });
  });

  it('delayDelivery: the delivery arrives late, and the chat’s next one after it', async () => {
    const rule = await addFault({ channelId: TRIAL.id, kind: 'delayDelivery', delayMs: 300, times: 1 });
    await write(ALICE_BOT, ALICE, 'late');
    await write(ALICE_BOT, ALICE, 'after late');
    await until(() => got.length === 2, 'both messages');
    await settled();
    expect(texts()).toEqual(['late', 'after late']);
    expect(got.every((g) => g.event.deliveryContext.isRedelivery === false)).toBe(true);
    expect((await deliveryOf('late')).attempts.map((a) => a.fault)).toEqual([{ faultId: rule.id, kind: 'delayDelivery' }]);
    expect((await deliveryOf('after late')).attempts.map((a) => a.fault)).toEqual([undefined]);
  });

  it('reorder: a delivery waits for the channel’s next one of another chat, which arrives first', async () => {
    const rule = await addFault({ channelId: TRIAL.id, kind: 'reorder', times: 1, delayMs: 60_000 });
    await write(ALICE_BOT, ALICE, 'written first');
    await write(BOB_BOT, BOB, 'written second');
    await until(() => got.length === 2, 'both messages');
    await settled();
    expect(texts()).toEqual(['written second', 'written first']);
    expect((await deliveryOf('written first')).attempts.map((a) => a.fault)).toEqual([{ faultId: rule.id, kind: 'reorder' }]);
  });

  it('reorder keeps a chat’s order: a held delivery goes when its hold ends, the chat’s next one behind it', async () => {
    await addFault({ channelId: TRIAL.id, kind: 'reorder', times: 1, delayMs: 200 });
    await write(ALICE_BOT, ALICE, 'one');
    await write(ALICE_BOT, ALICE, 'two');
    await until(() => got.length === 2, 'both messages');
    await settled();
    expect(texts()).toEqual(['one', 'two']);
  });

  // On PostgreSQL, every kind at once has stalled one chat's deliveries past the wait (docs/guide/faults.md).
  it.skipIf(TEST_DATABASE_URL)(
    'lose nothing: with every kind in force, each event arrives at least once, each chat’s first in its order',
    async () => {
      await addFault({ channelId: TRIAL.id, kind: 'duplicate', share: 0.5 });
      await addFault({ channelId: TRIAL.id, kind: 'reorder', share: 0.5, delayMs: 300 });
      await addFault({ channelId: TRIAL.id, kind: 'delayDelivery', delayMs: 20, share: 0.5 });
      await addFault({ channelId: TRIAL.id, kind: 'redeliver', share: 0.5 });
      const sent: Record<string, string[]> = { [ALICE]: [], [BOB]: [] };
      for (let i = 0; i < 6; i++) {
        for (const [chatId, userId] of [
          [ALICE_BOT, ALICE],
          [BOB_BOT, BOB],
        ] as const) {
          const text = `${userId.slice(-4)} ${i}`;
          sent[userId]!.push(text);
          await write(chatId, userId, text);
        }
      }
      await until(() => [...sent[ALICE]!, ...sent[BOB]!].every((t) => texts().includes(t)), 'every message');
      await settled();
      expect(refused).toEqual([]);
      for (const userId of [ALICE, BOB]) {
        const firsts = [...new Set(got.filter((g) => g.event.source?.userId === userId).map((g) => g.event.message?.text))];
        expect(firsts).toEqual(sent[userId]);
      }
      // A copy is only ever the same event: one webhookEventId per text.
      const ids = new Map<string, Set<string>>();
      for (const g of got) ids.set(g.event.message!.text!, (ids.get(g.event.message!.text!) ?? new Set()).add(g.event.webhookEventId));
      expect([...ids.values()].every((s) => s.size === 1)).toBe(true);
    },
  );

  it('refuse a rule that mixes calls and deliveries, with the field that is wrong', async () => {
    const refusals = [
      [{ kind: 'serverError', channelId: TRIAL.id }, 'channelId'],
      [{ kind: 'redeliver', channelId: TRIAL.id, path: '/v2/bot/**' }, 'path'],
      [{ kind: 'duplicate' }, 'channelId'],
      [{ kind: 'reorder', channelId: TRIAL.id, eventTypes: ['mesage'] }, 'eventTypes'],
      [{ kind: 'delayDelivery', channelId: TRIAL.id }, 'delayMs'],
    ] as const;
    for (const [rule, property] of refusals) {
      const answer = await request(server.baseUrl).post('/embedkit/v1/faults').send(rule);
      expect(answer.status, JSON.stringify(rule)).toBe(400);
      expect(answer.body.details.map((d: { property: string }) => d.property)).toEqual([property]);
    }
    expect(await faults()).toEqual([]);
  });
});
