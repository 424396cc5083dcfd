/**
 * Loads a scenario into an empty database (first start) and keeps the demo app's URL pointing at
 * the origin the server listens on. App URLs may use the placeholder `{demo_origin}`, replaced by
 * `http://127.0.0.1:<port>`: a different origin than the host's `http://localhost:<port>`, as an
 * embedded app is in production. The checks and the seeding are the slices' (`slices.ts`), asked
 * in the order of their list.
 */
import { readFile } from 'node:fs/promises';
import { packagePath } from '../runtime/package-root.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { WorldStore } from '../world/world-store.js';
import type { AnyScenarioSlice } from '../unit/scenario-slice.js';
import { scenarioCheckOf, type Scenario } from './schema.js';
import { SCENARIO_SLICES } from './slices.js';

export { ScenarioError } from '../unit/scenario-slice.js';

/** Path of the scenario loaded when no `--scenario` is given. */
export const DEFAULT_SCENARIO = packagePath('server/scenarios/default.json');

/**
 * Reads and checks a scenario file. The packaged default world ({@link DEFAULT_SCENARIO}) is read
 * without the check: it ships with the package and a test checks it, and compiling the scenario's
 * schema is the largest single cost of a first start (about 120 ms of the start's ~700 ms,
 * docs/project/benchmarks.md, "Start"); a file of the user's is always checked.
 * @throws Error naming the file and every problem found (bad JSON, schema errors, dangling ids).
 */
export async function readScenario(file: string): Promise<Scenario> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new Error(`scenario ${file}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  if (file === DEFAULT_SCENARIO) return data as Scenario;
  const problems = scenarioProblems(data);
  if (problems.length) throw new Error(`scenario ${file} is invalid:\n  ${problems.join('\n  ')}`);
  return data as Scenario;
}

/**
 * Every problem of a scenario object (schema, then ids that must point at something), each as
 * `<path>: <problem>`; empty when it is valid. `slices`: the file's (a test may add a unit of its own).
 */
export function scenarioProblems(data: unknown, slices: readonly AnyScenarioSlice[] = SCENARIO_SLICES): string[] {
  const problems = (scenarioCheckOf(slices)(data) ?? []).map((d) => `${d.property ?? '(root)'}: ${d.message}`);
  return problems.length ? problems : crossReferenceProblems(data as Scenario, slices);
}

/** What each slice checks beyond the schema (IDs that must point at something, one field against another), in the order of the list. */
function crossReferenceProblems(s: Scenario, slices: readonly AnyScenarioSlice[]): string[] {
  const ids = { users: new Set(s.users.map((u) => u.userId)), channels: new Set(s.channels.map((c) => c.channelId)) };
  return slices.flatMap((slice) => slice.problems?.(s, ids) ?? []);
}

/** A scenario already read and checked, with the name the world records it under (meta `scenario`). */
export interface ScenarioSource {
  name: string;
  scenario: Scenario;
}

/** Where a scenario is loaded: the database (or a reset's transaction) and the world store on it. */
export interface ScenarioTarget {
  db: Kysely<Database>;
  world: WorldStore;
}

/**
 * Loads the scenario (a file, read and checked here, or a {@link ScenarioSource}) when the
 * database has never had one, else moves scenario app URLs to the current demo origin when the
 * port changed. Data written later (apps, messages) is kept. `slices`: the file's (a test may add a unit of its own).
 * @throws Error naming the file and its problems; ScenarioError for a key that cannot be loaded
 */
export async function applyScenario(
  source: string | ScenarioSource,
  target: ScenarioTarget,
  demoOrigin: string,
  now: number,
  slices: readonly AnyScenarioSlice[] = SCENARIO_SLICES,
): Promise<void> {
  const { db, world } = target;
  const loaded = await world.getMeta('scenario');
  if (loaded === undefined) {
    const s = typeof source === 'string' ? await readScenario(source) : source.scenario;
    // Each slice after the ones before it: the world's rows first, which the others refer to.
    for (const slice of slices) await slice.seed?.(s, { db, world, now, demoOrigin });
    await world.setMeta('scenario', typeof source === 'string' ? source : source.name);
    // Where the world's history starts: insight answers out_of_service for days before it.
    await world.setMeta('history_since', String(now));
  } else {
    const previous = await world.getMeta('demo_origin');
    if (previous && previous !== demoOrigin) for (const slice of slices) await slice.moveDemoOrigin?.(db, previous, demoOrigin);
  }
  await world.setMeta('demo_origin', demoOrigin);
}
