/**
 * The host as a phone loads it: Lighthouse (the version the project pins, its mobile form factor
 * and default simulated throttling) in Debian's Chromium, on the host alone (the chat list) and on
 * the host with the demo MINI App open, each page several times in a fresh Chromium. Each row: the
 * Performance score, FCP, LCP, TBT, CLS and the bytes of script and style transferred (compressed,
 * as on the wire), the median of the runs.
 */
import {
  findChromium,
  CHROMIUM_FLAGS,
  loadBrowserTools,
  type BrowserTools,
  type LighthouseResult,
} from '../../server/dist/review/page/browser.js';
import { startServer } from '../../e2e/support/server.js';
import type { Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const RUNS = 3;
const ALICE = 'U0a11ce0000000000000000000000a11c';
/** The demo MINI App of the default world (demo/liff-app). */
const DEMO_MINI_APP = '1650000001-liffapp1';
/** The platform's bar for a MINI App is 50; the host around it must not be the slow part. */
const MIN_SCORE = 90;
/** Script a phone downloads for the host with the demo open, compressed (bytes). */
const MAX_SCRIPT_BYTES = 200 * 1024;

/** The figures of one Lighthouse run. */
interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
  styleBytes: number;
}

/** The review's reading of a Lighthouse result, with the resource summary's rows (bytes by type) this benchmark reads too. */
type Result = LighthouseResult & {
  lhr: { audits: Record<string, { details?: { items?: Array<{ resourceType?: string; transferSize?: number }> } } | undefined> };
};

/** Lighthouse and the launcher of the review (server/src/review/page/browser.ts), with the machine's Chromium. */
interface Tools {
  lighthouse: NonNullable<BrowserTools['lighthouse']>;
  launch: NonNullable<BrowserTools['launch']>;
  chromePath: string;
}

/** @throws Error when Lighthouse or Chromium is missing */
async function loadTools(): Promise<Tools> {
  const { lighthouse, launch } = await loadBrowserTools();
  const chromePath = findChromium();
  if (!lighthouse || !launch || !chromePath) throw new Error('lighthouse and Chromium are needed (npm ci; apt-get install chromium)');
  return { lighthouse, launch, chromePath };
}

/** One Lighthouse run of `url` in a fresh Chromium. @throws Error when the run failed */
async function runOnce({ lighthouse, launch, chromePath }: Tools, url: string): Promise<Run> {
  const chrome = await launch({ chromePath, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const result = (await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      maxWaitForLoad: 30_000,
    })) as Result | undefined;
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const bytesOf = (type: string) =>
      lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === type)?.transferSize ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      scriptBytes: bytesOf('script'),
      styleBytes: bytesOf('stylesheet'),
    };
  } finally {
    await chrome.kill();
  }
}

/** The rows of one page: score, the four metrics and the bytes, each the median of {@link RUNS} runs. */
function rowsOf(page: string, runs: Run[], scriptTarget?: number): Figure[] {
  const of = (pick: (r: Run) => number) => summarize(runs.map(pick));
  const score = of((r) => r.score);
  const script = of((r) => r.scriptBytes);
  const info = (name: string, unit: string, pick: (r: Run) => number): Figure => ({
    figure: `Lighthouse mobile, ${page}: ${name}`,
    unit,
    embedkit: of(pick),
    target: 'informational',
    pass: true,
  });
  return [
    {
      figure: `Lighthouse mobile, ${page}: Performance score`,
      unit: 'score',
      embedkit: score,
      target: `>= ${MIN_SCORE}`,
      pass: score.median >= MIN_SCORE,
    },
    info('first contentful paint', 'ms', (r) => r.fcp),
    info('largest contentful paint', 'ms', (r) => r.lcp),
    info('total blocking time', 'ms', (r) => r.tbt),
    info('cumulative layout shift', 'score', (r) => r.cls),
    scriptTarget === undefined
      ? info('script transferred', 'bytes', (r) => r.scriptBytes)
      : {
          figure: `Lighthouse mobile, ${page}: script transferred`,
          unit: 'bytes',
          embedkit: script,
          target: `<= ${scriptTarget / 1024} KB`,
          pass: script.median <= scriptTarget,
        },
    info('style transferred', 'bytes', (r) => r.styleBytes),
  ];
}

/** Lighthouse on the host alone and on the host with the demo MINI App, in one embedkit (`--in-memory`). */
export async function lighthouseFigures(): Promise<Figure[]> {
  const tools = await loadTools();
  const server = await startServer(undefined, ['--in-memory']);
  try {
    const pages: Array<[string, string, number | undefined]> = [
      ['the host (chat list)', `${server.baseUrl}/?user=${ALICE}`, undefined],
      ['the host with the demo MINI App', `${server.baseUrl}/?app=${DEMO_MINI_APP}&user=${ALICE}`, MAX_SCRIPT_BYTES],
    ];
    const figures: Figure[] = [];
    for (const [name, url, scriptTarget] of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runOnce(tools, url));
      figures.push(...rowsOf(name, runs, scriptTarget));
    }
    return figures;
  } finally {
    await server.stop();
  }
}
