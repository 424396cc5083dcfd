/**
 * The loading indicator and read marks as a feature of the bot unit: its service (kept in memory,
 * forgotten when the world is reset) and its `/v2/bot` routes; the person sees them through the
 * unit's simulator handlers (`simulator-routes.ts`).
 */
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { botIndicatorRoutes } from './routes.js';
import { ChatIndicatorService } from './service.js';

/** The indicators feature: needs no other feature's service. */
export const indicatorsFeature = {
  name: 'indicators',
  scenario: [],
  build: ({ botsInChats, live, clock }): BuiltBotFeature<ChatIndicatorService> => {
    const indicators = new ChatIndicatorService({ botsInChats, live, clock });
    return {
      service: indicators,
      routes: (api) => [botIndicatorRoutes({ ...api, indicators })],
      onLive: (event) => {
        // A reset world (here or in another process on the database) starts with no indicators or read marks.
        if (event.type === 'world') indicators.forget();
      },
    };
  },
} as const satisfies BotFeature<object, BuiltBotFeature<ChatIndicatorService>>;
