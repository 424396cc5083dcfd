/**
 * A CPU profile of the server under one route's load: `npx tsx bench/http/profile.ts <route> [--node=24]
 * [--seconds=10]` starts bench/http/http-target.mjs under `node --cpu-prof` (on the running Node.js, or
 * on another major in a copy made by scripts/node-copy.sh), loads the route with autocannon as the
 * HTTP rows do, and prints where the server's CPU time went: by origin (Node.js, Express, Kysely,
 * better-sqlite3, embedkit's own modules, garbage collection...) and the heaviest frames by self
 * time. Routes: `share` (sendMessages), `wallets` (signed GET /v1/wallets), `apps`, `profile`, `bare`, and
 * the floors of share, profile, wallets and apps (`floor-share`...: bench/http/floors.mjs), and `push` (the bot's
 * push of one text message to Alice, the sequential group's call, with the plans' rate limits lifted).
 * `--interval=µs` sets the sampling interval. `--sequential=N` makes N calls one at a time on one kept-alive connection instead (the sequential
 * group's load, where latency rather than throughput is what a test feels), for `push` and the
 * other routes with a fixed request.
 * The profile itself stays in the printed directory for Chrome DevTools or speedscope.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { channelToken } from '../../e2e/support/platform.js';
import { ALICE, pushBody } from '../sequential/sequential.js';
import { measuredRoutes, targetOf } from './http.js';
import { formatProfile, summarizeProfile, type CpuProfile } from './cpu-profile.js';
import { OneConnection } from '../sequential/latency.js';

const args = process.argv.slice(2);
const route = args.find((a) => !a.startsWith('--')) ?? 'share';
const major = args.find((a) => a.startsWith('--node='))?.slice('--node='.length);
const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.slice('--seconds='.length) ?? 10);
/** The sampling interval, µs (`--interval=`; V8's default 1,000): finer shows short calls, at a cost to every figure. */
const interval = args.find((a) => a.startsWith('--interval='))?.slice('--interval='.length);
const sequentialCalls = Number(args.find((a) => a.startsWith('--sequential='))?.slice('--sequential='.length) ?? 0);
const NAMES: Record<string, string> = {
  share: 'POST /message/v3/share (sendMessages)',
  wallets: 'signed GET /v1/wallets (blockchain)',
  apps: 'GET /embed/v1/apps',
  profile: 'GET /v2/profile',
};

const dir = mkdtempSync(join(tmpdir(), 'embedkit-profile-'));
let node = process.execPath;
let cwd = process.cwd();
if (major) {
  const { stdout } = await promisify(execFile)('bash', ['scripts/node-copy.sh', major, join(dir, 'checkout')], { maxBuffer: 1 << 24 });
  node = join(stdout.trim().split('\n').pop()!, 'node');
  cwd = join(dir, 'checkout');
}
const targetArgs = ['bench/http/http-target.mjs', '--floors', ...(route === 'push' ? ['--lift-plan-limits'] : [])];
/**
 * `calls` requests of `opts` one after the other on one connection, as the sequential group sends
 * them; answers the figures the report prints, in autocannon's shape.
 * @throws Error on an answer that is not 2xx (a profile of failures would mislead)
 */
async function oneAtATime(opts: autocannon.Options, calls: number) {
  const url = new URL(opts.url);
  const connection = new OneConnection(url.origin);
  const headers = (opts.headers ?? {}) as Record<string, string>;
  const body = typeof opts.body === 'string' ? (JSON.parse(opts.body) as unknown) : undefined;
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    const answer = await connection.send(opts.method ?? 'GET', url.pathname + url.search, headers, body);
    if (answer.status < 200 || answer.status > 299) throw new Error(`${opts.url}: ${answer.status} ${answer.body}`);
  }
  const ms = performance.now() - started;
  return { requests: { total: calls, average: Math.round((calls / ms) * 1000) } };
}

const child = spawn(
  node,
  ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...(interval ? [`--cpu-prof-interval=${interval}`] : []), ...targetArgs],
  {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const line = await new Promise<string>((resolve) => {
  let out = '';
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
  });
});
const target = targetOf(child, line);
const floorOf = route.startsWith('floor-') ? route.slice('floor-'.length) : undefined;
const measured =
  route === 'bare' || route === 'push' ? undefined : (await measuredRoutes(target)).find((r) => r.name === NAMES[floorOf ?? route]);
const push = async (): Promise<autocannon.Options> => ({
  url: `${target.embedkit}/v2/bot/message/push`,
  method: 'POST',
  headers: { authorization: `Bearer ${await channelToken(target.embedkit)}`, 'content-type': 'application/json' },
  body: JSON.stringify(pushBody(ALICE, 'profiled')),
});
const opts =
  route === 'bare' ? { url: `${target.bare}/bare` } : route === 'push' ? await push() : floorOf ? measured?.floor : measured?.opts;
if (!opts)
  throw new Error(
    `unknown route ${route} (share, wallets, apps, profile, bare, floor-share, floor-profile, floor-wallets, floor-apps, push)`,
  );
// A warm-up, so that the profile shows the steady state rather than the first compilations.
if (sequentialCalls > 0) await oneAtATime(opts, Math.ceil(sequentialCalls / 10));
else await autocannon({ connections: 10, duration: 2, ...opts });
// The profile's clock is the system's monotonic clock, as process.hrtime's: the window of the load.
const from = Number(process.hrtime.bigint() / 1000n);
const r = sequentialCalls > 0 ? await oneAtATime(opts, sequentialCalls) : await autocannon({ connections: 10, duration: seconds, ...opts });
const to = Number(process.hrtime.bigint() / 1000n);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const summary = formatProfile(
  summarizeProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, from, to, r.requests.total, 25),
);
process.stdout.write(
  `Node.js ${major ?? process.versions.node}, ${route}: ${r.requests.average} req/s, ${r.requests.total} requests in the profiled load\n`,
);
process.stdout.write(`${summary}\nprofile: ${join(dir, file)}\n`);
