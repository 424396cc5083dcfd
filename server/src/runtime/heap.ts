/**
 * The heap settings of the embedkit process (`npx embedkit`, `npm start`), set before anything
 * else is loaded. Not used by `embedkit/testing`: a library leaves its host process's V8 alone.
 */
import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's young generation at its starting size (1 MB per semi-space) instead of letting it
 * grow to 16 MB per semi-space (up to 48 MB of young generation) while modules load and under
 * load. Issue 17, measured in `npm run bench -- http`: server RSS idle 108 → 90 MB and its peak
 * under the HTTP load about 40 MB lower, at the same request rates and a lower p99 (README, Benchmarks).
 *
 * Must run before the server's modules are imported: the young generation grows while they load
 * and never shrinks back. The flag is read by V8 at each growth step, so setting it at run time
 * takes effect; Node keeps V8's flags writable after start-up for `v8.setFlagsFromString`.
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
