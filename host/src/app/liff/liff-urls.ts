/**
 * The platform's own URLs of an app, which the host opens itself rather than in the in-app
 * browser (docs/platform/mini-apps.md, "The MINI App's own URLs"): a LIFF URL
 * `https://liff.line.me/{liffId}`, a LINE MINI App's `https://miniapp.line.me/{liffId}` and a
 * verified MINI App's Custom Path `https://miniapp.line.me/{customPath}`, each with the page below
 * the endpoint URL after it (`/shop?item=7#top`), which the LIFF server carries to the app in
 * `liff.state` (LINE MINI App docs, "Creating permanent links"; LIFF docs, "Opening a LIFF app").
 * The LIFF URL opens a MINI App too, as published ("LIFF URL for LINE MINI App has been changed").
 * Pure functions.
 */
import type { WorldApp } from '../../state/world.js';

/** The app a platform URL opens, and the page below its endpoint URL (`liff.state`), when the URL names one. */
export interface LiffUrlTarget {
  embedId: string;
  liffState?: string;
}

const LIFF_ORIGIN = 'https://liff.line.me';
const MINI_ORIGIN = 'https://miniapp.line.me';

/**
 * The app of the world `url` opens, or null when `url` is not one of its platform URLs (another
 * site, an ID or path no app of the world has, a Custom Path on `liff.line.me`, which names
 * nothing there). A Custom Path opens its MINI App only while the MINI App is verified.
 */
export function liffUrlTarget(url: string, apps: readonly WorldApp[]): LiffUrlTarget | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== LIFF_ORIGIN && parsed.origin !== MINI_ORIGIN) return null;
  const [, first = '', ...rest] = parsed.pathname.split('/');
  const app =
    apps.find((a) => a.embedId === first) ??
    (parsed.origin === MINI_ORIGIN ? apps.find((a) => a.miniApp?.verified && a.miniApp.customPath === first) : undefined);
  if (!first || !app) return null;
  const path = rest.length ? `/${rest.join('/')}` : '';
  const state = `${path}${parsed.search}${parsed.hash}`;
  return state && state !== '/'
    ? { embedId: app.embedId, liffState: state.startsWith('/') ? state : `/${state}` }
    : { embedId: app.embedId };
}
