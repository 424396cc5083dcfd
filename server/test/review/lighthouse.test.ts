/**
 * The Performance check: Lighthouse (mobile, its default throttling) in the machine's Chromium
 * scores a small page 50 or more (pass, with FCP, LCP, TBT, CLS and Speed Index seen) and a page
 * that keeps the main thread busy for seconds below 50 (fail); a page Lighthouse cannot score is a
 * warn that says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewPage } from '../../src/review/page/index.js';
import { CHROMIUM_FLAGS, findChromium, loadBrowserTools } from '../../src/review/page/browser.js';
import { performanceFinding, runLighthouse } from '../../src/review/page/lighthouse.js';
import { servePages } from './pages.js';

let pages: Awaited<ReturnType<typeof servePages>>;
beforeAll(async () => {
  pages = await servePages();
});
afterAll(() => pages?.close());

const performance = async (path: string) => (await reviewPage({ url: pages.url(path) })).find((f) => f.check === 'performance.score');
const tools = await loadBrowserTools();
const installed = !!tools.lighthouse;

describe.skipIf(!findChromium() || !installed)('Lighthouse in Chromium', { timeout: 120_000 }, () => {
  it('passes a small page, its metrics seen', async () => {
    const f = await performance('/good/');
    expect(f).toMatchObject({
      status: 'pass',
      source: 'https://developers.line.biz/en/docs/line-mini-app/develop/performance-guidelines/',
    });
    expect(f?.seen).toMatch(
      /^Performance (\d+) \(Lighthouse 12\.\d+\.\d+, mobile\): FCP [\d.]+ s, LCP [\d.]+ s, TBT \d+ ms, CLS [\d.]+, Speed Index [\d.]+ s$/,
    );
    expect(Number(/^Performance (\d+)/.exec(f!.seen)![1])).toBeGreaterThanOrEqual(50);
  });

  it('fails a page whose scripts block the main thread for seconds', async () => {
    // Lighthouse alone: the layout's six loads of a page busy for seconds would only make the test slow.
    const chrome = await tools.launch!({ chromePath: findChromium()!, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
    const f = await runLighthouse(tools.lighthouse!, pages.url('/busy/'), chrome.port).finally(() => chrome.kill());
    expect(f).toMatchObject({ status: 'fail', fix: expect.stringContaining('npx lighthouse') });
    expect(Number(/^Performance (\d+)/.exec(f!.seen)![1])).toBeLessThan(50);
  });
});

describe('a Lighthouse result without a score', () => {
  it('is a warn naming Lighthouse’s error', () => {
    const f = performanceFinding({
      lhr: {
        categories: { performance: { score: null } },
        audits: {},
        runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' },
      },
    });
    expect(f).toMatchObject({ status: 'warn', seen: 'Lighthouse could not score the page (NO_FCP: The page did not paint any content.)' });
  });
});
