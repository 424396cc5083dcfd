/**
 * Flex message layout rules → CSS declarations (spec part B "Flex message"). Pure functions: they
 * take the fields of one component (unchecked message data) and its parent box, and answer the
 * CSS properties to set, keyed by their CSS names (for `style.setProperty`). Values never contain
 * message text: keywords become pixels from `scales.ts`, colors pass `safeColor`.
 *
 * The mapping (each component is itself a column flexbox, as in the messenger's stylesheet):
 * - box `layout`: horizontal → `flex-direction: row`; vertical → `column`; baseline → `row` with
 *   `align-items: baseline`.
 * - `flex`: default 1 in a horizontal (or baseline) box, 0 in a vertical box. N > 0 in a horizontal
 *   box → `flex: N 0 0` (width shared by weight, content ignored); N > 0 in a vertical box →
 *   `flex: N 0 auto` (extra height shared by weight); 0 → `flex: 0 0 auto` (sized by content).
 *   Filler: always `1 0 0`; icon, separator, spacer: always `0 0 auto`.
 * - `spacing` of a box: a margin before every child but the first, on the main axis
 *   (`margin-top` in a vertical box, `margin-inline-start` in a horizontal one, so rtl flips it).
 *   Fillers and spacers take no spacing, and a spacer stands in for the spacing after it.
 * - `margin` of a component: replaces the parent's spacing before it; ignored on the first child.
 * - `gravity`: where the content sits on the vertical axis of the component's own box
 *   (`justify-content`); ignored in a baseline box.
 * - `align`: text → `text-align`; image → `align-items` of its column.
 */
import { safeColor } from '../../shared/safe.js';
import {
  BLOCK_PADDING_PX,
  BUTTON_HEIGHT_PX,
  FLEX_COLORS,
  FONT_SIZE_PX,
  ICON_ASPECT_RATIOS,
  IMAGE_ASPECT_RATIOS,
  IMAGE_SIZE_PX,
  SPACE_PX,
  isSize,
  isSpace,
  ratioOf,
} from './scales.js';

/** CSS declarations: property name (kebab-case, as `setProperty` takes it) → value. */
export type Css = Record<string, string>;

/** Box layouts. */
export type Layout = 'horizontal' | 'vertical' | 'baseline';

/** What a child needs to know about its parent box. */
export interface ParentBox {
  layout: Layout;
  /** The box's `spacing` (a SPACE keyword, or anything: unknown values count as `none`). */
  spacing?: unknown;
}

/** `layout` of a box; anything else counts as vertical (a message that fails validation still renders). */
export function layoutOf(value: unknown): Layout {
  return value === 'horizontal' || value === 'baseline' ? value : 'vertical';
}

/** True for layouts whose main axis is horizontal. */
export function isRow(layout: Layout): boolean {
  return layout !== 'vertical';
}

/** The box itself as a flex container. */
export function boxCss(layout: Layout): Css {
  const css: Css = { display: 'flex', 'flex-direction': isRow(layout) ? 'row' : 'column' };
  if (layout === 'baseline') css['align-items'] = 'baseline';
  return css;
}

/**
 * `flex` of a component of `type` in a box of `parent` layout. `flex` is the component's field:
 * a non-negative integer, else the default applies (1 horizontal, 0 vertical).
 */
export function flexCss(type: string, flex: unknown, parent: Layout): Css {
  if (type === 'filler') return { flex: '1 0 0' };
  if (type === 'icon' || type === 'separator' || type === 'spacer') return { flex: '0 0 auto' };
  const n = typeof flex === 'number' && Number.isInteger(flex) && flex >= 0 ? flex : isRow(parent) ? 1 : 0;
  if (n === 0) return { flex: '0 0 auto' };
  return { flex: isRow(parent) ? `${n} 0 0` : `${n} 0 auto` };
}

/** The main-axis "before" margin property of a child of a box. */
export function marginProperty(parent: Layout): 'margin-top' | 'margin-inline-start' {
  return isRow(parent) ? 'margin-inline-start' : 'margin-top';
}

/**
 * The margin before the child at `index` of a box: none on the first child, none on fillers and
 * spacers; else the child's own `margin` (SPACE), else none right after a spacer, else the box's
 * `spacing`. A zero margin is answered as `{}` (nothing to set).
 * @param previousType `type` of the previous sibling, if any
 */
export function marginCss(index: number, type: string, margin: unknown, parent: ParentBox, previousType?: string): Css {
  if (index === 0 || type === 'filler' || type === 'spacer') return {};
  let px: number;
  if (isSpace(margin)) px = SPACE_PX[margin];
  else if (previousType === 'spacer') px = 0;
  else px = isSpace(parent.spacing) ? SPACE_PX[parent.spacing] : 0;
  return px > 0 ? { [marginProperty(parent.layout)]: `${px}px` } : {};
}

/** `gravity` of a text, image or button: `justify-content` of its column; `{}` in a baseline box or for `top`. */
export function gravityCss(gravity: unknown, parent: Layout): Css {
  if (parent === 'baseline') return {};
  if (gravity === 'center') return { 'justify-content': 'center' };
  if (gravity === 'bottom') return { 'justify-content': 'flex-end' };
  return {};
}

/** `align` of an image: where the image sits across its column; default `center`. */
export function imageAlignCss(align: unknown): Css {
  if (align === 'start') return { 'align-items': 'flex-start' };
  if (align === 'end') return { 'align-items': 'flex-end' };
  return { 'align-items': 'center' };
}

/** CSS of a text component: on the component (`box`) and on the line element holding the text (`line`). */
export interface TextCss {
  box: Css;
  line: Css;
}

/**
 * A text's size, weight, color, alignment and wrapping:
 * - `size` SIZE → `font-size` (default md, 16px); `weight: bold` → 700; `color` hex only
 *   (default #111111); `align` start/end/center → `text-align` (default start);
 * - `wrap` false (default): one line, cut with an ellipsis, newlines shown as spaces
 *   (`white-space: nowrap`); true: lines wrap and newlines break (`pre-wrap`);
 * - `maxLines` N > 0 with wrap: at most N lines, the last one ending with an ellipsis
 *   (`-webkit-line-clamp`).
 */
export function textCss(text: {
  size?: unknown;
  weight?: unknown;
  color?: unknown;
  align?: unknown;
  wrap?: unknown;
  maxLines?: unknown;
}): TextCss {
  const box: Css = { 'font-size': `${FONT_SIZE_PX[isSize(text.size) ? text.size : 'md']}px` };
  box.color = safeColor(text.color) ?? FLEX_COLORS.text;
  if (text.weight === 'bold') box['font-weight'] = '700';
  const line: Css = {
    'text-align': text.align === 'center' ? 'center' : text.align === 'end' ? 'end' : 'start',
    overflow: 'hidden',
  };
  if (text.wrap === true) {
    line['white-space'] = 'pre-wrap';
    line['overflow-wrap'] = 'anywhere';
    const maxLines = text.maxLines;
    if (typeof maxLines === 'number' && Number.isInteger(maxLines) && maxLines > 0) {
      line.display = '-webkit-box';
      line['-webkit-box-orient'] = 'vertical';
      line['-webkit-line-clamp'] = String(maxLines);
    }
  } else {
    line['white-space'] = 'nowrap';
    line['text-overflow'] = 'ellipsis';
  }
  return { box, line };
}

/** CSS of an image: the sized frame, the box that keeps the aspect ratio, and the picture. */
export interface ImageCss {
  frame: Css;
  ratio: Css;
  img: Css;
}

/**
 * An image's width (`size`: SIZE px or `full` = 100%, default md), height (`aspectRatio` of the
 * listed values, default 1:1, as a padding ratio so the width decides), fit (`aspectMode`: `cover`
 * crops, `fit` (default) letterboxes) and `backgroundColor` (hex only) behind a fitted picture.
 */
export function imageCss(image: { size?: unknown; aspectRatio?: unknown; aspectMode?: unknown; backgroundColor?: unknown }): ImageCss {
  const width = image.size === 'full' ? '100%' : `${IMAGE_SIZE_PX[isSize(image.size) ? image.size : 'md']}px`;
  const ratioText =
    typeof image.aspectRatio === 'string' && (IMAGE_ASPECT_RATIOS as readonly string[]).includes(image.aspectRatio)
      ? image.aspectRatio
      : '1:1';
  const ratio = ratioOf(ratioText) ?? 1;
  const ratioCss: Css = { 'padding-bottom': `${round(ratio * 100)}%` };
  const bg = safeColor(image.backgroundColor);
  if (bg) ratioCss['background-color'] = bg;
  return {
    frame: { width, 'max-width': '100%' },
    ratio: ratioCss,
    img: { 'object-fit': image.aspectMode === 'cover' ? 'cover' : 'contain' },
  };
}

/**
 * An icon: `size` SIZE → `font-size` of the component (default md), the picture 1em tall and
 * 1, 2 or 3 em wide by `aspectRatio` (default 1:1), sitting on the text baseline.
 */
export function iconCss(icon: { size?: unknown; aspectRatio?: unknown }): { box: Css; img: Css } {
  const ratio =
    typeof icon.aspectRatio === 'string' && (ICON_ASPECT_RATIOS as readonly string[]).includes(icon.aspectRatio)
      ? Number(icon.aspectRatio.split(':')[0])
      : 1;
  return {
    box: { 'font-size': `${FONT_SIZE_PX[isSize(icon.size) ? icon.size : 'md']}px` },
    img: { width: `${ratio}em`, height: '1em' },
  };
}

/** Button styles. */
export type ButtonStyle = 'link' | 'primary' | 'secondary';

/**
 * A button: `height` sm 40px / md 52px (default md); `style` link (default: no background, text
 * #42659a), primary (#17c950, white text) or secondary (#dcdfe5, dark text); `color` (hex only) is
 * the text color of a link and the background of the others.
 */
export function buttonCss(button: { style?: unknown; color?: unknown; height?: unknown }): { style: ButtonStyle; css: Css } {
  const style: ButtonStyle = button.style === 'primary' || button.style === 'secondary' ? button.style : 'link';
  const height = BUTTON_HEIGHT_PX[button.height === 'sm' ? 'sm' : 'md'];
  const color = safeColor(button.color);
  const css: Css = { height: `${height}px` };
  if (style === 'link') {
    css.color = color ?? FLEX_COLORS.link;
    css['background-color'] = 'transparent';
  } else {
    css['background-color'] = color ?? (style === 'primary' ? FLEX_COLORS.primary : FLEX_COLORS.secondary);
    css.color = style === 'primary' ? FLEX_COLORS.primaryText : FLEX_COLORS.secondaryText;
  }
  return { style, css };
}

/** A separator: a 1px line across the box (vertical box) or down it (horizontal box); `color` hex only. */
export function separatorCss(color: unknown, parent: Layout): Css {
  const c = safeColor(color) ?? FLEX_COLORS.separator;
  return isRow(parent)
    ? { width: '0', 'border-inline-start': `1px solid ${c}`, 'align-self': 'stretch' }
    : { height: '0', 'border-top': `1px solid ${c}` };
}

/** A spacer: empty space of `size` (SPACE but `none`, default md) along the box's main axis. */
export function spacerCss(size: unknown, parent: Layout): Css {
  const px = SPACE_PX[isSpace(size) && size !== 'none' ? size : 'md'];
  return isRow(parent) ? { width: `${px}px`, 'min-width': `${px}px` } : { height: `${px}px`, 'min-height': `${px}px` };
}

/** Bubble block names, in the order they are drawn. */
export const BLOCKS = ['header', 'hero', 'body', 'footer'] as const;
export type BlockName = (typeof BLOCKS)[number];

/**
 * A block of a bubble: `backgroundColor` (hex only); `separator: true` draws a line above it in
 * `separatorColor` (hex only, default #d4d6da), except on the first block drawn (spec: ignored on
 * the first block); paddings as the messenger's (the body's bottom one is smaller above a footer).
 */
export function blockCss(
  name: BlockName,
  style: { backgroundColor?: unknown; separator?: unknown; separatorColor?: unknown } | undefined,
  isFirst: boolean,
  hasFooter: boolean,
): Css {
  const pad = [...BLOCK_PADDING_PX[name]];
  if (name === 'body' && hasFooter) pad[2] = BLOCK_PADDING_PX.bodyAboveFooter;
  const css: Css = { padding: pad.map((p) => `${p}px`).join(' ') };
  const bg = safeColor(style?.backgroundColor);
  if (bg) css['background-color'] = bg;
  if (style?.separator === true && !isFirst) css['border-top'] = `1px solid ${safeColor(style.separatorColor) ?? FLEX_COLORS.separator}`;
  return css;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
