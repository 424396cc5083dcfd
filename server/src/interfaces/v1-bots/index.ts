/**
 * The enterprise and trial bot interfaces (spec parts E and F) as one unit: the v1 bots'
 * service on the shared world and the routes of each origin. Their callbacks go through the bot
 * messaging unit's webhook deliveries (the emitter picks the v1 envelope for a v1 channel).
 * It hands its routes over per origin (`origins`): `base` on `{base_url}`, `deprecated` on
 * `{deprecated_url}`, `trialbot` on `{trialbot_url}`; the composition root (`kit/`) mounts them.
 */
import type { RequestHandler, Router } from 'express';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock/clock.js';
import { enterpriseRoutes, trialRoutes, v1Json, v1SimulatorHandlers } from './routes.js';
import type { UnitHandlers } from '../../simulator-api/handlers.js';

export { v1Json } from './routes.js';
import type { BotEventService } from '../bot/index.js';
import type { FriendshipService } from '../social/index.js';
import type { SocialV1Service } from '../social/index.js';
import type { LiveHub } from '../../live/hub.js';
import { V1BotService } from './service.js';
import { BotsInChatsStore } from '../../world/bots-in-chats-store.js';
import { ChannelLoginStore } from '../../world/channel-login-store.js';
import { ChannelTokenStore } from '../../tokens/channel-token-store.js';
import { ContentStore } from '../../messages/content-store.js';
import { MessageStore } from '../../messages/message-store.js';
import type { Database } from '../../db/schema.js';
import { V1BotStore } from './store.js';
import type { WorldStore } from '../../world/world-store.js';
import type { PlatformHeaders } from '../../http/platform-headers.js';

import type { BuiltUnit, UnitPlugin } from '../../unit/unit.js';
import { v1BotScenario } from './scenario.js';

/** The v1 bots as a plugin: their slice of the scenario file (link templates, the v1 settings' checks). */
export const v1BotsUnit = { name: 'v1Bots', scenario: [v1BotScenario] } as const satisfies UnitPlugin;

/** The v1 bots' service and the routes of each origin. */
export interface V1Bots extends BuiltUnit<'v1Bots'> {
  service: V1BotService;
  /**
   * `base`: the enterprise interface; `deprecated`: the enterprise interface with `Deprecation: true`;
   * `trialbot`: the trial interface; the reader of the simulator's `v1-json` bodies.
   */
  origins: { base: Router[]; deprecated: Router[]; trialbot: Router[]; bodies: { 'v1-json': RequestHandler } };
  /** The handlers of the unit's simulator routes (`contract/src/simulator-api.ts`). */
  simulator: UnitHandlers<'v1Bots'>;
}

/**
 * Builds the v1 bots on an open database.
 * @param deps `events`: the bot messaging unit's event rules (leave); `friendships`: the social
 *   login's (the friend-list call adds a friend as the host does); `baseUrl`: picture and icon URLs;
 *   `headers`: the platform header names of the kit's prefix (the ChannelToken and trial headers, request IDs)
 */
export function createV1Bots(
  db: Kysely<Database>,
  world: WorldStore,
  clock: Clock,
  deps: {
    events: BotEventService;
    friendships: FriendshipService;
    v1Tokens: SocialV1Service;
    live: LiveHub;
    baseUrl: () => string;
    headers: PlatformHeaders;
  },
): V1Bots {
  const service = new V1BotService({
    world,
    botsInChats: new BotsInChatsStore(db),
    messages: new MessageStore(db),
    contents: new ContentStore(db),
    store: new V1BotStore(db),
    channelTokens: new ChannelTokenStore(db),
    v1Tokens: deps.v1Tokens,
    logins: new ChannelLoginStore(db),
    events: deps.events,
    friendships: deps.friendships,
    live: deps.live,
    clock,
    baseUrl: deps.baseUrl,
    headers: deps.headers,
  });
  const channelName = async (id: string) => {
    const c = await world.channel(id);
    return c ? (c.bot_name ?? c.name) : undefined;
  };
  return {
    service,
    origins: {
      base: [enterpriseRoutes(service, false, deps.headers)],
      deprecated: [enterpriseRoutes(service, true, deps.headers)],
      trialbot: [trialRoutes(service, deps.headers)],
      bodies: { 'v1-json': v1Json },
    },
    simulator: v1SimulatorHandlers(service, channelName),
  };
}
