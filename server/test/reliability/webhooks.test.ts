// Webhooks through an outage: a bot that is down, then answers 500, then recovers gets
// every event, in order per chat, even with a restart of embedkit in the middle.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { ALICE, ALICE_BOT, GROUP, makeBotKit, say, setWebhook, startReceiver, TRIAL, type Receiver } from '../bot/helpers.js';

const MINUTE = 60_000;
const options = (dataDir: string) => ({
  inMemory: false,
  dataDir,
  bots: { webhookRetryScheduleMs: Array.from({ length: 30 }, () => MINUTE) },
});

/** A local port nothing listens on. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('a bot that is down, then failing, then back', () => {
  it('gets every event once it recovers, in order per chat, across a restart', { timeout: 30_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'embedkit-hooks-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const sent: Record<string, string[]> = { [ALICE_BOT]: [], [GROUP]: [] };
    const talk = async (kit: Embedkit, chat: string, text: string) => {
      await say(kit, chat, ALICE, text);
      sent[chat]!.push(text);
    };

    // Down: nothing listens at the webhook URL.
    const first = await makeBotKit(options(dataDir));
    await setWebhook(first, TRIAL.id, { url: `http://127.0.0.1:${await deadPort()}/webhook` });
    for (let i = 0; i < 3; i++) {
      await talk(first, ALICE_BOT, `1:1 before restart ${i}`);
      await talk(first, GROUP, `group before restart ${i}`);
    }
    await first.services.bots.dispatcher.idle();
    await first.close();

    // Restarted; the bot is up but answers 500 a few times, then recovers.
    const receiver: Receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    receiver.answers.push(500, 500, 500);
    const second = await makeBotKit(options(dataDir));
    cleanups.push(() => second.close());
    await setWebhook(second, TRIAL.id, { url: receiver.url });
    for (let i = 0; i < 2; i++) {
      await talk(second, ALICE_BOT, `1:1 after restart ${i}`);
      await talk(second, GROUP, `group after restart ${i}`);
    }
    const texts = () => receiver.received.flatMap((r) => r.body.events).filter((e) => e.type === 'message');
    const all = Object.values(sent).flat();
    for (let round = 0; round < 100 && !all.every((t) => texts().some((e) => e.message.text === t)); round++) {
      second.clock.advance(MINUTE);
      second.services.bots.dispatcher.kick();
      await second.services.bots.dispatcher.idle();
    }

    // Every event arrived; per chat, in the order the user sent them (first arrival of each).
    for (const [chat, expected] of Object.entries(sent)) {
      const arrived = texts()
        .filter((e) => (e.source.groupId ?? e.source.userId) === (chat === GROUP ? GROUP : ALICE))
        .map((e) => e.message.text as string);
      const firstArrivals = arrived.filter((t, i) => arrived.indexOf(t) === i);
      expect(firstArrivals, chat).toEqual(expected);
    }
    expect(receiver.received.length).toBeGreaterThanOrEqual(all.length);
  });
});

describe('a slow bot', () => {
  it('gets every event, in order, once it answers in time again', { timeout: 30_000 }, async () => {
    const receiver: Receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    // The first three attempts answer after the webhook timeout: each counts as a failure.
    receiver.delays.push(600, 600, 600);
    const kit = await makeBotKit({ bots: { webhookTimeoutMs: 150, webhookRetryScheduleMs: Array.from({ length: 30 }, () => MINUTE) } });
    cleanups.push(() => kit.close());
    await setWebhook(kit, TRIAL.id, { url: receiver.url });
    const sent = ['slow 0', 'slow 1', 'slow 2'];
    for (const text of sent) await say(kit, ALICE_BOT, ALICE, text);
    const texts = () =>
      receiver.received
        .flatMap((r) => r.body.events)
        .filter((e) => e.type === 'message')
        .map((e) => e.message.text as string);
    for (let round = 0; round < 50 && !sent.every((t) => texts().includes(t)); round++) {
      await kit.services.bots.dispatcher.idle();
      kit.clock.advance(MINUTE);
      kit.services.bots.dispatcher.kick();
      await new Promise((r) => setTimeout(r, 50));
    }
    const arrived = texts();
    expect(arrived.filter((t, i) => arrived.indexOf(t) === i)).toEqual(sent);
    // The slow answers really were failures: more requests than events.
    expect(receiver.received.length).toBeGreaterThan(sent.length);
  });
});
