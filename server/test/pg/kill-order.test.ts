// Team sandbox: two servers on one PostgreSQL schema, people writing in the same chats through
// both, one server killed with SIGKILL mid-burst while the bot holds requests it sent. Every
// acknowledged message reaches the bot, each chat in its own order, one request of a chat at a
// time; what the survivor sends again is marked re-sent. Needs DATABASE_URL (`npm run test:pg`)
// and a build (`node scripts/build.mjs`); skipped otherwise.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema } from '../../src/db/pg-schemas.js';
import { BOTS_SCENARIO, TRIAL } from '../bot/helpers.js';
import { TEST_DATABASE_URL } from '../helpers.js';
import { startCli, stopCli, type Child } from '../reliability/child.js';
import { CHATS, chatOrder, firstArrivals, startOrderBot, writeConcurrently, type Acked, type OrderBot } from './order-helpers.js';

/** Kill rounds at most: a round whose killed server had no request open at the bot is run again. */
const MAX_ROUNDS = 3;

describe.skipIf(!TEST_DATABASE_URL)('two servers on one PostgreSQL, one killed mid-burst', () => {
  const schema = `kill_${randomBytes(5).toString('hex')}`;
  const children: Child[] = [];
  let bot: OrderBot | undefined;
  const start = async () => {
    const c = await startCli([
      '--port',
      '0',
      '--database-url',
      TEST_DATABASE_URL!,
      '--database-schema',
      schema,
      '--scenario',
      BOTS_SCENARIO,
    ]);
    children.push(c);
    return c;
  };
  afterAll(async () => {
    await Promise.all(children.map((c) => stopCli(c, 'SIGKILL')));
    await bot?.close();
    await dropSchema(TEST_DATABASE_URL!, schema);
  }, 30_000);

  it('delivers every acknowledged message in chat order, one at a time per chat, re-sends marked', { timeout: 300_000 }, async () => {
    bot = await startOrderBot(5);
    // One after the other: the first loads the scenario, the second finds it loaded.
    let victim = await start();
    const survivor = await start();
    const put = await fetch(`${survivor.baseUrl}/embedkit/v1/channels/${TRIAL.id}/webhook`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: bot.url }),
    });
    expect(put.status).toBe(200);

    const acked: Acked[] = [];
    let lostAtKill = 0;
    for (let round = 0; round < MAX_ROUNDS && lostAtKill === 0; round++) {
      if (round > 0) victim = await start();
      // Half the writers through each server; those of the victim stop when it dies.
      const writing = writeConcurrently(() => [victim.baseUrl, survivor.baseUrl], 30, 20, acked);
      // Mid-burst: the bot stops answering, then the victim dies with requests of its own open.
      const before = acked.length;
      for (let i = 0; i < 600 && acked.length - before < 150; i++) await new Promise((r) => setTimeout(r, 50));
      bot.pause();
      for (let i = 0; i < 100 && bot.held() < CHATS.length; i++) await new Promise((r) => setTimeout(r, 20));
      await stopCli(victim, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 300));
      lostAtKill = bot.resume();
      await writing;
    }
    // Otherwise the victim never had a request open when it died, three times over.
    expect(lostAtKill).toBeGreaterThan(0);

    // The survivor takes over what the victim held once its claims expire (webhook timeout + 5 s).
    const ackedIds = new Set(acked.map((a) => a.id));
    const delivered = () => new Set(bot!.seen.map((s) => s.messageId));
    for (let i = 0; i < 1_200 && [...ackedIds].some((id) => !delivered().has(id)); i++) await new Promise((r) => setTimeout(r, 100));
    expect([...ackedIds].filter((id) => !delivered().has(id))).toEqual([]);

    const seenIds = delivered();
    for (const { chatId } of CHATS) {
      const listed = await chatOrder(survivor.baseUrl, chatId);
      // A message stored by the victim just before it died, never acknowledged, may have no event.
      const unsent = listed.filter((id) => !seenIds.has(id));
      expect(
        unsent.filter((id) => ackedIds.has(id)),
        chatId,
      ).toEqual([]);
      expect(firstArrivals(bot.seen, chatId), chatId).toEqual(listed.filter((id) => seenIds.has(id)));
    }
    expect(bot.maxConcurrentPerChat()).toBe(1);

    // Each event the bot got again: marked re-sent, the same event (webhookEventId when the
    // events carry one, else the same message id, which the grouping already ensures).
    const byMessage = new Map<string, typeof bot.seen>();
    for (const s of bot.seen) byMessage.set(s.messageId, [...(byMessage.get(s.messageId) ?? []), s]);
    const again = [...byMessage.values()].filter((copies) => copies.length > 1);
    expect(again.length).toBeGreaterThan(0);
    for (const [first, ...later] of again) {
      for (const copy of later) {
        expect(copy.isRedelivery, copy.messageId).toBe(true);
        expect(copy.webhookEventId).toBe(first!.webhookEventId);
      }
    }
  });
});
