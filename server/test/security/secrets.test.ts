// Secrets stay where they belong: channel secrets, the blockchain API secret and wallet secrets
// leave the server only in the ready line, the export (`GET /embedkit/v1/scenario`) and the
// platform's own login pages. Every GET of the simulator API, the live stream and the logs are
// checked on the default world after a webhook delivery and a signed blockchain call.
import { SIMULATOR_API, simulatorPath, type SimulatorRoute } from '#contract/simulator-api.js';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { DEFAULT_SCENARIO } from '../../src/scenario/load.js';
import { OWNER, signed } from '../blockchain/helpers.js';
import { raw } from './helpers.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';
const BOT_CHAT = 'UBa11ce0000000000000000000000a11c';
const CHANNEL = '1650000001';
const CONTRACT = '61e14383';

/** Every string under a key naming a secret in the default scenario (channels, services, wallets). */
function secretsOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return /secret/i.test(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => secretsOf(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => secretsOf(v, k));
  return [];
}
const SECRETS = secretsOf(JSON.parse(readFileSync(DEFAULT_SCENARIO, 'utf8')));

let server: RunningServer;
let hook: Server;
const logs: string[] = [];
const received: string[] = [];
let stream = '';
const abort = new AbortController();
let messageId = '';

beforeAll(async () => {
  const sink = new Writable({ write: (chunk: Buffer, _e, done) => (logs.push(chunk.toString()), done()) });
  server = await startServer({ port: 0, inMemory: true, logger: pino({ level: 'debug' }, sink) });
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => (received.push(body), res.end('{}')));
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  const base = server.baseUrl;
  // The live stream, read while everything happens.
  void fetch(`${base}/embedkit/v1/events/stream`, { signal: abort.signal })
    .then(async (res) => {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) stream += Buffer.from(chunk).toString();
    })
    .catch(() => undefined);
  const put = await fetch(`${base}/embedkit/v1/channels/${CHANNEL}/webhook`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook` }),
  });
  expect(put.status).toBe(200);
  const said = await fetch(`${base}/embedkit/v1/chats/${BOT_CHAT}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: ALICE, message: { type: 'text', text: 'hello bot' } }),
  });
  expect(said.status).toBe(200);
  messageId = ((await said.json()) as { id: string }).id;
  for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  expect(received.length).toBeGreaterThan(0);
  // A signed call that carries a wallet secret in its body.
  await signed(server.embedkit, 'PUT', `/v1/item-tokens/${CONTRACT}/non-fungibles/10000001/00000001`, {
    body: { ownerAddress: OWNER.address, ownerSecret: OWNER.secret, name: 'Renamed Sword' },
  }).expect(202);
}, 30_000);

afterAll(async () => {
  abort.abort();
  hook?.close();
  await server?.close();
});

it('knows the default world’s secrets (channels, the blockchain service, the wallets)', () => {
  expect(SECRETS.length).toBeGreaterThanOrEqual(6);
  expect(SECRETS).toContain(OWNER.secret);
});

it('answers no secret in any GET of the simulator API, in the live stream, in a delivery or in the logs', async () => {
  // Every GET route of the contract, by name, with values to fill in (the export and the stream are checked apart).
  const fill: Record<string, Record<string, string>> = {
    chatMessages: { chatId: BOT_CHAT },
    userPicture: { userId: ALICE },
    userPictureSized: { userId: ALICE, size: 'small' },
    channelV1: { channelId: '1650000002' },
    channelIcon: { channelId: '1650000002' },
    friendship: { userId: ALICE, channelId: CHANNEL },
    shownRichMenu: { channelId: CHANNEL },
    aliasRichMenu: { channelId: CHANNEL, aliasId: 'a' },
    richMenuImage: { channelId: CHANNEL, richMenuId: 'x' },
    content: { messageId },
    webhook: { channelId: CHANNEL },
    indicators: { chatId: BOT_CHAT },
    botInsight: { channelId: CHANNEL },
    couponTicket: { couponId: 'x', userId: ALICE },
    membershipPlans: { channelId: CHANNEL },
    phoneLog: { phoneId: 'p1' },
    chatControl: { channelId: CHANNEL, chatId: BOT_CHAT },
    serviceMessages: { userId: ALICE },
    iapProducts: { embedId: '1650000001-liffapp1' },
    iapConsent: { userId: ALICE },
    iapOrder: { orderId: 'T0' },
    consentPlan: { userId: ALICE, embedId: '1650000001-liffapp1' },
    grants: { userId: ALICE },
    consentScreen: { screenId: 'cs1' },
    calendarEvents: { userId: ALICE },
    linePayTransaction: { transactionId: '2026112800000000001' },
  };
  const gets = (Object.keys(SIMULATOR_API) as SimulatorRoute[]).filter(
    (n) => SIMULATOR_API[n].method === 'GET' && n !== 'scenario' && n !== 'liveEvents',
  );
  const paths = Object.fromEntries(
    gets.map((n) => [n, simulatorPath(n, (fill[n] ?? {}) as never, n === 'shownRichMenu' ? { userId: ALICE } : undefined)]),
  );
  expect(Object.keys(fill).filter((n) => !gets.includes(n as SimulatorRoute))).toEqual([]);
  const answers: Record<string, string> = {};
  for (const path of Object.values(paths)) {
    const res = await raw(server.port, 'GET', path, { host: `localhost:${server.port}` });
    expect(res.status, path).toBeLessThan(500);
    answers[path] = res.text;
  }
  const deliveries = JSON.parse(answers[paths.deliveries!]!) as { deliveries?: unknown[] };
  expect(JSON.stringify(deliveries)).toContain('hello bot');
  expect(answers[paths.blockchain!]).toContain('Renamed Sword');
  for (const secret of SECRETS) {
    for (const [path, text] of Object.entries(answers)) expect(text.includes(secret), `${path} carries a secret`).toBe(false);
    expect(stream.includes(secret), 'the live stream carries a secret').toBe(false);
    expect(received.join('\n').includes(secret), 'a webhook body carries a secret').toBe(false);
    expect(logs.join('').includes(secret), 'the logs carry a secret').toBe(false);
  }
  expect(stream).toContain('event: delivery');
});

it('carries the secrets in the export, refused to another site', async () => {
  const mine = await raw(server.port, 'GET', '/embedkit/v1/scenario', { host: `localhost:${server.port}` });
  expect(mine.status).toBe(200);
  expect(mine.text).toContain(OWNER.secret);
  for (const headers of [{ origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
    const res = await raw(server.port, 'GET', '/embedkit/v1/scenario', { host: `localhost:${server.port}`, ...headers });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain(OWNER.secret);
  }
});

it('refuses the export beyond loopback without the admin token', async () => {
  const guarded = await startServer({ port: 0, inMemory: true, adminToken: 'team-token-0123456789abcdef' });
  try {
    const res = await raw(guarded.port, 'GET', '/embedkit/v1/scenario', { host: `127.0.0.1:${guarded.port}` });
    expect(res.status).toBe(401);
    expect(res.text).not.toContain(OWNER.secret);
  } finally {
    await guarded.close();
  }
});
