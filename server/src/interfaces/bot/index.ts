/**
 * Bot messaging and webhooks (spec part B, "Events") as one unit: a list of features, each a folder
 * that builds its own store, service, routes and simulator handlers (`feature.ts`), on the unit's
 * shared parts (`base.ts`: the live hub, the webhook pipeline). Here: the list and the wiring
 * between the features (which feature's service another needs). `kit/units.ts` wires it in:
 * `chatHooks` into the ChatService, `routes` into the app, `start` after the app is built, `stop`
 * before the database closes.
 */
import type { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock/clock.js';
import type { Database } from '../../db/schema.js';
import type { LiveEvent, LiveHub } from '../../live/hub.js';
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import type { BuiltUnit, UnitPlugin } from '../../unit/unit.js';
import type { DeliveryService } from '../../webhooks/deliveries.js';
import type { WebhookDispatcher } from '../../webhooks/dispatcher.js';
import type { WebhookEmitter } from '../../webhooks/emitter.js';
import type { ChatHooks } from '../../world/chats.js';
import type { BotsInChatsStore } from '../../world/bots-in-chats-store.js';
import type { WorldStore } from '../../world/world-store.js';
import type { BotApiDeps } from './authenticate.js';
import { botBase, type BotMessagingDeps, type BotMessagingOptions } from './base.js';
import { featureHandlers, type AnyBuiltBotFeature } from './feature.js';
import { botRoutes } from './routes.js';
import { botSimulatorHandlers } from './simulator-routes.js';
import { accountFeature } from './account/index.js';
import { accountLinkFeature } from './account-link/index.js';
import { audiencesFeature } from './audiences/index.js';
import { broadcastFeature } from './broadcast/index.js';
import { couponsFeature } from './coupons/index.js';
import { indicatorsFeature } from './indicators/index.js';
import { insightFeature, type Insight } from './insight/index.js';
import { membershipsFeature } from './memberships/index.js';
import { messagingFeature } from './messaging/index.js';
import type { BotMessagingService } from './messaging/service.js';
import { modulesFeature } from './modules/index.js';
import { oauthFeature } from './oauth/index.js';
import { pnpFeature } from './pnp/index.js';
import type { RateLimiter } from './rate-limits/service.js';
import { rateLimitsFeature } from './rate-limits/index.js';
import { retryKeysFeature } from './retry-keys/index.js';
import type { RichMenuService } from './rich-menus/service.js';
import { richMenusFeature } from './rich-menus/index.js';
import { shopFeature } from './shop/index.js';
import type { BotEventService } from './user-events/service.js';
import { userEventsFeature } from './user-events/index.js';

// What other units use of this one.
export { mediaBody } from './simulator-routes.js';
export { botApi, channelOf, type BotApiDeps } from './authenticate.js';
export type { BotMessagingOptions } from './base.js';
export type { BotEventService } from './user-events/service.js';
export type { SentMessage, SentMessages } from './messaging/service.js';
export type { MessageReach, FriendshipChangeInput } from './insight/index.js';

/**
 * The bot unit's features, in the order their routers are mounted (each one's watchers before
 * every router) and their slices come in the scenario file. A new feature is its folder and one line here.
 */
export const BOT_FEATURES = [
  oauthFeature,
  userEventsFeature,
  messagingFeature,
  richMenusFeature,
  accountFeature,
  indicatorsFeature,
  accountLinkFeature,
  broadcastFeature,
  audiencesFeature,
  membershipsFeature,
  insightFeature,
  pnpFeature,
  shopFeature,
  modulesFeature,
  couponsFeature,
  rateLimitsFeature,
  retryKeysFeature,
] as const;

/** A feature's name, as in its folder. */
type BotFeatureName = (typeof BOT_FEATURES)[number]['name'];

/** A slice of the scenario file of one of the features. */
type BotSlice = (typeof BOT_FEATURES)[number]['scenario'][number];

/** The bot unit as a plugin: its features' slices of the scenario file, each a channel's list. */
export const botUnit = {
  name: 'bot',
  scenario: BOT_FEATURES.flatMap<BotSlice>((f) => f.scenario),
} as const satisfies UnitPlugin;

/** The bot messaging unit's services and routes. */
export interface BotMessaging extends BuiltUnit<'bot' | 'insight' | 'coupons' | 'memberships' | 'modules'> {
  events: BotEventService;
  messaging: BotMessagingService;
  emitter: WebhookEmitter;
  dispatcher: WebhookDispatcher;
  deliveries: DeliveryService;
  live: LiveHub;
  limits: RateLimiter;
  botsInChats: BotsInChatsStore;
  /** Rich menus. */
  richMenus: RichMenuService;
  /** Insight: records what requests sent, the friendship history, the host's reports (docs/platform/insight.md). */
  insight: Insight;
  /** For the ChatService: users' messages become webhook events and live updates. */
  chatHooks: ChatHooks;
  /** `/v2/oauth`, `/v2/bot` and the account link page, in the order they must be mounted. */
  routes: Router[];
  /**
   * The v2.1 and stateless channel token operations, some on the social login's paths: mounted
   * before the social login's routes, they answer channel tokens and pass everything else on.
   */
  sharedOauthRoutes: Router;
  /** The handlers of the unit's simulator routes (`contract/src/simulator-api.ts`). */
  simulator: UnitHandlers<'bot' | 'insight' | 'coupons' | 'memberships' | 'modules'>;
  /** What the unit does on a live event: each feature's (renewals when the clock moves, counts and indicators forgotten when the world is reset). */
  onLive(event: LiveEvent): void;
  /** Starts sending webhook deliveries (those left from the last run first). */
  start(): void;
  /** Stops the dispatcher and ends the live streams; call before the database closes. */
  stop(): Promise<void>;
}

/**
 * Builds the bot messaging unit on an open database: its shared parts, then each feature on the
 * services it needs of the others.
 * @param deps what the kit hands it (`BotMessagingDeps`, `base.ts`)
 */
export function createBotMessaging(
  db: Kysely<Database>,
  world: WorldStore,
  clock: Clock,
  deps: BotMessagingDeps,
  options: BotMessagingOptions = {},
): BotMessaging {
  const base = botBase(db, world, clock, deps, options);
  const limits = rateLimitsFeature.build(base);
  const retryKeys = retryKeysFeature.build(base);
  const insight = insightFeature.build(base);
  const events = userEventsFeature.build(base);
  const coupons = couponsFeature.build(base);
  const memberships = membershipsFeature.build(base, { events: events.service });
  const modules = modulesFeature.build(base);
  const messaging = messagingFeature.build(base, {
    events: events.service,
    limits: limits.service,
    retryKeys: retryKeys.service,
    recorder: insight.service.service,
    coupons: coupons.service,
  });
  const richMenus = richMenusFeature.build(base);
  const audiences = audiencesFeature.build(base, { reach: insight.service.reach });
  const broadcast = broadcastFeature.build(base, {
    messaging: messaging.service,
    limits: limits.service,
    retryKeys: retryKeys.service,
    audiences: audiences.service,
  });
  const pnp = pnpFeature.build(base, { events: events.service, limits: limits.service });
  const shop = shopFeature.build(base);
  const indicators = indicatorsFeature.build(base);
  const accountLink = accountLinkFeature.build(base, { events: events.service });
  const account = accountFeature.build(base, { events: events.service, links: accountLink.service });
  const oauth = oauthFeature.build(base);
  const built = {
    oauth,
    'user-events': events,
    messaging,
    'rich-menus': richMenus,
    account,
    indicators,
    'account-link': accountLink,
    broadcast,
    audiences,
    memberships,
    insight,
    pnp,
    shop,
    modules,
    coupons,
    'rate-limits': limits,
    'retry-keys': retryKeys,
  } satisfies Record<BotFeatureName, AnyBuiltBotFeature>;
  const inOrder = BOT_FEATURES.map((f) => built[f.name]);
  const api = { tokens: deps.tokens, bot: messaging.service, limits: limits.service } satisfies BotApiDeps;
  const { live, emitter, dispatcher, deliveries, contents } = base;
  return {
    events: events.service,
    messaging: messaging.service,
    emitter,
    dispatcher,
    deliveries,
    live,
    limits: limits.service,
    botsInChats: base.botsInChats,
    richMenus: richMenus.service,
    insight: insight.service,
    chatHooks: {
      userMessagesStored: (chat, userId, stored) => events.service.userMessages(chat, userId, stored),
      inChatOrder: (chatId, write) => emitter.inChatOrder(chatId, write),
    },
    routes: botRoutes(inOrder, api),
    sharedOauthRoutes: oauth.service.sharedRoutes,
    simulator: {
      ...botSimulatorHandlers({
        events: events.service,
        deliveries,
        contents,
        live,
        menus: richMenus.service,
        indicators: indicators.service,
      }),
      ...featureHandlers(built),
    },
    onLive: (event) => {
      for (const feature of inOrder) feature.onLive?.(event);
    },
    start: () => dispatcher.start(),
    stop: async () => {
      live.closeAll();
      await dispatcher.stop();
    },
  };
}
