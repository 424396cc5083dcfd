/**
 * What a message may put on screen, decided in one place: colors, image and media URLs, the URIs
 * an action may follow. Messages are data from bots and apps; nothing in them is trusted.
 * Pure functions, no DOM.
 */

/** `#RRGGBB` or `#RRGGBBAA`: the only colors a message may set (spec: "Colors are hex color codes"). */
const HEX_COLOR = /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/;

/**
 * The color when it is a hex color code, else `undefined` (the caller keeps its default).
 * Anything else (`red; background:url(...)`, `expression(...)`, `var(--x)`) is ignored, so no
 * message can inject CSS.
 */
export function safeColor(value: unknown): string | undefined {
  return typeof value === 'string' && HEX_COLOR.test(value) ? value : undefined;
}

/**
 * Host of the simulator's sample media. `.invalid` never resolves (RFC 2606), so a URL on it is
 * clearly a placeholder; the host shows the matching built-in file instead, which lets messages
 * carry the https URLs the platform requires and still show pictures on a machine without
 * network. Files: `host/static/samples/`.
 */
export const SAMPLE_ORIGIN = 'https://embedkit.invalid';

/** Sample media names → files under `/host/samples/`. */
export const SAMPLE_FILES: Readonly<Record<string, string>> = {
  'photo-mountain': 'photo-mountain.svg',
  'photo-cafe': 'photo-cafe.svg',
  'photo-city': 'photo-city.svg',
  'photo-beach': 'photo-beach.svg',
  imagemap: 'imagemap.svg',
  'icon-star': 'icon-star.svg',
  'icon-star-off': 'icon-star-off.svg',
  'video-preview': 'video-preview.svg',
  'video-clip': 'video-clip.webm',
  tone: 'tone.wav',
};

/** The sample media URL of a name in {@link SAMPLE_FILES}: `https://embedkit.invalid/samples/<name>`. */
export function sampleUrl(name: keyof typeof SAMPLE_FILES | string): string {
  return `${SAMPLE_ORIGIN}/samples/${name}`;
}

/**
 * The URL an `<img>`, `<video>` or `<audio>` may load for a message URL, or `undefined`.
 * Only absolute http(s) URLs load (no `data:`, `blob:`, `javascript:`, relative paths); sample
 * media URLs (`https://embedkit.invalid/samples/<name>`, optionally followed by `/<width>` as an
 * imagemap asks) become the built-in file.
 */
export function mediaSrc(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.origin === SAMPLE_ORIGIN) {
    const m = /^\/samples\/([a-z0-9-]+)(?:\/\d+)?$/.exec(url.pathname);
    const file = m?.[1] ? SAMPLE_FILES[m[1]] : undefined;
    return file ? `/host/samples/${file}` : undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

/** What a `uri` action's URI leads to: a page, a phone call, the app scheme, or nothing. */
export type UriTarget =
  { kind: 'web'; url: string } | { kind: 'tel'; number: string } | { kind: 'app'; url: string } | { kind: 'blocked'; reason: string };

/** The platform's own app URL scheme in the simulator (spec: uri action, `<app_scheme>`). */
export const APP_SCHEME = 'embedkit:';

/**
 * Where a `uri` action may go (spec "Action objects", uri: allowed schemes http, https, tel and
 * the app scheme). Every other scheme (`javascript:`, `data:`, `file:`, `intent:`) is blocked.
 */
export function uriTarget(value: unknown): UriTarget {
  if (typeof value !== 'string' || !value) return { kind: 'blocked', reason: 'no URI' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'blocked', reason: 'not an absolute URI' };
  }
  switch (url.protocol) {
    case 'http:':
    case 'https:':
      return { kind: 'web', url: url.href };
    case 'tel:': {
      const number = decodeURIComponentSafe(url.pathname).trim();
      return number ? { kind: 'tel', number } : { kind: 'blocked', reason: 'empty phone number' };
    }
    case APP_SCHEME:
      return { kind: 'app', url: url.href };
    default:
      return { kind: 'blocked', reason: `the scheme ${url.protocol} is not allowed` };
  }
}

/**
 * The embedded app a `embedkit://app/<embedId>` URI opens, or `undefined` for any other URI
 * (the messenger's `line://app/<id>` equivalent).
 */
export function appLinkEmbedId(uri: string): string | undefined {
  const m = /^embedkit:\/\/app\/([A-Za-z0-9-]+)\/?(?:[?#].*)?$/.exec(uri);
  return m?.[1];
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
