/**
 * The enterprise and trial bot interfaces (spec parts E and F, issue 13) as one unit: the v1 bots'
 * service on the shared world and the routes of each origin. Their callbacks go through the bot
 * messaging unit's webhook deliveries (the emitter picks the v1 envelope for a v1 channel).
 * app.ts wires it in: `baseRoutes` on `{base_url}`, `deprecatedRoutes` on `{deprecated_url}`,
 * `trialRoutes` on `{trialbot_url}`.
 */
import type { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import { enterpriseRoutes, trialRoutes, v1SimulatorRoutes } from './routes/v1-bots.js';
import type { BotEventService } from './services/bot-events.js';
import type { FriendshipService } from './services/friendships.js';
import type { SocialV1Service } from './services/social-v1.js';
import type { LiveHub } from './services/live.js';
import { V1BotService } from './services/v1-bots/v1-bots.js';
import { BotMembershipStore } from './store/bot-memberships.js';
import { ChannelLoginStore } from './store/channel-login.js';
import { ChannelTokenStore } from './store/channel-tokens.js';
import { ContentStore } from './store/contents.js';
import { MessageStore } from './store/messages.js';
import type { Database } from './store/schema.js';
import { V1BotStore } from './store/v1-bots.js';
import type { WorldStore } from './store/world.js';

/** The v1 bots' service and the routes of each origin. */
export interface V1Bots {
  service: V1BotService;
  /** `{base_url}`: the enterprise interface and the simulator's v1 calls. */
  baseRoutes: Router[];
  /** `{deprecated_url}`: the enterprise interface with `Deprecation: true`. */
  deprecatedRoutes: Router[];
  /** `{trialbot_url}`: the trial interface. */
  trialRoutes: Router[];
}

/**
 * Builds the v1 bots on an open database.
 * @param deps `events`: the bot messaging unit's event rules (leave); `friendships`: the social
 *   login's (the friend-list call adds a friend as the host does); `baseUrl`: picture and icon URLs
 */
export function createV1Bots(
  db: Kysely<Database>,
  world: WorldStore,
  clock: Clock,
  deps: { events: BotEventService; friendships: FriendshipService; userTokens: SocialV1Service; live: LiveHub; baseUrl: () => string },
): V1Bots {
  const service = new V1BotService({
    world,
    bots: new BotMembershipStore(db),
    messages: new MessageStore(db),
    contents: new ContentStore(db),
    store: new V1BotStore(db),
    channelTokens: new ChannelTokenStore(db),
    userTokens: deps.userTokens,
    logins: new ChannelLoginStore(db),
    events: deps.events,
    friendships: deps.friendships,
    live: deps.live,
    clock,
    baseUrl: deps.baseUrl,
  });
  const channelName = async (id: string) => {
    const c = await world.channel(id);
    return c ? (c.bot_name ?? c.name) : undefined;
  };
  return {
    service,
    baseRoutes: [enterpriseRoutes(service, false), v1SimulatorRoutes(service, channelName)],
    deprecatedRoutes: [enterpriseRoutes(service, true)],
    trialRoutes: [trialRoutes(service)],
  };
}
