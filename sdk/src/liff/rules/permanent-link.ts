/**
 * `liff.permanentLink` in embedkit: links that open the app in embedkit's host. The platform's
 * permanent link is `https://liff.line.me/{liffId}{path below the endpoint URL}{query}`; embedkit's
 * is the host page with the app (`?app={liffId}`) and the path below the endpoint URL in
 * `liff.state`, the parameter the platform itself uses to carry that path to the app.
 */
import { LiffError } from '../errors.js';

/** What a permanent link is made of: the host page's URL, the app's ID and its registered endpoint URL. */
export interface LinkBase {
  hostUrl: string;
  liffId: string;
  endpointUrl: string;
}

/**
 * The page a permanent link's `liff.state` names (`/shop?item=7`), below the endpoint URL; null
 * when it does not name one (not starting with `/`, or leaving the endpoint's origin).
 */
export function pageOfLiffState(endpointUrl: string, liffState: string): string | null {
  if (!liffState.startsWith('/')) return null;
  const endpoint = new URL(endpointUrl);
  const prefix = endpoint.pathname.endsWith('/') ? endpoint.pathname : endpoint.pathname.replace(/[^/]*$/, '');
  const page = new URL(prefix + liffState.slice(1), endpoint.origin);
  return page.origin === endpoint.origin ? page.toString() : null;
}

/**
 * The permanent link of `url`, a page of the app: `url` must start with the endpoint URL (same
 * origin, path below it), as the platform requires; `extra` (from `setExtraQueryParam`) is appended
 * to its query.
 * @throws {LiffError} `INVALID_ARGUMENT` when `url` is not below the endpoint URL
 */
export function permanentLinkOf(base: LinkBase, url: string, extra = ''): string {
  const endpoint = new URL(base.endpointUrl);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new LiffError('INVALID_ARGUMENT', `liff.permanentLink: ${url} is not an absolute URL`);
  }
  const prefix = endpoint.pathname.endsWith('/') ? endpoint.pathname : endpoint.pathname.replace(/[^/]*$/, '');
  if (target.origin !== endpoint.origin || !target.pathname.startsWith(prefix)) {
    throw new LiffError('INVALID_ARGUMENT', `liff.permanentLink: the URL must start with the endpoint URL ${base.endpointUrl}`);
  }
  const query = new URLSearchParams(target.search);
  for (const [k, v] of new URLSearchParams(extra)) query.append(k, v);
  const rest = target.pathname.slice(prefix.length);
  const search = query.size ? `?${query.toString()}` : '';
  const state = `/${rest}${search}${target.hash}`;
  const link = new URL(base.hostUrl);
  link.search = '';
  link.searchParams.set('app', base.liffId);
  if (state !== '/') link.searchParams.set('liff.state', state);
  return link.toString();
}
