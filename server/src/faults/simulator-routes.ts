/** The simulator API's fault routes (`contract/src/simulator-api.ts`): listing, setting and removing fault rules. */
import { ApiError, invalidBody, notFound } from '../http/errors.js';
import type { UnitHandlers } from '../simulator-api/handlers.js';
import { MAX_FAULT_RULES, type FaultRegistry } from './registry.js';
import { ruleProblems } from './rules.js';

/**
 * Handlers of the routes of unit `faults`. A rule whose shape the door passed is still refused with
 * 400 `{message, details}` when it names an operation no interface has or mixes fields of other
 * kinds, and with 409 when {@link MAX_FAULT_RULES} are in force; 404 for removing a rule that is not.
 */
export function faultSimulatorHandlers(faults: FaultRegistry): UnitHandlers<'faults'> {
  return {
    faults: () => ({ faults: faults.list() }),
    addFault: ({ body }) => {
      const details = ruleProblems(body);
      if (details.length) throw invalidBody(details);
      if (faults.list().length >= MAX_FAULT_RULES)
        throw new ApiError(409, { message: `At most ${MAX_FAULT_RULES} fault rules may be in force: remove one first` });
      return faults.add(body);
    },
    deleteFault: ({ params }) => {
      if (!faults.delete(params.faultId)) throw notFound(`No fault rule ${params.faultId}`);
    },
    clearFaults: () => {
      faults.clear();
    },
  };
}
