// Delivery order on PostgreSQL, one server: many people writing at once in the same chats; the
// bot gets each chat's events in the order the chat lists its messages, one request of a chat at
// a time. Needs DATABASE_URL (`npm run test:pg`); skipped otherwise.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { makeBotKit, setWebhook, TRIAL } from '../bot/helpers.js';
import { TEST_DATABASE_URL } from '../helpers.js';
import { CHATS, chatOrder, firstArrivals, startOrderBot, writeConcurrently, type OrderBot } from './order-helpers.js';

describe.skipIf(!TEST_DATABASE_URL)('delivery order on one server on PostgreSQL', () => {
  let kit: Embedkit;
  let server: Server;
  let base: string;
  let bot: OrderBot;

  beforeAll(async () => {
    kit = await makeBotKit();
    bot = await startOrderBot();
    await setWebhook(kit, TRIAL.id, { url: bot.url });
    server = kit.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 30_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    server?.closeAllConnections();
    await kit?.close();
    await bot?.close();
  });

  it(
    'sends each chat its events in the chat order, never two at once, with 30 writers × 20 messages in 3 chats',
    { timeout: 120_000 },
    async () => {
      const acked = await writeConcurrently(() => [base], 30, 20);
      expect(acked).toHaveLength(600);
      await kit.services.bots.dispatcher.idle();

      for (const { chatId } of CHATS) {
        const listed = await chatOrder(base, chatId);
        expect(listed, chatId).toHaveLength(200);
        expect(firstArrivals(bot.seen, chatId), chatId).toEqual(listed);
      }
      // Every event once: nothing failed, so nothing was sent again.
      expect(bot.seen).toHaveLength(600);
      expect(bot.maxConcurrentPerChat()).toBe(1);
    },
  );
});
