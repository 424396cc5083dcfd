/**
 * `liff.permanentLink` in embedkit: links that open the app in embedkit's host. The platform's
 * permanent link is `https://liff.line.me/{liffId}{path below the endpoint URL}{query}`; embedkit's
 * for a LIFF app is the host page with the app (`?app={liffId}`) and the path below the endpoint
 * URL in `liff.state`, the parameter the platform itself uses to carry that path to the app. A
 * LINE MINI App's are the platform's own (`https://miniapp.line.me/…`), which the host opens.
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
  const { rest, search, hash } = pageBelowEndpoint(base.endpointUrl, url, extra);
  const state = `/${rest}${search}${hash}`;
  const link = new URL(base.hostUrl);
  link.search = '';
  link.searchParams.set('app', base.liffId);
  if (state !== '/') link.searchParams.set('liff.state', state);
  return link.toString();
}

/** The origins of the platform's own links (`@liff/consts` `PERMANENT_LINK_ORIGIN`, `PERMANENT_LINK_ORIGIN_MINI`). */
export const LIFF_URL_ORIGIN = 'https://liff.line.me/';
export const MINI_APP_URL_ORIGIN = 'https://miniapp.line.me/';

/**
 * A LINE MINI App's permanent link of `url`, as `@line/liff` 2.31's `createUrlBy` makes it with the
 * context's `miniDomainAllowed`: `https://miniapp.line.me/{Custom Path, else LIFF ID}{path below the
 * endpoint URL}{query}{hash}` (LINE MINI App docs, "Creating permanent links"); with `origin`
 * {@link LIFF_URL_ORIGIN} and the LIFF ID, the LIFF URL form its `createUrl` makes. The host opens
 * both (docs/platform/mini-apps.md, "The MINI App's own URLs").
 * @throws {LiffError} `INVALID_ARGUMENT` when `url` is not below the endpoint URL
 */
export function platformLinkOf(endpointUrl: string, origin: string, id: string, url: string, extra = ''): string {
  const { rest, search, hash } = pageBelowEndpoint(endpointUrl, url, extra);
  return `${origin}${id}${rest ? `/${rest}` : ''}${search}${hash}`;
}

/**
 * The part of `url` below the endpoint URL: its path after the endpoint's (no leading `/`), its
 * query with `extra` appended (`?…` or empty), its hash (`#…` or empty).
 * @throws {LiffError} `INVALID_ARGUMENT` when `url` is not an absolute URL below the endpoint URL
 */
function pageBelowEndpoint(endpointUrl: string, url: string, extra: string): { rest: string; search: string; hash: string } {
  const endpoint = new URL(endpointUrl);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new LiffError('INVALID_ARGUMENT', `liff.permanentLink: ${url} is not an absolute URL`);
  }
  const prefix = endpoint.pathname.endsWith('/') ? endpoint.pathname : endpoint.pathname.replace(/[^/]*$/, '');
  if (target.origin !== endpoint.origin || !target.pathname.startsWith(prefix)) {
    throw new LiffError('INVALID_ARGUMENT', `liff.permanentLink: the URL must start with the endpoint URL ${endpointUrl}`);
  }
  const query = new URLSearchParams(target.search);
  for (const [k, v] of new URLSearchParams(extra)) query.append(k, v);
  return { rest: target.pathname.slice(prefix.length), search: query.size ? `?${query.toString()}` : '', hash: target.hash };
}
