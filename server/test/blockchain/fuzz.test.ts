// Fuzzing of `{blockchain_url}` (beside the other interfaces' fuzzers): generated requests to
// every route of part A, some correctly signed with a fresh nonce and a plausible body, others
// with garbage segments, headers, bodies and methods. No 5xx, the origin keeps answering, and
// every answer is the envelope. FUZZ_RUNS / 5 requests (CI: 2,000).
import { request as httpRequest, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { createGuardedServer } from '../../src/serve/guarded-server.js';
import { sign } from '../../src/interfaces/blockchain/signature.js';
import { CONTRACT, makeBlockchainKit, OWNER, PLAYER, SERVICE } from './helpers.js';

const RUNS = Math.max(100, Math.floor(Number(process.env.FUZZ_RUNS ?? 10_000) / 5));

let kit: Embedkit;
let server: Server;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  kit = await makeBlockchainKit();
  server = createGuardedServer().on('request', kit.apps.blockchain).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await new Promise((r) => server?.close(r));
  await kit.close();
});

function send(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const r = httpRequest(
      { host: '127.0.0.1', port, method, path, agent, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    r.setTimeout(10_000, () => r.destroy(new Error(`timeout: ${method} ${path}`)));
    r.on('error', reject);
    r.end(body);
  });
}

const ROUTES = [
  '/v1/time',
  '/v1/wallets',
  '/v1/wallets/:address/transactions',
  '/v1/wallets/:address/item-tokens/:contractId/non-fungibles',
  '/v1/item-tokens/:contractId/non-fungibles/:tokenType/:tokenIndex',
  '/v1/item-tokens/:contractId/non-fungibles/multi-mint',
  '/v1/transactions/:txHash',
];
const good: Record<string, string[]> = {
  address: [OWNER.address, PLAYER],
  contractId: [CONTRACT, 'deadbeef'],
  tokenType: ['10000001', '10000003'],
  tokenIndex: ['00000001', '00000002'],
  txHash: ['A'.repeat(64)],
};
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('..', '%00', '%ff', '__proto__', 'x'.repeat(3000))) },
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.constantFrom('page', 'limit', 'orderBy', 'msgType', 'before', 'after', 'x'),
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('1', '50', '51', '0', 'asc', 'desc', 'collection/MsgMintNFT', '1e99')),
    )
    .map((q) => new URLSearchParams(q).toString()),
);
const mintItem = fc.record(
  {
    tokenType: fc.oneof(fc.constantFrom('10000001', '10000003', '1'), fc.anything()),
    name: fc.oneof(fc.constantFrom('Fuzz Item', 'ab', ''), fc.anything()),
    meta: fc.oneof(fc.string(), fc.constant(null), fc.anything()),
  },
  { requiredKeys: [] },
);
const plausible = fc.record(
  {
    ownerAddress: fc.oneof(fc.constantFrom(OWNER.address, PLAYER, 'tlink1'), fc.anything()),
    ownerSecret: fc.oneof(fc.constantFrom(OWNER.secret, 'wrong'), fc.anything()),
    name: fc.oneof(fc.constantFrom('Fuzzed Name', 'x'), fc.anything()),
    meta: fc.oneof(fc.string({ maxLength: 1100 }), fc.anything()),
    toAddress: fc.oneof(fc.constantFrom(PLAYER, 'nobody'), fc.anything()),
    mintList: fc.oneof(fc.array(mintItem, { maxLength: 12 }), fc.anything()),
  },
  { requiredKeys: [] },
);
const requestArb = fc.record({
  route: fc.constantFrom(...ROUTES),
  segments: fc.array(segment, { minLength: 4, maxLength: 4 }),
  pick: fc.nat(),
  query,
  method: fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom('GET', 'PUT', 'POST') },
    { weight: 1, arbitrary: fc.constantFrom('DELETE', 'PATCH', 'OPTIONS') },
  ),
  signing: fc.constantFrom('good', 'good', 'good', 'wrong-secret', 'none', 'garbage', 'old'),
  body: fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 5, arbitrary: plausible },
    { weight: 1, arbitrary: fc.jsonValue() },
  ),
  rawBody: fc.option(fc.oneof(fc.string({ maxLength: 100 }), fc.constant('['.repeat(20_000))), { nil: undefined, freq: 8 }),
  contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', undefined),
});

let counter = 0;
/** A fresh 8-character nonce: never reused by the generator, so good signatures pass. */
const freshNonce = () => `f${(counter++).toString(36).padStart(7, '0')}`.slice(-8);

describe('fuzzing {blockchain_url}', () => {
  it(`answers ${RUNS} generated requests without a 5xx, each in the envelope`, { timeout: 300_000 }, async () => {
    const statuses = new Map<number, number>();
    let where = '';
    const result = await fc.check(
      fc.asyncProperty(requestArb, async (r) => {
        let i = 0;
        const path = r.route.replace(/:(\w+)/g, (_m, name: string) => {
          const g = r.segments[i++];
          if (g != null) return encodeURIComponent(g);
          const options = good[name] ?? ['x'];
          return options[r.pick % options.length]!;
        });
        const full = r.query ? `${path}?${r.query}` : path;
        const body =
          r.rawBody !== undefined
            ? Buffer.from(r.rawBody)
            : r.body === undefined
              ? undefined
              : Buffer.from(JSON.stringify(r.body) ?? 'null');
        const parsed = r.rawBody === undefined ? r.body : undefined;
        const nonce = freshNonce();
        const timestamp = String(r.signing === 'old' ? kit.clock.now() - 3_600_000 : kit.clock.now());
        const headers: Record<string, string> = {};
        if (r.contentType) headers['content-type'] = r.contentType;
        if (r.signing !== 'none') {
          const secret = r.signing === 'wrong-secret' ? 'wrong' : SERVICE.secret;
          Object.assign(headers, {
            'service-api-key': r.signing === 'garbage' ? 'x'.repeat(300) : SERVICE.apiKey,
            nonce: r.signing === 'garbage' ? '!!' : nonce,
            timestamp,
            signature:
              r.signing === 'garbage'
                ? '???'
                : sign(secret, {
                    nonce,
                    timestamp,
                    method: r.method,
                    path: decodeURIComponent(path.replace(/%(?![0-9a-fA-F]{2})/g, '%25')),
                    query: r.query,
                    body: parsed,
                  }),
          });
        }
        const res = await send(r.method, full, headers, r.method === 'GET' ? undefined : body);
        where = `${r.method} ${full.slice(0, 150)} [${r.signing}] → ${res.status} ${res.text.slice(0, 200)}`;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, where).toBeLessThan(500);
        const b = JSON.parse(res.text) as Record<string, unknown>;
        expect(typeof b.responseTime, where).toBe('number');
        expect(typeof b.statusCode, where).toBe('number');
        expect(typeof b.statusMessage, where).toBe('string');
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
    if (result.failed) throw new Error(`fuzz failed (seed ${result.seed}): ${where}\n${String(result.errorInstance).slice(0, 500)}`);
    expect((await send('GET', '/v1/time', {})).status).toBe(200);
    // Some generated requests got through every check.
    expect((statuses.get(200) ?? 0) + (statuses.get(202) ?? 0)).toBeGreaterThan(0);
    console.log(
      `blockchain fuzz: ${RUNS} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
  });
});
