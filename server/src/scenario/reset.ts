/**
 * The simulator route `resetWorld` (docs/guide/scenarios.md, "Resetting and importing at run time"):
 * empties the world and loads a scenario as at a first start, in one transaction, so a scenario
 * that fails to load leaves the old world whole. The simulated clock and the kit's secrets are
 * kept. The live event `world` then tells every process on the database (their in-memory state of
 * the old world is forgotten on it, `kit/base-app.ts`) and every open host (which reloads).
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock/clock.js';
import type { UnitHandlers } from '../simulator-api/handlers.js';
import type { ResetWorldBodySchema } from '#contract/requests.js';
import type { Static } from '@sinclair/typebox';
import type { WorldReset } from '#contract/wire.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import type { LiveHub } from '../live/hub.js';
import { applyScenario, readScenario, ScenarioError, scenarioProblems } from './load.js';
import type { Scenario } from './schema.js';
import { replaceWorld } from './world-reset-store.js';
import { WorldStore } from '../world/world-store.js';

/** What a reset needs of the kit. */
export interface WorldResetDeps {
  db: Kysely<Database>;
  clock: Clock;
  live: LiveHub;
  demoOrigin: string;
  /** The scenario file the server started with (loaded when the body names none). */
  startedWith: string;
  /** Webhook sending, paused while the tables are emptied (an attempt in flight would record into a world that is gone). */
  dispatcher: { stop(): Promise<void>; start(): void };
}

/** 400 `{message, details}` naming every problem of a scenario, each under `scenario.<path>`. */
function scenarioInvalid(problems: readonly string[]): ApiError {
  return new ApiError(400, {
    message: `The scenario has ${problems.length} problem(s): ${problems.slice(0, 5).join('; ')}`,
    details: problems.map((p) => {
      const at = p.indexOf(': ');
      const path = at < 0 ? '(root)' : p.slice(0, at);
      return { message: at < 0 ? p : p.slice(at + 2), property: path === '(root)' ? 'scenario' : `scenario.${path}` };
    }),
  });
}

/** A `resetWorld` body, checked at the simulator API's door against the contract's schema. */
export type ResetWorldBody = Static<typeof ResetWorldBodySchema>;

/**
 * The scenario a reset loads: the body's (checked against the scenario rules) or the started-with
 * file's. @throws ApiError 400
 */
async function scenarioToLoad(d: WorldResetDeps, b: ResetWorldBody): Promise<{ name: string; scenario: Scenario }> {
  if (b.scenario === undefined) {
    try {
      return { name: d.startedWith, scenario: await readScenario(d.startedWith) };
    } catch (e) {
      // The file changed on disk since the start: say so rather than fail without a word.
      throw new ApiError(400, { message: (e as Error).message });
    }
  }
  const problems = scenarioProblems(b.scenario);
  if (problems.length) throw scenarioInvalid(problems);
  return { name: b.name ?? 'imported', scenario: b.scenario as Scenario };
}

/**
 * Empties the world and loads the scenario in one transaction, then publishes `world`.
 * @param body checked at the simulator API's door (`ResetWorldBodySchema`)
 * @throws ApiError 400 for a bad scenario (the world untouched)
 */
export async function resetWorld(d: WorldResetDeps, body: ResetWorldBody): Promise<WorldReset> {
  const source = await scenarioToLoad(d, body);
  await d.dispatcher.stop();
  try {
    await replaceWorld(d.db, (trx) => applyScenario(source, { db: trx, world: new WorldStore(trx) }, d.demoOrigin, d.clock.now()));
  } catch (e) {
    if (e instanceof ScenarioError) throw scenarioInvalid([e.message]);
    throw e;
  } finally {
    d.dispatcher.start();
  }
  d.live.publish({ type: 'world', scenario: source.name });
  const s = source.scenario;
  return { scenario: source.name, channels: s.channels.length, users: s.users.length, chats: s.chats.length, apps: s.apps.length };
}

/** The handler of `resetWorld`; resets of this process run one after the other. */
export function worldResetHandlers(d: WorldResetDeps): UnitHandlers<'worldReset'> {
  let last: Promise<unknown> = Promise.resolve();
  return {
    resetWorld: ({ body }) => {
      const run = last.then(() => resetWorld(d, body));
      last = run.catch(() => undefined);
      return run;
    },
  };
}
