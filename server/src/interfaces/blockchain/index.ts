/**
 * The blockchain developer interface (spec part A) as one unit: its store, the
 * signature and item-token rules, the routes of `{blockchain_url}` (an origin of its own, served
 * by `app`), and the simulator call the host's Blockchain tab reads on `{base_url}`.
 */
import type { Express } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { originApp } from '../../http/origin-app.js';
import type { Clock } from '../../clock/clock.js';
import { blockchainErrors, blockchainNotFound, blockchainRoutes } from './routes.js';
import { blockchainSimulatorHandlers } from './simulator-routes.js';
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import { BlockchainAuth } from './auth.js';
import { ItemTokenService } from './item-tokens.js';
import { BlockchainStore } from './store.js';
import type { DatabaseOutage } from '../../db/outage.js';
import type { Database } from '../../db/schema.js';

import type { BuiltUnit, UnitPlugin } from '../../unit/unit.js';
import { blockchainScenario } from './scenario.js';

// What the listener uses of this unit.
export { blockchainUnavailable } from './routes.js';

/** The blockchain as a plugin: its slice of the scenario file (`blockchain`). */
export const blockchainUnit = { name: 'blockchain', scenario: [blockchainScenario] } as const satisfies UnitPlugin;

/** The blockchain unit: the origin's app, the host's simulator routes, its services. */
export interface Blockchain extends BuiltUnit<'blockchain'> {
  /** The app of `{blockchain_url}`, its one router. */
  origins: { blockchain: [Express] };
  /** The handler of the Blockchain tab's simulator route (on `{base_url}`). */
  simulator: UnitHandlers<'blockchain'>;
  store: BlockchainStore;
  auth: BlockchainAuth;
  tokens: ItemTokenService;
}

/** Builds the blockchain unit on an open database. */
export function createBlockchain(db: Kysely<Database>, clock: Clock, logger: Logger, outage?: DatabaseOutage): Blockchain {
  const store = new BlockchainStore(db);
  const auth = new BlockchainAuth(store, clock);
  const tokens = new ItemTokenService(store, clock);
  const app = originApp([blockchainRoutes({ auth, tokens, clock, logger })], logger, {
    notFound: blockchainNotFound,
    handler: blockchainErrors(clock, logger, outage),
  });
  return { origins: { blockchain: [app] }, simulator: blockchainSimulatorHandlers(store), store, auth, tokens };
}
