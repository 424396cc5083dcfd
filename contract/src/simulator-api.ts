/**
 * The simulator API: embedkit's own HTTP API under {@link SIMULATOR_PREFIX}, what only a simulator
 * has (the world, what a person does in the host, the clock, webhook deliveries). One map of
 * routes, {@link SIMULATOR_API}, made of the units' slices (`./simulator-api/`): the server mounts
 * exactly these (`server/src/simulator-api/mount.ts`; a route without a handler does not compile), each
 * from the handlers of the unit it names ({@link SimulatorUnit}), and the host, the CLI and `embedkit/testing` call
 * them through the client of `./client.ts` (no path written anywhere else). docs/project/simulator-api.md's
 * route tables are checked against this map by a test.
 */
import { defineContract, fillPath, pathPattern, type Contract, type PathParams } from './route.js';
import { WORLD_ROUTES } from './simulator-api/world.js';
import { SOCIAL_ROUTES } from './simulator-api/social/social.js';
import { CONSENTS_ROUTES } from './simulator-api/social/consents.js';
import { FAULTS_ROUTES } from './simulator-api/faults.js';
import { CHANNEL_TOKENS_ROUTES } from './simulator-api/channel-tokens.js';
import { V1_BOTS_ROUTES } from './simulator-api/v1-bots.js';
import { BOT_ROUTES } from './simulator-api/bot/bot.js';
import { INSIGHT_ROUTES } from './simulator-api/bot/insight.js';
import { COUPONS_ROUTES } from './simulator-api/bot/coupons.js';
import { MEMBERSHIPS_ROUTES } from './simulator-api/bot/memberships.js';
import { MODULES_ROUTES } from './simulator-api/bot/modules.js';
import { MINI_APPS_ROUTES } from './simulator-api/mini-apps.js';
import { BLOCKCHAIN_ROUTES } from './simulator-api/blockchain.js';
import { LINE_PAY_ROUTES } from './simulator-api/line-pay.js';
import { SCENARIO_EXPORT_ROUTES } from './simulator-api/scenario-export.js';
import { WORLD_RESET_ROUTES } from './simulator-api/world-reset.js';
import { PHONES_ROUTES } from './simulator-api/phones.js';
import { LAN_ROUTES } from './simulator-api/lan.js';
import { REVIEW_ROUTES } from './simulator-api/review.js';

/** Where the simulator API lives on `{base_url}`. */
export const SIMULATOR_PREFIX = '/embedkit/v1';

/** Readiness probes (`http/readiness.ts` answers them before the kit is built, so they are not routes of the map). */
export const PROBE_PATHS = { health: `${SIMULATOR_PREFIX}/health`, ready: `${SIMULATOR_PREFIX}/ready` } as const;

/**
 * Every route of the simulator API, by name: the units' slices, one file each under
 * `./simulator-api/` (the bot interface's units in `./simulator-api/bot/`), each holding its
 * routes and the schemas only they use, its header naming where the server builds its handlers.
 */
export const SIMULATOR_API = defineContract({
  ...WORLD_ROUTES,
  ...SOCIAL_ROUTES,
  ...CONSENTS_ROUTES,
  ...FAULTS_ROUTES,
  ...CHANNEL_TOKENS_ROUTES,
  ...V1_BOTS_ROUTES,
  ...BOT_ROUTES,
  ...INSIGHT_ROUTES,
  ...COUPONS_ROUTES,
  ...MEMBERSHIPS_ROUTES,
  ...MODULES_ROUTES,
  ...MINI_APPS_ROUTES,
  ...BLOCKCHAIN_ROUTES,
  ...LINE_PAY_ROUTES,
  ...SCENARIO_EXPORT_ROUTES,
  ...WORLD_RESET_ROUTES,
  ...PHONES_ROUTES,
  ...LAN_ROUTES,
  ...REVIEW_ROUTES,
});

/** The paths of the routes any page may read (see `RouteSpec.crossSite`), as patterns. */
export const PUBLIC_PATHS: readonly RegExp[] = Object.values(SIMULATOR_API as Contract)
  .filter((r) => r.crossSite === 'public')
  .map((r) => pathPattern(SIMULATOR_PREFIX, r.path));

/** The simulator API's routes by name. */
export type SimulatorApi = typeof SIMULATOR_API;
/** The name of a simulator route. */
export type SimulatorRoute = keyof SimulatorApi;

/**
 * The units of the server that serve the simulator API, as the slices' routes name them: each
 * route names its own (`unit`), and a unit's handlers are typed from the routes that name it
 * (`UnitHandlers` in `server/src/simulator-api/handlers.ts`), so the contract alone says which unit
 * answers a route. A new unit is a new slice in {@link SIMULATOR_API}.
 */
export type SimulatorUnit = SimulatorApi[SimulatorRoute]['unit'];

/**
 * The path of a simulator route on `{base_url}`, parameters filled in and the query appended, e.g.
 * `simulatorPath('userPicture', {userId})` → `/embedkit/v1/users/U1/picture`: for the routes a
 * page uses as a URL (pictures, contents, the live feed).
 */
export function simulatorPath<K extends SimulatorRoute>(
  name: K,
  params: PathParams<SimulatorApi[K]>,
  query?: Record<string, unknown>,
): string {
  return SIMULATOR_PREFIX + fillPath(SIMULATOR_API[name].path, params as Record<string, string>, query);
}
