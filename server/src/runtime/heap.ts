/**
 * The heap settings of the embedkit process (`npx embedkit`, `npm start`), set before anything
 * else is loaded. Not used by `embedkit/testing`: a library leaves its host process's V8 alone.
 */
import { setFlagsFromString } from 'node:v8';

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
