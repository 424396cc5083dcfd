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
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import type { WorldStore } from '../../world/world-store.js';
import type { BotApiDeps } from '../bot/index.js';
import type { UserTokenService } from '../social/index.js';
import type { WebhookDispatcher } from '../../webhooks/dispatcher.js';
import type { WebhookEmitter } from '../../webhooks/emitter.js';
import { iapRoutes } from './iap/routes.js';
import { IapService } from './iap/service.js';
import { IapStore } from './iap/store.js';
import { miniAppRoutes } from './routes.js';
import { setMiniAppConsent } from './consent-settings.js';
import { ServiceMessageService } from './service.js';
import { MiniAppStore } from './store.js';
import { customPaths, type CustomPaths } from './custom-paths.js';

import type { BuiltUnit, UnitPlugin } from '../../unit/unit.js';
import { miniAppScenario } from './scenario.js';

export { MiniAppStore } from './store.js';
export { IapStore } from './iap/store.js';
export { iapEventBody } from './iap/rules.js';
export type { CustomPaths } from './custom-paths.js';

/** The MINI Apps as a plugin: their slice of the scenario file (an app's `miniApp`). */
export const miniAppsUnit = { name: 'miniApps', scenario: [miniAppScenario] } as const satisfies UnitPlugin;

/** The MINI Apps unit: its service, its store (the scenario loads it), its routes and simulator handlers. */
export interface MiniApps extends BuiltUnit<'miniApps'> {
  serviceMessages: ServiceMessageService;
  /** In-app purchase: reservations, orders, their webhook events (docs/platform/mini-apps.md). */
  iap: IapService;
  store: MiniAppStore;
  /** The MINI Apps' Custom Paths, which the LIFF server API reads and sets (embedkit's extension). */
  customPaths: CustomPaths;
  /** `/message/v3/notifier/token`, `/message/v3/notifier/send`, `/iap/v1/product/reserve` and `/iap/v1/webhook/events`, on `{base_url}`. */
  origins: { base: Router[] };
  simulator: UnitHandlers<'miniApps'>;
}

/**
 * Builds the MINI Apps unit on an open database.
 * @param deps `api`: the bot interface's authentication and rate limit of a channel access token;
 *   `userTokens`: the LIFF access tokens; `live`: tells the host of a service message sent;
 *   `webhooks`: the bot unit's webhook pipeline, which sends the in-app purchase events (their URL
 *   is the MINI App's own: the dispatcher asks this unit)
 */
export function createMiniApps(
  db: Kysely<Database>,
  world: WorldStore,
  clock: Clock,
  deps: {
    api: BotApiDeps;
    userTokens: UserTokenService;
    live: LiveHub;
    webhooks: { emitter: WebhookEmitter; dispatcher: WebhookDispatcher };
  },
): MiniApps {
  const store = new MiniAppStore(db);
  const serviceMessages = new ServiceMessageService({ store, world, userTokens: deps.userTokens, live: deps.live, clock });
  const iap = new IapService({
    store: new IapStore(db),
    miniApps: store,
    userTokens: deps.userTokens,
    channelTokens: deps.api.tokens,
    world,
    clock,
    emitter: deps.webhooks.emitter,
  });
  deps.webhooks.dispatcher.routeUrls((delivery) => iap.urlOf(delivery));
  return {
    serviceMessages,
    iap,
    store,
    customPaths: customPaths(store),
    origins: { base: [miniAppRoutes({ ...deps.api, serviceMessages }), iapRoutes(iap)] },
    simulator: {
      serviceMessages: ({ params }) => serviceMessages.messagesOf(params.userId),
      setMiniAppConsent: ({ params, body }) => setMiniAppConsent(store, params.embedId, body),
      iapProducts: ({ params, query }) => iap.productsOf(params.embedId, query),
      setIapWebhook: ({ params, body }) => iap.setWebhook(params.embedId, body.webhookUrl),
      iapConsent: ({ params }) => iap.consent(params.userId),
      setIapConsent: ({ params, body }) => iap.setConsent(params.userId, body.agreed),
      iapOrders: ({ query }) => iap.orders(query),
      iapOrder: ({ params }) => iap.order(params.orderId),
      payIapOrder: ({ params, body }) => iap.pay(params.orderId, body),
      refundIapOrder: ({ params }) => iap.refund(params.orderId),
    },
  };
}
