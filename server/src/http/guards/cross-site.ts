/**
 * Cross-site requests refused on embedkit's own calls. A page of any site can send requests to a
 * local server without any rebinding: a `text/plain` or form POST needs no CORS preflight, so it
 * reaches the route and changes state even though the page cannot read the answer; an `<img>` or
 * `<script>` GET goes out too. The simulator API (the host shell's calls: sessions, chats, media,
 * webhook settings, the clock, deliveries, scenario export, the live stream) and the demo login's
 * backend therefore serve only embedkit's own pages. The platform's APIs keep the platform's
 * rules: bots and backends send no `Origin`, and the browser calls the platform allows from an app
 * page are not under this check.
 */
import type { RequestHandler } from 'express';
import { PROBE_PATHS, PUBLIC_PATHS } from '#contract/simulator-api.js';
import { headerValue } from '../platform-headers.js';

/** The headers and target of a request that the decision reads. */
export interface CrossSiteRequest {
  method: string;
  /** The path, without the query. */
  path: string;
  /** `Origin`, when the browser sent one (`null` is a value: an opaque origin). */
  origin?: string | undefined;
  /** `Sec-Fetch-Site`: `same-origin`, `same-site`, `cross-site` or `none` (typed by the person). */
  secFetchSite?: string | undefined;
  /** `Host`: the request's own origin is `http://<Host>` (it passed the Host check), `https://<Host>` when `secure`. */
  host?: string | undefined;
  /** Whether the request came over TLS (the `--lan` listeners). */
  secure?: boolean | undefined;
}

/** Paths under this check: embedkit's own API, its MCP server (`/mcp`, which acts on the same API) and the demo login's backend. */
const GUARDED = [/^\/embedkit\//, /^\/mcp(\/|$)/, /^\/demo\/login\/api(\/|$)/];

/**
 * Read-only pictures that the platform hands out as URLs to apps and bots (a profile's
 * `pictureUrl`, a v1 channel's icon; the contract's `crossSite: 'public'` routes): an app page of
 * any origin shows them with `<img>`, as it shows the platform's CDN pictures.
 */
const PUBLIC_IMAGES = PUBLIC_PATHS;

/** Liveness and readiness: answered before any app by a listening server, whoever asks. */
const PROBES = new Set<string>(Object.values(PROBE_PATHS));

/** Whether a path is under the cross-site check (see {@link crossSiteRefusal}). */
export function isGuardedPath(method: string, path: string): boolean {
  if (!GUARDED.some((re) => re.test(path)) || PROBES.has(path)) return false;
  return !((method === 'GET' || method === 'HEAD') && PUBLIC_IMAGES.some((re) => re.test(path)));
}

/**
 * Decides whether a request to embedkit's own API is refused as cross-site.
 * - With an `Origin` (every cross-origin fetch, XHR, EventSource and form POST sends one): served
 *   when it is one of `own` (the four origins of the address placeholders and the demo origin) or
 *   the request's own origin (`http://<Host>`, e.g. the host shell opened at `http://[::1]:8080/`
 *   or on a network address; safe because the Host check refused foreign names first). `null`
 *   is never ours.
 * - Without one (`<img>`, `<script>`, a navigation, a same-origin GET): refused when
 *   `Sec-Fetch-Site` says `cross-site` or `same-site` (another port of the same host is same-site
 *   but another origin).
 * - Neither header (curl, the CLI, a test runner, a bot): served.
 * @param own serialized origins, e.g. `http://localhost:8080` (no trailing slash)
 * @returns the refusal's message, or undefined when the request is served
 */
export function crossSiteRefusal(req: CrossSiteRequest, own: readonly string[]): string | undefined {
  if (!isGuardedPath(req.method, req.path)) return undefined;
  if (req.origin !== undefined) {
    const origin = req.origin.toLowerCase();
    if (own.some((o) => o.toLowerCase() === origin)) return undefined;
    if (req.host !== undefined && origin === `${req.secure ? 'https' : 'http'}://${req.host.toLowerCase()}`) return undefined;
    return `Cross-origin requests to embedkit's own API are refused (Origin ${req.origin.slice(0, 100)}): only embedkit's pages may call it`;
  }
  if (req.secFetchSite === 'cross-site' || req.secFetchSite === 'same-site')
    return `Cross-site requests to embedkit's own API are refused (Sec-Fetch-Site ${req.secFetchSite}): only embedkit's pages may call it`;
  return undefined;
}

/**
 * Express middleware of the cross-site check (mounted first, so a refused request reads no body
 * and changes nothing): 403 `{message}` (the simulator API's format), no CORS header.
 * @param own embedkit's own origins, read on each request (they are known once the ports are bound)
 */
export function crossSiteGuard(own: () => readonly string[]): RequestHandler {
  return (req, res, next) => {
    const refusal = crossSiteRefusal(
      {
        method: req.method,
        path: req.path,
        origin: req.headers.origin,
        secFetchSite: headerValue(req, 'sec-fetch-site'),
        host: req.headers.host,
        secure: req.secure,
      },
      own(),
    );
    if (refusal === undefined) return next();
    res.status(403).set('Cache-Control', 'no-store').json({ message: refusal });
  };
}
