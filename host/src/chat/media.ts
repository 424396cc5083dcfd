/**
 * Chat views of the media kinds: image and video (a preview that opens a viewer), audio (a player
 * bubble), location (a card with a map link), sticker (a placeholder picture naming its ids) and
 * imagemap (an image with tappable areas). Message data reaches the DOM as text or as URLs that
 * passed `mediaSrc` / `uriTarget`.
 */
import { h } from '../dom.js';
import { brokenPicture } from '../shared/picture.js';
import type { Action } from './actions.js';
import { mediaSrc } from '../shared/safe.js';

/** A message object as received. */
type Json = Record<string, unknown>;

/** What a media view does on a tap. */
export interface MediaHandlers {
  onAction(action: Action): void;
}

/** An `<img>` for a message URL; a grey placeholder (`.broken`) when the URL is refused or fails to load. */
export function messageImage(url: unknown, className: string): HTMLElement {
  const img = h('img', { className, attrs: { alt: '', draggable: 'false', referrerpolicy: 'no-referrer' } });
  const src = mediaSrc(url);
  if (!src) return brokenPicture(img);
  img.addEventListener('error', () => img.replaceWith(brokenPicture(img)), { once: true });
  img.src = src;
  return img;
}

/** Makes `node` tappable (click, Enter, Space). */
export function tappable(node: HTMLElement, label: string, run: () => void): HTMLElement {
  node.tabIndex = 0;
  node.setAttribute('role', 'button');
  if (label) node.setAttribute('aria-label', label);
  node.classList.add('m-tappable');
  node.addEventListener('click', (event) => {
    event.stopPropagation();
    run();
  });
  node.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    run();
  });
  return node;
}

/**
 * A full-screen viewer over the phone screen (or over the preview that holds `from`): `.m-viewer`
 * with `#viewer-close`. Returns the viewer.
 */
export function openViewer(from: HTMLElement, content: HTMLElement, label: string): HTMLElement {
  const host = from.closest<HTMLElement>('.phone-screen, .preview-phone') ?? document.body;
  host.querySelector(':scope > .m-viewer')?.remove();
  const viewer = h(
    'div',
    { className: 'm-viewer', attrs: { role: 'dialog', 'aria-label': label } },
    h('button', {
      className: 'icon-button m-viewer-close',
      text: '✕',
      attrs: { id: 'viewer-close', type: 'button', 'aria-label': 'Close' },
      on: { click: () => viewer.remove() },
    }),
    content,
  );
  host.append(viewer);
  return viewer;
}

/** `image`: the preview image; a tap shows `originalContentUrl` in the viewer. */
export function renderImageMessage(m: Json): HTMLElement {
  const node = h('div', { className: 'm-media m-image' }, messageImage(m.previewImageUrl, 'm-media-img'));
  return tappable(node, 'Photo', () => openViewer(node, messageImage(m.originalContentUrl, 'm-viewer-img'), 'Photo'));
}

/** `video`: the preview image with a play mark; a tap plays `originalContentUrl` in the viewer. */
export function renderVideoMessage(m: Json): HTMLElement {
  const node = h(
    'div',
    { className: 'm-media m-video' },
    messageImage(m.previewImageUrl, 'm-media-img'),
    h('span', { className: 'm-play', attrs: { 'aria-hidden': 'true' } }),
  );
  return tappable(node, 'Play video', () => {
    const src = mediaSrc(m.originalContentUrl);
    const note = h('p', { className: 'm-viewer-note', text: src ? '' : 'This video cannot be played.' });
    const video = h('video', { className: 'm-viewer-video', attrs: { controls: true, playsinline: true, preload: 'metadata' } });
    if (src) {
      video.addEventListener('error', () => (note.textContent = 'This video cannot be played (the file did not load).'), { once: true });
      video.src = src;
      void video.play().catch(() => undefined);
    }
    openViewer(node, h('div', { className: 'm-viewer-stack' }, video, note), 'Video');
  });
}

/** `m:ss` of a duration in milliseconds ("0:00" when it is not a non-negative number). */
export function formatDuration(ms: unknown): string {
  const total = typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 1000) : 0;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** `audio`: a player bubble (play/pause, progress, duration from `duration` ms); loads only when played. */
export function renderAudioMessage(m: Json): HTMLElement {
  const src = mediaSrc(m.originalContentUrl);
  const fill = h('span', { className: 'm-audio-fill' });
  const time = h('span', { className: 'm-audio-time', text: formatDuration(m.duration) });
  const button = h('button', {
    className: 'm-audio-play',
    attrs: { type: 'button', 'aria-label': 'Play', 'data-state': 'paused', disabled: !src },
  });
  let audio: HTMLAudioElement | null = null;
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    if (!src) return;
    if (!audio) {
      audio = new Audio();
      audio.preload = 'auto';
      audio.addEventListener('timeupdate', () => {
        const d = audio!.duration || (typeof m.duration === 'number' ? m.duration / 1000 : 0);
        fill.style.width = d ? `${Math.min(100, (audio!.currentTime / d) * 100)}%` : '0%';
        time.textContent = formatDuration(audio!.currentTime * 1000);
      });
      const stop = () => {
        button.dataset.state = 'paused';
        button.setAttribute('aria-label', 'Play');
      };
      audio.addEventListener('pause', stop);
      audio.addEventListener('ended', () => {
        stop();
        time.textContent = formatDuration(m.duration);
        fill.style.width = '0%';
      });
      audio.addEventListener('error', () => {
        stop();
        time.textContent = 'cannot play';
      });
      audio.src = src;
    }
    if (audio.paused) {
      button.dataset.state = 'playing';
      button.setAttribute('aria-label', 'Pause');
      void audio.play().catch(() => {
        button.dataset.state = 'paused';
      });
    } else {
      audio.pause();
    }
  });
  return h('div', { className: 'bubble m-audio' }, button, h('span', { className: 'm-audio-bar' }, fill), time);
}

/** The map page of a location: OpenStreetMap centred on it. */
export function mapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lng = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}

/** `location`: a card with a drawn map, the title, the address and a link to the map page. */
export function renderLocationMessage(m: Json, handlers: MediaHandlers): HTMLElement {
  const lat = typeof m.latitude === 'number' && Number.isFinite(m.latitude) ? m.latitude : null;
  const lng = typeof m.longitude === 'number' && Number.isFinite(m.longitude) ? m.longitude : null;
  const openMap = lat !== null && lng !== null ? () => handlers.onAction({ type: 'uri', uri: mapUrl(lat, lng) }) : null;
  const link = h('a', { className: 'm-link m-map-link', text: 'Open map' });
  if (openMap && lat !== null && lng !== null) {
    link.href = mapUrl(lat, lng);
    link.rel = 'noopener noreferrer';
    link.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      openMap();
    });
  }
  const node = h(
    'div',
    { className: 'm-card m-location' },
    h(
      'div',
      { className: 'm-map', attrs: { 'aria-hidden': 'true' } },
      h('span', { className: 'map-pin' }),
      h('span', { className: 'm-map-coords', text: lat !== null && lng !== null ? `${lat.toFixed(4)}, ${lng.toFixed(4)}` : '' }),
    ),
    h(
      'div',
      { className: 'm-card-body' },
      h('div', { className: 'm-loc-title', text: str(m.title) }),
      h('div', { className: 'm-loc-address', text: str(m.address) }),
      openMap ? link : null,
    ),
  );
  return openMap ? tappable(node, `Map of ${str(m.title)}`, openMap) : node;
}

/** `sticker`: a placeholder picture (its colour derived from the ids) labelled with package and sticker id. */
export function renderStickerMessage(m: Json): HTMLElement {
  const pkg = str(m.packageId);
  const id = str(m.stickerId);
  let hash = 0;
  for (const ch of `${pkg}/${id}`) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  const face = h(
    'div',
    { className: 'm-sticker-face', attrs: { 'aria-hidden': 'true' } },
    h('span', { className: 'eye left' }),
    h('span', { className: 'eye right' }),
    h('span', { className: 'mouth' }),
  );
  face.style.setProperty('--sticker-hue', String(hash % 360));
  return h(
    'div',
    { className: 'm-sticker', attrs: { role: 'img', 'aria-label': `Sticker ${pkg}/${id}`, 'data-package-id': pkg, 'data-sticker-id': id } },
    face,
    h('span', { className: 'm-sticker-ids', text: `${pkg} / ${id}` }),
  );
}

/** Widths an imagemap image is available in (spec: `<baseUrl>/<width>`). */
export const IMAGEMAP_WIDTHS = [240, 300, 460, 700, 1040] as const;

/** The width to request for an imagemap shown `cssWidth` px wide on a `dpr` screen: the smallest that is enough. */
export function imagemapWidth(cssWidth: number, dpr: number): number {
  const need = cssWidth * (dpr > 0 ? dpr : 1);
  return IMAGEMAP_WIDTHS.find((w) => w >= need) ?? 1040;
}

/** Shown width of an imagemap in the chat, in CSS px. */
export const IMAGEMAP_CSS_WIDTH = 240;

/**
 * `imagemap`: the image at `<baseUrl>/<width>`, scaled from `baseSize` (1040 wide), with one
 * transparent button per action over its `area` (`uri` → `linkUri`, `message` → `text`).
 */
export function renderImagemapMessage(m: Json, handlers: MediaHandlers): HTMLElement {
  const base = obj(m.baseSize);
  const bw = num(base?.width) || 1040;
  const bh = num(base?.height) || bw;
  const baseUrl = typeof m.baseUrl === 'string' ? m.baseUrl.replace(/\/+$/, '') : '';
  const ratio = h(
    'div',
    { className: 'm-imagemap-ratio' },
    messageImage(`${baseUrl}/${imagemapWidth(IMAGEMAP_CSS_WIDTH, globalThis.devicePixelRatio ?? 1)}`, 'm-imagemap-img'),
  );
  ratio.style.paddingBottom = `${(bh / bw) * 100}%`;
  const actions = Array.isArray(m.actions) ? m.actions : [];
  for (const raw of actions) {
    const a = obj(raw);
    const area = obj(a?.area);
    if (!a || !area) continue;
    const [x, y, w, hgt] = [num(area.x), num(area.y), num(area.width), num(area.height)];
    if (x === undefined || y === undefined || w === undefined || hgt === undefined) continue;
    const action: Action | null =
      a.type === 'uri' ? { type: 'uri', uri: a.linkUri } : a.type === 'message' ? { type: 'message', text: a.text } : null;
    if (!action) continue;
    const spot = h('span', { className: 'm-imagemap-area', attrs: { 'data-action-type': String(a.type) } });
    Object.assign(spot.style, { left: pct(x, bw), top: pct(y, bh), width: pct(w, bw), height: pct(hgt, bh) });
    ratio.append(tappable(spot, str(a.label) || (a.type === 'uri' ? str(a.linkUri) : str(a.text)), () => handlers.onAction(action)));
  }
  return h('div', { className: 'm-imagemap' }, ratio);
}

function pct(v: number, of: number): string {
  return `${(v / of) * 100}%`;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
}

function obj(v: unknown): Json | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}
