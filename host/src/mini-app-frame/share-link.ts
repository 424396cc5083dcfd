/**
 * The link the action button's Share sends: the permanent link of the page open now ("Built-in
 * features": the current page's LIFF URL or permanent link). For a LINE MINI App it is its own URL,
 * as `liff.permanentLink.createUrlBy()` makes it: `https://miniapp.line.me/{customPath or liffId}`
 * with the page below the endpoint URL after it (a verified MINI App's Custom Path first; the host
 * opens those links itself, app/liff/liff-urls.ts). For another app, the host page with the app
 * (`?app={liffId}`) and the page in `liff.state`, as embedkit's `createUrl()` makes it. Pure, no DOM.
 */

/** What the link names of the app: its LIFF ID, and whether it is a MINI App with a Custom Path. */
export interface SharedApp {
  embedId: string;
  miniApp?: { verified: boolean; customPath?: string | null } | null;
}

/**
 * The permanent link of `pageUrl` (the page's address as it reported it), below `endpointUrl`
 * (the address the host opened the app at). A page the host was not told of, or one outside the
 * endpoint's folder or origin, is shared as the app's own link (its top page).
 * @param hostUrl the host page's address; its query is replaced
 */
export function shareLinkOf(hostUrl: string, app: SharedApp, endpointUrl: string, pageUrl?: string): string {
  const state = pageUrl ? liffStateOf(endpointUrl, pageUrl) : null;
  const below = state && state !== '/' ? state : '';
  if (app.miniApp) {
    const path = app.miniApp.verified && app.miniApp.customPath ? app.miniApp.customPath : app.embedId;
    return `https://miniapp.line.me/${path}${below}`;
  }
  const link = new URL(hostUrl);
  link.search = '';
  link.hash = '';
  link.searchParams.set('app', app.embedId);
  if (below) link.searchParams.set('liff.state', below);
  return link.toString();
}

/** The page below the endpoint URL (`/shop?item=7`), or null when `pageUrl` is not below it. */
function liffStateOf(endpointUrl: string, pageUrl: string): string | null {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  const endpoint = new URL(endpointUrl);
  const prefix = endpoint.pathname.endsWith('/') ? endpoint.pathname : endpoint.pathname.replace(/[^/]*$/, '');
  if (page.origin !== endpoint.origin || !page.pathname.startsWith(prefix)) return null;
  return `/${page.pathname.slice(prefix.length)}${page.search}${page.hash}`;
}
