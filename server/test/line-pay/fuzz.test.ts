// Fuzzing of `{linepay_base_url}` (beside the other interfaces' fuzzers): generated requests to
// every route of the LINE Pay API and the payment page, some signed with the merchant's secret key
// and a plausible body, others with garbage segments, headers, bodies and methods. No 5xx, the
// origin keeps answering, and every API answer is `{returnCode, returnMessage}` with a 4-digit code.
// FUZZ_RUNS / 5 requests (CI: 2,000).
import { randomUUID } from 'node:crypto';
import { request as httpRequest, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { signatureOf } from '../../src/interfaces/line-pay/index.js';
import { createGuardedServer } from '../../src/serve/guarded-server.js';
import { approved, makeLinePayKit, MERCHANT, order } from './helpers.js';

const RUNS = Math.max(100, Math.floor(Number(process.env.FUZZ_RUNS ?? 10_000) / 5));

let kit: Embedkit;
let server: Server;
let port: number;
let known: { transactionId: string; orderId: string };
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  kit = await makeLinePayKit();
  known = await approved(kit);
  server = createGuardedServer().on('request', kit.apps.linepay).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await new Promise((r) => server?.close(r));
  await kit.close();
});

function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const r = httpRequest(
      { host: '127.0.0.1', port, method, path, agent, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            type: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    r.setTimeout(10_000, () => r.destroy(new Error(`timeout: ${method} ${path}`)));
    r.on('error', reject);
    r.end(body);
  });
}

const ROUTES = [
  '/v3/payments/request',
  '/v3/payments/:transactionId/confirm',
  '/v3/payments/authorizations/:transactionId/capture',
  '/v3/payments/authorizations/:transactionId/void',
  '/v3/payments/:transactionId/refund',
  '/v3/payments',
  '/v3/payments/requests/:transactionId/check',
  '/v3/payments/preapprovedPay/:regKey/payment',
  '/v3/payments/preapprovedPay/:regKey/check',
  '/v3/payments/preapprovedPay/:regKey/expire',
  '/web/payment/wait',
  '/web/payment/decide',
];
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('..', '%00', '%ff', '__proto__', '9'.repeat(25), 'x'.repeat(3000))),
  },
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.constantFrom('transactionId', 'orderId', 'fields', 'creditCardAuth', 'transactionReserveId', 'x'),
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('ALL', 'ORDER', '2026010100000000001', 'true', '1e99')),
    )
    .map((q) => new URLSearchParams(q).toString()),
);
const money = fc.oneof(fc.constantFrom(150, 0, -1, 150.5, 1e13, 120), fc.anything());
const plausible = fc.record(
  {
    amount: money,
    currency: fc.oneof(fc.constantFrom('TWD', 'THB', 'JPY', 'USD', 'EUR'), fc.anything()),
    orderId: fc.oneof(fc.string({ maxLength: 30 }), fc.anything()),
    packages: fc.oneof(fc.constant(order(150).packages), fc.array(fc.anything(), { maxLength: 3 }), fc.anything()),
    redirectUrls: fc.oneof(
      fc.constant(order().redirectUrls),
      fc.record({ confirmUrl: fc.string(), cancelUrl: fc.string() }),
      fc.anything(),
    ),
    options: fc.oneof(fc.constant({ payment: { capture: false, payType: 'PREAPPROVED' } }), fc.anything()),
    refundAmount: money,
    productName: fc.oneof(fc.string(), fc.anything()),
    capture: fc.anything(),
  },
  { requiredKeys: [] },
);
const requestArb = fc.record({
  route: fc.constantFrom(...ROUTES),
  segments: fc.array(segment, { minLength: 1, maxLength: 1 }),
  query,
  method: fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom('GET', 'POST') },
    { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'OPTIONS') },
  ),
  signing: fc.constantFrom('good', 'good', 'good', 'wrong-secret', 'none', 'garbage'),
  body: fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 5, arbitrary: plausible },
    { weight: 1, arbitrary: fc.jsonValue() },
  ),
  rawBody: fc.option(fc.oneof(fc.string({ maxLength: 100 }), fc.constant('['.repeat(20_000))), { nil: undefined, freq: 8 }),
  contentType: fc.constantFrom('application/json', 'application/json', 'application/x-www-form-urlencoded', 'text/plain', undefined),
});

describe('fuzzing {linepay_base_url}', () => {
  it(
    `answers ${RUNS} generated requests without a 5xx, every API answer in the {returnCode, returnMessage} format`,
    { timeout: 300_000 },
    async () => {
      const statuses = new Map<number, number>();
      let where = '';
      const result = await fc.check(
        fc.asyncProperty(requestArb, async (r) => {
          const path = r.route.replace(/:(\w+)/g, (_m, name: string) =>
            r.segments[0] != null ? encodeURIComponent(r.segments[0]) : name === 'regKey' ? 'RK0000000000000' : known.transactionId,
          );
          const full = r.query ? `${path}?${r.query}` : path;
          const body =
            r.rawBody !== undefined
              ? Buffer.from(r.rawBody)
              : r.body === undefined
                ? undefined
                : Buffer.from(JSON.stringify(r.body) ?? 'null');
          const nonce = randomUUID();
          const headers: Record<string, string> = {};
          if (r.contentType) headers['content-type'] = r.contentType;
          if (r.signing !== 'none') {
            const content = r.method === 'GET' ? r.query : (body?.toString('utf8') ?? '');
            Object.assign(headers, {
              'x-line-channelid': r.signing === 'garbage' ? 'x'.repeat(300) : MERCHANT.channelId,
              'x-line-authorization-nonce': r.signing === 'garbage' ? '' : nonce,
              'x-line-authorization':
                r.signing === 'garbage'
                  ? '???'
                  : signatureOf(r.signing === 'wrong-secret' ? 'wrong' : MERCHANT.secret, path, content, nonce),
            });
          }
          const res = await send(r.method, full, headers, r.method === 'GET' ? undefined : body);
          where = `${r.method} ${full.slice(0, 150)} [${r.signing}] → ${res.status} ${res.text.slice(0, 200)}`;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status, where).toBeLessThan(500);
          // The payment page answers HTML (or its redirect); everything else is the API's format.
          if (res.type.startsWith('text/html') || (res.status === 303 && path === '/web/payment/decide')) return;
          const b = JSON.parse(res.text) as Record<string, unknown>;
          expect(b.returnCode, where).toMatch(/^[0-9]{4}$/);
          expect(typeof b.returnMessage, where).toBe('string');
        }),
        { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
      );
      if (result.failed) throw new Error(`fuzz failed (seed ${result.seed}): ${where}\n${String(result.errorInstance).slice(0, 500)}`);
      // Some generated requests got through every check.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      console.log(
        `LINE Pay fuzz: ${RUNS} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
      );
    },
  );
});
