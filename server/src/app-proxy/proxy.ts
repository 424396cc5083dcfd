/**
 * The reverse proxy per app of `embedkit --lan`. An app registered at a loopback URL
 * (`http://localhost:5173/`) is the developer's dev server: on a phone, `localhost` is the phone.
 * Each such origin gets an HTTPS origin of its own on the network addresses
 * (`https://192.168.1.20:<port>/`), same paths, WebSockets included (a dev server's hot reload).
 * An origin of its own rather than a path under embedkit's: the app's absolute paths keep
 * working, and the app's scripts are not same-origin with the host and its simulator API.
 *
 * Not an open proxy: each listener reaches the one origin it was made for, and nothing in a
 * request (absolute URL, `Host`, path) decides where it connects. It answers only requests for its
 * own address and port, and only a signed-in session (the admin token's cookie or a bearer token).
 */
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { sameToken } from '../http/guards/admin-token.js';
import { isLoopbackHost } from '../http/guards/loopback.js';

/** What a proxy listener reads of a request to decide it. */
export interface ProxyRequest {
  /** The request target as received (`/src/main.ts?t=1`, or an absolute URL). */
  url: string;
  host?: string | undefined;
  authorization?: string | undefined;
  cookie?: string | undefined;
}

/** The rules of one proxy listener: who it answers. */
export interface ProxyRules {
  /** `Host` values it answers, lower case (`127.0.0.2:9001`). */
  hosts: ReadonlySet<string>;
  /** The admin token; undefined answers every session (never the case beyond loopback: `--lan` always has one). */
  token: string | undefined;
  /** The admin cookie's name, the one the host's link set (`embedkit-admin-<main port>`). */
  cookieName: string;
}

/**
 * Decides a request to an app's proxy: undefined to forward it, else the refusal (status, text).
 * Refused: a target that is not a path (absolute or authority form: 400), a path starting with
 * `//` or holding a dot segment, raw or percent-encoded, or a backslash (400: a path that means
 * something else once decoded is never passed on), a `Host` that is not this listener's (403),
 * a request without the admin token (401).
 */
export function proxyRefusal(req: ProxyRequest, rules: ProxyRules): { status: number; message: string } | undefined {
  if (!req.url.startsWith('/') || req.url.startsWith('//'))
    return { status: 400, message: 'This proxy serves paths of its app only, not other URLs' };
  const path = req.url.split('?', 1)[0]!;
  if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path) || /%2f|%5c|\\/i.test(path))
    return { status: 400, message: 'This proxy does not pass on dot segments or encoded slashes in a path' };
  if (req.host === undefined || !rules.hosts.has(req.host.toLowerCase()))
    return { status: 403, message: `This proxy answers for its own address only, not for ${(req.host ?? '(no host)').slice(0, 100)}` };
  if (rules.token === undefined) return undefined;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.authorization ?? '')?.[1];
  const cookie = cookieValue(req.cookie, rules.cookieName);
  if ((bearer !== undefined && sameToken(bearer, rules.token)) || (cookie !== undefined && sameToken(cookie, rules.token)))
    return undefined;
  return { status: 401, message: 'Sign in first: open the admin-token link (or scan the QR code) that embedkit printed' };
}

/** One app origin served through the proxy. */
export interface ProxiedApp {
  /** The registered origin, e.g. `http://localhost:5173`. */
  target: string;
  /** Where the phone opens it, one per network address, e.g. `https://192.168.1.20:43121`. */
  origins: string[];
}

/** Options of {@link AppProxies}. */
export interface AppProxiesOptions {
  /** The network addresses to listen on (IPv4). */
  addresses: readonly string[];
  /** The server certificate (PEM), whose names cover every address. */
  tls: { cert: string; key: string };
  token: string | undefined;
  cookieName: string;
  logger?: Logger | undefined;
}

/**
 * Whether a registered view URL is served through the proxy: plain or TLS on a loopback host.
 * Apps on another host are opened as they are.
 */
export function proxiedOrigin(viewUrl: string): string | undefined {
  let u: URL;
  try {
    u = new URL(viewUrl);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  return isLoopbackHost(u.hostname.replace(/^\[|\]$/g, '')) ? u.origin : undefined;
}

/**
 * `viewUrls` and, for each one whose origin is served through a proxy, the same path, query and
 * fragment at each of that proxy's origins (docs/guide/phones.md): where an app opened on a phone
 * actually is. The social login's PKCE rule counts these as the app's own origins, so a
 * `liff.login()` on the phone comes back to the proxy; no other origin is added (a proxy reaches
 * only the app it was made for, so this opens no redirect to anywhere else).
 * @param apps the running proxies ({@link AppProxies.list}); none without `--lan`
 */
export function withProxiedUrls(viewUrls: readonly string[], apps: readonly ProxiedApp[]): string[] {
  return viewUrls.flatMap((viewUrl) => {
    const target = proxiedOrigin(viewUrl);
    const origins = target === undefined ? [] : (apps.find((a) => a.target === target)?.origins ?? []);
    const u = origins.length > 0 ? new URL(viewUrl) : undefined;
    return [viewUrl, ...origins.map((o) => o + u!.pathname + u!.search + u!.hash)];
  });
}

/** The proxies of one server: one HTTPS listener per app origin and network address, all on one port per origin. */
export class AppProxies {
  private readonly apps = new Map<string, { servers: Server[]; origins: string[] }>();
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly options: AppProxiesOptions) {}

  /** The origins served so far, in the order they were added. */
  list(): ProxiedApp[] {
    return [...this.apps].map(([target, a]) => ({ target, origins: a.origins }));
  }

  /**
   * Starts a proxy for each loopback origin among `viewUrls` that has none yet (a free port on the
   * first address, the same port on the others). Calls run one after another.
   * @throws Error when a port cannot be bound on every address
   */
  sync(viewUrls: readonly string[]): Promise<ProxiedApp[]> {
    const run = this.pending.then(async () => {
      for (const target of new Set(viewUrls.map(proxiedOrigin).filter((o): o is string => o !== undefined)))
        if (!this.apps.has(target)) await this.start(target);
    });
    this.pending = run.catch(() => undefined);
    return run.then(() => this.list());
  }

  /** Closes every proxy listener and the connections through them. */
  async close(): Promise<void> {
    const servers = [...this.apps.values()].flatMap((a) => a.servers);
    this.apps.clear();
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.close(() => resolve());
            s.closeAllConnections();
          }),
      ),
    );
  }

  private async start(target: string): Promise<void> {
    const { addresses, tls, logger } = this.options;
    // The proxy library loads at the first app proxied: a server without --lan never loads it.
    const { createProxyServer } = await import('http-proxy-3');
    const proxy = createProxyServer({ target, changeOrigin: true, xfwd: false, ws: true, secure: false });
    const hosts = new Set<string>();
    proxy.on('proxyRes', (proxyRes, req) => {
      // A redirect within the app stays on the proxy; one to another origin is passed to the browser as is, never followed here.
      const location = proxyRes.headers.location;
      if (location === undefined) return;
      try {
        const to = new URL(location, target);
        if (to.origin === target) proxyRes.headers.location = `https://${req.headers.host}${to.pathname}${to.search}${to.hash}`;
      } catch {
        // A malformed Location goes to the browser as the app wrote it.
      }
    });
    proxy.on('error', (err, req, res) => {
      logger?.warn({ target, url: req.url, err: err.message }, `the app at ${target} does not answer`);
      if ('writeHead' in res && !res.headersSent)
        (res as ServerResponse)
          .writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end(`The app at ${target} does not answer (is its dev server running?)`);
      else (res as Socket).destroy();
    });
    const rules = (): ProxyRules => ({ hosts, token: this.options.token, cookieName: this.options.cookieName });
    /** The request as the app would get it at its own address: its own Origin and Referer, no embedkit cookie. */
    const asAtTarget = (req: IncomingMessage) => {
      const own = `https://${req.headers.host}`;
      if (req.headers.origin === own) req.headers.origin = target;
      if (req.headers.referer?.startsWith(`${own}/`)) req.headers.referer = target + req.headers.referer.slice(own.length);
      const cookie = (req.headers.cookie ?? '')
        .split(';')
        .filter((c) => !c.trim().startsWith(`${this.options.cookieName}=`))
        .join(';')
        .trim();
      if (cookie === '') delete req.headers.cookie;
      else req.headers.cookie = cookie;
      if (/^Bearer\s/i.test(req.headers.authorization ?? '') && this.options.token !== undefined) delete req.headers.authorization;
    };
    const decide = (req: IncomingMessage) =>
      proxyRefusal(
        { url: req.url ?? '', host: req.headers.host, authorization: req.headers.authorization, cookie: req.headers.cookie },
        rules(),
      );
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      const refusal = decide(req);
      if (refusal !== undefined) {
        res.writeHead(refusal.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(refusal.message);
        return;
      }
      asAtTarget(req);
      void proxy.web(req, res);
    };
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const refusal = decide(req);
      if (refusal !== undefined) {
        socket.end(
          `HTTP/1.1 ${refusal.status} Refused\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${refusal.message}`,
        );
        return;
      }
      asAtTarget(req);
      void proxy.ws(req, socket, head);
    };
    const servers: Server[] = [];
    let port = 0;
    try {
      for (const address of addresses) {
        const server = createHttpsServer({ cert: tls.cert, key: tls.key }, onRequest);
        server.on('upgrade', onUpgrade);
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, address, () => {
            server.off('error', reject);
            resolve();
          });
        });
        servers.push(server);
        port = (server.address() as AddressInfo).port;
        hosts.add(`${address}:${port}`);
      }
    } catch (e) {
      for (const s of servers) s.close();
      throw new Error(`could not start the proxy of ${target} on ${addresses.join(', ')}: ${(e as Error).message}`, { cause: e });
    }
    logger?.info({ target, port }, `serving ${target} to phones through https port ${port}`);
    this.apps.set(target, { servers, origins: addresses.map((a) => `https://${a}:${port}`) });
  }
}

/** One cookie's value in a `Cookie` header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
