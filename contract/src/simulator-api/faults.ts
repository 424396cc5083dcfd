/**
 * The simulator API's `faults` unit: the fault rules (docs/guide/faults.md); their schemas are
 * `../faults.ts`'s.
 * Its handlers: `server/src/faults/simulator-routes.ts`.
 */
import { FaultListSchema, FaultRuleBodySchema, FaultViewSchema } from '../faults.js';
import { type Contract, defineContract } from '../route.js';

/** The `faults` unit's routes, one slice of `SIMULATOR_API`. */
export const FAULTS_ROUTES = defineContract({
  // The routes under /faults are never hit by a fault, so that a rule can always be removed.
  faults: {
    method: 'GET',
    path: '/faults',
    summary: 'the fault rules in force, with what each has hit',
    answer: FaultListSchema,
    unit: 'faults',
  },
  addFault: {
    method: 'POST',
    path: '/faults',
    summary: 'makes the calls a rule names fail on purpose (429, 500, 503, an expired token, a delay, a dropped connection)',
    body: FaultRuleBodySchema,
    answer: FaultViewSchema,
    unit: 'faults',
  },
  deleteFault: { method: 'DELETE', path: '/faults/:faultId', summary: 'removes one fault rule', answer: 'empty', unit: 'faults' },
  clearFaults: { method: 'DELETE', path: '/faults', summary: 'removes every fault rule', answer: 'empty', unit: 'faults' },
} satisfies Contract<'faults'>);
