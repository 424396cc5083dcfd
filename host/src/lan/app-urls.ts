/**
 * The host under `embedkit --lan` (docs/guide/phones.md): on a phone, an app registered at a loopback
 * URL is opened at its proxy origin, since `localhost` there is the phone itself.
 */
import type { LanView } from '#contract/wire.js';
import type { SimulatorClient } from '../simulator-api/client.js';

/**
 * The URL the host opens for a registered view URL, on a page at `pageOrigin`: when the page is
 * one of the `--lan` HTTPS origins (a phone on the network) and the view URL's origin is an app
 * served through a proxy, the same path, query and fragment at the proxy origin of the page's
 * address; else the view URL as registered (on loopback nothing changes).
 */
export function shownViewUrl(viewUrl: string, lan: LanView, pageOrigin: string): string {
  const address = lan.origins.indexOf(pageOrigin);
  if (address < 0) return viewUrl;
  let url: URL;
  try {
    url = new URL(viewUrl);
  } catch {
    return viewUrl;
  }
  const proxied = lan.apps.find((a) => a.target === url.origin)?.origins[address];
  return proxied === undefined ? viewUrl : proxied + url.pathname + url.search + url.hash;
}

/**
 * Where the page opens `viewUrl` (see {@link shownViewUrl}), reading the proxies of the server
 * (route `lan`) only on an HTTPS page: loopback stays plain HTTP, so a desktop asks nothing. An
 * app registered since the start gets its proxy within seconds, hence a read at each open.
 * @throws HttpError when the server refuses the read
 */
export async function viewUrlForPage(client: SimulatorClient, viewUrl: string, page: Location = location): Promise<string> {
  if (page.protocol !== 'https:') return viewUrl;
  return shownViewUrl(viewUrl, await client.call('lan'), page.origin);
}

/**
 * Where the page opens a window the app asks for (`openWindow`, `liff.openWindow`): a URL on the
 * origin of a registered loopback app (`http://localhost:5173/...`, `http://127.0.0.1:3000/...`)
 * at that app's proxy origin on a phone, as {@link viewUrlForPage} does for the app's frame; any
 * other URL, and every URL on loopback, as it is. Unlike the app's frame, a window never fails for
 * want of the proxies: when the server refuses the read, the URL opens as it is, as on the desktop.
 */
export async function windowUrlForPage(client: SimulatorClient, url: string, page: Location = location): Promise<string> {
  try {
    return await viewUrlForPage(client, url, page);
  } catch {
    return url;
  }
}
