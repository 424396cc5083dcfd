/**
 * `embedkit/testing`: `startEmbedkit()` in memory, from the call to the first answer
 * of simulator route `world`, and its `stop()`; a project's test suite starts one per file.
 */
import { simulatorPath } from '#contract/simulator-api.js';
import { startEmbedkit } from '../../server/dist/testing.js';
import type { Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const RUNS = 15;

export async function testingFigures(): Promise<Figure[]> {
  // The first start in a process pays the module loading and the validators' compilation once.
  await (await startEmbedkit()).stop();
  const starts: number[] = [];
  const stops: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const kit = await startEmbedkit();
    const res = await fetch(`${kit.url}${simulatorPath('world', {})}`);
    await res.text();
    starts.push(performance.now() - t0);
    const t1 = performance.now();
    await kit.stop();
    stops.push(performance.now() - t1);
  }
  const start = summarize(starts);
  return [
    {
      figure: 'startEmbedkit() in memory to the first answer',
      unit: 'ms',
      embedkit: start,
      target: 'median <= 150 ms',
      pass: start.median <= 150,
    },
    { figure: 'its stop()', unit: 'ms', embedkit: summarize(stops), target: 'informational', pass: true },
  ];
}
