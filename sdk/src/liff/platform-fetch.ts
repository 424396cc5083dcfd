/**
 * The platform calls a LIFF page makes itself, routed to embedkit's server while the page runs under
 * embedkit. Plugins and apps written for the platform call its host name directly (the Quick-fill
 * plugin calls `fetch('https://api.line.me/oauth2/v2.1/verify?access_token=…')`); in the host, or
 * after a login outside it, the token is embedkit's, which only embedkit's server knows. Narrow on
 * purpose: only the browser-callable calls of a user access token that embedkit's server answers
 * with CORS, nothing else of the page's traffic.
 */

/** The platform's API origin that apps call. */
const PLATFORM_ORIGIN = 'https://api.line.me';
/** The paths of {@link PLATFORM_ORIGIN} routed (spec part C: verify, the profile, the friendship status). */
export const ROUTED_PATHS: readonly string[] = ['/oauth2/v2.1/verify', '/v2/profile', '/friendship/v1/status'];

/**
 * Where a request to `url` goes under embedkit: the same path and query on `server` (an origin)
 * for a routed platform call, else null (the request goes where the page sent it).
 */
export function routedPlatformUrl(url: string, server: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== PLATFORM_ORIGIN || !ROUTED_PATHS.includes(parsed.pathname)) return null;
  return `${server}${parsed.pathname}${parsed.search}`;
}

let routedTo: (() => string | null) | undefined;

/**
 * Wraps the page's `fetch` once so that a routed platform call goes to the origin `server()`
 * answers while it answers one (the page runs under embedkit), and everything else goes unchanged.
 * A later call only changes where calls go (a second plugin instance).
 */
export function routePlatformCalls(server: () => string | null): void {
  const first = routedTo === undefined;
  routedTo = server;
  if (!first || typeof fetch !== 'function') return;
  const pageFetch = fetch.bind(globalThis);
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const origin = routedTo?.();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const routed = origin ? routedPlatformUrl(url, origin) : null;
    if (!routed) return pageFetch(input, init);
    return pageFetch(typeof input === 'string' || input instanceof URL ? routed : new Request(routed, input), init);
  };
}
