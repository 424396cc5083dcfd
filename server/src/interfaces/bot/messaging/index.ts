/**
 * Sending (reply, push, multicast), content, profiles, groups and rooms as a feature of the bot
 * unit: the messaging service (also where `/v2/bot` looks a channel up, `authenticate.ts`) and its
 * routes.
 */
import type { CouponService } from '../coupons/service.js';
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import type { InsightService } from '../insight/index.js';
import type { RateLimiter } from '../rate-limits/service.js';
import type { RetryKeys } from '../retry-keys/service.js';
import type { BotEventService } from '../user-events/service.js';
import { botMessagingRoutes } from './routes.js';
import { BotMessagingService } from './service.js';

/** What the messaging feature needs of the others. */
export interface MessagingNeeds {
  events: BotEventService;
  limits: RateLimiter;
  /** Push and multicast run once per retry key. */
  retryKeys: RetryKeys;
  /** Records what requests sent, for the insight figures. */
  recorder: InsightService;
  /** Resolves coupon messages. */
  coupons: CouponService;
}

/** The messaging feature. */
export const messagingFeature = {
  name: 'messaging',
  scenario: [],
  build: (
    { world, botsInChats, messages, replyTokens, contents, live, clock, baseUrl, headers },
    { events, limits, retryKeys, recorder, coupons }: MessagingNeeds,
  ): BuiltBotFeature<BotMessagingService> => {
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
      baseUrl,
      recorder,
      coupons,
    });
    return { service: messaging, routes: (api) => [botMessagingRoutes({ ...api, bot: messaging, retryKeys, headers })] };
  },
} as const satisfies BotFeature<MessagingNeeds, BuiltBotFeature<BotMessagingService>>;
