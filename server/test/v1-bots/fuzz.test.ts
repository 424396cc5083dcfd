// Property-based fuzzing of the v1 bot routes (as the other interfaces' fuzzers do): generated
// Post Event bodies close to valid ones, wrong types, garbage, with good and bad credentials on the
// three origins. No answer may be a 5xx (except the spec's own row: `mids` missing is HTTP 500),
// every answer is in the v1 format, and the server keeps answering.
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { createGuardedServer } from '../../src/serve/guarded-server.js';
import {
  ALICE,
  BOB,
  ENTERPRISE,
  enterpriseHeaders,
  GROUP,
  LINK,
  makeV1Kit,
  MULTIPLE,
  ROOM,
  SINGLE,
  TO_CHANNEL,
  trialHeaders,
} from './helpers.js';

const RUNS = Math.max(200, Math.round(Number(process.env.FUZZ_RUNS ?? 10_000) / 5));

let kit: Embedkit;
const servers: Record<'base' | 'deprecated' | 'trialbot', { server: Server; port: number }> = {} as never;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let token = '';

beforeAll(async () => {
  kit = await makeV1Kit();
  token = (await enterpriseHeaders(kit))['X-Service-ChannelToken']!;
  for (const [name, app] of [
    ['base', kit.app],
    ['deprecated', kit.apps.deprecated],
    ['trialbot', kit.apps.trialbot],
  ] as const) {
    const server = createGuardedServer().on('request', app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    servers[name] = { server, port: (server.address() as AddressInfo).port };
  }
});
afterAll(async () => {
  agent.destroy();
  for (const s of Object.values(servers)) await new Promise((r) => s.server.close(r));
  await kit.close();
});

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const r = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) }, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    r.setTimeout(10_000, () => r.destroy(new Error(`timeout: ${method} ${path}`)));
    r.on('error', reject);
    r.end(body);
  });
}

const mid = fc.oneof(
  fc.constantFrom(ALICE, BOB, GROUP, ROOM, 'u00000000000000000000000000000000', ''),
  fc.string({ maxLength: 40 }),
  fc.anything(),
);
const markup = fc.record(
  {
    canvas: fc.record(
      {
        width: fc.oneof(fc.constant(1040), fc.integer()),
        height: fc.oneof(fc.integer({ min: -1, max: 3000 }), fc.anything()),
        initialScene: fc.constantFrom('scene1', 'x'),
      },
      { requiredKeys: [] },
    ),
    images: fc.oneof(fc.constant({ image1: { x: 0, y: 0, w: 1040, h: 500 } }), fc.anything()),
    actions: fc.oneof(
      fc.constant({ a: { type: 'web', params: { linkUri: 'https://example.com' } } }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.anything()),
    ),
    scenes: fc.oneof(
      fc.constant({
        scene1: {
          draws: [{ image: 'image1', x: 0, y: 0, w: 1040, h: 500 }],
          listeners: [{ type: 'touch', params: [0, 0, 100, 100], action: 'a' }],
        },
      }),
      fc.record({
        scene1: fc.record({
          draws: fc.anything(),
          listeners: fc.array(
            fc.record({ type: fc.constant('touch'), params: fc.array(fc.integer(), { maxLength: 5 }), action: fc.string() }),
            { maxLength: 3 },
          ),
        }),
      }),
      fc.anything(),
    ),
  },
  { requiredKeys: [] },
);
const content = fc.record(
  {
    contentType: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(1, 2, 3, 4, 7, 8, 10, 12) }, fc.anything()),
    toType: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(1, 2, 3) }, fc.anything()),
    text: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('x'.repeat(1100)), fc.anything()),
    originalContentUrl: fc.oneof(fc.webUrl(), fc.string(), fc.anything()),
    previewImageUrl: fc.oneof(fc.webUrl(), fc.anything()),
    location: fc.oneof(
      fc.record({ title: fc.string(), latitude: fc.double(), longitude: fc.anything() }, { requiredKeys: [] }),
      fc.anything(),
    ),
    contentMetadata: fc.oneof(
      fc.record(
        {
          AUDLEN: fc.oneof(fc.constant('1000'), fc.anything()),
          STKID: fc.oneof(fc.constant('1'), fc.anything()),
          STKPKGID: fc.oneof(fc.constant('1'), fc.anything()),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          DOWNLOAD_URL: fc.oneof(fc.webUrl(), fc.anything()),
          SPEC_REV: fc.constantFrom('1', 1, '2'),
          ALT_TEXT: fc.string(),
          MARKUP_JSON: fc.oneof(
            markup.map((m) => JSON.stringify(m)),
            fc.string(),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    ),
    messages: fc.oneof(
      fc.array(fc.record({ contentType: fc.constantFrom(1, 8, 12, 99), text: fc.string() }), { maxLength: 4 }),
      fc.anything(),
    ),
    messageNotified: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.anything()),
    templateId: fc.oneof(fc.constantFrom('welcome', 'nope'), fc.anything()),
    textParams: fc.oneof(
      fc.dictionary(fc.constantFrom('name', 'x'), fc.oneof(fc.string(), fc.constantFrom('a &amp; b', '<b>', '&'))),
      fc.anything(),
    ),
    linkUriParams: fc.oneof(fc.dictionary(fc.constantFrom('order', 'x'), fc.string()), fc.anything()),
  },
  { requiredKeys: ['contentType', 'toType'] },
);
const postEvent = fc.record(
  {
    // Mostly right, so that most requests reach the content rules.
    to: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom([ALICE], [ALICE, BOB], [GROUP], [ROOM]) },
      fc.array(mid, { maxLength: 5 }),
      fc.array(fc.constant(ALICE), { minLength: 150, maxLength: 152 }),
      fc.anything(),
    ),
    toChannel: fc.oneof(
      { weight: 6, arbitrary: fc.constant(TO_CHANNEL) },
      fc.constantFrom(String(TO_CHANNEL), 1341301715, '1341301715', '1e9'),
      fc.anything(),
    ),
    eventType: fc.oneof({ weight: 4, arbitrary: fc.constant(SINGLE) }, fc.constantFrom(MULTIPLE, LINK), fc.anything()),
    content: fc.oneof({ weight: 6, arbitrary: content }, fc.anything()),
  },
  // A field left out is the generic JSON branch's job (below).
  { requiredKeys: ['to', 'toChannel', 'eventType', 'content'] },
);
const body = fc.oneof(
  { weight: 6, arbitrary: postEvent.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v))) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 100 }).map((a) => Buffer.from(a)) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 5000 }).map((d) => Buffer.from('['.repeat(d))) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
const route = fc.oneof(
  { weight: 8, arbitrary: fc.constant(['POST', '/v1/events']) },
  fc.constantFrom(
    ['GET', '/v1/profiles?mids=' + ALICE],
    ['GET', '/v1/profiles'],
    ['GET', '/v1/profiles?mids=&start=x'],
    ['GET', '/v1/bot/message/1/content'],
    ['GET', '/v1/bot/message/%ff/content/preview'],
    ['DELETE', `/v1/bot/group/leave/${GROUP}`],
    ['DELETE', `/v1/bot/room/leave/x`],
    ['POST', '/v1/officialaccount/contacts'],
  ),
);
const credentials = fc.oneof({ weight: 4, arbitrary: fc.constant('right') }, fc.constantFrom('token', 'trial', 'none', 'bad', 'mixed'));

describe('fuzzing the v1 bot routes', () => {
  it(`answers ${RUNS} generated requests without a 5xx, in the v1 format`, { timeout: 300_000 }, async () => {
    const result = await fc.check(
      fc.asyncProperty(
        fc.constantFrom('base', 'deprecated', 'trialbot'),
        route,
        credentials,
        fc.oneof(
          { weight: 6, arbitrary: fc.constant('application/json; charset=UTF-8') },
          fc.constantFrom('application/json', 'text/plain', undefined),
        ),
        body,
        async (origin, [method, path], credential, type, b) => {
          let cred = credential;
          const headers: Record<string, string> = {};
          if (cred === 'right') cred = origin === 'trialbot' ? 'trial' : 'token';
          if (cred === 'token' || cred === 'mixed') headers['x-service-channeltoken'] = token;
          if (cred === 'trial' || cred === 'mixed')
            Object.assign(headers, Object.fromEntries(Object.entries(trialHeaders()).map(([k, v]) => [k.toLowerCase(), v])));
          if (cred === 'bad') Object.assign(headers, { 'x-service-channeltoken': 'x'.repeat(300), 'x-service-channelid': ENTERPRISE.id });
          if (type) headers['content-type'] = type;
          const res = await send(servers[origin].port, method!, path!, headers, method === 'GET' ? undefined : b);
          const parsed = JSON.parse(res.text) as Record<string, unknown>;
          const specRow = res.status === 500 && parsed.statusMessage === "Required String parameter 'mids' is not present";
          if (res.status >= 500 && !specRow) return false;
          if (
            res.status >= 400 &&
            !(typeof parsed.statusCode === 'string' && typeof parsed.statusMessage === 'string') &&
            typeof parsed.message !== 'string'
          )
            return false;
          return true;
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 1e9) },
    );
    expect(result.failed, fc.defaultReportMessage(result) ?? '').toBe(false);
    // Still answering, and still right.
    const ok = await send(servers.base.port, 'GET', `/v1/profiles?mids=${ALICE}`, { 'x-service-channeltoken': token });
    expect(ok.status).toBe(200);
  });
});
