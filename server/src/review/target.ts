/**
 * What a review is of: a MINI App of the world, named by its LIFF ID, by its permanent link
 * (`https://miniapp.line.me/{liffId or Custom Path}/…`, `https://liff.line.me/{liffId}/…`) or by a
 * URL of its own endpoint, and the URL the page checks measure: the endpoint URL, with the path and
 * query a permanent link adds after the LIFF ID (LIFF's "Creating permanent links"). Pure.
 */

/** A registered app as a review reads it. */
export interface ReviewApp {
  embedId: string;
  name: string;
  /** The endpoint URL (the app's view URL). */
  viewUrl: string;
  /** Present for a LINE MINI App: its Custom Path, when it has one. */
  miniApp?: { customPath?: string | undefined };
}

/** The resolved target: the app, and the URL to measure. */
export interface ReviewTarget {
  app: ReviewApp;
  url: string;
}

/** Why a target names no MINI App of the world: the text the route answers with (404). */
export class UnknownTarget extends Error {}

const LIFF_ID = /^[0-9]{10}-[A-Za-z0-9]+$/;
const PERMANENT_HOSTS = new Set(['miniapp.line.me', 'liff.line.me']);

/** The endpoint URL with the path and query a permanent link adds after its LIFF ID (`/a/b?x=1`). */
function underEndpoint(endpoint: string, rest: string, search: string): string {
  const u = new URL(endpoint);
  if (rest) u.pathname = `${u.pathname.replace(/\/$/, '')}/${rest}`;
  if (search) for (const [k, v] of new URLSearchParams(search)) u.searchParams.append(k, v);
  return u.toString();
}

/**
 * Resolves a target against the world's apps.
 * @throws UnknownTarget when it names no app, or an app that is not a LINE MINI App
 */
export function resolveTarget(target: string, apps: readonly ReviewApp[]): ReviewTarget {
  const text = target.trim();
  const miniApp = (app: ReviewApp | undefined, what: string): ReviewApp => {
    if (!app)
      throw new UnknownTarget(
        `${what} names no app of the world (its MINI Apps: ${
          apps
            .filter((a) => a.miniApp)
            .map((a) => a.embedId)
            .join(', ') || 'none'
        })`,
      );
    if (!app.miniApp) throw new UnknownTarget(`${app.embedId} (${app.name}) is not a LINE MINI App: a review checks MINI Apps`);
    return app;
  };
  if (LIFF_ID.test(text)) {
    const app = miniApp(
      apps.find((a) => a.embedId === text),
      `LIFF ID ${text}`,
    );
    return { app, url: app.viewUrl };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnknownTarget(`${text} is neither a LIFF ID (1650000001-liffapp1) nor a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UnknownTarget(`${text} is not an http(s) URL`);
  if (PERMANENT_HOSTS.has(url.hostname)) {
    const [first = '', ...rest] = url.pathname.replace(/^\//, '').split('/');
    const byPath = url.hostname === 'miniapp.line.me' ? apps.find((a) => a.miniApp?.customPath === first) : undefined;
    const app = miniApp(byPath ?? apps.find((a) => a.embedId === first), `${url.origin}/${first}`);
    return { app, url: underEndpoint(app.viewUrl, rest.join('/'), url.search) };
  }
  // An endpoint URL: the app whose view URL it starts with (the longest, when several do).
  const under = apps
    .filter(
      (a) =>
        text === a.viewUrl || text.startsWith(a.viewUrl.endsWith('/') ? a.viewUrl : `${a.viewUrl}/`) || text.startsWith(`${a.viewUrl}?`),
    )
    .sort((a, b) => b.viewUrl.length - a.viewUrl.length)[0];
  return { app: miniApp(under, `the URL ${text}`), url: url.toString() };
}
