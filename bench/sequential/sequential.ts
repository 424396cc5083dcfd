/**
 * The calls a test suite makes one at a time, each timed over 1,000 calls in a row (after a
 * warm-up) on one kept-alive connection (bench/sequential/latency.ts): push, reply with a fresh reply token,
 * the chat read (simulator route `chatMessages`, the newest page), `kit.say` until the bot's
 * process has the webhook, and `GET /v2/bot/info` beside a bare Express GET in the same process.
 * The server is the built one in memory in its own process (bench/http/http-target.mjs with `--lift-plan-limits`), the bot
 * in another (bench/sequential/sequential-bot.mjs). Push is measured beside a peer (mockapis, bench/peers/)
 * when one answers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { channelToken } from '../../e2e/support/platform.js';
import { simulatorPath } from '#contract/simulator-api.js';
import { startTarget, type Target } from '../http/http.js';
import { latencyOf, OneConnection, sequential, type Latency } from './latency.js';
import type { Figure } from '../lib/report.js';
import { anchored, informational } from '../lib/report.js';
import { summarize, type Summary } from '../lib/stats.js';

export const CHANNEL = '1650000001';
export const ALICE = 'U0a11ce0000000000000000000000a11c';
/** The 1:1 chat of Alice and the demo channel's bot: where a push to Alice lands. */
export const ALICE_BOT = 'UBa11ce0000000000000000000000a11c';
/** Calls timed per round, and the untimed ones before the first round. */
export const CALLS = 1_000;
export const WARM_UP = 100;
const ROUNDS = 3;
/** The peer's mean push, ms, where the target was set (mockapis on Bun + Redis): the target when no peer answers. */
export const PEER_PUSH_MEAN_MS = 1.53;
/**
 * The most push may take beside the peer, as a ratio of the means: embedkit stores the message
 * and the send's insight and quota records in SQLite where the peer appends to a Redis list.
 */
export const PEER_PUSH_RATIO = 1.5;
/** Where a peer (mockapis) is looked for: `EMBEDKIT_BENCH_PEER`, else bench/peers/setup.sh's port. */
export const PEER_URL = process.env.EMBEDKIT_BENCH_PEER ?? 'http://127.0.0.1:46982';

/**
 * Starts bench/http/http-target.mjs with the plans' rate limits lifted, on the running Node.js,
 * with the floors (push's among them: bench/http/floors.mjs).
 */
export function startSequentialTarget(): Promise<Target> {
  return startTarget({ liftPlanLimits: true, floors: true });
}

/**
 * Whether a peer answers at `url` (its LINE test route, 1 s): undefined when it does, else why not.
 */
export async function peerAbsent(url = PEER_URL): Promise<string | undefined> {
  try {
    const res = await fetch(`${url}/line/_test/messages?uid=Uprobe`, { signal: AbortSignal.timeout(1_000) });
    return res.ok ? undefined : `${url}/line/_test/messages answered ${res.status}`;
  } catch (e) {
    return `nothing answers at ${url} (${String((e as Error).cause ?? e)}); start it with bench/peers/setup.sh`;
  }
}

/** A push of one text message, as embedkit and the peer both take it. */
export const pushBody = (to: string, text: string) => ({ to, messages: [{ type: 'text', text }] });

/** One timed push to embedkit (channel access token) and to the peer (no auth: it has none). */
export function pushers(embedkit: OneConnection, token: string, peer: OneConnection | undefined, peerUser: string) {
  return {
    embedkit: (text: string) => embedkit.timed('POST', '/v2/bot/message/push', { authorization: `Bearer ${token}` }, pushBody(ALICE, text)),
    peer: (text: string) => peer!.timed('POST', '/line/v2/bot/message/push', {}, pushBody(peerUser, text)),
  };
}

/** The rounds' latencies as a figure's value: median [min–max] of the rounds' `key`. */
export function over(rounds: Latency[], key: keyof Latency): Summary {
  return summarize(rounds.map((r) => r[key]));
}

const fmt = (n: number) => n.toFixed(2);
/** "mean a, p50 b, p99 c ms (median of rounds)". */
export function describe(rounds: Latency[]): string {
  return `mean ${fmt(over(rounds, 'mean').median)}, p50 ${fmt(over(rounds, 'p50').median)}, p99 ${fmt(over(rounds, 'p99').median)} ms (median of ${rounds.length} rounds of ${CALLS.toLocaleString('en')})`;
}

/** The bot process: `next(text)` resolves with the reply token and arrival time of the webhook carrying `text`. */
interface Bot {
  child: ChildProcess;
  url: string;
  next: (text: string) => Promise<{ replyToken: string; at: number }>;
}

async function startBot(): Promise<Bot> {
  const child = fork(fileURLToPath(new URL('./sequential-bot.mjs', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url?: string }) => (m.url ? resolve(m.url) : reject(new Error('bench bot did not start'))));
    child.once('exit', (code) => reject(new Error(`bench bot exited with ${code}`)));
  });
  const waiting = new Map<string, (m: { replyToken: string; at: number }) => void>();
  child.on('message', (m: { text?: string; replyToken: string; at: number }) => {
    if (m.text === undefined) return;
    waiting.get(m.text)?.(m);
    waiting.delete(m.text);
  });
  const next = (text: string) =>
    new Promise<{ replyToken: string; at: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the bot had no webhook for "${text}" in 10 s`)), 10_000);
      waiting.set(text, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  return { child, url, next };
}

export async function sequentialFigures(): Promise<Figure[]> {
  const bot = await startBot();
  const target = await startSequentialTarget();
  const absent = await peerAbsent();
  const kit = new OneConnection(target.embedkit);
  const bare = new OneConnection(target.bare);
  const peer = absent === undefined ? new OneConnection(PEER_URL) : undefined;
  try {
    const token = await channelToken(target.embedkit);
    const auth = { authorization: `Bearer ${token}` };
    const floorAuth = { authorization: `Bearer ${target.floorChannelToken}` };
    const setHook = await kit.send('PUT', simulatorPath('setWebhook', { channelId: CHANNEL }), {}, { url: bot.url });
    if (setHook.status !== 200) throw new Error(`setWebhook: ${setHook.status} ${setHook.body}`);
    const push = pushers(kit, token, peer, `Useq${Date.now()}`);
    const chatPath = simulatorPath('chatMessages', { chatId: ALICE_BOT });
    /** Reply tokens of the webhooks `say` brought, oldest first (each lives 60 s on the server's clock). */
    const tokens: string[] = [];
    let said = 0;
    const say = async () => {
      const text = `seq:${said++}`;
      const arrived = bot.next(text);
      const t0 = performance.timeOrigin + performance.now();
      const answer = await kit.send('POST', chatPath, {}, { userId: ALICE, message: { type: 'text', text } });
      if (answer.status !== 200) throw new Error(`sendMessage: ${answer.status} ${answer.body.slice(0, 200)}`);
      const { replyToken, at } = await arrived;
      tokens.push(replyToken);
      return at - t0;
    };
    const reply = () =>
      kit.timed('POST', '/v2/bot/message/reply', auth, { replyToken: tokens.shift(), messages: [{ type: 'text', text: 'reply' }] });
    const calls: Record<string, (i: number) => Promise<number>> = {
      push: (i) => push.embedkit(`push ${i}`),
      say,
      reply,
      read: () => kit.timed('GET', chatPath),
      info: () => kit.timed('GET', '/v2/bot/info', auth),
      bare: () => bare.timed('GET', '/bare'),
      floor: (i) => bare.timed('POST', '/floor/v2/bot/message/push', floorAuth, pushBody(ALICE, `floor ${i}`)),
      ...(peer ? { peer: (i: number) => push.peer(`push ${i}`) } : {}),
    };
    const rounds = new Map<string, Latency[]>();
    // Rounds alternate the calls, so that each sees the same machine at the same time.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, one] of Object.entries(calls)) {
        const list = rounds.get(name) ?? [];
        list.push(latencyOf(await sequential(CALLS, round === 0 ? WARM_UP : 0, one)));
        rounds.set(name, list);
      }
    }
    const r = (name: string) => rounds.get(name)!;
    const pushMean = over(r('push'), 'mean');
    const peerRounds = rounds.get('peer');
    const pushFigure: Figure = peerRounds
      ? anchored(
          {
            figure: 'push one text message, sequential (mean)',
            unit: 'ms',
            embedkit: pushMean,
            anchor: { name: 'mockapis push', value: over(peerRounds, 'mean') },
            note: `${describe(r('push'))}; mockapis ${describe(peerRounds)}`,
          },
          `<= ${PEER_PUSH_RATIO}x the peer's mean`,
          pushMean.median <= PEER_PUSH_RATIO * over(peerRounds, 'mean').median,
        )
      : {
          figure: 'push one text message, sequential (mean)',
          unit: 'ms',
          embedkit: pushMean,
          target: `<= ${PEER_PUSH_RATIO}x ${PEER_PUSH_MEAN_MS} ms (mockapis's mean; no peer here: ${absent})`,
          pass: pushMean.median <= PEER_PUSH_RATIO * PEER_PUSH_MEAN_MS,
          note: describe(r('push')),
        };
    /** A row of a call's mean that sets no target: what it costs, for the reader to weigh. */
    const meanOnly = (figure: string, call: string): Figure => ({
      figure,
      unit: 'ms',
      embedkit: over(r(call), 'mean'),
      target: 'informational',
      pass: true,
      note: describe(r(call)),
    });
    const floorMean = over(r('floor'), 'mean');
    // Push's floor: a bare Express route doing only push's rules (bench/http/floors.mjs). Beside
    // the peer it says how much of the push row's distance to the peer the rules alone take.
    const floorFigures: Figure[] = [
      informational(
        {
          figure: "push's floor, sequential (mean)",
          unit: 'ms',
          embedkit: floorMean,
          anchor: peerRounds
            ? { name: 'mockapis push', value: over(peerRounds, 'mean') }
            : { name: 'bare Express GET {}', value: over(r('bare'), 'mean') },
          note: describe(r('floor')),
        },
        "push's rules alone",
      ),
      informational(
        {
          figure: 'push beside its floor, sequential (mean)',
          unit: 'ms',
          embedkit: pushMean,
          anchor: { name: "push's floor", value: floorMean },
          note: `${describe(r('push'))}; floor ${describe(r('floor'))}`,
        },
        "what embedkit adds to push's rules",
      ),
    ];
    const infoMean = over(r('info'), 'mean');
    const bareMean = over(r('bare'), 'mean');
    return [
      pushFigure,
      ...floorFigures,
      meanOnly('reply with a fresh reply token, sequential (mean)', 'reply'),
      meanOnly('chat read (chatMessages, newest page), sequential (mean)', 'read'),
      {
        figure: 'kit.say -> webhook received by the bot, sequential (p50)',
        unit: 'ms',
        embedkit: over(r('say'), 'p50'),
        target: 'p50 <= 2 ms',
        pass: over(r('say'), 'p50').median <= 2,
        note: describe(r('say')),
      },
      informational(
        {
          figure: 'GET /v2/bot/info, sequential (mean)',
          unit: 'ms',
          embedkit: infoMean,
          anchor: { name: 'bare Express GET {}', value: bareMean },
          note: `${describe(r('info'))}; bare ${describe(r('bare'))}`,
        },
        'the GET reference',
      ),
    ];
  } finally {
    kit.close();
    bare.close();
    peer?.close();
    target.child.kill('SIGTERM');
    bot.child.disconnect();
  }
}
