/**
 * Bench harness, app page (loaded in a frame of another origin after the SDK script tag):
 * measures init, bridge calls, and the raw anchors, and leaves the numbers on `window.bench`.
 */
import type { Embed } from '../../../sdk/src/index.js';

declare global {
  interface Window {
    /** Set by the inline script before the SDK tag: when the SDK script started loading (ms). */
    benchStart: number;
    /** Set by the inline script after the SDK tag: the time of init's success callback (ms), or the error. */
    benchInit: Promise<number | string>;
    bench: {
      init?: number;
      initError?: string;
      echo?: number;
      /** `count` sequential calls; the mean ms per call of each batch of 50. */
      calls?: (method: 'getProfile', count: number) => Promise<number[]>;
      /** `count` round trips on a raw MessagePort; the mean ms per round trip of each batch of 50. */
      portEcho?: (count: number) => Promise<number[]>;
    };
  }
}

const embed = (window as unknown as { embed: Embed }).embed;
/** Calls per timed batch. */
const BATCH = 50;
window.bench = {};

/** One raw postMessage round trip to the parent (the parent echoes), in ms. */
function echoOnce(): Promise<number> {
  return new Promise((resolve) => {
    const t = performance.now();
    const onMessage = (e: MessageEvent) => {
      if (e.source !== parent || (e.data as { benchEcho?: number } | null)?.benchEcho !== t) return;
      removeEventListener('message', onMessage);
      resolve(performance.now() - t);
    };
    addEventListener('message', onMessage);
    parent.postMessage({ benchEcho: t }, '*');
  });
}

void window.benchInit.then(async (done) => {
  if (typeof done === 'string') {
    window.bench.initError = done;
    return;
  }
  // "SDK script start": the script runs as soon as its bytes arrived (resource timing's responseEnd);
  // fetching it is the network's cost, not the SDK's.
  const sdk = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.endsWith('/sdk/v1/sdk.js'));
  window.bench.init = done - (sdk ? sdk.responseEnd : window.benchStart);
  window.bench.echo = await echoOnce();
  // Timers are coarse (0.1 ms) in a page that is not cross-origin isolated: time batches of
  // BATCH sequential calls and keep the mean of each batch.
  window.bench.calls = async (method, count) => {
    const out: number[] = [];
    for (let i = 0; i < count; i += BATCH) {
      const t = performance.now();
      for (let j = 0; j < BATCH; j++) await embed[method]();
      out.push((performance.now() - t) / BATCH);
    }
    return out;
  };
  window.bench.portEcho = (count) =>
    new Promise((resolve) => {
      const onReady = (e: MessageEvent) => {
        if (e.source !== parent || !(e.data as { benchPortReady?: boolean } | null)?.benchPortReady) return;
        removeEventListener('message', onReady);
        const port = e.ports[0]!;
        const out: number[] = [];
        let n = 0;
        let t = performance.now();
        port.onmessage = () => {
          if (++n % BATCH === 0) {
            out.push((performance.now() - t) / BATCH);
            if (n >= count) return resolve(out);
            t = performance.now();
          }
          port.postMessage(n);
        };
        port.postMessage(0);
      };
      addEventListener('message', onReady);
      parent.postMessage({ benchPort: true }, '*');
    });
});
