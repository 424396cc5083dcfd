/**
 * The simulator API's `scenarioExport` unit: today's world as a scenario file.
 * Its handlers: `server/src/scenario/export-routes.ts`.
 */
import { type Contract, defineContract } from '../route.js';
import { JsonObject } from '../schema-builders.js';

/** The `scenarioExport` unit's routes, one slice of `SIMULATOR_API`. */
export const SCENARIO_EXPORT_ROUTES = defineContract({
  scenario: {
    method: 'GET',
    path: '/scenario',
    summary: 'today’s world as a scenario file',
    // Not typed as the scenario: its schema module pulls the server's validator (node:crypto) into the host's browser program.
    answer: JsonObject,
    unit: 'scenarioExport',
  },
} satisfies Contract<'scenarioExport'>);
