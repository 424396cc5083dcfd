/**
 * The server side of the embedded web app framework (spec part D) as one unit: the registry of
 * apps on a channel (`/embed/v1/apps`, authenticated by channel access token) and the SDK's
 * sendMessages call (`POST /message/v3/share`, by user access token). The composition root
 * (`kit/`) wires it in.
 */
import type { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock/clock.js';
import type { Database } from '../../db/schema.js';
import type { ChannelTokenService } from '../../tokens/channel-tokens.js';
import type { ChatService } from '../../world/chats.js';
import type { UserTokenService } from '../social/index.js';
import type { WorldApps } from '../../world/simulator-routes.js';
import { botPromptOf, RegistryService, scopesOf, type LiffCustomPaths } from './service.js';
import { registryRoutes } from './routes.js';
import { sharePickerRoutes } from './share-picker/routes.js';
import { PickerTicketStore } from './share-picker/ticket-store.js';
import { shareRoutes } from './share-routes.js';
import { AppStore } from './store.js';

import type { BuiltUnit, UnitPlugin } from '../../unit/unit.js';
import { appScenario } from './scenario.js';

export { AppStore, type AppRow } from './store.js';
export { botPromptOf, LIFF_ID, scopesOf, toLiffApp, type LiffApp, type LiffCustomPaths } from './service.js';
export { APP_SCOPES, DEFAULT_BOT_PROMPT, DEFAULT_LIFF_SCOPES, type AppScope, type BotPrompt, type LiffScope } from './rules.js';

/** The embedded apps as a plugin: their slice of the scenario file (the file's `apps`). */
export const embeddedAppsUnit = { name: 'embeddedApps', scenario: [appScenario] } as const satisfies UnitPlugin;

/** The embedded apps unit: the registry, its store, and the routes of `{base_url}`. */
export interface EmbeddedApps extends BuiltUnit<never> {
  registry: RegistryService;
  /** The registered apps (the scenario loads them; the host's world lists them). */
  store: AppStore;
  /** What the world's routes read of the registered apps (`world/simulator-routes.ts`). */
  worldApps: WorldApps;
  /**
   * `/embed/v1/apps`, `/liff/v1/apps`, `/message/v3/share` and the share target picker outside the
   * messenger, tried before the simulator API (every open app calls them first).
   */
  origins: { baseFirst: Router[] };
}

/**
 * Builds the embedded apps unit on an open database.
 * @param deps `channelTokens`: authenticate the registry calls; `userTokens`: authenticate
 *   sendMessages and the share target picker's ticket; `chats`: where shared messages go;
 *   `appViewUrls`: the endpoint URLs of a channel's apps (with `--lan` proxies), whose origins may
 *   drive the picker page; `customPaths`: the MINI Apps' Custom Paths the LIFF server API carries
 */
export function createEmbeddedApps(
  db: Kysely<Database>,
  clock: Clock,
  deps: {
    channelTokens: ChannelTokenService;
    userTokens: UserTokenService;
    chats: ChatService;
    appViewUrls: (channelId: string) => Promise<string[]>;
    customPaths?: LiffCustomPaths;
  },
): EmbeddedApps {
  const store = new AppStore(db);
  const registry = new RegistryService(store, clock, deps.customPaths);
  const tickets = new PickerTicketStore(db, clock);
  return {
    registry,
    store,
    worldApps: { listAll: () => store.listAll(), scopesOf, botPromptOf },
    origins: {
      baseFirst: [
        registryRoutes(registry, deps.channelTokens),
        shareRoutes(deps),
        sharePickerRoutes({ userTokens: deps.userTokens, chats: deps.chats, apps: store, tickets, appViewUrls: deps.appViewUrls }),
      ],
    },
    simulator: {},
  };
}
