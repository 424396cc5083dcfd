/**
 * The one shape of a unit (an interface of the spec, `interfaces/<name>/`, or a feature of one),
 * in the manner of Miniflare's plugin registry: the composition root and the scenario loader go
 * through lists of these, so a unit is added by its folder and one line in a list
 * (docs/project/architecture.md, "Where a change goes").
 *
 * A unit has two sides. What is known before anything is built, its {@link UnitPlugin} (its name,
 * its slices of the scenario file), is a constant its `index.ts` exports: the scenario file's
 * schema is composed from it when the module loads. What it offers once built on the database, its
 * {@link BuiltUnit} (its routes per origin, its slice of the simulator API, what it does on a live
 * event), is what its `create<Name>` answers.
 */
import type { Express, Router } from 'express';
import type { SimulatorUnit } from '#contract/simulator-api.js';
import type { LiveEvent } from '../live/hub.js';
import type { UnitHandlers } from '../simulator-api/handlers.js';
import type { AnyScenarioSlice } from './scenario-slice.js';

/** A unit before it is built: its name and its slices of the scenario file, in the order of the file's properties. */
export interface UnitPlugin {
  /** The unit's name, as in `kit/units.ts` and the docs. */
  name: string;
  /** Its parts of the scenario file (none: it keeps nothing a scenario declares). */
  scenario: readonly AnyScenarioSlice[];
}

/** A unit's routers by the origin they are mounted on (`interface-urls.ts`), in the order they are mounted. */
export interface UnitRoutes {
  /** `{base_url}`: mounted by `kit/base-app.ts`. */
  base?: Router[];
  /** `{deprecated_url}`. */
  deprecated?: Router[];
  /** `{trialbot_url}`. */
  trialbot?: Router[];
  /** `{blockchain_url}`: an app of its own. */
  blockchain?: Express;
}

/**
 * A unit once built: its slice of the simulator API and what it does on a live event.
 * @typeParam U the simulator units (`SimulatorUnit` of the contract) whose routes it serves
 */
export interface BuiltUnit<U extends SimulatorUnit = SimulatorUnit> {
  /** The handlers of the simulator routes the contract gives to `U` (`server/src/simulator/handlers.ts`). */
  simulator: UnitHandlers<U>;
  /**
   * What it does on a live event of this process or another on the database: forget what it holds
   * in memory of a world that was reset (`world`), act on a clock moved (`clock`).
   */
  onLive?(event: LiveEvent): void;
}

/** Every handler of a list of built units, as one object typed as the intersection of their slices. */
export function handlersOf<const L extends readonly { simulator: object }[]>(units: L): UnionToIntersection<L[number]['simulator']> {
  return Object.assign({}, ...units.map((u) => u.simulator)) as UnionToIntersection<L[number]['simulator']>;
}

/** `A | B` as `A & B`. */
export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
