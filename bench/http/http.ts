/**
 * HTTP throughput and latency with autocannon on loopback. Each measured call is loaded beside its
 * floor (bench/http/floors.mjs: a bare Express route doing only that call's rules, in the same
 * server process) and a bare Express route answering `{}`; a row reads as its ratio to its floor,
 * and to bare Express as a second figure. The server's memory under a fixed amount of the same
 * load: bench/http/memory.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type autocannon from 'autocannon';
import { channelToken, userToken } from '../../e2e/support/platform.js';
import { load, LOAD_CONNECTIONS, type Load } from '../lib/load.js';
import type { Figure } from '../lib/report.js';
import { informational } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';
const UTOU = 'UU0a11ce00000000000000000000000b0';
const BLOCKCHAIN = { apiKey: '136db0ec-0390-45d3-9d3b-f3a7e0fa7a9c', secret: '9256bf8a-2b86-42fe-b3e0-d3079d0141fe' };
/** Nonces of the signed blockchain requests: never one twice in a run. */
let nonceSeq = 36 ** 7;
const ROUNDS = 5;

/** The measured server process (bench/http/http-target.mjs) and its three addresses. */
export interface Target {
  child: ChildProcess;
  embedkit: string;
  /** `{blockchain_url}` of the same server. */
  blockchain: string;
  /** The bare Express app: `/bare`, and the floors (`/floor/...`) when started with them. */
  bare: string;
  /** The user access token the floors accept (when started with them). */
  floorUserToken?: string;
  /** The channel access token the floors accept (when started with them). */
  floorChannelToken?: string;
}

/**
 * Starts bench/http/http-target.mjs on the running Node.js; resolves once it listens.
 * @param options `liftPlanLimits`: the plans' rate limits far above any load (the sequential and peers
 *   groups); `floors`: the floors' routes beside `/bare` (the HTTP rows; their database and schemas
 *   would count in the memory row)
 */
export async function startTarget(options: { liftPlanLimits?: boolean; floors?: boolean } = {}): Promise<Target> {
  const args = [
    'bench/http/http-target.mjs',
    ...(options.liftPlanLimits ? ['--lift-plan-limits'] : []),
    ...(options.floors ? ['--floors'] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.once('exit', (code) => reject(new Error(`bench target exited with ${code}`)));
  });
  return targetOf(child, line);
}

/** The target described by the JSON line http-target.mjs prints. */
export function targetOf(child: ChildProcess, line: string): Target {
  const { embedkitPort, blockchainPort, barePort, floorUserToken, floorChannelToken } = JSON.parse(line) as {
    embedkitPort: number;
    blockchainPort: number;
    barePort: number;
    floorUserToken?: string;
    floorChannelToken?: string;
  };
  return {
    child,
    embedkit: `http://127.0.0.1:${embedkitPort}`,
    blockchain: `http://127.0.0.1:${blockchainPort}`,
    bare: `http://127.0.0.1:${barePort}`,
    ...(floorUserToken ? { floorUserToken } : {}),
    ...(floorChannelToken ? { floorChannelToken } : {}),
  };
}

/** Resident set size of a process, in MB (Linux /proc): now (`VmRSS`) or its peak so far (`VmHWM`). */
export function rssMb(pid: number, which: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const kb = new RegExp(`${which}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** A channel token and a user token of the demo channel. */
async function tokens(base: string): Promise<{ channel: string; user: string }> {
  return { channel: await channelToken(base), user: await userToken(base, ALICE, UTOU) };
}

/** A route the HTTP rows load: its name in the table, autocannon's options for it, and for its floor. */
export interface Route {
  name: string;
  opts: autocannon.Options;
  /** The floor's route (bench/http/floors.mjs), when the target has the floors and the call has one. */
  floor?: autocannon.Options;
}

/** A signed blockchain GET of `path` at `origin`: each request with a fresh nonce (a signature works once), as a service backend sends them. */
function signedGet(origin: string, path: string): autocannon.Options {
  return {
    url: `${origin}${path}`,
    requests: [
      {
        setupRequest: (req) => {
          const nonce = (nonceSeq++).toString(36).padStart(8, '0').slice(-8);
          const timestamp = String(Date.now());
          const signature = createHmac('sha512', BLOCKCHAIN.secret).update(`${nonce}${timestamp}GET${path}`).digest('base64');
          return { ...req, headers: { ...req.headers, 'service-api-key': BLOCKCHAIN.apiKey, nonce, timestamp, signature } };
        },
      },
    ],
  };
}

/** The body of the sendMessages rows (embedkit's and its floor's). */
const SHARE_BODY = JSON.stringify({ messages: [{ type: 'text', text: 'bench' }] });

/** The four measured routes of a started target, with the tokens they need (and their floors when the target has them). */
export async function measuredRoutes(target: Target): Promise<Route[]> {
  const t = await tokens(target.embedkit);
  const floorAuth = target.floorUserToken ? { authorization: `Bearer ${target.floorUserToken}` } : undefined;
  const share = (url: string, authorization: string): autocannon.Options => ({
    url,
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: SHARE_BODY,
  });
  return [
    {
      name: 'GET /embed/v1/apps',
      opts: { url: `${target.embedkit}/embed/v1/apps`, headers: { authorization: `Bearer ${t.channel}` } },
      ...(target.floorChannelToken
        ? { floor: { url: `${target.bare}/floor/embed/v1/apps`, headers: { authorization: `Bearer ${target.floorChannelToken}` } } }
        : {}),
    },
    {
      name: 'GET /v2/profile',
      opts: { url: `${target.embedkit}/v2/profile`, headers: { authorization: `Bearer ${t.user}` } },
      ...(floorAuth ? { floor: { url: `${target.bare}/floor/v2/profile`, headers: floorAuth } } : {}),
    },
    {
      name: 'POST /message/v3/share (sendMessages)',
      opts: share(`${target.embedkit}/message/v3/share`, `Bearer ${t.user}`),
      ...(floorAuth ? { floor: share(`${target.bare}/floor/message/v3/share`, floorAuth.authorization) } : {}),
    },
    {
      name: 'signed GET /v1/wallets (blockchain)',
      opts: signedGet(target.blockchain, '/v1/wallets'),
      ...(target.floorUserToken ? { floor: signedGet(target.bare, '/floor/v1/wallets') } : {}),
    },
  ];
}

/** The least ratio of a measured call's req/s to its floor's, in the same run. */
export const FLOOR_RATIO = 0.75;
/** The least ratio to bare Express of a row without a floor. */
const BARE_RATIO = 0.5;
/** The most p99 latency of a row, ms. */
const P99_MS = 5;

/**
 * The HTTP rows: each measured call's req/s (median of {@link ROUNDS} loads, bench/lib/load.ts),
 * its ratio to its floor and to bare Express, and a row per floor (its ratio to bare Express).
 */
export async function httpFigures(): Promise<Figure[]> {
  const target = await startTarget({ floors: true });
  try {
    const routes = await measuredRoutes(target);
    await new Promise((r) => setTimeout(r, 500));
    const results = new Map<string, Load[]>();
    const floors = new Map<string, Load[]>();
    const bare: Load[] = [];
    const add = (m: Map<string, Load[]>, name: string, l: Load) => m.set(name, [...(m.get(name) ?? []), l]);
    // Alternate each route with its floor and the bare anchor, so that all see the same machine at the same time.
    for (let round = 0; round < ROUNDS; round++) {
      for (const route of routes) {
        bare.push(await load({ url: `${target.bare}/bare` }));
        if (route.floor) add(floors, route.name, await load(route.floor));
        add(results, route.name, await load(route.opts));
      }
    }
    const bareRps = summarize(bare.map((b) => b.rps));
    const p99Of = (runs: Load[]) => summarize(runs.map((r) => r.p99));
    const range = (s: { median: number; min: number; max: number }) => `${s.median} ms [${s.min}–${s.max}]`;
    return routes.flatMap((route): Figure[] => {
      const runs = results.get(route.name)!;
      const rps = summarize(runs.map((r) => r.rps));
      const p99 = p99Of(runs);
      const toBare = rps.median / bareRps.median;
      const floorRuns = floors.get(route.name);
      if (!floorRuns) {
        return [
          {
            figure: `HTTP ${route.name}, ${LOAD_CONNECTIONS} connections`,
            unit: 'req/s',
            embedkit: rps,
            anchor: { name: 'bare Express {}', value: bareRps },
            ratio: toBare,
            target: `>= ${BARE_RATIO}x bare; p99 <= ${P99_MS} ms`,
            pass: toBare >= BARE_RATIO && p99.median <= P99_MS,
            note: `p99 ${range(p99)}`,
          },
        ];
      }
      const floorRps = summarize(floorRuns.map((r) => r.rps));
      const toFloor = rps.median / floorRps.median;
      return [
        {
          figure: `HTTP ${route.name}, ${LOAD_CONNECTIONS} connections`,
          unit: 'req/s',
          embedkit: rps,
          anchor: { name: 'its floor', value: floorRps },
          ratio: toFloor,
          target: `>= ${FLOOR_RATIO}x floor; p99 <= ${P99_MS} ms`,
          pass: toFloor >= FLOOR_RATIO && p99.median <= P99_MS,
          note: `p99 ${range(p99)}; ${toBare.toFixed(2)}x bare Express (${bareRps.median.toFixed(0)} req/s)`,
        },
        informational(
          {
            figure: `HTTP floor of ${route.name}, ${LOAD_CONNECTIONS} connections`,
            unit: 'req/s',
            embedkit: floorRps,
            anchor: { name: 'bare Express {}', value: bareRps },
            note: `p99 ${range(p99Of(floorRuns))}`,
          },
          "the call's rules alone: bench/http/floors.mjs",
        ),
      ];
    });
  } finally {
    target.child.kill('SIGTERM');
  }
}
