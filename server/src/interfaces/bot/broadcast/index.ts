/**
 * Broadcast, narrowcast and the sent counters (quotas, statistics, followers) as a feature of the
 * bot unit: its service, the watcher that counts what every send sent, and its routes.
 */
import type { AudienceService } from '../audiences/service.js';
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import type { BotMessagingService } from '../messaging/service.js';
import type { RateLimiter } from '../rate-limits/service.js';
import type { RetryKeys } from '../retry-keys/service.js';
import { botBroadcastRoutes, sentCounter } from './routes.js';
import { BotBroadcastService } from './service.js';

/** What the broadcast feature needs of the others. */
export interface BroadcastNeeds {
  messaging: BotMessagingService;
  limits: RateLimiter;
  /** Broadcast and narrowcast take a retry key. */
  retryKeys: RetryKeys;
  /** Narrowcast's recipients of an audience. */
  audiences: AudienceService;
}

/** The broadcast feature. */
export const broadcastFeature = {
  name: 'broadcast',
  scenario: [],
  build: (
    { counters, clock, headers },
    { messaging, limits, retryKeys, audiences }: BroadcastNeeds,
  ): BuiltBotFeature<BotBroadcastService> => {
    const broadcasts = new BotBroadcastService({
      counters,
      bot: messaging,
      limits,
      clock,
      recipients: (channel, recipient, friends) => audiences.recipients(channel, recipient, friends),
    });
    return {
      service: broadcasts,
      // It counts on the answer's finish, so it sees a request before the route that answers it.
      watchers: () => [sentCounter(broadcasts)],
      routes: (api) => [botBroadcastRoutes({ ...api, bot: messaging, broadcasts, headers, retryKeys })],
    };
  },
} as const satisfies BotFeature<BroadcastNeeds, BuiltBotFeature<BotBroadcastService>>;
