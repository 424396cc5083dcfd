/**
 * The composition root: {@link createEmbedkit} opens the database (`database.ts`), loads the
 * scenario, builds each interface's unit on the shared mechanisms (`units.ts`) and mounts their
 * routes on the apps of the spec's address placeholders (`base-app.ts`, one app per side origin).
 * It listens on nothing: `serve/start.ts` binds the ports and hands this the origins they give.
 */
import { PhoneInspector } from '../phones/inspector.js';
import { reviewDepsOfKit } from '../review/wiring.js';
import { PlatformCallRecorder, watchPlatformCalls } from '../platform-calls/index.js';
import { UserTokenStore } from '../tokens/user-token-store.js';
import type { Express, RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { Clock } from '../clock/clock.js';
import { restoreClock } from '../clock/sim-clock.js';
import type { Database } from '../db/schema.js';
import { FaultRegistry } from '../faults/registry.js';
import { faultGate } from '../faults/gate.js';
import { DeliveryFaults } from '../faults/delivery-faults.js';
import { errorHandler } from '../http/error-handler.js';
import { originApp } from '../http/origin-app.js';
import { platformHeaders, type PlatformHeaders } from '../http/platform-headers.js';
import type { InterfaceUrls, SideInterface } from '../interface-urls.js';
import type { Blockchain } from '../interfaces/blockchain/index.js';
import type { BotMessaging, BotMessagingOptions } from '../interfaces/bot/index.js';
import type { EmbeddedApps } from '../interfaces/embedded-apps/index.js';
import type { LinePay } from '../interfaces/line-pay/index.js';
import type { SocialLogin, UserTokenService } from '../interfaces/social/index.js';
import type { V1Bots } from '../interfaces/v1-bots/index.js';
import type { LanState } from '../lan/simulator-routes.js';
import { createLogger } from '../logger.js';
import { applyScenario, DEFAULT_SCENARIO } from '../scenario/load.js';
import type { ChannelTokenService } from '../tokens/channel-tokens.js';
import type { ChatService } from '../world/chats.js';
import { routesOf } from '../unit/unit.js';
import { WorldStore } from '../world/world-store.js';
import { baseApp } from './base-app.js';
import { openKitDatabase, type DatabaseOptions } from './database.js';
import { builtUnits, createUnits } from './units.js';

/** Options of {@link createEmbedkit}: where the state lives ({@link DatabaseOptions}), the world, the origins and the services' settings. */
export interface EmbedkitOptions extends DatabaseOptions {
  /** Scenario file loaded on first start; default `server/scenarios/default.json`. */
  scenarioFile?: string;
  /** Public origin of the server, e.g. `http://localhost:8080` (picture URLs point there). */
  baseUrl?: string;
  /** Origin the demo app is served from, e.g. `http://127.0.0.1:8080` (replaces `{demo_origin}`). */
  demoOrigin?: string;
  /**
   * Public origins of the other address placeholders of the spec (`{deprecated_url}`,
   * `{trialbot_url}`, `{blockchain_url}`, `{linepay_base_url}`); default `http://localhost:8081` to `:8084`.
   */
  urls?: Partial<Omit<InterfaceUrls, 'base'>>;
  logger?: Logger;
  clock?: Clock;
  /** Bot messaging: reply token life, webhook retry schedule, plan limits. */
  bots?: BotMessagingOptions;
  /**
   * Prefix of the platform's own headers, which the spec writes as `X-Service-…` (webhook and v1
   * callback signatures, request IDs, the v1 ChannelToken and trial headers); default
   * `X-Service-`. `X-Line-` is the real platform's, which the official SDKs read. Letters, digits
   * and hyphens, starting with a letter and ending with a hyphen.
   */
  headerPrefix?: string;
  /**
   * The admin token the host shell (`/`) and the simulator API (`/embedkit/...`) require: sent as
   * `Authorization: Bearer <token>`, or the cookie that `/?token=<token>` sets (see
   * `http/guards/admin-token.ts`). Default none: everything is served as before.
   */
  adminToken?: string;
  /**
   * More handlers of `{base_url}`, by mount path (e.g. `/demo/bot`), built once the kit's origins
   * are known. They run after the cross-site and admin-token guards and before every other route,
   * so nothing has read the request body yet (a webhook receiver checks its signature over the
   * raw bytes). The CLI mounts its in-process demo bots here.
   */
  mounts?: (kit: { urls: InterfaceUrls; headers: PlatformHeaders }) => Record<string, RequestHandler>;
  /** What `--lan` serves, read by the simulator routes `lan` and `lanQrCode` (`startServer` sets it); default none. */
  lanState?: () => LanState | undefined;
}

/** A running embedkit: the Express app, its services and the database. */
export interface Embedkit {
  /** The app of `{base_url}`. */
  app: Express;
  /** The apps of the other origins, one per address placeholder (`{blockchain_url}`, …). */
  apps: Record<SideInterface, Express>;
  /** Public origins of every address placeholder. */
  urls: InterfaceUrls;
  /** The platform header names of the kit's prefix. */
  headers: PlatformHeaders;
  clock: Clock;
  db: Kysely<Database>;
  logger: Logger;
  services: {
    channelTokens: ChannelTokenService;
    userTokens: UserTokenService;
    registry: EmbeddedApps['registry'];
    chats: ChatService;
    social: SocialLogin;
    bots: BotMessaging;
    blockchain: Blockchain;
    /** The LINE Pay sandbox of `{linepay_base_url}`. */
    linePay: LinePay;
    v1Bots: V1Bots;
    /** The fault rules in force (docs/guide/faults.md). */
    faults: FaultRegistry;
    /** The host pages reporting their bridge logs (the remote inspector). */
    phones: PhoneInspector;
    /** The platform calls made for MINI Apps, per channel (`platform-calls/`). */
    platformCalls: PlatformCallRecorder;
  };
  /** Closes the database. */
  close(): Promise<void>;
}

/**
 * Builds the server: opens the database, loads the scenario on first start, wires the routes.
 * @throws DataFolderInUseError (`db/data-folder-lock.ts`) when another kit holds the data folder;
 *   Error when the header prefix is malformed, the database cannot be opened or the scenario is invalid.
 */
export async function createEmbedkit(options: EmbedkitOptions = {}): Promise<Embedkit> {
  // Checked before anything is opened: a malformed prefix leaves nothing to close.
  const headers = platformHeaders(options.headerPrefix);
  const logger = options.logger ?? createLogger();
  const clock = options.clock ?? new Clock();
  const urls = interfaceUrls(options);
  const demoOrigin = options.demoOrigin ?? 'http://127.0.0.1:8080';
  // A kit refused this data folder is told where this one answers (when it listens: startServer gives its origin).
  const store = await openKitDatabase(options, logger, {
    ...(options.baseUrl !== undefined ? { url: options.baseUrl } : {}),
    ...(options.adminToken !== undefined ? { adminToken: true } : {}),
  });
  const { db, live } = store;
  const world = new WorldStore(db);
  try {
    // Simulated time never goes back across a restart.
    if (!options.clock) await restoreClock(clock, world);
    await applyScenario(options.scenarioFile ?? DEFAULT_SCENARIO, { db, world }, demoOrigin, clock.now());
  } catch (e) {
    await store.unlock();
    await store.close();
    throw e;
  }
  await store.unlock();
  const proxiedApps = () => options.lanState?.()?.apps ?? [];
  const faults = new FaultRegistry();
  const deliveryFaults = new DeliveryFaults({ faults, logger, live });
  const units = createUnits(
    { db, world, clock, logger, live, outage: store.outage, urls, demoOrigin, headers, proxiedApps, deliveryFaults },
    options.bots,
  );
  const { bots } = units;
  const built = builtUnits(units);
  const gate = { faults, clock, logger, live };
  // A phone's liveness is wall time (the simulated clock's offset taken off).
  const phones = new PhoneInspector(() => clock.now() - clock.offset);
  const platformCalls = new PlatformCallRecorder();
  const userTokens = new UserTokenStore(db);
  const tokenOwner = async (hash: string) => {
    const row = await userTokens.find(hash);
    return row ? { userId: row.user_id, channelId: row.channel_id } : undefined;
  };
  // What this process remembers of a world that was reset goes with it.
  live.subscribe((event) => {
    if (event.type === 'world') platformCalls.clear();
  });
  const app = baseApp(built, {
    phones,
    platformCalls: watchPlatformCalls(platformCalls, clock, tokenOwner),
    faultGate: faultGate('base', gate),
    faults,
    db,
    world,
    clock,
    logger,
    live,
    dispatcher: bots.dispatcher,
    outage: store.outage,
    urls,
    demoOrigin,
    headers,
    adminToken: options.adminToken,
    scenarioFile: options.scenarioFile ?? DEFAULT_SCENARIO,
    mounts: options.mounts?.({ urls, headers }) ?? {},
    lanState: options.lanState ?? (() => undefined),
    review: reviewDepsOfKit({ db, clock, headers, services: { phones, platformCalls } }, async () => {
      const [apps, miniApps] = await Promise.all([units.embeddedApps.worldApps.listAll(), units.miniApps.store.list()]);
      const miniAppOf = new Map(miniApps.map((m) => [m.embed_id, m]));
      return apps.map((a) => ({
        embedId: a.embed_id,
        name: a.name,
        viewUrl: a.view_url,
        ...(miniAppOf.has(a.embed_id) ? { miniApp: { customPath: miniAppOf.get(a.embed_id)!.custom_path ?? undefined } } : {}),
      }));
    }),
  });
  const errors = { handler: errorHandler(logger, store.outage) };
  const sideApps: Record<SideInterface, Express> = {
    deprecated: originApp([faultGate('deprecated', gate), ...routesOf(built, 'deprecated')], logger, errors),
    trialbot: originApp([faultGate('trialbot', gate), ...routesOf(built, 'trialbot')], logger, errors),
    blockchain: originApp([faultGate('blockchain', gate), ...routesOf(built, 'blockchain')], logger, errors),
    // The LINE Pay unit hands over its whole app (its own 404 and error format), as the blockchain does.
    linepay: originApp([faultGate('linepay', gate), ...routesOf(built, 'linepay')], logger, errors),
  };
  // Deliveries left undelivered by the last run go out first.
  bots.start();

  return {
    app,
    apps: sideApps,
    urls,
    headers,
    clock,
    db,
    logger,
    services: {
      channelTokens: units.channelTokens,
      userTokens: units.social.userTokens,
      registry: units.embeddedApps.registry,
      chats: units.chats,
      social: units.social,
      bots,
      blockchain: units.blockchain,
      linePay: units.linePay,
      v1Bots: units.v1Bots,
      faults,
      phones,
      platformCalls,
    },
    close: async () => {
      await bots.stop();
      await store.close();
    },
  };
}

/** The origins of every address placeholder: the options' or the defaults (`http://localhost:8080` to `:8084`). */
function interfaceUrls(options: EmbedkitOptions): InterfaceUrls {
  return {
    base: options.baseUrl ?? 'http://localhost:8080',
    deprecated: options.urls?.deprecated ?? 'http://localhost:8081',
    trialbot: options.urls?.trialbot ?? 'http://localhost:8082',
    blockchain: options.urls?.blockchain ?? 'http://localhost:8083',
    linepay: options.urls?.linepay ?? 'http://localhost:8084',
  };
}
