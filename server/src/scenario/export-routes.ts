/**
 * `GET /embedkit/v1/scenario`: today's world as a scenario file (`embedkit export`
 * writes it, `embedkit start --import` loads it; scenario/export.ts says what it holds).
 */
import { Router } from 'express';
import type { Kysely } from 'kysely';
import { scenarioOf } from './export.js';
import type { Database } from '../db/schema.js';
import { readWorldRows } from './world-export-store.js';

export function scenarioExportRoutes(db: Kysely<Database>): Router {
  const r = Router();
  r.get('/embedkit/v1/scenario', async (_req, res) => {
    res.set('Content-Disposition', 'attachment; filename="scenario.json"').json(scenarioOf(await readWorldRows(db)));
  });
  return r;
}
