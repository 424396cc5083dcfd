// The coverage page (docs/platform/coverage.md) held to what embedkit does: the page is what
// `npm run docs:coverage` generates from the list (contract/src/published-platform.ts);
// every served operation of the list is mounted on a started kit and every refused one answers
// the route-missing 404; every served event type is in the registry and the host's
// table, every served message kind passes the message validator, and the refused ones do not.
// When someone serves a refused item, this test says which row to flip.
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import {
  EMBEDKIT_ORIGIN_OF_SERVER,
  isServed,
  MINI_APP_EVENT_TYPES,
  MINI_APP_OPERATIONS,
  PUBLISHED_EVENT_TYPES,
  PUBLISHED_MESSAGE_KINDS,
  PUBLISHED_OPERATIONS,
  refusalOf,
  type PublishedOperation,
} from '#contract/published-platform.js';
import { checkPushBody, MESSAGE_TYPES } from '../../src/messages/bodies.js';
import { IAP_EVENT_TYPES, type IapEventType } from '../../src/interfaces/mini-apps/iap/rules.js';
import { EVENT_TYPE_NAMES } from '#contract/event-types.js';
import { HOST_EVENTS } from '../../../host/src/bot-tools/event-types.js';
import { COVERAGE_PAGE, renderCoveragePage } from '../../../scripts/coverage-page.js';
import { AUDIO, FLEX_BUBBLE, IMAGE, IMAGEMAP, LOCATION, STICKER, BUTTONS_TEMPLATE, TEXT, VIDEO } from '../fixtures/messages.js';
import { onTestDatabase } from '../helpers.js';
import { ALICE, BOTS_SCENARIO } from '../bot/helpers.js';

const ROOT = new URL('../../../', import.meta.url);

/** The document's path with each `{param}` filled with a sample value (routes match any segment). */
const filled = (path: string) => path.replace(/\{(\w+)\}/g, (_m, name: string) => `sample-${name}`);

const routeMissing = (method: string, path: string) => ({ message: `Not found: ${method} ${path}` });

const label = (o: PublishedOperation) => `${o.operationId} (${o.method} ${o.path})`;

let server: RunningServer;

beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }) }));
});
afterAll(async () => {
  await server?.close();
});

/** Requests the operation where embedkit serves its published server's paths, with no credentials and no body. */
async function request(o: PublishedOperation): Promise<{ status: number; body: unknown }> {
  const origin = server.urls[EMBEDKIT_ORIGIN_OF_SERVER[o.server ?? 'api']];
  const res = await fetch(`${origin}${filled(o.path)}`, { method: o.method });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a page or an image): only the route-missing 404 matters, and it is JSON.
  }
  return { status: res.status, body };
}

describe('the coverage page', () => {
  it('is what npm run docs:coverage generates from the list (never edited by hand)', () => {
    expect(readFileSync(new URL(COVERAGE_PAGE, ROOT), 'utf8'), 'run npm run docs:coverage').toBe(renderCoveragePage());
  });

  it('names each operation, event type and message kind once, with the documents’ counts', () => {
    const keys = PUBLISHED_OPERATIONS.map((o) => `${o.method} ${o.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(PUBLISHED_OPERATIONS.map((o) => o.operationId)).size).toBe(PUBLISHED_OPERATIONS.length);
    expect(PUBLISHED_OPERATIONS).toHaveLength(110);
    expect(new Set(PUBLISHED_EVENT_TYPES.map((e) => e.type)).size).toBe(19);
    expect(new Set(PUBLISHED_MESSAGE_KINDS.map((k) => k.type)).size).toBe(11);
  });
});

describe('operations', () => {
  it('every served operation is mounted: its request does not answer the route-missing 404', async () => {
    const missing: string[] = [];
    for (const o of PUBLISHED_OPERATIONS.filter((op) => isServed(op.state))) {
      const { status, body } = await request(o);
      if (status === 404 && JSON.stringify(body) === JSON.stringify(routeMissing(o.method, filled(o.path)))) missing.push(label(o));
    }
    expect(missing, 'served in the list but not mounted').toEqual([]);
  });

  it('every refused operation answers the route-missing 404 (flip its row once it is served)', async () => {
    const answered: string[] = [];
    for (const o of PUBLISHED_OPERATIONS.filter((op) => refusalOf(op.state))) {
      const { status, body } = await request(o);
      if (status !== 404 || JSON.stringify(body) !== JSON.stringify(routeMissing(o.method, filled(o.path))))
        answered.push(`${label(o)}: ${status} ${JSON.stringify(body)}`);
    }
    expect(answered, 'refused in the list but answered').toEqual([]);
  });
});

describe('the LINE MINI App reference', () => {
  it('every operation is mounted: its request does not answer the route-missing 404', async () => {
    const missing: string[] = [];
    for (const o of MINI_APP_OPERATIONS) {
      const res = await fetch(`${server.urls.base}${o.path}`, { method: o.method });
      const body = await res.text();
      if (res.status === 404 && body === JSON.stringify(routeMissing(o.method, o.path))) missing.push(`${o.name} (${o.method} ${o.path})`);
    }
    expect(missing, 'listed but not mounted').toEqual([]);
    expect(MINI_APP_OPERATIONS.every((o) => isServed(o.state))).toBe(true);
  });

  it('every in-app purchase event type is one the server sends', () => {
    const sent: readonly IapEventType[] = IAP_EVENT_TYPES;
    expect(MINI_APP_EVENT_TYPES.filter((e) => isServed(e.state)).map((e) => e.type)).toEqual([...sent]);
  });
});

describe('webhook event types', () => {
  it('the served ones are in the registry and the host’s table, the refused ones in neither', () => {
    const served = PUBLISHED_EVENT_TYPES.filter((e) => isServed(e.state)).map((e) => e.type);
    expect([...EVENT_TYPE_NAMES].sort()).toEqual([...served].sort());
    expect(Object.keys(HOST_EVENTS).sort()).toEqual([...served].sort());
  });
});

describe('message kinds', () => {
  const SAMPLES: Record<string, object> = {
    text: TEXT,
    sticker: STICKER,
    image: IMAGE,
    video: VIDEO,
    audio: AUDIO,
    location: LOCATION,
    imagemap: IMAGEMAP,
    template: BUTTONS_TEMPLATE,
    flex: FLEX_BUBBLE,
    // Valid by the published document (TextMessageV2, CouponMessage).
    textV2: { type: 'textV2', text: 'Hi {user}', substitution: { user: { type: 'mention', mentionee: { type: 'user', userId: ALICE } } } },
    coupon: { type: 'coupon', couponId: '01JYNW8JMQVFBNWVWPCYKFZQ3F' },
  };

  it.each(PUBLISHED_MESSAGE_KINDS.map((k) => [k.type, k] as const))('%s: the validator agrees with its row', (type, k) => {
    const sample = SAMPLES[type];
    expect(sample, `a sample of ${type}`).toBeDefined();
    expect((sample as { type: string }).type).toBe(type);
    const details = checkPushBody({ to: ALICE, messages: [sample] });
    if (isServed(k.state)) expect(details).toBeNull();
    else expect(details?.some((d) => d.property?.startsWith('messages[0]'))).toBe(true);
  });

  it('the served ones are exactly the validator’s message types', () => {
    const served = PUBLISHED_MESSAGE_KINDS.filter((k) => isServed(k.state)).map((k) => k.type);
    expect([...MESSAGE_TYPES].sort()).toEqual([...served].sort());
  });
});
