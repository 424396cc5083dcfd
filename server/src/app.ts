/**
 * The embedkit server as a value: an app factory for tests ({@link createEmbedkit}) and a
 * listener for the CLI ({@link startServer}). This is the composition root: it opens the database,
 * builds each interface's unit (`interfaces/<name>/index.ts`) on the shared mechanisms, and mounts
 * their routes on the origins of the spec's address placeholders.
 */
import { randomBytes } from 'node:crypto';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { Clock } from './clock/clock.js';
import { restoreClock } from './clock/sim-clock.js';
import { openDatabase, startLock, type DatabaseLocation } from './db/db.js';
import { DatabaseOutage } from './db/outage.js';
import { dropSchema } from './db/pg-schemas.js';
import type { Database } from './db/schema.js';
import { demoLoginRoutes } from './demo/login-routes.js';
import { DemoLoginSessionStore } from './demo/login-session-store.js';
import { AppProxies, withProxiedUrls, type ProxiedApp } from './app-proxy/proxy.js';
import { adminCookieName, adminTokenGuard } from './http/admin-token.js';
import { jsonBody } from './http/body.js';
import { crossSiteGuard } from './http/cross-site.js';
import { MCP_PATH, mcpRoutes } from './mcp/http.js';
import { SimulatorClient } from '#contract/client.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { hostChecked, type AllowedHosts } from './http/host-check.js';
import { originApp } from './http/origin-app.js';
import { HEALTH_PATH, Readiness, READY_PATH } from './http/readiness.js';
import { requestId } from './http/request-id.js';
import { platformHeaders, type PlatformHeaders } from './http/platform-headers.js';
import { SIDE_INTERFACES, type InterfaceUrls, type SideInterface } from './interface-urls.js';
import { blockchainUnavailable, BlockchainStore, createBlockchain, type Blockchain } from './interfaces/blockchain/index.js';
import {
  AudienceStore,
  CouponStore,
  MembershipPlanStore,
  ModuleStore,
  createBotMessaging,
  mediaBody,
  type BotMessaging,
  type BotMessagingOptions,
} from './interfaces/bot/index.js';
import { AppStore, createEmbeddedApps, type EmbeddedApps } from './interfaces/embedded-apps/index.js';
import { createSocialLogin, type SocialLogin, type UserTokenService } from './interfaces/social/index.js';
import { createV1Bots, v1Json, V1BotStore, type V1Bots } from './interfaces/v1-bots/index.js';
import { CA_PAGE_PATH, caPageRoutes } from './lan/ca-page.js';
import { lanSimulatorHandlers, type LanState } from './lan/simulator-routes.js';
import type { LocalCa } from './lan/certificates.js';
import { LiveHub } from './live/hub.js';
import { PostgresLiveRelay } from './live/postgres-relay.js';
import { createLogger } from './logger.js';
import { MessageStore } from './messages/message-store.js';
import { scenarioExportHandlers } from './scenario/export-routes.js';
import { gated, gatedAll } from './http/route-gate.js';
import { applyScenario, DEFAULT_SCENARIO, type ScenarioStores } from './scenario/load.js';
import { worldResetHandlers } from './scenario/reset.js';
import { forgetFoundRows } from './db/found-once.js';
import { mountSimulatorApi } from './simulator/mount.js';
import { PhoneInspector, phoneSimulatorHandlers } from './simulator/phones.js';
import { worldSimulatorHandlers } from './simulator/routes.js';
import { schemaRoutes } from './simulator/schema-routes.js';
import { staticRoutes } from './simulator/static-routes.js';
import { ChannelTokenStore } from './tokens/channel-token-store.js';
import { ChannelTokenService } from './tokens/channel-tokens.js';
import { AssertionKeyStore } from './tokens/assertion-key-store.js';
import { KitSecretStore } from './tokens/kit-secret-store.js';
import { channelTokenSimulatorHandlers } from './tokens/simulator-routes.js';
import { ChannelLoginStore } from './world/channel-login-store.js';
import { ChatService } from './world/chats.js';
import { BotsInChatsStore } from './world/bots-in-chats-store.js';
import { WorldStore } from './world/world-store.js';

export { SIDE_INTERFACES, type InterfaceUrls, type SideInterface } from './interface-urls.js';

/** Options of {@link createEmbedkit}. */
export interface EmbedkitOptions {
  /** Data directory (the database file is `embedkit.sqlite` in it); ignored when `inMemory`. */
  dataDir?: string;
  /**
   * Keep everything in memory: nothing is written to disk. With `databaseUrl` and no
   * `databaseSchema`: a fresh PostgreSQL schema, dropped on close.
   */
  inMemory?: boolean;
  /**
   * `postgres://user:password@host:port/database`: the state lives in PostgreSQL instead of the
   * embedded database, and several servers on it behave as one.
   */
  databaseUrl?: string;
  /** PostgreSQL schema to use (created when missing); default the URL's search path (`public`). */
  databaseSchema?: string;
  /** Scenario file loaded on first start; default `server/scenarios/default.json`. */
  scenarioFile?: string;
  /** Public origin of the server, e.g. `http://localhost:8080` (picture URLs point there). */
  baseUrl?: string;
  /** Origin the demo app is served from, e.g. `http://127.0.0.1:8080` (replaces `{demo_origin}`). */
  demoOrigin?: string;
  /**
   * Public origins of the other address placeholders of the spec (`{deprecated_url}`,
   * `{trialbot_url}`, `{blockchain_url}`); default `http://localhost:8081` to `:8083`.
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
   * `http/admin-token.ts`). Default none: everything is served as before.
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
    v1Bots: V1Bots;
  };
  /** Closes the database. */
  close(): Promise<void>;
}

/**
 * Builds the server: opens the database, loads the scenario on first start, wires the routes.
 * @throws Error when the header prefix is malformed, the database cannot be opened or the scenario is invalid.
 */
export async function createEmbedkit(options: EmbedkitOptions = {}): Promise<Embedkit> {
  // Checked before anything is opened: a malformed prefix leaves nothing to close.
  const headers = platformHeaders(options.headerPrefix);
  const logger = options.logger ?? createLogger();
  const clock = options.clock ?? new Clock();
  const urls = interfaceUrls(options);
  const demoOrigin = options.demoOrigin ?? 'http://127.0.0.1:8080';
  const store = await openKitDatabase(options, logger);
  const { db, live } = store;
  const world = new WorldStore(db);
  const apps = new AppStore(db);
  try {
    // Simulated time never goes back across a restart.
    if (!options.clock) await restoreClock(clock, world);
    await applyScenario(options.scenarioFile ?? DEFAULT_SCENARIO, { ...scenarioStores(db), world, apps }, demoOrigin, clock.now());
  } catch (e) {
    await store.unlock();
    await store.close();
    throw e;
  }
  await store.unlock();
  const proxiedApps = () => options.lanState?.()?.apps ?? [];
  const units = createUnits({ db, world, clock, logger, live, outage: store.outage, urls, demoOrigin, headers, proxiedApps }, options.bots);
  const { bots } = units;
  const app = baseApp(units, {
    db,
    world,
    apps,
    clock,
    logger,
    outage: store.outage,
    urls,
    demoOrigin,
    headers,
    adminToken: options.adminToken,
    scenarioFile: options.scenarioFile ?? DEFAULT_SCENARIO,
    mounts: options.mounts?.({ urls, headers }) ?? {},
    lanState: options.lanState ?? (() => undefined),
  });
  const errors = { handler: errorHandler(logger, store.outage) };
  const sideApps: Record<SideInterface, Express> = {
    deprecated: originApp(units.v1Bots.deprecatedRoutes, logger, errors),
    trialbot: originApp(units.v1Bots.trialRoutes, logger, errors),
    blockchain: units.blockchain.app,
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
      v1Bots: units.v1Bots,
    },
    close: async () => {
      await bots.stop();
      await store.close();
    },
  };
}

/** The stores a scenario is loaded into, on the database or on a reset's transaction. */
function scenarioStores(db: Kysely<Database>): ScenarioStores {
  return {
    world: new WorldStore(db),
    apps: new AppStore(db),
    logins: new ChannelLoginStore(db),
    botsInChats: new BotsInChatsStore(db),
    blockchain: new BlockchainStore(db),
    v1Bots: new V1BotStore(db),
    audiences: new AudienceStore(db),
    assertionKeys: new AssertionKeyStore(db),
    membershipPlans: new MembershipPlanStore(db),
    modules: new ModuleStore(db),
    coupons: new CouponStore(db),
  };
}

/** The origins of every address placeholder: the options' or the defaults (`http://localhost:8080` to `:8083`). */
function interfaceUrls(options: EmbedkitOptions): InterfaceUrls {
  return {
    base: options.baseUrl ?? 'http://localhost:8080',
    deprecated: options.urls?.deprecated ?? 'http://localhost:8081',
    trialbot: options.urls?.trialbot ?? 'http://localhost:8082',
    blockchain: options.urls?.blockchain ?? 'http://localhost:8083',
  };
}

/** An open database with what lives beside it: the live hub (relayed across processes on PostgreSQL) and the outage watch. */
interface KitDatabase {
  db: Kysely<Database>;
  live: LiveHub;
  outage: DatabaseOutage;
  /** Lets other servers starting on the same schema go on (call once the scenario is loaded). */
  unlock(): Promise<void>;
  /** Stops the outage watch and the relay, closes the database, and drops a throwaway schema. */
  close(): Promise<void>;
}

/**
 * Opens the database for a kit. Servers starting together on one schema take turns: one prepares
 * it, the others start on the result (`unlock` lets the next one go).
 * @throws Error when the database cannot be opened (the lock is released first)
 */
async function openKitDatabase(options: EmbedkitOptions, logger: Logger): Promise<KitDatabase> {
  const location = databaseLocation(options);
  const throwaway = options.databaseUrl !== undefined && options.inMemory && options.databaseSchema === undefined;
  const dropThrowaway = () => (throwaway && 'url' in location ? dropSchema(location.url, location.schema!) : Promise.resolve());
  const unlock = await startLock(location);
  const db = await openDatabase(location).catch(async (e: unknown) => {
    await unlock();
    await dropThrowaway().catch(() => undefined);
    throw e;
  });
  const live = new LiveHub();
  const outage = new DatabaseOutage(db as unknown as Kysely<never>, logger);
  let relay: PostgresLiveRelay | undefined;
  const close = async () => {
    outage.close();
    await relay?.close();
    await db.destroy();
    await dropThrowaway();
  };
  try {
    if ('url' in location) relay = await PostgresLiveRelay.start(location, live, logger);
  } catch (e) {
    await unlock();
    await close();
    throw e;
  }
  return { db, live, outage, unlock, close };
}

/** What every unit is built on. */
interface UnitDeps {
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
  /** The apps served through `--lan` proxies (none without it): their proxy origins count as the apps' own for a PKCE login. */
  proxiedApps?: () => readonly ProxiedApp[];
}

/** The interfaces' units and the shared services between them, wired to each other. */
interface Units {
  channelTokens: ChannelTokenService;
  chats: ChatService;
  social: SocialLogin;
  bots: BotMessaging;
  embeddedApps: EmbeddedApps;
  blockchain: Blockchain;
  v1Bots: V1Bots;
}

/** Builds every interface's unit and connects the events that cross units (friendships, clock moves, outages). */
function createUnits(d: UnitDeps, botOptions?: BotMessagingOptions): Units {
  const { db, world, clock, logger, live, outage, headers } = d;
  const baseUrl = () => d.urls.base;
  const channelTokens = new ChannelTokenService(new ChannelTokenStore(db), world, clock, {
    keys: new AssertionKeyStore(db),
    secrets: new KitSecretStore(db),
    baseUrl,
  });
  // One clock for every server on the database: a move reaches the others as a live event.
  const apps = new AppStore(db);
  const appViewUrls = async (channelId: string) =>
    withProxiedUrls(
      (await apps.listByChannel(channelId)).map((app) => app.view_url),
      d.proxiedApps?.() ?? [],
    );
  const social = createSocialLogin(db, world, clock, { baseUrl, demoOrigin: () => d.demoOrigin, headers, appViewUrls }, (offsetMs) =>
    live.publish({ type: 'clock', offsetMs }),
  );
  const bots = createBotMessaging(db, world, clock, { tokens: channelTokens, logger, baseUrl, live, outage, headers }, botOptions);
  outage.onBack(() => bots.dispatcher.kick());
  social.friendships.onChange((change) => bots.events.friendshipChanged(change));
  social.friendships.onChange((change) => bots.insight.service.friendshipChanged(change));
  live.subscribe((event) => {
    if (event.type === 'clock' && event.offsetMs > clock.offset) clock.advance(event.offsetMs - clock.offset);
  });
  const chats = new ChatService(new MessageStore(db), world, clock, bots.chatHooks);
  const embeddedApps = createEmbeddedApps(db, clock, { channelTokens, userTokens: social.userTokens, chats });
  const blockchain = createBlockchain(db, clock, logger, outage);
  const v1Bots = createV1Bots(db, world, clock, {
    events: bots.events,
    friendships: social.friendships,
    v1Tokens: social.v1Tokens,
    live,
    baseUrl,
    headers,
  });
  return { channelTokens, chats, social, bots, embeddedApps, blockchain, v1Bots };
}

/** The app of `{base_url}`: the platform's interfaces B, C, D, E and G, the simulator API, the host and the demo. */
function baseApp(
  units: Units,
  d: Pick<UnitDeps, 'db' | 'world' | 'clock' | 'logger' | 'outage' | 'urls' | 'demoOrigin' | 'headers'> & {
    apps: AppStore;
    adminToken?: string | undefined;
    /** The scenario file the server started with (what `resetWorld` loads without one). */
    scenarioFile: string;
    mounts: Record<string, RequestHandler>;
    lanState: () => LanState | undefined;
  },
): Express {
  const { db, world, logger, outage, urls, headers } = d;
  const baseUrl = () => urls.base;
  // A phone's liveness is wall time (the simulated clock's offset taken off).
  const phones = new PhoneInspector(() => d.clock.now() - d.clock.offset);
  // A reset world (here or in another process on the database): what this process remembers of the old one goes.
  units.bots.live.subscribe((event) => {
    if (event.type !== 'world') return;
    forgetFoundRows();
    phones.clear();
  });
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // First: a cross-site request to embedkit's own API reads no body and reaches no route.
  app.use(crossSiteGuard(() => [urls.base, urls.deprecated, urls.trialbot, urls.blockchain, d.demoOrigin]));
  // Then the admin token, when one is in force (a server bound beyond loopback), still before any body is read.
  app.use(adminTokenGuard(d.adminToken));
  for (const [path, handler] of Object.entries(d.mounts)) app.use(path, handler);
  // The MCP server for coding agents, behind the same guards; its tools call this kit's simulator API over HTTP.
  app.use(
    MCP_PATH,
    mcpRoutes(() => new SimulatorClient({ baseUrl: urls.base, headers: d.adminToken ? { Authorization: `Bearer ${d.adminToken}` } : {} })),
  );
  app.use(['/v2', '/embed', '/message', '/oauth2', '/friendship'], requestId(headers));
  // Answered by the listener of a running server before any app; here for in-process kits (tests).
  app.get(HEALTH_PATH, (_req, res) => void res.json({ status: 'live', phase: 'ready' }));
  app.get(READY_PATH, (_req, res) => void res.json({ ready: true, phase: 'ready' }));
  app.use(gatedAll(units.embeddedApps.routes));
  // The simulator API: one handler per route of its contract, from the unit the route belongs to.
  app.use(
    gated(
      mountSimulatorApi(
        {
          ...worldSimulatorHandlers({
            world,
            apps: d.apps,
            chats: units.chats,
            userTokens: units.social.userTokens,
            baseUrl,
            urls,
            headers,
          }),
          ...units.social.simulator((channelId, on) => units.v1Bots.service.setBlockOperations(channelId, on)),
          ...units.bots.simulator,
          ...units.v1Bots.simulator,
          ...units.blockchain.simulator,
          ...scenarioExportHandlers(db),
          ...worldResetHandlers({
            db,
            clock: d.clock,
            live: units.bots.live,
            demoOrigin: d.demoOrigin,
            startedWith: d.scenarioFile,
            stores: scenarioStores,
            dispatcher: units.bots.dispatcher,
          }),
          ...channelTokenSimulatorHandlers(units.channelTokens),
          ...phoneSimulatorHandlers(phones, units.bots.live),
          ...lanSimulatorHandlers(d.lanState),
        },
        { json: jsonBody, 'v1-json': v1Json, raw: mediaBody },
      ),
    ),
  );
  app.use(gatedAll(schemaRoutes()));
  // Before the social login: the channel token operations that share its paths pass the rest on.
  app.use(gatedAll(units.bots.sharedOauthRoutes));
  app.use(gatedAll(units.social.routes));
  app.use(gatedAll(demoLoginRoutes({ world, sessions: new DemoLoginSessionStore(db), clock: d.clock, baseUrl })));
  app.use(gatedAll(units.bots.routes));
  app.use(gatedAll(units.v1Bots.baseRoutes));
  app.use(staticRoutes());
  app.use(notFoundHandler);
  app.use(errorHandler(logger, outage));
  return app;
}

/** The embedded database file, or PostgreSQL (a fresh schema for an in-memory kit). */
function databaseLocation(options: EmbedkitOptions): DatabaseLocation {
  if (options.databaseUrl === undefined)
    return { file: options.inMemory ? ':memory:' : join(options.dataDir ?? '.embedkit', 'embedkit.sqlite') };
  const schema = options.databaseSchema ?? (options.inMemory ? `t_${randomBytes(6).toString('hex')}` : undefined);
  // A throwaway kit (tests) needs few connections; a server sharing the sandbox more.
  return { url: options.databaseUrl, ...(schema !== undefined ? { schema } : {}), poolSize: options.inMemory ? 4 : 10 };
}

/** Options of {@link startServer}: {@link EmbedkitOptions} plus where to listen. */
export interface ListenOptions extends Omit<EmbedkitOptions, 'baseUrl' | 'demoOrigin'> {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Address to bind; default loopback (`127.0.0.1`, plus `::1` when the machine has IPv6). */
  host?: string;
  /**
   * Ports of the side origins; default the main port + 1 (`deprecated`), + 2 (`trialbot`),
   * + 3 (`blockchain`), or free ones when the main port is 0.
   */
  ports?: Partial<Record<SideInterface, number>>;
  /** How long a request that arrives while the server starts is held before a 503, in ms; default 30,000. */
  startHoldMs?: number;
  /** Time a client has to send all request headers, in ms; default 20,000 (slow clients). */
  headersTimeoutMs?: number;
  /** Time a client has to send the whole request, in ms; default 60,000. */
  requestTimeoutMs?: number;
  /**
   * Host names served on every port besides `localhost`, `*.localhost` and IP literals (see
   * `http/host-check.ts`); `'all'` serves any `Host`. Default none.
   */
  allowedHosts?: AllowedHosts;
  /**
   * `--lan`: also serve `{base_url}` over HTTPS on these network addresses (same port), with a
   * certificate of the local CA in `caDir` (default `~/.embedkit/ca`), and each app registered on
   * loopback through a proxy of its own (`app-proxy/`). Requires `adminToken`.
   */
  lan?: { addresses: readonly string[]; caDir?: string };
}

/** What `--lan` adds to a running server. */
export interface LanServing {
  /** `https://<address>:<port>` for each network address. */
  origins: string[];
  ca: LocalCa;
  /** base64 SHA-256 of the server certificate's public key (what Chromium's `--ignore-certificate-errors-spki-list` takes). */
  spkiSha256: string;
  /** The apps' proxies; `sync` starts the ones of apps registered since. */
  proxies: AppProxies;
  /** Starts proxies for the loopback apps registered so far; resolves to every proxied app. */
  syncApps(): ReturnType<AppProxies['sync']>;
}

/**
 * Guards a listening server against slow and malformed clients: a client gets
 * `headersTimeoutMs` to send its headers and `requestTimeoutMs` for the whole request (checked
 * every `min(1 s, headersTimeoutMs / 4)`), then its socket is closed with a 408. Requests Node's
 * parser refuses (headers over 16 KB: 431; malformed: 400) are answered `{message}` too.
 */
export function createGuardedServer(options: { headersTimeoutMs?: number; requestTimeoutMs?: number } = {}): Server {
  const headersTimeout = options.headersTimeoutMs ?? 20_000;
  const requestTimeout = Math.max(options.requestTimeoutMs ?? 60_000, headersTimeout);
  const server = createServer({ connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))) });
  server.headersTimeout = headersTimeout;
  server.requestTimeout = requestTimeout;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message =
      status === 431
        ? 'The request headers are too large'
        : status === 408
          ? 'The request was not received in time'
          : 'The request could not be parsed as HTTP';
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

/** A listening server. */
export interface RunningServer {
  embedkit: Embedkit;
  /** Where the host is: `http://localhost:<port>`. */
  baseUrl: string;
  /** Where the demo app is served from: `http://127.0.0.1:<port>`. */
  demoOrigin: string;
  port: number;
  /** Public origins of every address placeholder (`urls.base` is `baseUrl`). */
  urls: InterfaceUrls;
  /** Ports of the side origins. */
  ports: Record<SideInterface, number>;
  /** With `lan`: the HTTPS origins, the CA and the apps' proxies. */
  lan?: LanServing;
  /** The server's phase (starting, ready, draining) as its readiness endpoint tells it. */
  readiness: Readiness;
  /**
   * Stops: readiness answers 503, listening stops, live streams end, requests in flight get up to
   * `drainMs` (ms, default 0) to finish before their connections are cut; then webhook attempts in
   * flight are left to be retried and the database closes. Calling it again returns the same promise.
   */
  close(drainMs?: number): Promise<void>;
}

/** The CLI flag that sets the port of each side origin (named in "port taken" errors). */
export const PORT_FLAGS: Record<SideInterface | 'base', string> = {
  base: '--port',
  deprecated: '--deprecated-port',
  trialbot: '--trialbot-port',
  blockchain: '--blockchain-port',
};

/** A port that another program (or another embedkit) already listens on. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly origin: SideInterface | 'base',
  ) {
    super(
      `port ${port} ({${origin}_url}) is already in use: ` +
        `choose another with ${PORT_FLAGS[origin]} <port>` +
        (origin === 'base' ? '' : ` (or move the main --port: the side ports default to it + 1, + 2, + 3)`),
    );
    this.name = 'PortInUseError';
  }
}

/**
 * Listens first (so that port 0 resolves to a real port), then builds the app with the origins
 * that port gives. Listening comes first so that every request arriving while the database is
 * being prepared is held or answered, never left hanging.
 * @throws PortInUseError when a port is taken; Error when the kit cannot be built (every port is closed first)
 */
export async function startServer(options: ListenOptions): Promise<RunningServer> {
  const readiness = new Readiness(options.startHoldMs);
  // Made here: the Host check logs its refusals before the kit exists.
  const kitOptions = { ...options, logger: options.logger ?? createLogger() };
  let embedkit: Embedkit | undefined;
  const servers: Server[] = [];
  const failed = async (e: unknown): Promise<never> => {
    readiness.set('failed');
    await Promise.all(servers.map((s) => drain(s, 0)));
    throw e;
  };
  const appOf = (origin: SideInterface | 'base') => () =>
    embedkit ? (origin === 'base' ? embedkit.app : embedkit.apps[origin]) : undefined;
  if (options.lan && options.adminToken === undefined) throw new Error('--lan needs an admin token: the network reaches it');
  const { port, ports } = await bindOrigins(kitOptions, readiness, appOf, servers).catch(failed);
  const lanTls = options.lan
    ? await lanCertificate(options.lan)
        .then(async (t) => {
          for (const address of options.lan!.addresses)
            await bindLan(port, address, t.cert, originListener(kitOptions, readiness, appOf, 'base'), servers);
          return t;
        })
        .catch(failed)
    : undefined;
  const baseUrl = `http://localhost:${port}`;
  const demoOrigin = `http://127.0.0.1:${port}`;
  const urls: InterfaceUrls = {
    base: baseUrl,
    deprecated: `http://localhost:${ports.deprecated}`,
    trialbot: `http://localhost:${ports.trialbot}`,
    blockchain: `http://localhost:${ports.blockchain}`,
  };
  const mounts: EmbedkitOptions['mounts'] = lanTls
    ? (kit) => ({ ...options.mounts?.(kit), [CA_PAGE_PATH]: caPageRoutes(lanTls.ca) })
    : options.mounts;
  let lan: LanServing | undefined;
  const lanState = () =>
    lan && options.adminToken !== undefined ? { origins: lan.origins, apps: lan.proxies.list(), token: options.adminToken } : undefined;
  embedkit = await createEmbedkit({ ...kitOptions, baseUrl, demoOrigin, urls, lanState, ...(mounts ? { mounts } : {}) }).catch(failed);
  const running = embedkit;
  if (lanTls && options.lan) {
    const proxies = new AppProxies({
      addresses: options.lan.addresses,
      tls: lanTls.cert,
      token: options.adminToken,
      cookieName: adminCookieName(`x:${port}`),
      logger: running.logger,
    });
    const appStore = new AppStore(running.db);
    lan = {
      origins: options.lan.addresses.map((a) => `https://${a}:${port}`),
      ca: lanTls.ca,
      spkiSha256: lanTls.cert.spkiSha256,
      proxies,
      syncApps: async () => proxies.sync((await appStore.listAll()).map((a) => a.view_url)),
    };
    await lan.syncApps().catch(async (e: unknown) => {
      await proxies.close();
      await running.close();
      return failed(e);
    });
  }
  readiness.set('ready');
  let closing: Promise<void> | undefined;
  return {
    embedkit: running,
    baseUrl,
    demoOrigin,
    port,
    urls,
    ports,
    readiness,
    ...(lan ? { lan } : {}),
    close: (drainMs = 0) =>
      (closing ??= (async () => {
        // Readiness turns 503 first, so a load balancer stops sending; then no new connection is
        // accepted, the live streams end, and requests in flight get `drainMs` to finish.
        readiness.set('draining');
        running.services.bots.live.closeAll();
        await Promise.all([...servers.map((s) => drain(s, drainMs)), lan?.proxies.close()]);
        await running.close();
      })()),
  };
}

/**
 * Binds the main port, then each side origin's (default the main port + 1, + 2, + 3, or free ones
 * when the main port is 0). Every bound server is pushed to `servers`, so a caller can close them
 * when a later one fails.
 * @throws PortInUseError when a port is taken
 */
async function bindOrigins(
  options: ListenOptions,
  readiness: Readiness,
  appOf: (origin: SideInterface | 'base') => () => RequestListener | undefined,
  servers: Server[],
): Promise<{ port: number; ports: Record<SideInterface, number> }> {
  const bind = (port: number, origin: SideInterface | 'base') =>
    bindOrigin(port, origin, options, originListener(options, readiness, appOf, origin), servers);
  const port = await bind(options.port, 'base');
  const ports = {} as Record<SideInterface, number>;
  for (const [i, name] of SIDE_INTERFACES.entries()) {
    ports[name] = await bind(options.ports?.[name] ?? (options.port === 0 ? 0 : options.port + 1 + i), name);
  }
  return { port, ports };
}

/** One origin's request listener: the Host check around the readiness gate around the origin's app. */
function originListener(
  options: ListenOptions,
  readiness: Readiness,
  appOf: (origin: SideInterface | 'base') => () => RequestListener | undefined,
  origin: SideInterface | 'base',
): RequestListener {
  // Before the kit (and its clock) exists: the machine's time in the blockchain envelope.
  const unavailable = origin === 'blockchain' ? blockchainUnavailable({ now: () => Date.now() }) : undefined;
  return hostChecked(readiness.listener(appOf(origin), unavailable), options.allowedHosts ?? [], (host, method, url) =>
    options.logger?.warn({ host, method, url, origin }, `refused a request for the host ${host ?? '(none)'}: not allowed`),
  );
}

/** The local CA (made on first use) and a server certificate for `localhost` and the network addresses. */
async function lanCertificate(lan: NonNullable<ListenOptions['lan']>) {
  // The certificate library loads with --lan only (a server without it never needs it).
  const { issueServerCertificate, loadOrCreateCa } = await import('./lan/certificates.js');
  const ca = await loadOrCreateCa(lan.caDir);
  return { ca, cert: await issueServerCertificate(ca, ['localhost', ...lan.addresses]) };
}

/**
 * Binds `{base_url}`'s listener over HTTPS on a network address at the main port (loopback stays
 * plain HTTP). Only the base origin: the side origins are bots' and backends' APIs, not a phone's.
 * @throws Error when the address cannot be bound (not this machine's, or the port taken there)
 */
async function bindLan(port: number, address: string, tls: { cert: string; key: string }, listener: RequestListener, servers: Server[]) {
  const server = createHttpsServer({ cert: tls.cert, key: tls.key }, listener);
  await listen(server, port, address).catch((e: NodeJS.ErrnoException) => {
    throw new Error(`--lan: cannot listen on ${address}:${port} (${e.code ?? e.message})`);
  });
  servers.push(server);
}

/**
 * Binds one origin's port on the chosen address; on loopback (no `host`) also on `::1` at the same
 * port when the machine has IPv6, because browsers may resolve `localhost` to `::1` first.
 * @returns the bound port
 * @throws PortInUseError when the port is taken
 */
async function bindOrigin(
  port: number,
  origin: SideInterface | 'base',
  options: Pick<ListenOptions, 'host' | 'headersTimeoutMs' | 'requestTimeoutMs'>,
  listener: RequestListener,
  servers: Server[],
): Promise<number> {
  const guard = { headersTimeoutMs: options.headersTimeoutMs, requestTimeoutMs: options.requestTimeoutMs };
  const v4 = createGuardedServer(guard);
  v4.on('request', listener);
  await listen(v4, port, options.host ?? '127.0.0.1').catch((e: NodeJS.ErrnoException) => {
    throw e.code === 'EADDRINUSE' ? new PortInUseError(port, origin) : e;
  });
  servers.push(v4);
  const bound = (v4.address() as AddressInfo).port;
  if (options.host === undefined) {
    const v6 = createGuardedServer(guard);
    v6.on('request', listener);
    await listen(v6, bound, '::1').then(
      () => servers.push(v6),
      () => undefined,
    );
  }
  return bound;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Stops accepting connections and waits for the open ones to finish their requests, for at most
 * `drainMs`; idle keep-alive connections are closed as soon as they are idle, the rest are cut
 * when the time is up.
 */
function drain(server: Server, drainMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const idle = setInterval(() => server.closeIdleConnections(), 25);
    const cut = setTimeout(() => server.closeAllConnections(), drainMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
    if (drainMs <= 0) server.closeAllConnections();
  });
}
