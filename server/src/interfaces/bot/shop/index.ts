/**
 * The shop's mission stickers as a feature of the bot unit: its service and routes.
 */
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { botShopRoutes } from './routes.js';
import { MissionStickerService } from './service.js';

/** The shop feature: needs no other feature's service. */
export const shopFeature = {
  name: 'shop',
  scenario: [],
  build: ({ world, botsInChats, messages, live, clock }): BuiltBotFeature<MissionStickerService> => {
    const stickers = new MissionStickerService({ world, botsInChats, messages, live, clock });
    return { service: stickers, routes: (api) => [botShopRoutes({ ...api, stickers })] };
  },
} as const satisfies BotFeature<object, BuiltBotFeature<MissionStickerService>>;
