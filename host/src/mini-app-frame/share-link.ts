/**
 * The link the action button's Share sends: the permanent link of the page open now ("Built-in
 * features": the current page's LIFF URL or permanent link), made as `liff.permanentLink.createUrl()`
 * makes it in embedkit (sdk/src/liff/rules/permanent-link.ts): the host page with the app
 * (`?app={liffId}`) and the page below the endpoint URL in `liff.state`. Pure, no DOM.
 */

/**
 * The permanent link of `pageUrl` (the page's address as it reported it), below `endpointUrl`
 * (the address the host opened the app at). A page the host was not told of, or one outside the
 * endpoint's folder or origin, is shared as the app's own link (its top page).
 * @param hostUrl the host page's address; its query is replaced
 */
export function shareLinkOf(hostUrl: string, embedId: string, endpointUrl: string, pageUrl?: string): string {
  const link = new URL(hostUrl);
  link.search = '';
  link.hash = '';
  link.searchParams.set('app', embedId);
  const state = pageUrl ? liffStateOf(endpointUrl, pageUrl) : null;
  if (state && state !== '/') link.searchParams.set('liff.state', state);
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
