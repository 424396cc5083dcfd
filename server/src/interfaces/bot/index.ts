/**
 * Bot messaging and webhooks (spec part B, "Events") as one unit: stores, services,
 * the webhook dispatcher and routes, built from the database, the world and the one clock.
 * `kit/units.ts` wires it in: `chatHooks` into the ChatService, `routes` into the app, `start` after
 * the app is built, `stop` before the database closes.
 */
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import type { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock.js';
import { botSimulatorHandlers } from './simulator-routes.js';

export { mediaBody } from './simulator-routes.js';
import { channelOauthV21Routes } from './oauth/routes.js';
import { botRoutes } from './routes.js';
import { BotPnpService } from './pnp/service.js';
import { AudienceService } from './audiences/service.js';
import { AudienceStore } from './audiences/store.js';
import { CouponService } from './coupons/service.js';
import { CouponStore } from './coupons/store.js';
import { MembershipPlanService } from './memberships/service.js';
import { MembershipPlanStore } from './memberships/store.js';
import { ModuleService } from './modules/service.js';
import { ModuleStore } from './modules/store.js';
import { BotBroadcastService } from './broadcast/service.js';
import { BotCounterStore } from './broadcast/store.js';
import { BotAccountService } from './account/service.js';
import { AccountLinkService } from './account-link/service.js';
import { LinkTokenStore } from './account-link/store.js';
import { ChatIndicatorService } from './indicators/service.js';
import { BotEventService } from './user-events/service.js';
import { BotMessagingService } from './messaging/service.js';
import type { ChannelTokenService } from '../../tokens/channel-tokens.js';
import type { ChatHooks } from '../../world/chats.js';
import { LiveHub, type LiveEvent } from '../../live/hub.js';
import { RateLimiter, type PlanLimits } from './rate-limits/service.js';
import { RichMenuService } from './rich-menus/service.js';
import { DeliveryService } from '../../webhooks/deliveries.js';
import { WebhookDispatcher } from '../../webhooks/dispatcher.js';
import type { DeliveryFaults } from '../../faults/delivery-faults.js';
import { WebhookEmitter } from '../../webhooks/emitter.js';
import { BotsInChatsStore } from '../../world/bots-in-chats-store.js';
import { ContentStore } from '../../messages/content-store.js';
import { DeliveryStore } from '../../webhooks/delivery-store.js';
import { MessageStore } from '../../messages/message-store.js';
import { ReplyTokenStore } from '../../webhooks/reply-token-store.js';
import { isPostgres } from '../../db/db.js';
import { RateCounterStore } from './rate-limits/store.js';
import { RetryKeyStore } from './retry-keys/store.js';
import { RetryKeys } from './retry-keys/service.js';
import { RichMenuStore } from './rich-menus/store.js';
import type { Database } from '../../db/schema.js';
import type { WorldStore } from '../../world/world-store.js';
import type { DatabaseOutage } from '../../db/outage.js';
import type { PlatformHeaders } from '../../http/platform-headers.js';
import { MissionStickerService } from './shop/service.js';
import { createInsight, type Insight } from './insight/index.js';
import type { BuiltUnit, UnitPlugin } from '../../unit/unit.js';
import { audienceScenario } from './audiences/scenario.js';
import { couponScenario } from './coupons/scenario.js';
import { membershipScenario } from './memberships/scenario.js';
import { moduleScenario } from './modules/scenario.js';

// What other units use of this one.
export { botApi, channelOf, type BotApiDeps } from './authenticate.js';
export type { BotEventService } from './user-events/service.js';
export type { SentMessage, SentMessages } from './messaging/service.js';
export type { MessageReach, FriendshipChangeInput } from './insight/index.js';

/** The bot unit as a plugin: its features' slices of the scenario file, each a channel's list. */
export const botUnit = {
  name: 'bot',
  scenario: [audienceScenario, membershipScenario, moduleScenario, couponScenario],
} as const satisfies UnitPlugin;

/** Options of the bot messaging unit. */
export interface BotMessagingOptions {
  /** Life of a reply token in ms; default one minute. */
  replyTokenLifeMs?: number;
  /** Waits between webhook attempts in ms; default 1 s doubling to 64 s (8 attempts). */
  webhookRetryScheduleMs?: readonly number[];
  /** Per-plan limits; default the spec's (tests may lower them). */
  planLimits?: Record<'developer-trial' | 'other', PlanLimits>;
  /** How long one webhook attempt waits for the bot's answer, in ms; default 10 s. */
  webhookTimeoutMs?: number;
}

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
  /** What the unit does on a live event: renews memberships when the clock moves, forgets counts and indicators when the world is reset. */
  onLive(event: LiveEvent): void;
  /** Starts sending webhook deliveries (those left from the last run first). */
  start(): void;
  /** Stops the dispatcher and ends the live streams; call before the database closes. */
  stop(): Promise<void>;
}

/**
 * Builds the bot messaging unit on an open database.
 * @param deps `tokens`: channel access tokens (authentication of `/v2/bot`); `baseUrl`: the
 *   server's public origin (picture and content URLs); `outage`: deliveries pause while the
 *   database is unreachable and resume when it is back; `headers`: the platform header names of
 *   the kit's prefix (webhook signatures, request IDs); `faults`: the webhook delivery faults on
 *   demand (none: every delivery goes as usual)
 */
export function createBotMessaging(
  db: Kysely<Database>,
  world: WorldStore,
  clock: Clock,
  deps: {
    tokens: ChannelTokenService;
    logger: Logger;
    baseUrl: () => string;
    headers: PlatformHeaders;
    live?: LiveHub;
    outage?: DatabaseOutage;
    faults?: DeliveryFaults;
  },
  options: BotMessagingOptions = {},
): BotMessaging {
  // The app passes its hub when events must reach other processes (PostgreSQL).
  const live = deps.live ?? new LiveHub();
  const botsInChats = new BotsInChatsStore(db);
  const replyTokens = new ReplyTokenStore(db);
  const contents = new ContentStore(db);
  const messages = new MessageStore(db);
  // On PostgreSQL the processes sharing the database count together.
  const limits = new RateLimiter(clock, options.planLimits, isPostgres(db) ? new RateCounterStore(db) : undefined);
  const deliveryStore = new DeliveryStore(db);
  const { dispatcher, emitter } = webhookPipeline(
    {
      deliveryStore,
      replyTokens,
      world,
      clock,
      live,
      logger: deps.logger,
      outage: deps.outage,
      headers: deps.headers,
      faults: deps.faults,
    },
    options,
  );
  const counters = new BotCounterStore(db);
  const insight = createInsight(db, world, clock, counters);
  const events = new BotEventService({ world, botsInChats, messages, contents, emitter, live, clock, baseUrl: deps.baseUrl });
  const coupons = new CouponService({ store: new CouponStore(db), clock });
  const plans = new MembershipPlanService({
    store: new MembershipPlanStore(db),
    world,
    botsInChats,
    clock,
    changed: (channelId, userId, type, membershipId) => events.membershipChanged(channelId, userId, type, membershipId),
  });
  const modules = new ModuleService({ store: new ModuleStore(db), world, botsInChats, emitter, live, clock });
  // While a module channel holds a chat, the chat's events go to it (docs/platform/module-channels.md).
  emitter.routeThrough((botChannelId, chatId) => modules.holder(botChannelId, chatId));
  const messaging = new BotMessagingService({
    world,
    botsInChats,
    messages,
    replyTokens,
    contents,
    events,
    limits,
    live,
    clock,
    baseUrl: deps.baseUrl,
    recorder: insight.service,
    coupons,
  });
  const deliveries = new DeliveryService(deliveryStore, dispatcher, live, clock, deps.headers);
  const richMenus = new RichMenuService({ menus: new RichMenuStore(db), world, clock });
  const audiences = new AudienceService({
    store: new AudienceStore(db),
    reach: insight.reach,
    clock,
  });
  const broadcasts = new BotBroadcastService({
    counters,
    bot: messaging,
    limits,
    clock,
    recipients: (channel, recipient, friends) => audiences.recipients(channel, recipient, friends),
  });
  const pnp = new BotPnpService({ world, botsInChats, messages, events, counters, limits, live, clock });
  const stickers = new MissionStickerService({ world, botsInChats, messages, live, clock });
  const indicators = new ChatIndicatorService({ botsInChats, live, clock });
  const links = new AccountLinkService({ tokens: new LinkTokenStore(db), world, botsInChats, events, clock });
  const retryKeys = new RetryKeys({ store: new RetryKeyStore(db), clock, headers: deps.headers });
  const account = new BotAccountService({ events, timeoutMs: options.webhookTimeoutMs ?? 10_000, clock, headers: deps.headers });
  return {
    events,
    messaging,
    emitter,
    dispatcher,
    deliveries,
    live,
    limits,
    botsInChats,
    richMenus,
    insight,
    chatHooks: {
      userMessagesStored: (chat, userId, stored) => events.userMessages(chat, userId, stored),
      inChatOrder: (chatId, write) => emitter.inChatOrder(chatId, write),
    },
    routes: botRoutes({
      tokens: deps.tokens,
      headers: deps.headers,
      messaging,
      limits,
      retryKeys,
      richMenus,
      account,
      indicators,
      links,
      broadcasts,
      audiences,
      coupons,
      plans,
      insight,
      pnp,
      stickers,
      modules,
    }),
    sharedOauthRoutes: channelOauthV21Routes(deps.tokens),
    simulator: {
      ...botSimulatorHandlers({ events, deliveries, contents, live, menus: richMenus, indicators }),
      ...insight.simulator,
      couponTicket: ({ params }) => coupons.ticket(params.couponId, params.userId),
      useCoupon: ({ params }) => coupons.use(params.couponId, params.userId),
      membershipPlans: ({ params, query }) => plans.planViews(params.channelId, String(query.userId ?? '')),
      joinMembership: ({ params }) => plans.join(params.membershipId, params.userId),
      leaveMembership: ({ params }) => plans.leave(params.membershipId, params.userId),
      moduleChannels: () => modules.overview(),
      authorizeModule: ({ params, body }) => modules.authorize(params.moduleChannelId, body),
      detachModuleFromBot: ({ params, body }) => modules.detachByBot(params.moduleChannelId, body),
      chatControl: ({ params }) => modules.controlOf(params.channelId, params.chatId),
      setChatControl: ({ params, body }) => modules.setControl(params.channelId, params.chatId, body),
      setBotSuspended: ({ params, body }) => modules.setSuspended(params.channelId, body),
    },
    onLive: (event) => {
      // Moving the clock renews the subscriptions whose billing time it passed (docs/platform/memberships.md).
      if (event.type === 'clock') plans.renewDue().catch((err: unknown) => deps.logger.warn({ err }, 'membership renewal failed'));
      // A reset world (here or in another process on the database) starts with no counts, indicators or read marks.
      if (event.type === 'world') {
        limits.forget();
        indicators.forget();
      }
    },
    start: () => dispatcher.start(),
    stop: async () => {
      live.closeAll();
      await dispatcher.stop();
    },
  };
}

/**
 * The webhook pipeline of the bot unit: the dispatcher that sends stored deliveries (retries,
 * timeouts, paused during a database outage) and the emitter that turns event drafts into them.
 */
function webhookPipeline(
  d: {
    deliveryStore: DeliveryStore;
    replyTokens: ReplyTokenStore;
    world: WorldStore;
    clock: Clock;
    live: LiveHub;
    logger: Logger;
    outage: DatabaseOutage | undefined;
    headers: PlatformHeaders;
    faults: DeliveryFaults | undefined;
  },
  options: BotMessagingOptions,
): { dispatcher: WebhookDispatcher; emitter: WebhookEmitter } {
  const dispatcher = new WebhookDispatcher({
    deliveries: d.deliveryStore,
    world: d.world,
    clock: d.clock,
    live: d.live,
    logger: d.logger,
    headers: d.headers,
    ...(d.outage ? { outage: d.outage } : {}),
    ...(d.faults ? { faults: d.faults } : {}),
    ...(options.webhookRetryScheduleMs ? { retryScheduleMs: options.webhookRetryScheduleMs } : {}),
    ...(options.webhookTimeoutMs ? { timeoutMs: options.webhookTimeoutMs } : {}),
  });
  const emitter = new WebhookEmitter({
    deliveries: d.deliveryStore,
    replyTokens: d.replyTokens,
    world: d.world,
    clock: d.clock,
    live: d.live,
    dispatcher,
    ...(options.replyTokenLifeMs !== undefined ? { replyTokenLifeMs: options.replyTokenLifeMs } : {}),
  });
  return { dispatcher, emitter };
}
