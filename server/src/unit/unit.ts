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
import type { RequestHandler, Router } from 'express';
import { SIMULATOR_API, type SimulatorUnit } from '#contract/simulator-api.js';
import type { BodyKind, RouteSpec } from '#contract/route.js';
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

/**
 * A unit's routers by the origin they are mounted on (`interface-urls.ts`), and the body readers
 * its simulator routes need. The apps mount them from the list of built units (`kit/units.ts`,
 * `builtUnits`), unit after unit in the list's order; on `{base_url}` in three rounds, so a router
 * that must see a request before another unit's sees it first.
 */
export interface UnitRoutes {
  /** `{base_url}`, before the simulator API (the calls every open app makes, tried first). */
  baseFirst?: Router[];
  /** `{base_url}`, after the simulator API and before every unit's `base`: routers that share paths with another unit's and pass on what is not theirs. */
  baseShared?: Router[];
  /** `{base_url}`: the unit's platform routes, after the simulator API (`kit/base-app.ts`). */
  base?: Router[];
  /** `{deprecated_url}`. */
  deprecated?: RequestHandler[];
  /** `{trialbot_url}`. */
  trialbot?: RequestHandler[];
  /** `{blockchain_url}` (an app of its own is a handler too). */
  blockchain?: RequestHandler[];
  /** `{linepay_base_url}` (the LINE Pay unit's app: its API and its payment page). */
  linepay?: RequestHandler[];
  /** The readers of the simulator routes' bodies of a kind other than `json` that the unit's routes take (`simulator-api/mount.ts`). */
  bodies?: Partial<Record<BodyKind, RequestHandler>>;
}

/** The origins a unit's routes are mounted on, as {@link UnitRoutes} names them. */
export type UnitOrigin = Exclude<keyof UnitRoutes, 'bodies'>;

/**
 * A unit once built: its routes per origin, its slice of the simulator API and what it does on a live event.
 * @typeParam U the simulator units (`SimulatorUnit` of the contract) whose routes it serves
 */
export interface BuiltUnit<U extends SimulatorUnit = SimulatorUnit> {
  /** Its routes per origin and its body readers (none: it serves only simulator routes). */
  origins?: UnitRoutes;
  /** The handlers of the simulator routes the contract gives to `U` (`server/src/simulator-api/handlers.ts`). */
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

/** The routers a list of built units mounts on one origin, unit after unit in the list's order. */
export function routesOf<R extends RequestHandler>(units: readonly { origins?: UnitRoutes }[], origin: UnitOrigin): R[] {
  return units.flatMap((u) => (u.origins?.[origin] ?? []) as R[]);
}

/**
 * The body readers of the simulator API's body kinds: `json` given, every other kind handed over by
 * the unit whose routes take it.
 * @throws Error when no unit of the list reads a kind a route of the simulator API takes
 */
export function bodyReadersOf(json: RequestHandler, units: readonly { origins?: UnitRoutes }[]): Record<BodyKind, RequestHandler> {
  const readers: Partial<Record<BodyKind, RequestHandler>> = Object.assign({ json }, ...units.map((u) => u.origins?.bodies ?? {}));
  const kinds = new Set(Object.values(SIMULATOR_API as Record<string, RouteSpec>).flatMap((r) => (r.bodyKind ? [r.bodyKind] : [])));
  const missing = [...kinds].filter((k) => !readers[k]);
  if (missing.length) throw new Error(`No unit reads the simulator bodies of kind ${missing.join(', ')}`);
  return readers as Record<BodyKind, RequestHandler>;
}

/** `A | B` as `A & B`. */
export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
