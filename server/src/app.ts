/**
 * The embedkit server as a value: an app factory for tests ({@link createEmbedkit}) and a
 * listener for the CLI ({@link startServer}). Data flows routes → services → store.
 */
import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { Clock } from './clock/clock.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { requestId } from './http/request-id.js';
import { HEALTH_PATH, Readiness, READY_PATH } from './http/readiness.js';
import { createLogger } from './logger.js';
import { channelOauthRoutes } from './interfaces/bot/oauth-routes.js';
import { registryRoutes } from './interfaces/embedded-apps/routes.js';
import { schemaRoutes } from './simulator/schema-routes.js';
import { scenarioExportRoutes } from './scenario/export-routes.js';
import { simulatorRoutes } from './simulator/routes.js';
import { staticRoutes } from './simulator/static-routes.js';
import { userApiRoutes } from './interfaces/embedded-apps/user-routes.js';
import { applyScenario, DEFAULT_SCENARIO } from './scenario/load.js';
import { ChannelTokenService } from './tokens/channel-tokens.js';
import { ChatService } from './world/chats.js';
import { RegistryService } from './interfaces/embedded-apps/registry.js';
import { type UserTokenService } from './interfaces/social/user-tokens.js';
import { AppStore } from './interfaces/embedded-apps/store.js';
import { ChannelTokenStore } from './tokens/channel-token-store.js';
import { openDatabase, startLock, type DatabaseLocation } from './db/db.js';
import { dropSchema } from './db/pg-schemas.js';
import { DatabaseOutage } from './db/outage.js';
import { PostgresLiveRelay } from './live/postgres-relay.js';
import { LiveHub } from './live/hub.js';
import { MessageStore } from './messages/message-store.js';
import type { Database } from './db/schema.js';
import { ChannelLoginStore } from './world/channel-login-store.js';
import { createSocialLogin, type SocialLogin } from './interfaces/social/index.js';
import { demoLoginRoutes } from './demo/login-routes.js';
import { DemoLoginSessionStore } from './demo/login-session-store.js';
import { restoreClock } from './clock/sim-clock.js';
import { WorldStore } from './world/world-store.js';
import { createBotMessaging, type BotMessaging, type BotMessagingOptions } from './interfaces/bot/index.js';
import { BotMembershipStore } from './world/membership-store.js';
import { createBlockchain, type Blockchain } from './interfaces/blockchain/index.js';
import { createV1Bots, type V1Bots } from './interfaces/v1-bots/index.js';
import { V1BotStore } from './interfaces/v1-bots/store.js';
import { BlockchainStore } from './interfaces/blockchain/store.js';
import { blockchainUnavailable } from './interfaces/blockchain/routes.js';

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
   * embedded database, and several servers on it behave as one (issue 9).
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
  /** Bot messaging: reply token life, webhook retry schedule, plan limits (issue 6). */
  bots?: BotMessagingOptions;
}

/**
 * The origins of the spec's address placeholders, each served by this one process on its own
 * port (spec "Address placeholders"): `base` = `{base_url}` (host shell, parts B, C, D, E, G),
 * `deprecated` = `{deprecated_url}` (the deprecated alias of the enterprise paths),
 * `trialbot` = `{trialbot_url}` (part F), `blockchain` = `{blockchain_url}` (part A).
 * Clients sign or route by origin, so each interface lives at its origin's root.
 */
export interface InterfaceUrls {
  base: string;
  deprecated: string;
  trialbot: string;
  blockchain: string;
}

/** The interfaces served on origins of their own (every key of {@link InterfaceUrls} but `base`). */
export type SideInterface = Exclude<keyof InterfaceUrls, 'base'>;

/** The side interfaces in the order of their default ports (main port + 1, + 2, + 3). */
export const SIDE_INTERFACES: readonly SideInterface[] = ['deprecated', 'trialbot', 'blockchain'];

/** A running embedkit: the Express app, its services and the database. */
export interface Embedkit {
  /** The app of `{base_url}`. */
  app: Express;
  /** The apps of the other origins, one per address placeholder (`{blockchain_url}`, …). */
  apps: Record<SideInterface, Express>;
  /** Public origins of every address placeholder. */
  urls: InterfaceUrls;
  clock: Clock;
  db: Kysely<Database>;
  logger: Logger;
  services: {
    channelTokens: ChannelTokenService;
    userTokens: UserTokenService;
    registry: RegistryService;
    chats: ChatService;
    social: SocialLogin;
    bots: BotMessaging;
    blockchain: Blockchain;
    v1: V1Bots;
  };
  /** Closes the database. */
  close(): Promise<void>;
}

/**
 * Builds the server: opens the database, loads the scenario on first start, wires the routes.
 * @throws Error when the database cannot be opened or the scenario is invalid.
 */
export async function createEmbedkit(options: EmbedkitOptions = {}): Promise<Embedkit> {
  const logger = options.logger ?? createLogger();
  const clock = options.clock ?? new Clock();
  const baseUrl = options.baseUrl ?? 'http://localhost:8080';
  const demoOrigin = options.demoOrigin ?? 'http://127.0.0.1:8080';
  const urls: InterfaceUrls = {
    base: baseUrl,
    deprecated: options.urls?.deprecated ?? 'http://localhost:8081',
    trialbot: options.urls?.trialbot ?? 'http://localhost:8082',
    blockchain: options.urls?.blockchain ?? 'http://localhost:8083',
  };
  const location = databaseLocation(options);
  const throwaway = options.databaseUrl !== undefined && options.inMemory && options.databaseSchema === undefined;
  // Servers starting together on one schema: one prepares it, the others start on the result.
  const unlock = await startLock(location);
  const db = await openDatabase(location).catch(async (e: unknown) => {
    await unlock();
    if (throwaway && 'url' in location) await dropSchema(location.url, location.schema!).catch(() => undefined);
    throw e;
  });
  const live = new LiveHub();
  let relay: PostgresLiveRelay | undefined;
  const closeDatabase = async () => {
    await relay?.close();
    await db.destroy();
    if (throwaway && 'url' in location) await dropSchema(location.url, location.schema!);
  };

  const outage = new DatabaseOutage(db as unknown as Kysely<never>, logger);
  const world = new WorldStore(db);
  const apps = new AppStore(db);
  try {
    if ('url' in location) relay = await PostgresLiveRelay.start(location, live, logger);
    // Simulated time never goes back across a restart (issue 5).
    if (!options.clock) await restoreClock(clock, world);
    await applyScenario(
      options.scenarioFile ?? DEFAULT_SCENARIO,
      {
        world,
        apps,
        logins: new ChannelLoginStore(db),
        bots: new BotMembershipStore(db),
        blockchain: new BlockchainStore(db),
        v1: new V1BotStore(db),
      },
      demoOrigin,
      clock.now(),
    );
  } catch (e) {
    await unlock();
    await closeDatabase();
    throw e;
  }
  await unlock();
  const channelTokens = new ChannelTokenService(new ChannelTokenStore(db), world, clock);
  // One clock for every server on the database (issue 9): a move reaches the others as a live event.
  const social = createSocialLogin(db, world, clock, { baseUrl: () => baseUrl, demoOrigin: () => demoOrigin }, (offsetMs) =>
    live.publish({ type: 'clock', offsetMs }),
  );
  const userTokens = social.userTokens;
  const registry = new RegistryService(apps, clock);
  const bots = createBotMessaging(db, world, clock, { tokens: channelTokens, logger, baseUrl: () => baseUrl, live, outage }, options.bots);
  outage.onBack(() => bots.dispatcher.kick());
  social.friendships.onChange((change) => bots.events.friendshipChanged(change));
  live.subscribe((event) => {
    if (event.type === 'clock' && event.offsetMs > clock.offset) clock.advance(event.offsetMs - clock.offset);
  });
  const blockchain = createBlockchain(db, clock, logger, outage);
  const chats = new ChatService(new MessageStore(db), world, clock, bots.chatHooks);
  const v1 = createV1Bots(db, world, clock, {
    events: bots.events,
    friendships: social.friendships,
    userTokens: social.v1,
    live,
    baseUrl: () => baseUrl,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(['/v2', '/embed', '/message', '/oauth2', '/friendship'], requestId);
  // Answered by the listener of a running server before any app; here for in-process kits (tests).
  app.get(HEALTH_PATH, (_req, res) => void res.json({ status: 'live', phase: 'ready' }));
  app.get(READY_PATH, (_req, res) => void res.json({ ready: true, phase: 'ready' }));
  app.use(channelOauthRoutes(channelTokens));
  app.use(registryRoutes(registry, channelTokens));
  app.use(userApiRoutes({ tokens: userTokens, chats, world, baseUrl: () => baseUrl }));
  app.use(simulatorRoutes({ world, apps, chats, userTokens, baseUrl: () => baseUrl, urls }));
  app.use(schemaRoutes());
  app.use(scenarioExportRoutes(db));
  app.use(social.routes, demoLoginRoutes({ world, sessions: new DemoLoginSessionStore(db), clock, baseUrl: () => baseUrl }));
  app.use(bots.routes);
  app.use(v1.baseRoutes);
  app.use(blockchain.simulatorRoutes);
  app.use(staticRoutes());
  app.use(notFoundHandler);
  app.use(errorHandler(logger, outage));
  const sideApps: Record<SideInterface, Express> = {
    deprecated: originApp(v1.deprecatedRoutes, logger, { handler: errorHandler(logger, outage) }),
    trialbot: originApp(v1.trialRoutes, logger, { handler: errorHandler(logger, outage) }),
    blockchain: blockchain.app,
  };
  // Deliveries left undelivered by the last run go out first.
  bots.start();

  return {
    app,
    apps: sideApps,
    urls,
    clock,
    db,
    logger,
    services: { channelTokens, userTokens, registry, chats, social, bots, blockchain, v1 },
    close: async () => {
      await bots.stop();
      outage.close();
      await closeDatabase();
    },
  };
}

/**
 * The Express app of one side origin: its interface's routers, then a 404 and the error handler
 * (`errors` picks the interface's error format; default by path as on `{base_url}`).
 */
export function originApp(
  routers: RequestHandler[],
  logger: Logger,
  errors?: { notFound?: RequestHandler; handler?: ErrorRequestHandler },
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  for (const r of routers) app.use(r);
  app.use(errors?.notFound ?? notFoundHandler);
  app.use(errors?.handler ?? errorHandler(logger));
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
  /** Time a client has to send all request headers, in ms; default 20,000 (slow clients, issue 8). */
  headersTimeoutMs?: number;
  /** Time a client has to send the whole request, in ms; default 60,000. */
  requestTimeoutMs?: number;
}

/**
 * Guards a listening server against slow and malformed clients (issue 8): a client gets
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
 * that port gives.
 */
export async function startServer(options: ListenOptions): Promise<RunningServer> {
  const loopback = options.host === undefined;
  const guard = { headersTimeoutMs: options.headersTimeoutMs, requestTimeoutMs: options.requestTimeoutMs };
  // Listening comes first, so every request that arrives while the database is being prepared is
  // held or answered, never left hanging (issue 18).
  const readiness = new Readiness(options.startHoldMs);
  let embedkit: Embedkit | undefined;
  const servers: Server[] = [];
  // One origin = one port; on loopback, browsers may resolve localhost to ::1 first, so answer there too.
  const bind = async (port: number, origin: SideInterface | 'base'): Promise<number> => {
    const listener = readiness.listener(
      () => (embedkit ? (origin === 'base' ? embedkit.app : embedkit.apps[origin]) : undefined),
      // Before the kit (and its clock) exists: the machine's time in the blockchain envelope.
      origin === 'blockchain' ? blockchainUnavailable({ now: () => Date.now() }) : undefined,
    );
    const v4 = createGuardedServer(guard);
    v4.on('request', listener);
    await listen(v4, port, options.host ?? '127.0.0.1').catch((e: NodeJS.ErrnoException) => {
      throw e.code === 'EADDRINUSE' ? new PortInUseError(port, origin) : e;
    });
    servers.push(v4);
    const bound = (v4.address() as AddressInfo).port;
    if (loopback) {
      const v6 = createGuardedServer(guard);
      v6.on('request', listener);
      await listen(v6, bound, '::1').then(
        () => servers.push(v6),
        () => undefined,
      );
    }
    return bound;
  };
  let port: number;
  const ports = {} as Record<SideInterface, number>;
  try {
    port = await bind(options.port, 'base');
    for (const [i, name] of SIDE_INTERFACES.entries()) {
      ports[name] = await bind(options.ports?.[name] ?? (options.port === 0 ? 0 : options.port + 1 + i), name);
    }
  } catch (e) {
    readiness.set('failed');
    await Promise.all(servers.map((s) => drain(s, 0)));
    throw e;
  }
  const baseUrl = `http://localhost:${port}`;
  const demoOrigin = `http://127.0.0.1:${port}`;
  const urls: InterfaceUrls = {
    base: baseUrl,
    deprecated: `http://localhost:${ports.deprecated}`,
    trialbot: `http://localhost:${ports.trialbot}`,
    blockchain: `http://localhost:${ports.blockchain}`,
  };
  try {
    embedkit = await createEmbedkit({ ...options, baseUrl, demoOrigin, urls });
  } catch (e) {
    readiness.set('failed');
    await Promise.all(servers.map((s) => drain(s, 0)));
    throw e;
  }
  readiness.set('ready');
  const running = embedkit;
  let closing: Promise<void> | undefined;
  return {
    embedkit: running,
    baseUrl,
    demoOrigin,
    port,
    urls,
    ports,
    readiness,
    close: (drainMs = 0) =>
      (closing ??= (async () => {
        // Readiness turns 503 first, so a load balancer stops sending; then no new connection is
        // accepted, the live streams end, and requests in flight get `drainMs` to finish.
        readiness.set('draining');
        running.services.bots.live.closeAll();
        await Promise.all(servers.map((s) => drain(s, drainMs)));
        await running.close();
      })()),
  };
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
