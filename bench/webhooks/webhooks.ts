/**
 * Webhook delivery at scale: a backlog of pending deliveries over 100 chats is sent to a
 * local bot that answers 200 at once, measured in deliveries per second with 100 and with 10,000
 * pending; the anchor is the same number of bare POSTs to the same bot with the dispatcher's
 * concurrency (what HTTP alone costs). And the idle latency from a user's message in the host to
 * the webhook arriving at the bot.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { startServer, type RunningServer } from '../../server/dist/serve/start.js';
import { SimulatorClient } from '#contract/client.js';
import { DeliveryStore } from '../../server/dist/webhooks/delivery-store.js';
import { anchored, type Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const CHANNEL = '1650000001';
const ALICE = 'U0a11ce0000000000000000000000a11c';
const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';
const CHATS = 100;
const ROUNDS = 3;
/** Concurrency of the anchor's bare POSTs (the dispatcher's attempts in flight). */
const ANCHOR_CONCURRENCY = 16;

/** The bot: a child process (bench/webhooks/webhook-bot.mjs) answering 200 at once. */
interface Bot {
  child: ChildProcess;
  url: string;
}

async function startBot(): Promise<Bot> {
  const child = fork(fileURLToPath(new URL('./webhook-bot.mjs', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url?: string }) => (m.url ? resolve(m.url) : reject(new Error('bench bot did not start'))));
    child.once('exit', (code) => reject(new Error(`bench bot exited with ${code}`)));
  });
  return { child, url };
}

/** Resolves once the bot has received `n` more requests (bounded: 120 s). */
function botReceives(bot: Bot, n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bot did not receive ${n} requests in 120 s`)), 120_000);
    const onMessage = (m: { done?: boolean }) => {
      if (!m.done) return;
      clearTimeout(timer);
      bot.child.off('message', onMessage);
      resolve();
    };
    bot.child.on('message', onMessage);
    bot.child.send({ expect: n });
  });
}

/** Pending deliveries written straight into the store (the dispatcher stopped), round-robin over the chats. */
async function queue(kit: RunningServer, n: number, tag: string): Promise<void> {
  const store = new DeliveryStore(kit.embedkit.db);
  const now = kit.embedkit.clock.now();
  for (let i = 0; i < n; i++) {
    await store.insert({
      channelId: CHANNEL,
      orderKey: `chat-${i % CHATS}`,
      eventTypes: ['message'],
      body: JSON.stringify({ destination: CHANNEL, events: [{ type: 'message', tag, seq: i }] }),
      signature: 'bench',
      status: 'pending',
      createdAt: now,
    });
  }
}

/** Deliveries per second: `n` queued, the dispatcher started, until the bot has them all. */
async function drainRate(kit: RunningServer, bot: Bot, n: number): Promise<number> {
  const dispatcher = kit.embedkit.services.bots.dispatcher;
  await dispatcher.stop();
  await queue(kit, n, `n${n}`);
  const all = botReceives(bot, n);
  const t0 = performance.now();
  dispatcher.start();
  await all;
  const rate = n / ((performance.now() - t0) / 1000);
  await dispatcher.idle();
  return rate;
}

/** Bare POSTs to the bot with a fixed concurrency, per second. */
async function bareRate(bot: Bot, n: number): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < n) {
      next++;
      const res = await fetch(bot.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"events":[]}' });
      await res.text();
    }
  };
  await Promise.all(Array.from({ length: ANCHOR_CONCURRENCY }, worker));
  return n / ((performance.now() - t0) / 1000);
}

/** The simulator API of a running kit. */
const simulator = (kit: RunningServer) => new SimulatorClient({ baseUrl: kit.baseUrl });

/** ms from a user's message (POST to the simulator) to the webhook's arrival at the bot, one at a time. */
async function idleLatencies(kit: RunningServer, bot: Bot, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const text = `latency ${i}`;
    const arrived = new Promise<number>((resolve) => {
      const onMessage = (m: { text?: string; at?: number }) => {
        if (m.text !== text) return;
        bot.child.off('message', onMessage);
        resolve(m.at!);
      };
      bot.child.on('message', onMessage);
    });
    const t0 = performance.timeOrigin + performance.now();
    await simulator(kit).call('sendMessage', { params: { chatId: ALICE_BOT }, body: { userId: ALICE, message: { type: 'text', text } } });
    out.push((await arrived) - t0);
  }
  return out;
}

export async function webhookFigures(): Promise<Figure[]> {
  const small: number[] = [];
  const large: number[] = [];
  const bare: number[] = [];
  let latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bot = await startBot();
    const kit = await startServer({ port: 0, inMemory: true, logger: pino({ level: 'silent' }) });
    try {
      await simulator(kit).call('setWebhook', { params: { channelId: CHANNEL }, body: { url: bot.url } });
      if (round === 0) latencies = await idleLatencies(kit, bot, 50);
      small.push(await drainRate(kit, bot, 100));
      large.push(await drainRate(kit, bot, 10_000));
      bare.push(await bareRate(bot, 2_000));
    } finally {
      await kit.close();
      bot.child.disconnect();
    }
  }
  const s = summarize(small);
  const l = summarize(large);
  const b = summarize(bare);
  const lat = summarize(latencies);
  return [
    anchored(
      {
        figure: 'webhook deliveries, 10,000 pending over 100 chats',
        unit: 'per s',
        embedkit: l,
        anchor: { name: `bare POSTs (${ANCHOR_CONCURRENCY} at once)`, value: b },
      },
      '>= 1,000/s',
      l.median >= 1000,
    ),
    {
      figure: 'webhook deliveries, 100 pending',
      unit: 'per s',
      embedkit: s,
      ratio: l.median / s.median,
      target: '10,000-pending rate within 20% of this (ratio >= 0.8)',
      pass: l.median / s.median >= 0.8,
      note: 'ratio: the 10,000-pending rate / the 100-pending rate (cost per delivery flat as the backlog grows)',
    },
    {
      figure: 'user message -> webhook received, idle (p50)',
      unit: 'ms',
      embedkit: lat,
      target: '<= 5 ms',
      pass: lat.median <= 5,
    },
  ];
}
