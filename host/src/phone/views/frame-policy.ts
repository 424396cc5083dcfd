/**
 * What the host lets a frame do. Pure functions, shared by the app overlay and the in-app browser.
 */

/**
 * What the messenger's in-app web view lets a page do: modal dialogs (`alert`,
 * `confirm`, `prompt`), downloads, forms, popups. Never `allow-top-navigation` (the page cannot
 * replace the host) nor `allow-same-origin` for a page on the host's own origin (below).
 */
const WEB_VIEW_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';
/** Sandbox tokens of a frame whose page is on another origin than the host. */
export const CROSS_ORIGIN_SANDBOX = `${WEB_VIEW_SANDBOX} allow-same-origin`;
/** Sandbox tokens of a frame whose page is on the host's own origin: no `allow-same-origin`. */
export const SAME_ORIGIN_SANDBOX = WEB_VIEW_SANDBOX;
/**
 * The Permissions Policy (`allow` attribute) of an app frame: the prompts a web view shows
 * (clipboard write, geolocation, camera, microphone) and full screen; the browser still asks the
 * person, as the messenger does.
 */
export const APP_FRAME_ALLOW = 'clipboard-write; geolocation; camera; microphone; fullscreen';

/**
 * The `sandbox` attribute for a frame showing `url` inside the host at `hostOrigin`.
 * A page on the host's own origin would, with `allow-scripts allow-same-origin`, be able to reach
 * into the host (its DOM, its session) and lift its own sandbox; so such a page runs with an
 * opaque origin instead. An app served from there then fails the bridge's origin check, which is
 * the intended outcome: apps must live on their own origin.
 */
export function sandboxFor(url: string, hostOrigin: string): string {
  return originOf(url) === hostOrigin ? SAME_ORIGIN_SANDBOX : CROSS_ORIGIN_SANDBOX;
}

/** The origin of an absolute URL, or null when it is not one. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * True when the host may navigate a frame or a new tab to `url`: absolute http(s) only.
 * `javascript:` and `data:` URLs would run in a context the app does not own.
 */
export function isNavigableUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
