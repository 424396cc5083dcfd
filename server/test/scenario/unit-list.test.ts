/**
 * The scenario loader asks each slice of its list: a throw-away unit, one property of the file and
 * one seeding step, is checked, seeded and listed with the world's slices without an edit to the
 * loader (docs/project/architecture.md, "Where a change goes").
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/db/db.js';
import type { Database } from '../../src/db/schema.js';
import { applyScenario, DEFAULT_SCENARIO, scenarioProblems } from '../../src/scenario/load.js';
import { ScenarioSchema, type Scenario } from '../../src/scenario/schema.js';
import { SCENARIO_SLICES } from '../../src/scenario/slices.js';
import { scenarioSlice } from '../../src/unit/scenario-slice.js';
import type { UnitPlugin } from '../../src/unit/unit.js';
import { WorldStore } from '../../src/world/world-store.js';

/** A unit of the test's own: the file's `pets`, each owned by a person of the file, kept in a meta key. */
const petsUnit = {
  name: 'pets',
  scenario: [
    scenarioSlice({
      name: 'pets',
      parts: { file: { pets: Type.Optional(Type.Array(Type.Object({ name: Type.String({ minLength: 1 }), owner: Type.String() }))) } },
      problems: (s, { users }) =>
        (s.pets ?? []).flatMap((p, i) => (users.has(p.owner) ? [] : [`pets[${i}].owner: unknown user ${p.owner}`])),
      seed: async (s, at) => at.world.setMeta('pets', (s.pets ?? []).map((p) => p.name).join(',')),
    }),
  ],
} satisfies UnitPlugin;

const SLICES = [...SCENARIO_SLICES, ...petsUnit.scenario];
const world = JSON.parse(readFileSync(DEFAULT_SCENARIO, 'utf8')) as Scenario;
const owner = world.users[0]!.userId;

describe('a unit added to the scenario list', () => {
  let dir: string;
  let db: Kysely<Database>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'embedkit-unit-list-'));
    db = await openDatabase({ file: join(dir, 'world.sqlite') });
  });
  afterAll(async () => {
    await db?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('is a property of the file only with it in the list, checked by its own rule', () => {
    const withPets = { ...world, pets: [{ name: 'Rex', owner }] };
    expect(scenarioProblems(withPets)).toEqual(['pets: unknown property']);
    expect(scenarioProblems(withPets, SLICES)).toEqual([]);
    expect(scenarioProblems({ ...world, pets: [{ name: 'Rex', owner: 'U0' }] }, SLICES)).toEqual(['pets[0].owner: unknown user U0']);
    expect(ScenarioSchema.properties).not.toHaveProperty('pets');
  });

  it('seeds its part after the world', async () => {
    const store = new WorldStore(db);
    await applyScenario(
      { name: 'pets', scenario: { ...world, pets: [{ name: 'Rex', owner }] } as Scenario },
      { db, world: store },
      'http://127.0.0.1:1',
      0,
      SLICES,
    );
    expect(await store.getMeta('pets')).toBe('Rex');
    expect((await store.users()).length).toBe(world.users.length);
  });
});
