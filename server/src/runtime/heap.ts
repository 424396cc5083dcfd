/**
 * The heap settings of the embedkit process (`npx embedkit`, `npm start`), set before anything
 * else is loaded. Not used by `embedkit/testing`: a library leaves its host process's V8 alone.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Two V8 heap settings, both read by V8 at each garbage collection (so setting them at run time
 * takes effect; Node keeps V8's flags writable after start-up for `v8.setFlagsFromString`):
 * - the young generation stays at its starting size (1 MB per semi-space) instead of growing to
 *   16 MB per semi-space (up to 48 MB) while modules load and under load;
 * - the old generation may grow to 2.5x what survived the last full collection before the next
 *   one, instead of V8's dynamic factor of up to 4x.
 *
 * Measured in `npm run bench -- http` (README, Benchmarks): server RSS idle 108 → 85-89 MB,
 * its peak under the HTTP load 205 → 143-144 MB (target 150), at the same request rates.
 * Must run before the server's modules are imported: the young generation grows while they load
 * and never shrinks back. Checked under the same allocation: Node 20.20 (V8 11.3) and 22.23 keep
 * the young generation at 2 MB with the setting, Node 24.21 at 2 to 6 MB (16-32 MB without).
 */
export function keepHeapSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=150');
}

/**
 * One full garbage collection, once the server is ready and before its first request. Start-up
 * leaves most of V8's old space as garbage (the modules' top-level work, the world's seeding), and
 * with the growth factor above the heap under load is sized from what the last full collection
 * found: collecting it once keeps that figure at what start-up left alive.
 *
 * Measured in `npm run bench -- memory` on Node.js 24.21 (request schemas compiled at first use):
 * RSS peak over the 100,000 requests 148-160 MB without it, 141-143 MB with it; the collection takes
 * tens of ms, before the first request is likely to arrive.
 *
 * Node exposes no collection without `--expose-gc` at launch; the flag set at run time takes effect
 * for contexts made after it, so a new context hands over its `gc` and the flag is unset again.
 */
export function collectStartupGarbage(): void {
  setFlagsFromString('--expose-gc');
  try {
    const gc = runInNewContext('gc') as unknown;
    if (typeof gc === 'function') (gc as () => void)();
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
