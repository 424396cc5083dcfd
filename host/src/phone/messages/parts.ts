/**
 * Pieces several kinds draw with: a message picture, a tappable area, the full-screen viewer, and
 * the readers of untyped message fields. Message data reaches the DOM as text or as URLs that
 * passed `mediaSrc`.
 */
import { h } from '../../shared/dom.js';
import { brokenPicture } from '../../shared/picture.js';
import { mediaSrc } from '../../shared/safe.js';
import type { Json } from './kind.js';

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

/** The preview line of the kinds that carry an `altText` for it (spec: what notifications and the chat list show). */
export function altTextPreview(m: Json): string {
  return str(m.altText) || NO_PREVIEW;
}

/** The plain card's text of a message with neither an `altText` nor a summary of its own. */
export const NO_PREVIEW = '(no preview)';

/** The object, or `undefined` for anything else (arrays and `null` included). */
export function obj(v: unknown): Json | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

/** A string or number as text; anything else `""`. */
export function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** A non-negative finite number, or `undefined`. */
export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
}

/** A string field, or `""` for anything else (numbers included, unlike {@link str}). */
export function stringField(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
