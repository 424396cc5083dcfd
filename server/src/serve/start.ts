/**
 * The server as a process: {@link startServer} listens on the origins' ports first, then builds the
 * kit (`kit/embedkit.ts`) with the origins those ports give, and closes in order (readiness, the
 * listeners with their requests in flight, the kit). The options go one way: `serve/` keeps where
 * and how to listen (`ServeOptions`, `serve/options.ts`) and hands the rest down to `createEmbedkit`.
 */
import type { Server } from 'node:http';
import { Readiness } from '../http/readiness.js';
import type { InterfaceUrls, SideInterface } from '../interface-urls.js';
import { AppStore } from '../interfaces/embedded-apps/index.js';
import { createEmbedkit, type Embedkit } from '../kit/embedkit.js';
import { createLogger } from '../logger.js';
import { bindOrigins } from './bind.js';
import { drain } from './drain.js';
import { listenLan, serveLan, type LanServing } from './lan.js';
import type { HandedDown, ListenOptions } from './options.js';
import { originListener } from './origin-listener.js';

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

/**
 * Listens first (so that port 0 resolves to a real port), then builds the app with the origins
 * that port gives. Listening comes first so that every request arriving while the database is
 * being prepared is held or answered, never left hanging.
 * @throws PortInUseError when a port is taken; DataFolderInUseError (`db/data-folder-lock.ts`) when
 *   another kit holds the data folder; Error when `lan` is asked without `adminToken`, or the kit
 *   cannot be built (every port is closed first)
 */
export async function startServer(options: ListenOptions): Promise<RunningServer> {
  const { port: askedPort, host, ports: askedPorts, startHoldMs, headersTimeoutMs, requestTimeoutMs, allowedHosts, lan, ...rest } = options;
  const kit: HandedDown = rest;
  const readiness = new Readiness(startHoldMs);
  // Made here: the Host check logs its refusals before the kit exists.
  const logger = kit.logger ?? createLogger();
  if (lan && kit.adminToken === undefined) throw new Error('--lan needs an admin token: the network reaches it');
  let embedkit: Embedkit | undefined;
  const servers: Server[] = [];
  const failed = async (e: unknown): Promise<never> => {
    readiness.set('failed');
    await Promise.all(servers.map((s) => drain(s, 0)));
    throw e;
  };
  // The ports are bound before the kit exists: each finds its origin's app once the kit is built.
  const appOf = (origin: SideInterface | 'base') => () =>
    embedkit ? (origin === 'base' ? embedkit.app : embedkit.apps[origin]) : undefined;
  const listenerOf = (origin: SideInterface | 'base') => originListener(origin, readiness, appOf(origin), { allowedHosts, logger });
  const bound = { port: askedPort, ports: askedPorts, host, headersTimeoutMs, requestTimeoutMs };
  const { port, ports } = await bindOrigins(bound, listenerOf, servers).catch(failed);
  const lanListening = lan ? await listenLan(port, lan, kit.adminToken!, logger, listenerOf('base'), servers).catch(failed) : undefined;
  const origins = localOrigins(port, ports);
  embedkit = await createEmbedkit({
    ...kit,
    logger,
    ...origins,
    ...(lanListening ? { lanState: lanListening.state, mounts: lanListening.mounts(kit.mounts) } : {}),
  }).catch(failed);
  const running = embedkit;
  const lanServing = lanListening
    ? await serveLan(lanListening, new AppStore(running.db)).catch(async (e: unknown) => {
        await lanListening.proxies.close();
        await running.close();
        return failed(e);
      })
    : undefined;
  readiness.set('ready');
  let closing: Promise<void> | undefined;
  return {
    embedkit: running,
    baseUrl: origins.baseUrl,
    demoOrigin: origins.demoOrigin,
    port,
    urls: origins.urls,
    ports,
    readiness,
    ...(lanServing ? { lan: lanServing } : {}),
    close: (drainMs = 0) =>
      (closing ??= (async () => {
        // Readiness turns 503 first, so a load balancer stops sending; then no new connection is
        // accepted, the live streams end, and requests in flight get `drainMs` to finish.
        readiness.set('draining');
        running.services.bots.live.closeAll();
        await Promise.all([...servers.map((s) => drain(s, drainMs)), lanServing?.proxies.close()]);
        await running.close();
      })()),
  };
}

/** The origins of a server on loopback: the host at `localhost`, the demo app at `127.0.0.1` (another site), each at its bound port. */
function localOrigins(port: number, ports: Record<SideInterface, number>): { baseUrl: string; demoOrigin: string; urls: InterfaceUrls } {
  const baseUrl = `http://localhost:${port}`;
  return {
    baseUrl,
    demoOrigin: `http://127.0.0.1:${port}`,
    urls: {
      base: baseUrl,
      deprecated: `http://localhost:${ports.deprecated}`,
      trialbot: `http://localhost:${ports.trialbot}`,
      blockchain: `http://localhost:${ports.blockchain}`,
      linepay: `http://localhost:${ports.linepay}`,
    },
  };
}
