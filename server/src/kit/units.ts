/**
 * The interfaces' units (`interfaces/<name>/index.ts`) built on the shared mechanisms, and wired to
 * each other: a unit that needs another's service gets it here. The apps mount what they built
 * from one list, {@link builtUnits}: each unit hands over its routes per origin, its body readers
 * and its simulator handlers in the one shape of `unit/unit.ts`, so nothing here or in the apps
 * names a unit's routers or helpers.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { withProxiedUrls, type ProxiedApp } from '../app-proxy/proxy.js';
import type { Clock } from '../clock/clock.js';
import type { DatabaseOutage } from '../db/outage.js';
import type { DeliveryFaults } from '../faults/delivery-faults.js';
import type { Database } from '../db/schema.js';
import type { PlatformHeaders } from '../http/platform-headers.js';
import type { InterfaceUrls } from '../interface-urls.js';
import { createBlockchain, type Blockchain } from '../interfaces/blockchain/index.js';
import type { BotMessagingOptions } from '../interfaces/bot/index.js';
import { createBotUnit, type BotUnit } from '../interfaces/bot/unit.js';
import { createEmbeddedApps, type EmbeddedApps } from '../interfaces/embedded-apps/index.js';
import { CalendarStore } from '../world/calendar-store.js';
import { createLinePay, type LinePay } from '../interfaces/line-pay/index.js';
import { createMiniApps, type MiniApps } from '../interfaces/mini-apps/index.js';
import { createSocialLogin, type SocialLogin } from '../interfaces/social/index.js';
import { createV1Bots, type V1Bots } from '../interfaces/v1-bots/index.js';
import type { LiveHub } from '../live/hub.js';
import { MessageStore } from '../messages/message-store.js';
import { AssertionKeyStore } from '../tokens/assertion-key-store.js';
import { ChannelTokenStore } from '../tokens/channel-token-store.js';
import { ChannelTokenService } from '../tokens/channel-tokens.js';
import { KitSecretStore } from '../tokens/kit-secret-store.js';
import { channelTokenSimulatorHandlers } from '../tokens/simulator-routes.js';
import type { BuiltUnit } from '../unit/unit.js';
import { ChatService } from '../world/chats.js';
import { worldSimulatorHandlers } from '../world/simulator-routes.js';
import type { WorldStore } from '../world/world-store.js';

/** What every unit is built on. */
export interface UnitDeps {
  db: Kysely<Database>;
  world: WorldStore;
  clock: Clock;
  logger: Logger;
  live: LiveHub;
  outage: DatabaseOutage;
  urls: InterfaceUrls;
  demoOrigin: string;
  /** The platform header names of the kit's prefix, for every unit that sends or reads one. */
  headers: PlatformHeaders;
  /** The webhook delivery faults on demand (docs/guide/faults.md), acted on by the bot unit's dispatcher. */
  deliveryFaults?: DeliveryFaults;
  /** The apps served through `--lan` proxies (none without it): their proxy origins count as the apps' own for a PKCE login. */
  proxiedApps?: () => readonly ProxiedApp[];
}

/** The interfaces' units and the shared services between them, wired to each other. */
export interface Units {
  channelTokens: ChannelTokenService;
  chats: ChatService;
  social: SocialLogin;
  bots: BotUnit;
  embeddedApps: EmbeddedApps;
  blockchain: Blockchain;
  v1Bots: V1Bots;
  miniApps: MiniApps;
  linePay: LinePay;
  /** The world's simulator routes, on what they read of the units (apps, sessions, MINI Apps). */
  world: BuiltUnit<'world'>;
  /** The simulator routes of the channel access tokens. */
  channelTokenRoutes: BuiltUnit<'channelTokens'>;
}

/** Builds every interface's unit and connects the events that cross units (friendships, clock moves, outages). */
export function createUnits(d: UnitDeps, botOptions?: BotMessagingOptions): Units {
  const { db, world, clock, logger, live, outage, headers } = d;
  const baseUrl = () => d.urls.base;
  const channelTokens = new ChannelTokenService(new ChannelTokenStore(db), world, clock, {
    keys: new AssertionKeyStore(db),
    secrets: new KitSecretStore(db),
    baseUrl,
  });
  // The embedded apps are built after the social login, on its user tokens: asked when a sign-in needs them.
  const appViewUrls = async (channelId: string) =>
    withProxiedUrls(
      (await embeddedApps.store.listByChannel(channelId)).map((app) => app.view_url),
      d.proxiedApps?.() ?? [],
    );
  const social = createSocialLogin(
    db,
    world,
    clock,
    {
      baseUrl,
      demoOrigin: () => d.demoOrigin,
      headers,
      appViewUrls,
      // The v1 bots are built after the social login, on its friendships: asked when a simulator call needs them.
      setBlockOperations: (channelId, on) => v1Bots.service.setBlockOperations(channelId, on),
      live,
    },
    (offsetMs) => live.publish({ type: 'clock', offsetMs }),
  );
  const bots = createBotUnit(
    db,
    world,
    clock,
    { tokens: channelTokens, logger, baseUrl, live, outage, headers, faults: d.deliveryFaults },
    botOptions,
  );
  // Each unit's answer to a live event, subscribed in the order the units are built.
  bots.live.subscribe((event) => bots.onLive(event));
  outage.onBack(() => bots.dispatcher.kick());
  social.friendships.onChange((change) => bots.events.friendshipChanged(change));
  social.friendships.onChange((change) => bots.insight.service.friendshipChanged(change));
  // One clock for every server on the database: a move (the social unit publishes it) reaches the others as a live event.
  live.subscribe((event) => {
    if (event.type === 'clock' && event.offsetMs > clock.offset) clock.advance(event.offsetMs - clock.offset);
  });
  const chats = new ChatService(new MessageStore(db), world, clock, bots.chatHooks);
  const miniApps = createMiniApps(db, world, clock, {
    api: { tokens: channelTokens, bot: bots.messaging, limits: bots.limits },
    userTokens: social.userTokens,
    live,
    webhooks: { emitter: bots.emitter, dispatcher: bots.dispatcher },
  });
  const embeddedApps = createEmbeddedApps(db, clock, {
    channelTokens,
    userTokens: social.userTokens,
    chats,
    appViewUrls,
    customPaths: miniApps.customPaths,
  });
  const blockchain = createBlockchain(db, clock, logger, outage);
  const v1Bots = createV1Bots(db, world, clock, {
    events: bots.events,
    friendships: social.friendships,
    v1Tokens: social.v1Tokens,
    live,
    baseUrl,
    headers,
  });
  const linePay = createLinePay(db, world, clock, { logger, outage, urls: () => d.urls });
  const worldUnit = {
    simulator: worldSimulatorHandlers({
      world,
      apps: embeddedApps.worldApps,
      chats,
      userTokens: social.userTokens,
      baseUrl,
      urls: d.urls,
      headers,
      calendars: new CalendarStore(db),
      miniApps: miniApps.store,
    }),
  };
  const channelTokenRoutes = { simulator: channelTokenSimulatorHandlers(channelTokens) };
  return { channelTokens, chats, social, bots, embeddedApps, blockchain, v1Bots, miniApps, linePay, world: worldUnit, channelTokenRoutes };
}

/**
 * The built units as one list, in the order their routes are mounted on each origin (on
 * `{base_url}`: each round of `UnitRoutes` in this order), their simulator handlers spread into
 * the mount, their body readers given to it: a new unit is one more entry.
 */
export function builtUnits(u: Units) {
  return [u.embeddedApps, u.world, u.social, u.bots, u.miniApps, u.v1Bots, u.blockchain, u.linePay, u.channelTokenRoutes] as const;
}

/** The list of {@link builtUnits}. */
export type BuiltUnits = ReturnType<typeof builtUnits>;
