/**
 * Bench harness, app page on the platform's current SDK (`@line/liff` bundled with embedkit's
 * plugin, as an app bundles them): measures `liff.init` to ready and `liff.getProfile()` round
 * trips, and leaves the numbers on `window.bench` with the same keys as ./app.ts.
 */
import { EmbedkitPlugin } from '../../../sdk/src/liff/index.js';
import liffModule from '@line/liff';
import type { Liff } from '../../../sdk/src/liff/liff-types.js';

declare global {
  interface Window {
    /** Set by the inline script before the bundle's tag (ms). */
    benchStart: number;
    /** The LIFF ID the page was registered under. */
    benchLiffId: string;
  }
}

const liff = liffModule as unknown as Liff;
/** Calls per timed batch. */
const BATCH = 50;
const bench: { init?: number; initError?: string; calls?: (method: 'getProfile', count: number) => Promise<number[]> } = {};
(window as unknown as { bench: typeof bench }).bench = bench;

liff.use(new EmbedkitPlugin());
liff.init({ liffId: window.benchLiffId }).then(
  () => {
    const ready = performance.now();
    // From the bundle's arrival (its bytes are the network's cost), as ./app.ts counts the SDK's.
    const script = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.endsWith('/liff-app.js'));
    bench.init = ready - (script ? script.responseEnd : window.benchStart);
    bench.calls = async (_method, count) => {
      const out: number[] = [];
      for (let i = 0; i < count; i += BATCH) {
        const t = performance.now();
        for (let j = 0; j < BATCH; j++) await liff.getProfile();
        out.push((performance.now() - t) / BATCH);
      }
      return out;
    };
  },
  (error: unknown) => {
    bench.initError = String((error as Error)?.message ?? error);
  },
);
