/**
 * HTTP throughput and latency with autocannon on loopback, against a bare Express route in the
 * same server process. The server's memory under a fixed amount of the same load: bench/http/memory.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { channelToken, userToken } from '../../e2e/platform.js';
import type { Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';
const UTOU = 'UU0a11ce00000000000000000000000b0';
const BLOCKCHAIN = { apiKey: '136db0ec-0390-45d3-9d3b-f3a7e0fa7a9c', secret: '9256bf8a-2b86-42fe-b3e0-d3079d0141fe' };
/** Nonces of the signed blockchain requests: never one twice in a run. */
let nonceSeq = 36 ** 7;
const ROUNDS = 5;
const SECONDS = 3;
const CONNECTIONS = 10;

/** The measured server process (bench/http/http-target.mjs) and its three addresses. */
export interface Target {
  child: ChildProcess;
  embedkit: string;
  /** `{blockchain_url}` of the same server. */
  blockchain: string;
  bare: string;
}

/**
 * Starts bench/http/http-target.mjs on the running Node.js; resolves once it listens.
 * @param options `liftPlanLimits`: the plans' rate limits far above any load (the sequential and peers groups)
 */
export async function startTarget(options: { liftPlanLimits?: boolean } = {}): Promise<Target> {
  const args = ['bench/http/http-target.mjs', ...(options.liftPlanLimits ? ['--lift-plan-limits'] : [])];
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
  const { embedkitPort, blockchainPort, barePort } = JSON.parse(line) as { embedkitPort: number; blockchainPort: number; barePort: number };
  return {
    child,
    embedkit: `http://127.0.0.1:${embedkitPort}`,
    blockchain: `http://127.0.0.1:${blockchainPort}`,
    bare: `http://127.0.0.1:${barePort}`,
  };
}

/** Resident set size of a process, in MB (Linux /proc): now (`VmRSS`) or its peak so far (`VmHWM`). */
export function rssMb(pid: number, which: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const kb = new RegExp(`${which}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

interface Load {
  rps: number;
  p99: number;
}

async function load(opts: autocannon.Options): Promise<Load> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${opts.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** A channel token and a user token of the demo channel. */
async function tokens(base: string): Promise<{ channel: string; user: string }> {
  return { channel: await channelToken(base), user: await userToken(base, ALICE, UTOU) };
}

/** A route the HTTP rows load: its name in the table and autocannon's options for it. */
export interface Route {
  name: string;
  opts: autocannon.Options;
}

/** The four measured routes of a started target, with the tokens they need. */
export async function measuredRoutes(target: Target): Promise<Route[]> {
  const t = await tokens(target.embedkit);
  return [
    { name: 'GET /embed/v1/apps', opts: { url: `${target.embedkit}/embed/v1/apps`, headers: { authorization: `Bearer ${t.channel}` } } },
    { name: 'GET /v2/profile', opts: { url: `${target.embedkit}/v2/profile`, headers: { authorization: `Bearer ${t.user}` } } },
    {
      name: 'POST /message/v3/share (sendMessages)',
      opts: {
        url: `${target.embedkit}/message/v3/share`,
        method: 'POST',
        headers: { authorization: `Bearer ${t.user}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ type: 'text', text: 'bench' }] }),
      },
    },
    {
      // Each request signed with a fresh nonce (a signature works once), as a service backend sends them.
      name: 'signed GET /v1/wallets (blockchain)',
      opts: {
        url: `${target.blockchain}/v1/wallets`,
        requests: [
          {
            setupRequest: (req) => {
              const nonce = (nonceSeq++).toString(36).padStart(8, '0').slice(-8);
              const timestamp = String(Date.now());
              const signature = createHmac('sha512', BLOCKCHAIN.secret).update(`${nonce}${timestamp}GET/v1/wallets`).digest('base64');
              return { ...req, headers: { ...req.headers, 'service-api-key': BLOCKCHAIN.apiKey, nonce, timestamp, signature } };
            },
          },
        ],
      },
    },
  ];
}

export async function httpFigures(): Promise<Figure[]> {
  const target = await startTarget();
  try {
    const routes = await measuredRoutes(target);
    await new Promise((r) => setTimeout(r, 500));
    const results = new Map<string, Load[]>();
    const bare: Load[] = [];
    // Alternate each route with the anchor, so both see the same machine at the same time.
    for (let round = 0; round < ROUNDS; round++) {
      for (const route of routes) {
        bare.push(await load({ url: `${target.bare}/bare` }));
        const list = results.get(route.name) ?? [];
        list.push(await load(route.opts));
        results.set(route.name, list);
      }
    }
    const bareRps = summarize(bare.map((b) => b.rps));
    return routes.map((route) => {
      const runs = results.get(route.name)!;
      const rps = summarize(runs.map((r) => r.rps));
      const p99 = summarize(runs.map((r) => r.p99));
      const ratio = rps.median / bareRps.median;
      return {
        figure: `HTTP ${route.name}, ${CONNECTIONS} connections`,
        unit: 'req/s',
        embedkit: rps,
        anchor: { name: 'bare Express {}', value: bareRps },
        ratio,
        target: '>= 0.5x bare; p99 <= 5 ms',
        pass: ratio >= 0.5 && p99.median <= 5,
        note: `p99 ${p99.median} ms [${p99.min}–${p99.max}]`,
      };
    });
  } finally {
    target.child.kill('SIGTERM');
  }
}
