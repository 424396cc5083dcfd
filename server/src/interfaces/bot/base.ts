/**
 * What every feature of the bot unit builds on: the database, the world and the one clock, the
 * live hub, the stores of what several features write (bots in chats, messages and their content,
 * reply tokens, the sent counters) and the webhook pipeline (the emitter that turns event drafts
 * into deliveries, the dispatcher that sends them). Built once by `createBotMessaging` before its
 * features (`index.ts`).
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock.js';
import type { Database } from '../../db/schema.js';
import type { DatabaseOutage } from '../../db/outage.js';
import type { DeliveryFaults } from '../../faults/delivery-faults.js';
import type { PlatformHeaders } from '../../http/platform-headers.js';
import { LiveHub } from '../../live/hub.js';
import { ContentStore } from '../../messages/content-store.js';
import { MessageStore } from '../../messages/message-store.js';
import type { ChannelTokenService } from '../../tokens/channel-tokens.js';
import { DeliveryService } from '../../webhooks/deliveries.js';
import { DeliveryStore } from '../../webhooks/delivery-store.js';
import { WebhookDispatcher } from '../../webhooks/dispatcher.js';
import { WebhookEmitter } from '../../webhooks/emitter.js';
import { ReplyTokenStore } from '../../webhooks/reply-token-store.js';
import { BotsInChatsStore } from '../../world/bots-in-chats-store.js';
import type { WorldStore } from '../../world/world-store.js';
import { BotCounterStore } from './broadcast/store.js';
import type { PlanLimits } from './rate-limits/service.js';

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

/**
 * What the kit hands the bot unit: `tokens`: channel access tokens (authentication of `/v2/bot`);
 * `baseUrl`: the server's public origin (picture and content URLs); `outage`: deliveries pause
 * while the database is unreachable and resume when it is back; `headers`: the platform header
 * names of the kit's prefix (webhook signatures, request IDs); `faults`: the webhook delivery
 * faults on demand (none: every delivery goes as usual); `live`: the hub when events must reach
 * other processes (PostgreSQL).
 */
export interface BotMessagingDeps {
  tokens: ChannelTokenService;
  logger: Logger;
  baseUrl: () => string;
  headers: PlatformHeaders;
  live?: LiveHub;
  outage?: DatabaseOutage;
  faults?: DeliveryFaults;
}

/** The bot unit's shared parts, handed to every feature's `build`. */
export interface BotBase {
  db: Kysely<Database>;
  world: WorldStore;
  clock: Clock;
  logger: Logger;
  tokens: ChannelTokenService;
  headers: PlatformHeaders;
  baseUrl: () => string;
  options: BotMessagingOptions;
  live: LiveHub;
  botsInChats: BotsInChatsStore;
  messages: MessageStore;
  contents: ContentStore;
  replyTokens: ReplyTokenStore;
  /** The sent counters: written by sends (broadcast's watcher, PNP), read by insight. */
  counters: BotCounterStore;
  emitter: WebhookEmitter;
  dispatcher: WebhookDispatcher;
  deliveries: DeliveryService;
}

/** Builds the bot unit's shared parts on an open database. */
export function botBase(
  db: Kysely<Database>,
  world: WorldStore,
  clock: Clock,
  deps: BotMessagingDeps,
  options: BotMessagingOptions,
): BotBase {
  // The app passes its hub when events must reach other processes (PostgreSQL).
  const live = deps.live ?? new LiveHub();
  const replyTokens = new ReplyTokenStore(db);
  const deliveryStore = new DeliveryStore(db);
  const dispatcher = new WebhookDispatcher({
    deliveries: deliveryStore,
    world,
    clock,
    live,
    logger: deps.logger,
    headers: deps.headers,
    ...(deps.outage ? { outage: deps.outage } : {}),
    ...(deps.faults ? { faults: deps.faults } : {}),
    ...(options.webhookRetryScheduleMs ? { retryScheduleMs: options.webhookRetryScheduleMs } : {}),
    ...(options.webhookTimeoutMs ? { timeoutMs: options.webhookTimeoutMs } : {}),
  });
  const emitter = new WebhookEmitter({
    deliveries: deliveryStore,
    replyTokens,
    world,
    clock,
    live,
    dispatcher,
    ...(options.replyTokenLifeMs !== undefined ? { replyTokenLifeMs: options.replyTokenLifeMs } : {}),
  });
  return {
    db,
    world,
    clock,
    logger: deps.logger,
    tokens: deps.tokens,
    headers: deps.headers,
    baseUrl: deps.baseUrl,
    options,
    live,
    botsInChats: new BotsInChatsStore(db),
    messages: new MessageStore(db),
    contents: new ContentStore(db),
    replyTokens,
    counters: new BotCounterStore(db),
    emitter,
    dispatcher,
    deliveries: new DeliveryService(deliveryStore, dispatcher, live, clock, deps.headers),
  };
}
