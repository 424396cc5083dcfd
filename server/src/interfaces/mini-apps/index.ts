/**
 * LINE MINI Apps as one unit (docs/platform/mini-apps.md): which scenario apps are MINI Apps, their
 * channels' service message templates, and the Service Message API (a service notification token
 * from a LIFF access token, a template sent with it) with the host's service-message chat. The
 * composition root (`kit/`) wires it in: it takes the bot unit's channel access token check and
 * the social unit's user access tokens (the LIFF access tokens).
 */
import type { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock/clock.js';
import type { Database } from '../../db/schema.js';
import type { LiveHub } from '../../live/hub.js';
import type { SimulatorHandlers } from '../../simulator/handlers.js';
import type { WorldStore } from '../../world/world-store.js';
import type { BotApiDeps } from '../bot/index.js';
import type { UserTokenService } from '../social/index.js';
import { miniAppRoutes } from './routes.js';
import { ServiceMessageService } from './service.js';
import { MiniAppStore } from './store.js';

export { MiniAppStore, type MiniAppSeed } from './store.js';
export { MiniAppSchema, scenarioTemplateProblems, type ScenarioMiniApp, type ServiceMessageTemplate } from './rules.js';
export { scenarioIapProblems, type IapProduct, type ScenarioInAppPurchase } from './iap/rules.js';

/** The MINI Apps unit: its service, its store (the scenario loads it), its routes and simulator handlers. */
export interface MiniApps {
  serviceMessages: ServiceMessageService;
  store: MiniAppStore;
  /** `/message/v3/notifier/token` and `/message/v3/notifier/send`. */
  routes: Router[];
  simulator: Pick<SimulatorHandlers, 'serviceMessages'>;
}

/**
 * Builds the MINI Apps unit on an open database.
 * @param deps `api`: the bot interface's authentication and rate limit of a channel access token;
 *   `userTokens`: the LIFF access tokens; `live`: tells the host of a service message sent
 */
export function createMiniApps(
  db: Kysely<Database>,
  world: WorldStore,
  clock: Clock,
  deps: { api: BotApiDeps; userTokens: UserTokenService; live: LiveHub },
): MiniApps {
  const store = new MiniAppStore(db);
  const serviceMessages = new ServiceMessageService({ store, world, userTokens: deps.userTokens, live: deps.live, clock });
  return {
    serviceMessages,
    store,
    routes: [miniAppRoutes({ ...deps.api, serviceMessages })],
    simulator: { serviceMessages: ({ params }) => serviceMessages.messagesOf(params.userId) },
  };
}
