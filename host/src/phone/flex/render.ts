/**
 * The flex message renderer: a bubble or a carousel container (spec part B "Flex message") as DOM,
 * laid out by CSS flexbox with the mapping of `style.ts` and the classes of
 * `host/src/phone/messages/flex/style.css` (`.fx-*`).
 *
 * Safety: the DOM is built with `createElement`, text lands in `textContent` only, colors pass
 * `safeColor`, pictures load only from http(s) URLs (`mediaSrc`), and actions are never turned
 * into links: a tap hands the action object to `handlers.onAction`, which decides what follows.
 */
import type { ClientFeatures } from '../device.js';
import { brokenPicture } from '../../shared/picture.js';
import { mediaSrc } from '../../shared/safe.js';
import {
  BLOCKS,
  blockCss,
  boxCss,
  buttonCss,
  flexCss,
  gravityCss,
  iconCss,
  imageAlignCss,
  imageCss,
  layoutOf,
  marginCss,
  separatorCss,
  spacerCss,
  textCss,
  type Css,
  type Layout,
  type ParentBox,
} from './style.js';

/** A message object part as received: any JSON object. */
export type Json = Record<string, unknown>;

/** What a flex message does when tapped. */
export interface FlexHandlers {
  /**
   * Called with the action of the tapped button, box, image or text (the innermost one that has
   * an action; the tap does not reach the boxes around it).
   */
  onAction(action: Json): void;
  /**
   * What the client supports (phone/device.ts); absent means everything. An older client ignores a box
   * `action` and a text `maxLines` (spec Versioning): the part is drawn without them and carries
   * `data-unsupported` with the reason as its tooltip.
   */
  client?: Pick<ClientFeatures, 'flexBoxAction' | 'flexMaxLines'>;
}

/** Most bubbles a carousel shows (spec: carousel `contents` max 10); more are not drawn. */
export const MAX_CAROUSEL_BUBBLES = 10;

/**
 * Renders a flex container: `{type: 'bubble', ...}` → `.fx-bubble`; `{type: 'carousel',
 * contents: [bubble...]}` → `.fx-carousel` (a horizontal scroller whose bubbles share the height
 * of the tallest, their bodies stretched). Anything else → an empty `.fx-invalid` element.
 * Never throws on malformed data: what cannot be drawn is left out.
 */
export function renderFlex(container: unknown, handlers: FlexHandlers): HTMLElement {
  const c = obj(container);
  if (c?.type === 'bubble') return renderBubble(c, handlers, false);
  if (c?.type === 'carousel') {
    const inner = el('div', 'fx-carousel-inner');
    const bubbles = Array.isArray(c.contents) ? c.contents.slice(0, MAX_CAROUSEL_BUBBLES) : [];
    for (const b of bubbles) {
      const bubble = obj(b);
      if (bubble?.type === 'bubble') inner.appendChild(renderBubble(bubble, handlers, true));
    }
    const scroller = el('div', 'fx-carousel');
    scroller.appendChild(inner);
    return scroller;
  }
  return el('div', 'fx-invalid');
}

function renderBubble(bubble: Json, handlers: FlexHandlers, inCarousel: boolean): HTMLElement {
  const root = el('div', inCarousel ? 'fx-bubble fx-in-carousel' : 'fx-bubble');
  root.dir = bubble.direction === 'rtl' ? 'rtl' : 'ltr';
  const styles = obj(bubble.styles);
  const present = BLOCKS.filter((name) => obj(bubble[name]) !== undefined);
  present.forEach((name, i) => {
    const content = obj(bubble[name])!;
    const block = el('div', `fx-block fx-${name}`);
    block.dataset.block = name;
    apply(block, blockCss(name, obj(styles?.[name]), i === 0, present.includes('footer')));
    // The hero is one image (or, in later versions, a box): drawn as the only child of a column.
    const child =
      name === 'hero'
        ? renderComponent(content, 0, { layout: 'vertical' }, undefined, handlers)
        : content.type === 'box'
          ? renderBox(content, handlers)
          : null;
    if (child) {
      child.classList.add('fx-block-root');
      block.appendChild(child);
    }
    root.appendChild(block);
  });
  return root;
}

/** A box as the root of a block, or as a component of another box. */
function renderBox(box: Json, handlers: FlexHandlers): HTMLElement {
  const layout = layoutOf(box.layout);
  const node = el('div', `fx-c fx-box fx-${layout}`);
  apply(node, boxCss(layout));
  const parent: ParentBox = { layout, spacing: box.spacing };
  const contents = Array.isArray(box.contents) ? box.contents : [];
  let previousType: string | undefined;
  let index = 0;
  for (const item of contents) {
    const component = obj(item);
    if (!component) continue;
    const child = renderComponent(component, index, parent, previousType, handlers);
    if (!child) continue;
    node.appendChild(child);
    previousType = str(component.type);
    index++;
  }
  const boxAction = handlers.client?.flexBoxAction;
  if (boxAction && !boxAction.supported && obj(box.action)) markUnsupported(node, 'action', boxAction.why);
  else bindAction(node, box.action, handlers);
  return node;
}

/** One component inside a box of `parent` layout, at `index` among the drawn children. */
function renderComponent(
  c: Json,
  index: number,
  parent: ParentBox,
  previousType: string | undefined,
  handlers: FlexHandlers,
): HTMLElement | null {
  const type = str(c.type);
  let node: HTMLElement;
  switch (type) {
    case 'box':
      node = renderBox(c, handlers);
      break;
    case 'text':
      node = renderText(c, parent.layout, handlers);
      break;
    case 'image':
      node = renderImage(c, parent.layout, handlers);
      break;
    case 'icon':
      node = renderIcon(c);
      break;
    case 'button':
      node = renderButton(c, parent.layout, handlers);
      break;
    case 'separator':
      node = el('div', 'fx-c fx-separator');
      apply(node, separatorCss(c.color, parent.layout));
      break;
    case 'spacer':
      node = el('div', 'fx-c fx-spacer');
      apply(node, spacerCss(c.size, parent.layout));
      break;
    case 'filler':
      node = el('div', 'fx-c fx-filler');
      break;
    default:
      return null;
  }
  apply(node, flexCss(type, c.flex, parent.layout));
  apply(node, marginCss(index, type, c.margin, parent, previousType));
  return node;
}

function renderText(c: Json, parent: Layout, handlers: FlexHandlers): HTMLElement {
  const node = el('div', 'fx-c fx-text');
  const maxLines = handlers.client?.flexMaxLines;
  const ignoresMaxLines = maxLines !== undefined && !maxLines.supported && c.maxLines !== undefined;
  const css = textCss(ignoresMaxLines ? { ...c, maxLines: undefined } : c);
  apply(node, css.box);
  apply(node, gravityCss(c.gravity, parent));
  const line = el('p', 'fx-line');
  apply(line, css.line);
  line.textContent = str(c.text);
  if (ignoresMaxLines) markUnsupported(node, 'maxLines', maxLines.why);
  else if (typeof c.maxLines === 'number' && c.maxLines > 0 && c.wrap === true) line.dataset.maxLines = String(c.maxLines);
  node.appendChild(line);
  bindAction(node, c.action, handlers);
  return node;
}

function renderImage(c: Json, parent: Layout, handlers: FlexHandlers): HTMLElement {
  const node = el('div', 'fx-c fx-image');
  apply(node, imageAlignCss(c.align));
  apply(node, gravityCss(c.gravity, parent));
  const css = imageCss(c);
  const frame = el('div', 'fx-image-frame');
  apply(frame, css.frame);
  const ratio = el('div', 'fx-image-ratio');
  apply(ratio, css.ratio);
  const img = picture(c.url);
  apply(img, css.img);
  ratio.appendChild(img);
  frame.appendChild(ratio);
  node.appendChild(frame);
  if (c.size === 'full') node.classList.add('fx-full');
  bindAction(node, c.action, handlers);
  return node;
}

function renderIcon(c: Json): HTMLElement {
  const node = el('div', 'fx-c fx-icon');
  const css = iconCss(c);
  apply(node, css.box);
  const img = picture(c.url);
  apply(img, css.img);
  node.appendChild(img);
  return node;
}

function renderButton(c: Json, parent: Layout, handlers: FlexHandlers): HTMLElement {
  const node = el('div', 'fx-c fx-button');
  apply(node, gravityCss(c.gravity, parent));
  const { style, css } = buttonCss(c);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `fx-btn fx-btn-${style}`;
  apply(button, css);
  const label = el('span', 'fx-btn-label');
  const action = obj(c.action);
  label.textContent = str(action?.label);
  button.appendChild(label);
  if (action) {
    if (typeof action.type === 'string') button.dataset.actionType = action.type;
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      handlers.onAction(action);
    });
  } else {
    button.disabled = true;
  }
  node.appendChild(button);
  return node;
}

/**
 * An `<img class="fx-img">` for a message URL. It loads only when `mediaSrc` allows it; a refused
 * URL or a failed load shows a placeholder instead (see {@link brokenPicture}).
 */
export function picture(url: unknown): HTMLElement {
  const img = document.createElement('img');
  img.className = 'fx-img';
  img.alt = '';
  img.draggable = false;
  img.referrerPolicy = 'no-referrer';
  const src = mediaSrc(url);
  if (!src) return brokenPicture(img);
  img.addEventListener('error', () => img.replaceWith(brokenPicture(img)), { once: true });
  img.src = src;
  return img;
}

/** Marks a part drawn without a property its client does not support, the reason as a tooltip. */
function markUnsupported(node: HTMLElement, property: string, why: string): void {
  node.dataset.unsupported = property;
  node.title = `${why} It is ignored, as on that client.`;
}

/** Makes `node` run `action` when tapped (or activated from the keyboard), when it is an action object. */
function bindAction(node: HTMLElement, action: unknown, handlers: FlexHandlers): void {
  const a = obj(action);
  if (!a || typeof a.type !== 'string') return;
  node.classList.add('fx-tappable');
  node.tabIndex = 0;
  node.setAttribute('role', 'button');
  if (typeof a.label === 'string') node.setAttribute('aria-label', a.label);
  node.dataset.actionType = a.type;
  node.addEventListener('click', (event) => {
    event.stopPropagation();
    handlers.onAction(a);
  });
  node.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    handlers.onAction(a);
  });
}

function apply(node: HTMLElement, css: Css): void {
  for (const [name, value] of Object.entries(css)) node.style.setProperty(name, value);
}

function el(tag: 'div' | 'p' | 'span', className: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}

function obj(v: unknown): Json | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}
