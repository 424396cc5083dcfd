/**
 * The keyword scales of flex messages in CSS pixels (spec part B "Flex message": SPACE and SIZE
 * grow in the order listed). The spec names the keywords, not the pixels: the values are those
 * of the messenger's own flex stylesheet of that era, as its published simulator renders them.
 */

/** SPACE keywords: `spacing`, `margin`, spacer `size`. */
export const SPACE_KEYWORDS = ['none', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
export type SpaceKeyword = (typeof SPACE_KEYWORDS)[number];

/** SIZE keywords: text, icon and image `size`. */
export const SIZE_KEYWORDS = ['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', '3xl', '4xl', '5xl'] as const;
export type SizeKeyword = (typeof SIZE_KEYWORDS)[number];

/** SPACE → px (spacing between components, margins, spacer sizes). */
export const SPACE_PX: Readonly<Record<SpaceKeyword, number>> = { none: 0, xs: 2, sm: 4, md: 8, lg: 12, xl: 16, xxl: 20 };

/** SIZE → font size in px, for text and for icons (an icon is 1em tall). Default `md`. */
export const FONT_SIZE_PX: Readonly<Record<SizeKeyword, number>> = {
  xxs: 11,
  xs: 13,
  sm: 14,
  md: 16,
  lg: 19,
  xl: 22,
  xxl: 29,
  '3xl': 35,
  '4xl': 48,
  '5xl': 74,
};

/** SIZE → image width in px (`full` is the width of the component). Default `md`. */
export const IMAGE_SIZE_PX: Readonly<Record<SizeKeyword, number>> = {
  xxs: 40,
  xs: 60,
  sm: 80,
  md: 100,
  lg: 120,
  xl: 140,
  xxl: 160,
  '3xl': 180,
  '4xl': 200,
  '5xl': 220,
};

/** Image `aspectRatio` values (width:height) the spec lists; default `1:1`. */
export const IMAGE_ASPECT_RATIOS = ['1:1', '1.51:1', '1.91:1', '4:3', '16:9', '20:13', '2:1', '3:1', '3:4', '9:16', '1:2', '1:3'] as const;

/** Icon `aspectRatio` values (width:height); default `1:1`. */
export const ICON_ASPECT_RATIOS = ['1:1', '2:1', '3:1'] as const;

/** Button `height` → px; default `md`. */
export const BUTTON_HEIGHT_PX: Readonly<Record<'sm' | 'md', number>> = { sm: 40, md: 52 };

/** Block paddings of a bubble in px (`[top, right, bottom, left]`), as the messenger draws them. */
export const BLOCK_PADDING_PX = {
  header: [20, 20, 20, 20],
  body: [19, 20, 20, 20],
  /** The body's bottom padding when a footer follows. */
  bodyAboveFooter: 10,
  footer: [10, 10, 10, 10],
  hero: [0, 0, 0, 0],
} as const;

/** Default colors of the messenger's flex stylesheet. */
export const FLEX_COLORS = {
  text: '#111111',
  separator: '#d4d6da',
  link: '#42659a',
  primary: '#17c950',
  primaryText: '#ffffff',
  secondary: '#dcdfe5',
  secondaryText: '#111111',
  bubble: '#ffffff',
} as const;

/** True when `v` is a SPACE keyword. */
export function isSpace(v: unknown): v is SpaceKeyword {
  return typeof v === 'string' && (SPACE_KEYWORDS as readonly string[]).includes(v);
}

/** True when `v` is a SIZE keyword. */
export function isSize(v: unknown): v is SizeKeyword {
  return typeof v === 'string' && (SIZE_KEYWORDS as readonly string[]).includes(v);
}

/**
 * `"w:h"` → height as a fraction of the width (`"1.51:1"` → 0.6623), or `undefined` when the
 * value is not two positive numbers.
 */
export function ratioOf(value: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(value);
  if (!m) return undefined;
  const w = Number(m[1]);
  const h = Number(m[2]);
  return w > 0 && h > 0 ? h / w : undefined;
}
