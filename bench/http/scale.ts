/**
 * Flat costs as the store grows: push, sendMessages, `GET /v2/profile` and opening a
 * chat in the host (simulator route `chatMessages`, the latest page) with 10,000, 100,000
 * and 1,000,000 messages stored, each measured with autocannon and compared with its own figure at
 * 10,000. The messages are written straight into the database file (one transaction per 10,000) so
 * that filling takes seconds, spread over the scenario's chats, half of them in the chat opened.
 * Rate limits are lifted for the run: the bench measures cost, not the plan.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { startServer, type RunningServer } from '../../server/dist/serve/start.js';
import { SIMULATOR_PREFIX, simulatorPath } from '#contract/simulator-api.js';
import { channelToken, userToken } from '../../e2e/support/platform.js';
import type { Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';
const BOB = 'U000000000000000000000000000000b0';
/** The chats the other half of the history goes to. */
const OTHER_CHATS = [
  'R0000000000000000000000000000000a',
  'C0000000000000000000000000000000a',
  'UBa11ce0000000000000000000000a11c',
  'UB00000000000000000000000000000b0',
];
const UTOU = 'UU0a11ce00000000000000000000000b0';
const SIZES = [10_000, 100_000, 1_000_000] as const;
const ROUNDS = 3;
const SECONDS = 2;
const NO_LIMITS = { requestsPerMinute: 1e9, recipientsPerMinute: 1e12 };

/** Adds messages until the store holds `total`: half in the chat opened, the rest in other chats. */
async function fill(server: RunningServer, from: number, total: number): Promise<void> {
  const db = server.embedkit.db;
  const body = JSON.stringify({ type: 'text', text: 'a message of the history, about this long' });
  for (let done = from; done < total;) {
    const n = Math.min(10_000, total - done);
    await db.transaction().execute(async (trx) => {
      // 500 rows per INSERT keeps within the databases' limits on bound parameters.
      for (let i = 0; i < n; i += 500) {
        const rows = Array.from({ length: Math.min(500, n - i) }, (_, j) => {
          const k = done + i + j;
          return {
            chat_id: k % 2 ? UTOU : OTHER_CHATS[k % OTHER_CHATS.length]!,
            sender_type: 'user',
            sender_id: ALICE,
            body,
            created_at: k,
          };
        });
        await trx.insertInto('messages').values(rows).execute();
      }
    });
    done += n;
  }
}

async function rps(opts: autocannon.Options): Promise<number> {
  const r = await autocannon({ connections: 10, duration: SECONDS, ...opts });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
}

export async function scaleFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-bench-scale-'));
  const server = await startServer({
    port: 0,
    dataDir: dir,
    logger: pino({ level: 'silent' }),
    bots: { planLimits: { 'developer-trial': NO_LIMITS, other: NO_LIMITS } },
  });
  try {
    const base = server.baseUrl.replace('localhost', '127.0.0.1');
    const channel = await channelToken(base);
    const user = await userToken(base, ALICE, UTOU);
    const routes: Array<{ name: string; opts: autocannon.Options }> = [
      {
        name: 'push (POST /v2/bot/message/push)',
        opts: {
          url: `${base}/v2/bot/message/push`,
          method: 'POST',
          headers: { authorization: `Bearer ${channel}`, 'content-type': 'application/json' },
          body: JSON.stringify({ to: BOB, messages: [{ type: 'text', text: 'bench' }] }),
        },
      },
      {
        name: 'sendMessages (POST /message/v3/share)',
        opts: {
          url: `${base}/message/v3/share`,
          method: 'POST',
          headers: { authorization: `Bearer ${user}`, 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [{ type: 'text', text: 'bench' }] }),
        },
      },
      { name: 'GET /v2/profile', opts: { url: `${base}/v2/profile`, headers: { authorization: `Bearer ${user}` } } },
      {
        name: `open a chat (GET ${SIMULATOR_PREFIX}/chats/<id>/messages)`,
        opts: { url: `${base}${simulatorPath('chatMessages', { chatId: UTOU })}` },
      },
    ];
    const at = new Map<string, Map<number, number[]>>(routes.map((r) => [r.name, new Map()]));
    let stored = 0;
    for (const size of SIZES) {
      // The load itself adds messages: fill tops up to the size before each route.
      for (let round = 0; round < ROUNDS; round++) {
        for (const route of routes) {
          const count = Number(
            (
              await server.embedkit.db
                .selectFrom('messages')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
          stored = Math.max(stored, count);
          if (count < size) await fill(server, count, size);
          const list = at.get(route.name)!.get(size) ?? [];
          list.push(await rps(route.opts));
          at.get(route.name)!.set(size, list);
        }
      }
    }
    return routes.flatMap((route) => {
      const base10k = summarize(at.get(route.name)!.get(SIZES[0])!);
      return SIZES.slice(1).map((size) => {
        const s = summarize(at.get(route.name)!.get(size)!);
        const ratio = s.median / base10k.median;
        return {
          figure: `${route.name} with ${size.toLocaleString('en')} messages stored`,
          unit: 'req/s',
          embedkit: s,
          anchor: { name: 'same at 10,000', value: base10k },
          ratio,
          target: 'within 20% of 10,000 (ratio >= 0.8)',
          pass: ratio >= 0.8,
        } satisfies Figure;
      });
    });
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
