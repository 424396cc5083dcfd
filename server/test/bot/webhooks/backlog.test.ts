// Webhook delivery under a large backlog: deliveries of many chats go out concurrently,
// each chat's in the order they were queued, one at a time per chat, each exactly once. (How fast
// is the benchmark's business: `npm run bench -- webhooks`.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../../src/kit/embedkit.js';
import { DeliveryStore } from '../../../src/webhooks/delivery-store.js';
import { makeBotKit, TRIAL } from '../helpers.js';

const CHATS = 40;
const PER_CHAT = 50;

let kit: Embedkit | undefined;
let bot: Server | undefined;
afterEach(async () => {
  await kit?.close();
  await new Promise<void>((r) => (bot ? bot.close(() => r()) : r()));
});

describe('a backlog of deliveries over many chats', () => {
  it('is sent in order within each chat, one at a time per chat, several chats at once, each delivery once', async () => {
    kit = await makeBotKit();
    const received = new Map<string, number[]>();
    const inFlight = new Map<string, number>();
    let concurrent = 0;
    let maxConcurrent = 0;
    let overlapWithinChat = 0;
    let total = 0;
    let allIn: () => void = () => undefined;
    const done = new Promise<void>((r) => (allIn = r));
    bot = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const { chat, seq } = JSON.parse(Buffer.concat(chunks).toString()).events[0] as { chat: string; seq: number };
        if ((inFlight.get(chat) ?? 0) > 0) overlapWithinChat++;
        inFlight.set(chat, (inFlight.get(chat) ?? 0) + 1);
        maxConcurrent = Math.max(maxConcurrent, ++concurrent);
        // Answers after 0-4 ms, so that attempts of different chats overlap and finish out of order.
        setTimeout(() => {
          concurrent--;
          inFlight.set(chat, inFlight.get(chat)! - 1);
          received.set(chat, [...(received.get(chat) ?? []), seq]);
          res.end('{}');
          if (++total === CHATS * PER_CHAT) allIn();
        }, seq % 5);
      });
    });
    await new Promise<void>((r) => bot!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(bot.address() as AddressInfo).port}/webhook`;
    await request(kit.app).put(`/embedkit/v1/channels/${TRIAL.id}/webhook`).send({ url }).expect(200);

    // The whole backlog is queued before the dispatcher starts, interleaved across the chats.
    const dispatcher = kit.services.bots.dispatcher;
    await dispatcher.stop();
    const store = new DeliveryStore(kit.db);
    for (let seq = 0; seq < PER_CHAT; seq++) {
      for (let c = 0; c < CHATS; c++) {
        const chat = `chat-${c}`;
        await store.insert({
          channelId: TRIAL.id,
          orderKey: chat,
          eventTypes: ['message'],
          body: JSON.stringify({ destination: TRIAL.id, events: [{ chat, seq }] }),
          signature: 'x',
          status: 'pending',
          createdAt: kit.clock.now(),
        });
      }
    }
    // Node warns of a "possible memory leak" when many requests share one abort signal: a bot
    // developer would see that in the server's output on every busy run.
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      dispatcher.start();
      await Promise.race([done, new Promise((_, j) => setTimeout(() => j(new Error(`only ${total} delivered`)), 60_000))]);
      await dispatcher.idle();
    } finally {
      process.off('warning', onWarning);
    }

    const expected = Array.from({ length: PER_CHAT }, (_, i) => i);
    for (let c = 0; c < CHATS; c++) expect(received.get(`chat-${c}`), `chat-${c}`).toEqual(expected);
    expect(overlapWithinChat).toBe(0);
    // More at once than Node's default of 10 listeners per signal.
    expect(maxConcurrent).toBeGreaterThan(10);
    expect(warnings).toEqual([]);
    const listed = await request(kit.app).get(`/embedkit/v1/deliveries?channelId=${TRIAL.id}&limit=5`);
    expect(listed.status).toBe(200);
    expect((listed.body.deliveries as Array<{ status: string }>).every((d) => d.status === 'delivered')).toBe(true);
  }, 90_000);
});
