/**
 * The page checks in the machine's Chromium (Lighthouse skipped here; lighthouse.test.ts runs it):
 * a page that keeps the viewport, title and safe-area rules passes them; a fixed button in the
 * bottom 34 px, a link at a landscape edge, a page with no title nor viewport and a long title fail
 * or warn, naming what broke the rule. Without Chromium, or without the packages that drive it, the
 * review says so and reads the title and viewport from the HTML as served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '#contract/review.js';
import { reviewPage } from '../../src/review/page/index.js';
import { findChromium } from '../../src/review/page/browser.js';
import { servePages } from './pages.js';

let pages: Awaited<ReturnType<typeof servePages>>;
beforeAll(async () => {
  pages = await servePages();
});
afterAll(() => pages?.close());

const byCheck = (findings: Finding[]) => Object.fromEntries(findings.map((f) => [f.check, f]));
const review = async (path: string) => byCheck(await reviewPage({ url: pages.url(path), lighthouse: false }));

describe.skipIf(!findChromium())('the page checks in Chromium', { timeout: 60_000 }, () => {
  it('passes a page with a viewport, a title and nothing to tap in the unsafe bands', async () => {
    const f = await review('/good/');
    expect(f['page.viewport']).toMatchObject({ status: 'pass', seen: 'content="width=device-width, initial-scale=1"' });
    expect(f['page.title']).toMatchObject({ status: 'pass', seen: '"Cafe" (4 columns)' });
    expect(f['safe-area.portrait']).toMatchObject({ status: 'pass', seen: expect.stringContaining('3 element(s) to tap') });
    expect(f['safe-area.landscape']?.status).toBe('pass');
    expect(f['performance.score']).toMatchObject({ status: 'warn', seen: 'not measured: Lighthouse was skipped for this review' });
    expect(f['safe-area.portrait']?.source).toBe('https://developers.line.biz/en/docs/line-mini-app/design/landscape/');
    expect(f['safe-area.portrait']?.fix).toBeUndefined();
  });

  it('fails a fixed button in the bottom 34 px, naming it and the device', async () => {
    const f = await review('/bottom-bar/');
    expect(f['safe-area.portrait']).toMatchObject({ status: 'fail', fix: expect.stringContaining('padding-bottom: 34px') });
    expect(f['safe-area.portrait']?.seen).toBe(
      '1 element(s) in the unsafe area: button#pay "Pay now" in the bottom 34 px at 390×844, 412×915, 375×667',
    );
    expect(f['safe-area.landscape']?.seen).toContain('button#pay "Pay now" in the bottom 21 px');
  });

  it('fails a link in the left 44 px in landscape only', async () => {
    const f = await review('/edge/');
    expect(f['safe-area.portrait']?.status).toBe('pass');
    expect(f['safe-area.landscape']).toMatchObject({ status: 'fail', seen: expect.stringContaining('a#back "Back" in the left 44 px') });
  });

  it('fails a page with no title nor viewport, and warns of a title the header cuts', async () => {
    const f = await review('/untitled/');
    expect(f['page.title']).toMatchObject({ status: 'fail', seen: 'no <title>: the header shows no service name' });
    expect(f['page.viewport']).toMatchObject({
      status: 'fail',
      seen: 'no <meta name="viewport">',
      fix: expect.stringContaining('width=device-width'),
    });
    const long = await review('/long-title/');
    expect(long['page.title']).toMatchObject({ status: 'warn', seen: expect.stringMatching(/: 67 columns, over the header’s 32/) });
  });

  it('says a page that does not answer could not be loaded', async () => {
    await expect(reviewPage({ url: 'http://127.0.0.1:9/', lighthouse: false })).rejects.toThrow(/could not load http:\/\/127\.0\.0\.1:9\//);
  });
});

describe('the page checks without a browser', () => {
  it('with no Chromium: says so, reads the title and viewport from the served HTML', async () => {
    const f = byCheck(await reviewPage({ url: pages.url('/untitled/'), chromePath: null }));
    expect(f['page.title']).toMatchObject({
      status: 'fail',
      seen: expect.stringContaining('(read from the HTML as served: no Chromium found'),
    });
    expect(f['page.viewport']?.status).toBe('fail');
    expect(f['safe-area.portrait']).toMatchObject({ status: 'warn', seen: expect.stringContaining('not measured: no Chromium found') });
    expect(f['performance.score']).toMatchObject({ status: 'warn', fix: expect.stringContaining('CHROME_PATH') });
    expect(byCheck(await reviewPage({ url: pages.url('/good/'), chromePath: null }))['page.title']?.status).toBe('pass');
  });

  it('without the lighthouse package: a warn that says how to install it', async () => {
    const f = byCheck(await reviewPage({ url: pages.url('/good/'), chromePath: '/usr/bin/chromium', tools: {} }));
    expect(f['performance.score']).toMatchObject({
      status: 'warn',
      seen: 'not measured: the lighthouse package is not installed (an optional peer dependency)',
      fix: 'Install it: npm install --save-dev lighthouse@12',
    });
    expect(f['safe-area.landscape']?.seen).toContain('lighthouse package');
  });
});
