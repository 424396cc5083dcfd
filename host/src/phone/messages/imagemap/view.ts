/**
 * `imagemap`: the image with tappable areas (the v1 bots' rich message is stored as one and drawn
 * here too).
 */
import { h } from '../../../shared/dom.js';
import type { Action } from '../../chat/actions.js';
import type { DrawContext, Json, KindView } from '../kind.js';
import { altTextPreview, messageImage, num, obj, str, tappable } from '../parts.js';

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
function renderImagemap(m: Json, handlers: DrawContext): HTMLElement {
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

/** `imagemap`: the chat list shows its `altText`. */
export const imagemap: KindView = {
  label: () => 'Imagemap',
  draw: (m, context) => ({ node: renderImagemap(m, context), wide: false }),
  preview: altTextPreview,
};
