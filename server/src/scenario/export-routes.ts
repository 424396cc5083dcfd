/**
 * The simulator API's scenario route: today's world as a scenario file (`embedkit export` writes
 * it, `embedkit start --import` loads it; scenario/export.ts says what it holds).
 */
import type { Kysely } from 'kysely';
import type { UnitHandlers } from '../simulator-api/handlers.js';
import { readWorldRows, scenarioOf } from './export.js';
import type { Database } from '../db/schema.js';

export function scenarioExportHandlers(db: Kysely<Database>): UnitHandlers<'scenarioExport'> {
  return {
    scenario: async ({ res }) => {
      res.set('Content-Disposition', 'attachment; filename="scenario.json"');
      return scenarioOf(await readWorldRows(db));
    },
  };
}
