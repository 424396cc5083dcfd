/**
 * Validator throughput: validations per second of (a) a typical request of 5 mixed messages and
 * (b) a maximal flex carousel (10 bubbles, close to the 50KB limit), in this process.
 */
import { checkShareBody } from '../server/src/schemas/messages.js';
import type { Figure } from './report.js';
import { summarize } from './stats.js';

const ROUNDS = 5;
const ROUND_MS = 500;

const typical = {
  messages: [
    { type: 'text', text: 'Hello, world' },
    { type: 'sticker', packageId: '446', stickerId: '1988' },
    { type: 'image', originalContentUrl: 'https://example.com/a.jpg', previewImageUrl: 'https://example.com/a-preview.jpg' },
    { type: 'location', title: 'Office', address: '1-1 Example, Tokyo', latitude: 35.68, longitude: 139.76 },
    {
      type: 'template',
      altText: 'Choose',
      template: { type: 'confirm', text: 'Are you sure?', actions: [{ type: 'message', label: 'Yes', text: 'yes' }, { type: 'message', label: 'No', text: 'no' }] },
    },
  ],
};

/** A bubble of about 4.9KB, so that 10 of them approach the carousel's 50KB limit. */
function bubble(i: number): object {
  const rows = Array.from({ length: 14 }, (_, j) => ({
    type: 'box',
    layout: 'horizontal',
    contents: [
      { type: 'text', text: `Item ${i}-${j} with a description long enough`, size: 'sm', color: '#555555', flex: 0 },
      { type: 'text', text: `$${j}.00`, size: 'sm', color: '#111111', align: 'end' },
    ],
  }));
  return {
    type: 'bubble',
    hero: { type: 'image', url: `https://example.com/${i}.png`, size: 'full', aspectRatio: '20:13', aspectMode: 'cover' },
    body: { type: 'box', layout: 'vertical', spacing: 'sm', contents: [{ type: 'text', text: `Receipt ${i}`, weight: 'bold', size: 'xl' }, { type: 'separator', margin: 'md' }, ...rows] },
    footer: { type: 'box', layout: 'vertical', contents: [{ type: 'button', style: 'primary', action: { type: 'uri', label: 'Open', uri: 'https://example.com' } }] },
  };
}

const maximal = { messages: [{ type: 'flex', altText: 'Receipts', contents: { type: 'carousel', contents: Array.from({ length: 10 }, (_, i) => bubble(i)) } }] };

/** Validations per second of one body, over ROUNDS rounds of ROUND_MS each. */
function perSecond(body: unknown): number[] {
  const details = checkShareBody(body);
  if (details) throw new Error(`bench fixture is invalid: ${JSON.stringify(details)}`);
  const out: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < ROUND_MS) {
      for (let i = 0; i < 100; i++) checkShareBody(body);
      n += 100;
    }
    out.push((n * 1000) / (performance.now() - start));
  }
  return out;
}

export async function validatorFigures(): Promise<Figure[]> {
  const bytes = Buffer.byteLength(JSON.stringify(maximal.messages[0]!.contents));
  const a = summarize(perSecond(typical));
  const b = summarize(perSecond(maximal));
  return [
    { figure: 'validator, typical request of 5 mixed messages', unit: 'validations/s', embedkit: a, target: '>= 50,000/s', pass: a.median >= 50_000 },
    { figure: `validator, maximal flex carousel (${(bytes / 1024).toFixed(1)} KB)`, unit: 'validations/s', embedkit: b, target: '>= 5,000/s', pass: b.median >= 5_000 },
  ];
}
