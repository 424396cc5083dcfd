/**
 * The page checks of a review (area `page`): the viewport meta, the `<title>`, the layout inside the
 * safe areas in portrait and landscape, and the Lighthouse Performance score, all on the MINI App's
 * own URL (its endpoint, without LINE Login). One Chromium serves them all; with no Chromium (or
 * without the packages that drive it) the review says so and reads the title and viewport from
 * the HTML as served.
 */
import type { Finding } from '#contract/review.js';
import { finding } from '../findings.js';
import { CHROMIUM_FLAGS, findChromium, loadBrowserTools, type BrowserTools } from './browser.js';
import { readServedDocument, titleFinding, viewportFinding } from './document.js';
import { layOut } from './layout.js';
import { performanceNotRun, runLighthouse } from './lighthouse.js';
import { safeAreaCheck, safeAreaFinding, type Orientation } from './safe-areas.js';

export { PERFORMANCE_CHECK } from './lighthouse.js';
export { TITLE_CHECK, VIEWPORT_CHECK } from './document.js';
export { safeAreaCheck } from './safe-areas.js';

/** Options of {@link reviewPage}. */
export interface PageReviewOptions {
  /** The page to measure: the MINI App's endpoint URL. */
  url: string;
  /** Run Lighthouse (default true). */
  lighthouse?: boolean;
  /** Told each step as it starts (`laying out the page`, `running Lighthouse`). */
  onProgress?: (step: string) => void;
  /** The packages that drive the browser (default: those installed) and the Chromium binary (default: the machine's): for tests. */
  tools?: BrowserTools;
  chromePath?: string | null;
}

const ORIENTATIONS: readonly Orientation[] = ['portrait', 'landscape'];

/** The page checks without a browser: the served HTML's title and viewport, the other checks said not to have run. */
async function withoutBrowser(url: string, why: string, fix: string, perf: Finding): Promise<Finding[]> {
  const how = ` (read from the HTML as served: ${why})`;
  let doc: { title: string | null; viewport: string | null };
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    doc = readServedDocument(await res.text());
  } catch (e) {
    throw new Error(`the page ${url} could not be loaded: ${(e as Error).message}`, { cause: e });
  }
  return [
    viewportFinding(doc.viewport, how),
    titleFinding(doc.title, how),
    ...ORIENTATIONS.map((o) => finding(safeAreaCheck(o), 'warn', `not measured: ${why}`, fix)),
    perf,
  ];
}

/** Runs the page checks on `options.url`. @throws Error when the page cannot be loaded at all */
export async function reviewPage(options: PageReviewOptions): Promise<Finding[]> {
  const { url, onProgress } = options;
  const tools = options.tools ?? (await loadBrowserTools());
  const chromePath = options.chromePath === undefined ? findChromium() : (options.chromePath ?? undefined);
  const wantLighthouse = options.lighthouse !== false;
  if (!chromePath) {
    const why = 'no Chromium found (CHROME_PATH, /usr/bin/chromium)';
    return withoutBrowser(
      url,
      why,
      'Install Chromium (apt-get install chromium) or set CHROME_PATH.',
      performanceNotRun(wantLighthouse ? 'no-chromium' : 'skipped'),
    );
  }
  if (!tools.launch || !tools.connect) {
    const why = 'the lighthouse package (which brings chrome-launcher and puppeteer-core) is not installed';
    return withoutBrowser(
      url,
      why,
      'Install it: npm install --save-dev lighthouse@12',
      performanceNotRun(wantLighthouse ? 'no-package' : 'skipped'),
    );
  }
  onProgress?.('starting Chromium');
  const chrome = await tools.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    onProgress?.('laying the page out (safe areas, title, viewport)');
    const browser = await tools.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    let layout;
    try {
      layout = await layOut(browser, url);
    } finally {
      await browser.disconnect().catch(() => undefined);
    }
    const findings = [
      viewportFinding(layout.viewport),
      titleFinding(layout.title),
      ...ORIENTATIONS.map((o) =>
        safeAreaFinding(
          o,
          layout.pages.filter((p) => p.orientation === o),
        ),
      ),
    ];
    if (!wantLighthouse) return [...findings, performanceNotRun('skipped')];
    if (!tools.lighthouse) return [...findings, performanceNotRun('no-package')];
    onProgress?.('running Lighthouse (mobile)');
    return [...findings, await runLighthouse(tools.lighthouse, url, chrome.port)];
  } finally {
    await chrome.kill();
  }
}
