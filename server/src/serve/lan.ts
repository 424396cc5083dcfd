/**
 * `--lan` as the process serves it: a certificate of the local CA, `{base_url}` over HTTPS on each
 * network address at the main port, and the apps' proxies (`app-proxy/proxy.ts`). Made before the
 * kit ({@link listenLan}: the kit reads its state and mounts its CA page), completed after it
 * ({@link serveLan}: the proxies follow the apps the kit has registered).
 */
import { createServer as createHttpsServer } from 'node:https';
import type { RequestListener, Server } from 'node:http';
import type { Logger } from 'pino';
import { AppProxies } from '../app-proxy/proxy.js';
import { adminCookieName } from '../http/guards/admin-token.js';
import type { AppStore } from '../interfaces/embedded-apps/index.js';
import type { EmbedkitOptions } from '../kit/embedkit.js';
import { CA_PAGE_PATH, caPageRoutes } from '../lan/ca-page.js';
import type { LocalCa } from '../lan/certificates.js';
import type { LanState } from '../lan/simulator-routes.js';
import { listen } from './bind.js';
import type { LanOptions } from './options.js';

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

/** `--lan` listening, before the kit exists: {@link LanServing} without the apps' sync, and what the kit takes of it. */
export interface LanListening extends Omit<LanServing, 'syncApps'> {
  /** What the simulator routes `lan` and `lanQrCode` read (the kit's `lanState`). */
  state(): LanState;
  /** The kit's `mounts` with the CA page (`/embedkit-ca`) added. */
  mounts(mounts: EmbedkitOptions['mounts']): NonNullable<EmbedkitOptions['mounts']>;
}

/**
 * Issues the server certificate and serves `listener` over HTTPS on each network address at
 * `port`; the apps' proxies are made, none started. Every bound server is pushed to `servers`.
 * @param token the admin token (a `--lan` server always has one): the proxies ask for it
 * @throws Error when an address cannot be bound (not this machine's, or the port taken there), or the CA cannot be read or made
 */
export async function listenLan(
  port: number,
  lan: LanOptions,
  token: string,
  logger: Logger,
  listener: RequestListener,
  servers: Server[],
): Promise<LanListening> {
  const { ca, cert } = await lanCertificate(lan);
  for (const address of lan.addresses) await bindLan(port, address, cert, listener, servers);
  const proxies = new AppProxies({ addresses: lan.addresses, tls: cert, token, cookieName: adminCookieName(`x:${port}`), logger });
  const origins = lan.addresses.map((a) => `https://${a}:${port}`);
  return {
    origins,
    ca,
    spkiSha256: cert.spkiSha256,
    proxies,
    state: () => ({ origins, apps: proxies.list(), token }),
    mounts: (mounts) => (kit) => ({ ...mounts?.(kit), [CA_PAGE_PATH]: caPageRoutes(ca) }),
  };
}

/**
 * Completes `--lan` once the kit is built: the proxies follow the apps registered in its database,
 * and those registered so far are proxied now.
 * @throws Error when a proxy cannot be started
 */
export async function serveLan(lan: LanListening, apps: AppStore): Promise<LanServing> {
  const { origins, ca, spkiSha256, proxies } = lan;
  const serving: LanServing = {
    origins,
    ca,
    spkiSha256,
    proxies,
    syncApps: async () => proxies.sync((await apps.listAll()).map((a) => a.view_url)),
  };
  await serving.syncApps();
  return serving;
}

/** The local CA (made on first use) and a server certificate for `localhost` and the network addresses. */
async function lanCertificate(lan: LanOptions) {
  // The certificate library loads with --lan only (a server without it never needs it).
  const { issueServerCertificate, loadOrCreateCa } = await import('../lan/certificates.js');
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
