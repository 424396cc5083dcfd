/**
 * The layout inside the LINE MINI App's safe area (design guidelines, "Safe area of LINE MINI
 * App"): the bottom 34 px in portrait ("normal mode"), 44 px on the left and right and the bottom
 * 21 px in landscape are the device's (a notch, the home indicator), so nothing a person taps may
 * sit there. Pure: the presets, the bands and the rule on the boxes the browser measured
 * (`layout.ts`).
 */
import type { Finding } from '#contract/review.js';
import { finding, type CheckSpec } from '../findings.js';

const SAFE_AREA = 'https://developers.line.biz/en/docs/line-mini-app/design/landscape/';

/** The two orientations a MINI App supports: normal mode (portrait) and landscape mode. */
export type Orientation = 'portrait' | 'landscape';

/** The unsafe bands of an orientation, in CSS pixels from each edge of the web view. */
export const UNSAFE_BANDS: Record<Orientation, { left: number; right: number; bottom: number }> = {
  portrait: { left: 0, right: 0, bottom: 34 },
  landscape: { left: 44, right: 44, bottom: 21 },
};

/**
 * The phones the page is laid out on, in portrait (width × height in CSS pixels; landscape swaps
 * them): a notched iPhone, a large Android phone and a small iPhone. The sizes are the screens'
 * (the web view under the header is shorter, but its bottom and sides are the screen's, which is
 * where the bands are).
 */
export const SAFE_AREA_PRESETS: readonly { label: string; width: number; height: number }[] = [
  { label: 'iPhone 15 (390×844)', width: 390, height: 844 },
  { label: 'Pixel 8 Pro (412×915)', width: 412, height: 915 },
  { label: 'iPhone SE (375×667)', width: 375, height: 667 },
];

/**
 * An element a person taps (a button, link, input, or anything with a button role or a tab stop),
 * its box in CSS pixels: relative to the viewport when it stays on screen as the page scrolls
 * (`fixed`, or inside such an element), else to the top of the document.
 */
export interface TapTarget {
  /** How the developer finds it: `button#pay "Pay now"`. */
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  fixed: boolean;
}

/** The web view an orientation's page was laid out in: its size, and the document's height (the scroll's end). */
export interface LaidOut {
  preset: string;
  orientation: Orientation;
  width: number;
  height: number;
  documentHeight: number;
  targets: readonly TapTarget[];
}

/** Which unsafe band a target falls into, or undefined when it stays inside the safe area. */
export function unsafeBand(t: TapTarget, view: Pick<LaidOut, 'orientation' | 'width' | 'height' | 'documentHeight'>): string | undefined {
  const band = UNSAFE_BANDS[view.orientation];
  // A fixed element sits at the web view's bottom; one in the flow reaches it at the end of the scroll.
  const bottom = t.fixed ? view.height : Math.max(view.documentHeight, view.height);
  if (t.y + t.height > bottom - band.bottom && t.y < bottom) return `the bottom ${band.bottom} px`;
  if (band.left && t.x < band.left && t.x + t.width > 0) return `the left ${band.left} px`;
  if (band.right && t.x + t.width > view.width - band.right && t.x < view.width) return `the right ${band.right} px`;
  return undefined;
}

/** The check of one orientation. */
export function safeAreaCheck(orientation: Orientation): CheckSpec {
  const band = UNSAFE_BANDS[orientation];
  return {
    check: `safe-area.${orientation}`,
    area: 'page',
    title: `Buttons, links and inputs stay inside the safe area in ${orientation}`,
    rule:
      orientation === 'portrait'
        ? `In normal mode (portrait), nothing to tap in the bottom ${band.bottom} px`
        : `In landscape mode, nothing to tap in the left and right ${band.left} px nor the bottom ${band.bottom} px`,
    source: SAFE_AREA,
    fix:
      orientation === 'portrait'
        ? `Pad the page’s bottom by ${band.bottom} px (padding-bottom: ${band.bottom}px on the body or the fixed bar).`
        : `Pad the page ${band.left} px left and right and ${band.bottom} px at the bottom in landscape (an @media (orientation: landscape) rule).`,
  };
}

/** The finding of one orientation from its laid-out pages (one per preset). */
export function safeAreaFinding(orientation: Orientation, pages: readonly LaidOut[]): Finding {
  const spec = safeAreaCheck(orientation);
  // Each element in its band once, with the sizes it is there at.
  const offenders = new Map<string, string[]>();
  let counted = 0;
  for (const page of pages) {
    counted = Math.max(counted, page.targets.length);
    for (const t of page.targets) {
      const band = unsafeBand(t, page);
      if (band) offenders.set(`${t.name} in ${band}`, [...(offenders.get(`${t.name} in ${band}`) ?? []), `${page.width}×${page.height}`]);
    }
  }
  const sizes = pages.map((p) => `${p.width}×${p.height}`).join(', ');
  if (!offenders.size) return finding(spec, 'pass', `${counted} element(s) to tap, all inside the safe area at ${sizes}`);
  const shown = [...offenders].map(([what, at]) => `${what} at ${[...new Set(at)].join(', ')}`);
  const list = shown.slice(0, 8).join('; ') + (shown.length > 8 ? `; and ${shown.length - 8} more` : '');
  return finding(spec, 'fail', `${shown.length} element(s) in the unsafe area: ${list}`);
}
