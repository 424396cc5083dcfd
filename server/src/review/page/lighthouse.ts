/**
 * The Performance check: Lighthouse (the `lighthouse` package, an optional peer) on the MINI App's
 * own URL in the machine's Chromium, its default mobile form factor and throttling (simulated slow
 * 4G, 4× CPU slowdown), the Performance category only, no LINE Login: the LINE MINI App
 * performance guideline asks for a Performance score of 50 or more, measured without LINE Login.
 */
import type { Finding } from '#contract/review.js';
import { finding, type CheckSpec } from '../findings.js';
import { INSTALL_LIGHTHOUSE, type BrowserTools, type LighthouseResult } from './browser.js';

/** The guideline's least Performance score (of 100). */
export const PERFORMANCE_MIN_SCORE = 50;

export const PERFORMANCE_CHECK: CheckSpec = {
  check: 'performance.score',
  area: 'page',
  title: 'Lighthouse Performance score of 50 or more',
  rule: `Lighthouse Performance ${PERFORMANCE_MIN_SCORE} or more, measured on the MINI App’s page without LINE Login (mobile)`,
  source: 'https://developers.line.biz/en/docs/line-mini-app/develop/performance-guidelines/',
  fix: 'Open the Lighthouse report of the page (npx lighthouse <url> --only-categories=performance --view) and follow its opportunities: smaller scripts, fewer render-blocking requests, compressed images.',
};

/** The metrics shown beside the score: their Lighthouse audit IDs and how each is written. */
const METRICS: readonly { audit: string; label: string; format: (v: number) => string }[] = [
  { audit: 'first-contentful-paint', label: 'FCP', format: (v) => `${(v / 1000).toFixed(1)} s` },
  { audit: 'largest-contentful-paint', label: 'LCP', format: (v) => `${(v / 1000).toFixed(1)} s` },
  { audit: 'total-blocking-time', label: 'TBT', format: (v) => `${Math.round(v)} ms` },
  { audit: 'cumulative-layout-shift', label: 'CLS', format: (v) => v.toFixed(3) },
  { audit: 'speed-index', label: 'Speed Index', format: (v) => `${(v / 1000).toFixed(1)} s` },
];

/** The finding of a Lighthouse result. */
export function performanceFinding(result: LighthouseResult | undefined): Finding {
  const lhr = result?.lhr;
  const score = lhr?.categories.performance?.score;
  if (!lhr || score === null || score === undefined) {
    const why = lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no result';
    return finding(
      PERFORMANCE_CHECK,
      'warn',
      `Lighthouse could not score the page (${why})`,
      'Make the page load and paint in Chromium on its own URL, then review again.',
    );
  }
  const points = Math.round(score * 100);
  const metrics = METRICS.map((m) => {
    const v = lhr.audits[m.audit]?.numericValue;
    return `${m.label} ${v === undefined ? '?' : m.format(v)}`;
  }).join(', ');
  const version = lhr.lighthouseVersion ? ` ${lhr.lighthouseVersion}` : '';
  const seen = `Performance ${points} (Lighthouse${version}, mobile): ${metrics}`;
  return finding(PERFORMANCE_CHECK, points >= PERFORMANCE_MIN_SCORE ? 'pass' : 'fail', seen);
}

/** The finding when Lighthouse cannot run: not installed, or no Chromium. */
export function performanceNotRun(why: 'no-package' | 'no-chromium' | 'skipped'): Finding {
  if (why === 'no-package')
    return finding(
      PERFORMANCE_CHECK,
      'warn',
      'not measured: the lighthouse package is not installed (an optional peer dependency)',
      `Install it: ${INSTALL_LIGHTHOUSE}`,
    );
  if (why === 'no-chromium')
    return finding(
      PERFORMANCE_CHECK,
      'warn',
      'not measured: no Chromium found (CHROME_PATH, /usr/bin/chromium)',
      'Install Chromium (apt-get install chromium) or set CHROME_PATH to a Chrome or Chromium binary.',
    );
  return finding(
    PERFORMANCE_CHECK,
    'warn',
    'not measured: Lighthouse was skipped for this review',
    'Review again with Lighthouse (without --no-lighthouse).',
  );
}

/** Runs Lighthouse on `url` in the Chromium listening on `port`. */
export async function runLighthouse(lighthouse: NonNullable<BrowserTools['lighthouse']>, url: string, port: number): Promise<Finding> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    maxWaitForLoad: 30_000,
  });
  return performanceFinding(result);
}
