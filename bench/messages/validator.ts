/**
 * Validator throughput: validations per second of (a) a typical request of 5 mixed messages and
 * (b) a maximal flex carousel (10 bubbles, close to the 50KB limit), in this process.
 */
import { checkShareBody } from '../../server/src/messages/bodies.js';
import { maximal, typical } from './fixtures.js';
import type { Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const ROUNDS = 5;
const ROUND_MS = 500;
const WARMUP_MS = 1000;

/** Validations per second of one body, over ROUNDS rounds of ROUND_MS each. */
function perSecond(body: unknown): number[] {
  const details = checkShareBody(body);
  if (details) throw new Error(`bench fixture is invalid: ${JSON.stringify(details)}`);
  // Warm up first: V8 optimises the compiled validators only after many calls.
  const warm = performance.now();
  while (performance.now() - warm < WARMUP_MS) checkShareBody(body);
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
    {
      figure: 'validator, typical request of 5 mixed messages',
      unit: 'validations/s',
      embedkit: a,
      target: '>= 50,000/s',
      pass: a.median >= 50_000,
    },
    {
      figure: `validator, maximal flex carousel (${(bytes / 1024).toFixed(1)} KB)`,
      unit: 'validations/s',
      embedkit: b,
      target: '>= 5,000/s',
      pass: b.median >= 5_000,
    },
  ];
}
