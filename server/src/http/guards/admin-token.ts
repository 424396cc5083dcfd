/**
 * The admin token of a server bound beyond loopback. The Host check and the cross-site guard keep
 * web pages out, but anyone on the network can call a server bound to `0.0.0.0` directly: read the
 * world, mint user tokens, point webhooks anywhere. So the host shell (`/`) and the simulator API
 * (`/embedkit/...`) then ask for a token, as Jupyter does: a link printed on the ready line sets a
 * cookie in the browser, and programs send `Authorization: Bearer <token>`. The platform's APIs
 * keep the platform's own authentication (channel and user tokens) and are not under this check.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { isGuardedPath } from './cross-site.js';
import { isLoopbackHost } from './loopback.js';

/** The environment variable the CLI reads the token from, for a server and for its commands. */
export const ADMIN_TOKEN_ENV = 'EMBEDKIT_ADMIN_TOKEN';

/** The query parameter of the ready line's link (`/?token=…`). */
export const TOKEN_PARAM = 'token';

/** A new token: 32 random bytes, base64url (43 characters). */
export function generateAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Checks a token given by a person (`--admin-token`, the environment, options): 16 to 512
 * characters among letters, digits and `._~+/=-` (base64, base64url and hex fit), so that it is
 * safe in a cookie, a header and a link, and not trivially guessable.
 * @returns the token
 * @throws Error saying what is wrong (the token itself is never repeated)
 */
export function checkAdminToken(token: string): string {
  if (!/^[A-Za-z0-9._~+/=-]{16,512}$/.test(token))
    throw new Error(
      'the admin token must be 16 to 512 characters among letters, digits and ._~+/=- (e.g. the output of openssl rand -hex 32)',
    );
  return token;
}

/** Where the token in force comes from (said on the ready line). */
export type AdminTokenSource = 'flag' | 'env' | 'generated';

/**
 * The token a server requires, or undefined for none. A token given (`flag`, else `env`) is
 * always required, on loopback too: the person asked for it (a shared machine's loopback is
 * reachable by its other users). Without one, a server bound beyond loopback gets a generated
 * token; one on loopback (no `host`, or `localhost`, `127.x.x.x`, `::1`) requires none.
 * @param host the address bound (`--host`); undefined for loopback
 * @throws Error when a given token is malformed (see {@link checkAdminToken})
 */
export function adminTokenOf(o: {
  host?: string | undefined;
  flag?: string | undefined;
  env?: string | undefined;
}): { token: string; source: AdminTokenSource } | undefined {
  if (o.flag !== undefined) return { token: checkAdminToken(o.flag), source: 'flag' };
  if (o.env) return { token: checkAdminToken(o.env), source: 'env' };
  if (o.host !== undefined && !isLoopbackHost(o.host)) return { token: generateAdminToken(), source: 'generated' };
  return undefined;
}

/**
 * The cookie that holds the token in a browser. Cookies do not tell ports apart, so the name
 * carries the port the browser reached (the `Host` header's; 80 without one): two embedkits on one
 * machine keep their own (Jupyter does the same), and servers behind one load balancer share it.
 */
export function adminCookieName(host: string | undefined): string {
  const port = /:(\d+)$/.exec(host ?? '')?.[1] ?? '80';
  return `embedkit-admin-${port}`;
}

/**
 * Whether a request needs the token: the host shell's page (`/`) and the simulator API
 * (`/embedkit/...`) with its MCP server (`/mcp`), except what any page may reach (the probes and the public pictures handed out
 * as URLs, see `cross-site.ts`). The shell's static files (`/host/...`: code, styles, sample
 * media) hold no data and stay open; the demo login's backend is a model of another site's
 * backend, which acts only through the platform's public login flow.
 */
export function needsAdminToken(method: string, path: string): boolean {
  return path === '/' || ((path.startsWith('/embedkit/') || /^\/mcp(\/|$)/.test(path)) && isGuardedPath(method, path));
}

/** Compares two tokens in constant time (hashed first, so that the length is not told either). */
export function sameToken(a: string, b: string): boolean {
  const hash = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(hash(a), hash(b));
}

/** What the decision reads of a request. */
export interface AdminTokenRequest {
  method: string;
  /** The path, without the query. */
  path: string;
  /** The target as received: path and query (`/?token=…&app=x`). */
  url: string;
  /** The `Authorization` header. */
  authorization?: string | undefined;
  /** The `Cookie` header. */
  cookie?: string | undefined;
}

/** What to do with a request: serve it, refuse it (401), or turn the link into a cookie. */
export type AdminTokenDecision =
  | { kind: 'serve' }
  | { kind: 'refuse'; message: string }
  /** The link's answer: set the cookie (`setCookie` is the header's value) and go to `location`, the same URL without the token. */
  | { kind: 'redirect'; location: string; setCookie: string };

const REFUSAL =
  'This embedkit needs its admin token: open the link printed on its ready line (/?token=…), ' +
  `or send Authorization: Bearer <token> (the CLI sends ${ADMIN_TOKEN_ENV})`;

/**
 * Decides a request against the token in force. Accepted: `Authorization: Bearer <token>`, or the
 * cookie `cookieName`. `GET /?token=<token>` (the ready line's link) answers a redirect that sets
 * the cookie (HttpOnly: no script reads it; SameSite=Strict: no other site's page makes the
 * browser send it) and drops the token from the address bar; the link with a wrong token is
 * refused. Tokens are compared in constant time.
 * @param token the token in force; undefined serves everything
 */
export function adminTokenDecision(req: AdminTokenRequest, token: string | undefined, cookieName: string): AdminTokenDecision {
  if (token === undefined || !needsAdminToken(req.method, req.path)) return { kind: 'serve' };
  const [pathname = '/', query = ''] = req.url.split('?', 2) as [string, string?];
  // Read as written, not as a form: a base64 token's `+` stays a `+` (URLSearchParams makes it a space).
  const params = query.split('&').filter((p) => p !== '');
  const linked = params.find((p) => p.startsWith(`${TOKEN_PARAM}=`));
  if (req.path === '/' && (req.method === 'GET' || req.method === 'HEAD') && linked !== undefined) {
    if (!sameToken(safeDecode(linked.slice(TOKEN_PARAM.length + 1)), token)) return { kind: 'refuse', message: REFUSAL };
    const rest = params.filter((p) => !p.startsWith(`${TOKEN_PARAM}=`));
    return {
      kind: 'redirect',
      location: `${pathname}${rest.length > 0 ? `?${rest.join('&')}` : ''}`,
      setCookie: `${cookieName}=${token}; Path=/; HttpOnly; SameSite=Strict`,
    };
  }
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.authorization ?? '')?.[1];
  const cookie = cookieValue(req.cookie, cookieName);
  if ((bearer !== undefined && sameToken(bearer, token)) || (cookie !== undefined && sameToken(cookie, token))) return { kind: 'serve' };
  return { kind: 'refuse', message: REFUSAL };
}

/** `decodeURIComponent`, or the text as is when it is not valid percent-encoding. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
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

/**
 * Express middleware of the admin token (see {@link adminTokenDecision}): 401 `{message}` (the
 * simulator API's format) with `WWW-Authenticate: Bearer`, or a 303 that sets the cookie.
 * The cookie's name follows the request's `Host` (see {@link adminCookieName}).
 * @param token the token in force; undefined: a no-op
 */
export function adminTokenGuard(token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (token === undefined) return next();
    const d = adminTokenDecision(
      { method: req.method, path: req.path, url: req.url, authorization: req.headers.authorization, cookie: req.headers.cookie },
      token,
      adminCookieName(req.headers.host),
    );
    if (d.kind === 'serve') return next();
    res.set('Cache-Control', 'no-store');
    if (d.kind === 'redirect') return void res.set('Set-Cookie', d.setCookie).redirect(303, d.location);
    res.status(401).set('WWW-Authenticate', 'Bearer realm="embedkit"').json({ message: d.message });
  };
}
