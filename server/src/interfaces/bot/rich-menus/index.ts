/**
 * Rich menus as a feature of the bot unit: their store and service and the `/v2/bot/richmenu`
 * routes; the person sees them through the unit's simulator handlers (`simulator-routes.ts`).
 */
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { botRichMenuRoutes } from './routes.js';
import { RichMenuService } from './service.js';
import { RichMenuStore } from './store.js';

/** The rich menus feature: needs no other feature's service. */
export const richMenusFeature = {
  name: 'rich-menus',
  scenario: [],
  build: ({ db, world, clock, headers }): BuiltBotFeature<RichMenuService> => {
    const menus = new RichMenuService({ menus: new RichMenuStore(db), world, clock });
    return { service: menus, routes: (api) => [botRichMenuRoutes({ ...api, menus, headers })] };
  },
} as const satisfies BotFeature<object, BuiltBotFeature<RichMenuService>>;
