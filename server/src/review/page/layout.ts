/**
 * The page laid out in Chromium at each safe-area preset, portrait and landscape: the boxes of what
 * a person taps, the document's height, its `<title>` and viewport meta, read in the page by one
 * script (the review's own, with no access to the app's state). Each preset's page is loaded fresh.
 */
import type { PuppeteerBrowser } from './browser.js';
import { SAFE_AREA_PRESETS, type LaidOut, type Orientation, type TapTarget } from './safe-areas.js';

/** What the page script answers. */
interface Measured {
  width: number;
  height: number;
  documentHeight: number;
  targets: TapTarget[];
  title: string | null;
  viewport: string | null;
}

/** The document as laid out: the title and viewport meta (read once), and each preset's boxes. */
export interface Layout {
  title: string | null;
  viewport: string | null;
  pages: LaidOut[];
}

/**
 * Runs in the page: every visible element a person taps (links, buttons, inputs, selects,
 * textareas, summaries, button and link roles, click handlers in markup, tab stops), named by tag,
 * ID and text; a box stays in viewport coordinates when it or an ancestor is fixed or sticky.
 */
const MEASURE = `(() => {
  const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [onclick], [tabindex]:not([tabindex="-1"])';
  const targets = [];
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || Number(cs.opacity) === 0 || el.closest('[aria-hidden="true"], [inert]')) continue;
    let fixed = false;
    for (let n = el; n && n !== document.documentElement; n = n.parentElement) {
      const p = getComputedStyle(n).position;
      if (p === 'fixed' || p === 'sticky') { fixed = true; break; }
    }
    const label = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('value') || el.getAttribute('placeholder') || '').replace(/\\s+/g, ' ').trim().slice(0, 40);
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (label ? ' "' + label + '"' : '');
    targets.push({ name, x: r.left + (fixed ? 0 : scrollX), y: r.top + (fixed ? 0 : scrollY), width: r.width, height: r.height, fixed });
  }
  const de = document.documentElement;
  const meta = document.querySelector('meta[name="viewport" i]');
  return {
    width: innerWidth,
    height: innerHeight,
    documentHeight: Math.max(de.scrollHeight, document.body ? document.body.scrollHeight : 0),
    targets,
    title: document.querySelector('title') ? document.title : null,
    viewport: meta ? meta.getAttribute('content') || '' : null,
  };
})()`;

/** How long a page may take to load before it is measured as it stands (ms). */
const LOAD_TIMEOUT_MS = 15_000;
/** How long the page may keep fetching after its load before it is measured (ms). */
const SETTLE_TIMEOUT_MS = 3_000;

/** Loads `url` at each preset in both orientations and measures it. */
export async function layOut(browser: PuppeteerBrowser, url: string): Promise<Layout> {
  const pages: LaidOut[] = [];
  let document: Pick<Measured, 'title' | 'viewport'> = { title: null, viewport: null };
  const page = await browser.newPage();
  try {
    for (const orientation of ['portrait', 'landscape'] as Orientation[]) {
      for (const preset of SAFE_AREA_PRESETS) {
        const [width, height] = orientation === 'portrait' ? [preset.width, preset.height] : [preset.height, preset.width];
        await page.setViewport({
          width,
          height,
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
          isLandscape: orientation === 'landscape',
        });
        await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS }).catch((e: unknown) => {
          if ((e as Error).name !== 'TimeoutError')
            throw new Error(`Chromium could not load ${url}: ${(e as Error).message}`, { cause: e });
        });
        // What the page's scripts fetch and draw after the load; one that keeps connections open (a live feed) is measured as it stands.
        await page.waitForNetworkIdle({ idleTime: 250, concurrency: 2, timeout: SETTLE_TIMEOUT_MS }).catch(() => undefined);
        const m = (await page.evaluate(MEASURE)) as Measured;
        if (!pages.length) document = { title: m.title, viewport: m.viewport };
        pages.push({
          preset: preset.label,
          orientation,
          width: m.width,
          height: m.height,
          documentHeight: m.documentHeight,
          targets: m.targets,
        });
      }
    }
  } finally {
    await page.close().catch(() => undefined);
  }
  return { ...document, pages };
}
