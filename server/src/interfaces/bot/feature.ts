/**
 * The one shape of a bot feature (`interfaces/bot/<feature>/`), the bot unit's own list of parts
 * in the manner of `unit/unit.ts`: each feature's `index.ts` exports one {@link BotFeature}, which
 * `index.ts` lists and wires (which feature's service another needs) and `routes.ts` mounts.
 */
import type { Router } from 'express';
import type { SimulatorUnit } from '#contract/simulator-api.js';
import type { LiveEvent } from '../../live/hub.js';
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import type { AnyScenarioSlice } from '../../unit/scenario-slice.js';
import { handlersOf, type UnionToIntersection } from '../../unit/unit.js';
import type { BotApiDeps } from './authenticate.js';
import type { BotBase } from './base.js';

/**
 * A bot feature before it is built: its name, its slices of the scenario file, and how it is built.
 * @typeParam N the services of other features it needs (named by `index.ts`, which wires them)
 * @typeParam B what it is once built
 */
export interface BotFeature<N, B extends AnyBuiltBotFeature> {
  /** The feature's folder name. */
  name: string;
  /** Its parts of the scenario file, in the order of the file's properties (none: it keeps nothing a scenario declares). */
  scenario: readonly AnyScenarioSlice[];
  /** Builds its store and service on the unit's shared parts and the services it needs. */
  build(base: BotBase, needs: N): B;
}

/**
 * A bot feature once built: its service (what other features and units use of it), its routers,
 * its simulator handlers and what it does on a live event.
 * @typeParam S its service
 * @typeParam U the simulator units whose routes it serves (none: `never`)
 */
export interface BuiltBotFeature<S = unknown, U extends SimulatorUnit = never> {
  service: S;
  /**
   * Middleware that must see a `/v2/bot` request before the route that answers it: mounted before
   * every feature's routers. On the bot API's authentication (built later, from the messaging
   * feature and the rate limits).
   */
  watchers?(api: BotApiDeps): Router[];
  /** Its routers, on the bot API's authentication; their paths overlap no other feature's. */
  routes?(api: BotApiDeps): Router[];
  /** The handlers of its simulator routes (`contract/src/simulator-api/bot/`). */
  simulator?: UnitHandlers<U>;
  /** What it does on a live event of this process or another on the database. */
  onLive?(event: LiveEvent): void;
}

/** A built feature of any service and any simulator units: an element of the unit's list. */
export type AnyBuiltBotFeature = Omit<BuiltBotFeature, 'simulator'> & { simulator?: object };

/** Every built feature's simulator handlers, as one object typed as the intersection of theirs (`handlersOf` of `unit/unit.ts`). */
export function featureHandlers<const F extends Record<string, { simulator?: object }>>(
  features: F,
): UnionToIntersection<NonNullable<F[keyof F]['simulator']>> {
  return handlersOf(Object.values(features).map((f) => ({ simulator: f.simulator ?? {} }))) as UnionToIntersection<
    NonNullable<F[keyof F]['simulator']>
  >;
}
