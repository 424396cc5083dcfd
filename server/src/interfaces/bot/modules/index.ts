/**
 * Module channels (docs/platform/module-channels.md) as a feature of the bot unit: its store and
 * service, the `/v2/bot/chat/.../control` and module routes, the simulator's module tools, and the
 * modules of the scenario file. While a module channel holds a chat, the chat's events go to it.
 */
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { botModuleRoutes } from './routes.js';
import { moduleScenario } from './scenario.js';
import { ModuleService } from './service.js';
import { ModuleStore } from './store.js';

/** The module channels feature: needs no other feature's service. */
export const modulesFeature = {
  name: 'modules',
  scenario: [moduleScenario],
  build: ({ db, world, botsInChats, emitter, live, clock }): BuiltBotFeature<ModuleService, 'modules'> => {
    const modules = new ModuleService({ store: new ModuleStore(db), world, botsInChats, emitter, live, clock });
    // While a module channel holds a chat, the chat's events go to it (docs/platform/module-channels.md).
    emitter.routeThrough((botChannelId, chatId) => modules.holder(botChannelId, chatId));
    return {
      service: modules,
      routes: (api) => [botModuleRoutes({ ...api, modules })],
      simulator: {
        moduleChannels: () => modules.overview(),
        authorizeModule: ({ params, body }) => modules.authorize(params.moduleChannelId, body),
        detachModuleFromBot: ({ params, body }) => modules.detachByBot(params.moduleChannelId, body),
        chatControl: ({ params }) => modules.controlOf(params.channelId, params.chatId),
        setChatControl: ({ params, body }) => modules.setControl(params.channelId, params.chatId, body),
        setBotSuspended: ({ params, body }) => modules.setSuspended(params.channelId, body),
      },
    };
  },
} as const satisfies BotFeature<object, BuiltBotFeature<ModuleService, 'modules'>>;
