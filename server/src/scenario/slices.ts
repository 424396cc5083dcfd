/**
 * Every slice of the scenario file, in the order of its properties: the world's first (the IDs
 * every other slice refers to), then each unit's (`interfaces/index.ts`), the host's defaults last.
 * The schema, the checks, the seeding and the export each go through this list.
 */
import { UNITS } from '../interfaces/index.js';
import type { AnyScenarioSlice, ScenarioParts } from '../unit/scenario-slice.js';
import type { UnionToIntersection } from '../unit/unit.js';
import { defaultsScenario, worldScenario } from '../world/scenario.js';

/** The slices of the file: the world's, each unit's, the defaults. */
export const SCENARIO_SLICES = [worldScenario, ...UNITS.flatMap((u): readonly UnitSlice[] => u.scenario), defaultsScenario] as const;

/** A slice of a unit of the list. */
type UnitSlice = (typeof UNITS)[number]['scenario'][number];

/** Every slice of the list, as a union (for the file's types). */
export type AnySlice = typeof worldScenario | UnitSlice | typeof defaultsScenario;

/** The properties the slices give one place of the file, as one object. */
export type PartsAt<K extends keyof ScenarioParts> = UnionToIntersection<
  AnySlice extends infer S ? (S extends { parts: Record<K, infer X> } ? X : never) : never
>;

/**
 * The properties the slices give one place, in the order of the list.
 * @param slices the list (by default the file's; a test may add a unit of its own)
 */
export function partsAt<K extends keyof ScenarioParts>(place: K, slices: readonly AnyScenarioSlice[] = SCENARIO_SLICES): PartsAt<K> {
  return Object.assign({}, ...slices.map((s) => (s.parts as ScenarioParts)[place] ?? {})) as PartsAt<K>;
}
