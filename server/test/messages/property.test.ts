// Generated mutations of valid messages, sent to sendMessages: the server never answers 5xx, and
// every 400 is in the platform's error format.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDIO, IMAGE, IMAGEMAP, LOCATION, STICKER } from '../fixtures/messages.js';
import { useShare } from './harness.js';

const action = { type: 'postback', label: 'Buy', data: 'action=buy', displayText: 'Buy' };
const box = {
  type: 'box',
  layout: 'vertical',
  contents: [
    { type: 'text', text: 'Hi', wrap: true },
    { type: 'button', action: { type: 'uri', label: 'Go', uri: 'https://example.com' } },
  ],
};
const bubble = {
  type: 'bubble',
  hero: { type: 'image', url: 'https://example.com/h.png', size: 'full' },
  body: box,
  styles: { body: { backgroundColor: '#ffffff' } },
};
const SEEDS: unknown[] = [
  {
    type: 'text',
    text: 'Hello',
    quickReply: {
      items: [
        { type: 'action', action },
        { type: 'action', action: { type: 'camera', label: 'Camera' } },
      ],
    },
  },
  IMAGE,
  AUDIO,
  LOCATION,
  STICKER,
  IMAGEMAP,
  {
    type: 'template',
    altText: 'a',
    template: {
      type: 'buttons',
      title: 'T',
      thumbnailImageUrl: 'https://example.com/t.png',
      text: 'Pick',
      defaultAction: action,
      actions: [action],
    },
  },
  {
    type: 'template',
    altText: 'a',
    template: { type: 'confirm', text: 'Sure?', actions: [action, { type: 'message', label: 'No', text: 'no' }] },
  },
  {
    type: 'template',
    altText: 'a',
    template: {
      type: 'carousel',
      columns: [
        { text: 'c', actions: [{ type: 'datetimepicker', label: 'd', data: 'd', mode: 'date', min: '2000-01-01', max: '2000-12-31' }] },
      ],
    },
  },
  {
    type: 'template',
    altText: 'a',
    template: { type: 'image_carousel', columns: [{ imageUrl: 'https://example.com/i.png', action: { type: 'uri', uri: 'tel:1' } }] },
  },
  { type: 'flex', altText: 'a', contents: bubble },
  { type: 'flex', altText: 'a', contents: { type: 'carousel', contents: [bubble, bubble] } },
];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Paths to the values inside `v`, down to 30 levels (deeper ones come from earlier mutations). */
function paths(v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (prefix.length >= 30) return out;
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...prefix, k], out);
  return out;
}

function nestedBoxes(depth: number): unknown {
  let node: unknown = { type: 'text', text: 'x' };
  for (let i = 0; i < depth; i++) node = { type: 'box', layout: 'vertical', contents: [node] };
  return node;
}

function nestedArrays(depth: number): unknown {
  let node: unknown = [];
  for (let i = 0; i < depth; i++) node = i % 2 ? [node] : { a: node };
  return node;
}

/** A replacement value for a mutation. */
const replacement: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, '', 0, -1, 1.5, true, [], {}, 'javascript:alert(1)', 'https://', '#zzzzzz', '2100-13-40', '\u0000', '😀'),
  fc.integer({ min: 1, max: 300_000 }).map((n) => 'x'.repeat(n)),
  // Up to past the validator's nesting limit (100), short of what JSON.stringify can write (~4000).
  fc.integer({ min: 1, max: 600 }).map(nestedBoxes),
  fc.integer({ min: 1, max: 1200 }).map(nestedArrays),
  fc.constantFrom(...SEEDS),
);

type Mutation = { kind: 'drop' | 'set' | 'key'; at: number; value: unknown; key: string };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('drop', 'set', 'key'),
  at: fc.nat(),
  value: replacement,
  key: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'type', 'label', 'contents', 'toString')),
});

function mutate(message: unknown, m: Mutation): unknown {
  const copy = JSON.parse(JSON.stringify(message)) as Json;
  const all = paths(copy);
  const path = all[m.at % all.length]!;
  if (path.length === 0) return m.kind === 'set' ? m.value : copy;
  let parent = copy as Record<string | number, unknown>;
  for (const p of path.slice(0, -1)) parent = parent[p] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const target = parent[last];
  if (m.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (m.kind === 'set') {
    parent[last] = m.value;
  } else if (target && typeof target === 'object' && !Array.isArray(target)) {
    // defineProperty: a key named __proto__ stays an own property, as JSON.parse makes it.
    Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

const body = fc
  .array(
    fc
      .record({ seed: fc.constantFrom(...SEEDS), mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }) })
      .map(({ seed, mutations }) => mutations.reduce(mutate, seed)),
    { minLength: 0, maxLength: 7 },
  )
  .chain((messages) =>
    fc.oneof(
      { weight: 9, arbitrary: fc.constant<unknown>({ messages }) },
      { weight: 1, arbitrary: replacement.map((v) => ({ messages: v })) },
    ),
  );

describe('sendMessages never answers 5xx (generated mutations)', () => {
  const { share } = useShare();
  it('answers 200 or the platform error format', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await share(b);
        expect(res.status).toBeLessThan(500);
        if (res.status === 200) return;
        expect([400, 413]).toContain(res.status);
        expect(typeof res.body.message).toBe('string');
        if (res.status === 400) {
          expect(res.body.message).toMatch(/^The request body has \d+ error\(s\)$/);
          const details = res.body.details as { message: unknown; property?: unknown }[];
          expect(res.body.message).toBe(`The request body has ${details.length} error(s)`);
          expect(details.length).toBeGreaterThan(0);
          for (const d of details) {
            expect(typeof d.message).toBe('string');
            expect(Object.keys(d).every((k) => k === 'message' || k === 'property')).toBe(true);
            if (d.property !== undefined) expect(d.property).toMatch(/^messages/);
          }
        }
      }),
      { numRuns: 300 },
    );
  }, 20_000);
});
