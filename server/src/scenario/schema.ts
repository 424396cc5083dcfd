/**
 * The scenario file: the world embedkit starts with (channels, users, chats, apps). Documented in
 * the README with `server/scenarios/default.json` as the example.
 */
import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../http/validate.js';
import type { AnyScenarioSlice } from '../unit/scenario-slice.js';
import { partsAt, SCENARIO_SLICES } from './slices.js';

/**
 * The file's schema: its four lists (channels, users, chats, apps), each entry with the properties
 * the slices give it, and the file's own properties, all in the order of the slices' list.
 */
function schemaOf(slices: readonly AnyScenarioSlice[]) {
  return Type.Object(
    {
      channels: Type.Array(Type.Object(partsAt('channel', slices), { additionalProperties: false }), { minItems: 1 }),
      users: Type.Array(Type.Object(partsAt('user', slices), { additionalProperties: false }), { minItems: 1 }),
      chats: Type.Array(Type.Object(partsAt('chat', slices), { additionalProperties: false })),
      apps: Type.Array(Type.Object(partsAt('app', slices), { additionalProperties: false })),
      ...partsAt('file', slices),
    },
    { additionalProperties: false },
  );
}

/** The scenario file's schema, of the file's slices (`slices.ts`). */
export const ScenarioSchema = schemaOf(SCENARIO_SLICES);

/** A scenario as written in its file. */
export type Scenario = Static<typeof ScenarioSchema>;

export const checkScenario = compile(ScenarioSchema);

/** The check of a file of other slices than the file's (a test's unit added to the list). */
export function scenarioCheckOf(slices: readonly AnyScenarioSlice[]): typeof checkScenario {
  return slices === SCENARIO_SLICES ? checkScenario : compile(schemaOf(slices));
}
