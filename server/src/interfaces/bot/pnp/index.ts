/**
 * Notification messages by phone number (PNP) as a feature of the bot unit: its service and routes.
 */
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import type { RateLimiter } from '../rate-limits/service.js';
import type { BotEventService } from '../user-events/service.js';
import { botPnpRoutes } from './routes.js';
import { BotPnpService } from './service.js';

/** What the PNP feature needs of the others. */
export interface PnpNeeds {
  events: BotEventService;
  limits: RateLimiter;
}

/** The PNP feature. */
export const pnpFeature = {
  name: 'pnp',
  scenario: [],
  build: (
    { world, botsInChats, messages, counters, live, clock, headers },
    { events, limits }: PnpNeeds,
  ): BuiltBotFeature<BotPnpService> => {
    const pnp = new BotPnpService({ world, botsInChats, messages, events, counters, limits, live, clock });
    return { service: pnp, routes: (api) => [botPnpRoutes({ ...api, pnp, headers })] };
  },
} as const satisfies BotFeature<PnpNeeds, BuiltBotFeature<BotPnpService>>;
