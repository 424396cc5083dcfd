/**
 * The redirect_uri rule of the social login (spec part C is silent; the platform checks it
 * against the callback URLs registered for the channel). embedkit's rule:
 *
 * - it must be an absolute `http:` or `https:` URL without a fragment;
 * - when the scenario registers `callbackUrls` for the channel, it must equal one of them
 *   (compared after URL normalisation, query included);
 * - otherwise any `https:` URL is accepted, and `http:` only on a loopback host (localhost,
 *   127.0.0.0/8, [::1]), as for view URLs.
 *
 * A request that fails the rule is answered with an error page, never a redirect.
 */
import { isLoopbackHost } from '../../http/guards/loopback.js';

/**
 * Checks a redirect_uri of an authorization request.
 * @param callbackUrls the channel's registered callback URLs, or null when none are registered
 * @returns why the URI is refused, or null when it is accepted
 */
export function checkRedirectUri(uri: string, callbackUrls: string[] | null): string | null {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return 'redirect_uri must be an absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'redirect_uri must be an http or https URL';
  if (parsed.hash !== '' || uri.includes('#')) return 'redirect_uri must not contain a fragment';
  if (callbackUrls !== null) {
    const registered = callbackUrls.some((u) => normalise(u) === parsed.href);
    return registered ? null : 'redirect_uri does not match a callback URL registered for the channel';
  }
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
    return 'redirect_uri must use https (http is accepted for loopback hosts only)';
  }
  return null;
}

function normalise(url: string): string | null {
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

/**
 * `uri` with the given query parameters set (existing ones of the same name are replaced; the
 * rest of the query is kept), as an OAuth redirect carries `code`, `state` or `error`.
 */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}
