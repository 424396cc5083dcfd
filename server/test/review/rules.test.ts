/**
 * The review's pure parts: which MINI App a target names and the URL measured (LIFF ID, permanent
 * links with their path and query, Custom Path, endpoint URL), the header's columns of a title,
 * the title and viewport read from served HTML, the unsafe bands of each orientation, and the
 * report as text.
 */
import { describe, expect, it } from 'vitest';
import { resolveTarget, UnknownTarget, type ReviewApp } from '../../src/review/target.js';
import { columnsOf, readServedDocument, titleFinding } from '../../src/review/page/document.js';
import { unsafeBand } from '../../src/review/page/safe-areas.js';
import { renderReport } from '../../src/review/render.js';
import { finding, summarize } from '../../src/review/findings.js';
import { PERFORMANCE_CHECK } from '../../src/review/page/index.js';

const APPS: ReviewApp[] = [
  {
    embedId: '1650000001-liffapp1',
    name: 'LIFF demo',
    viewUrl: 'http://127.0.0.1:8080/demo/liff-app/',
    miniApp: { customPath: 'embedkit_demo' },
  },
  { embedId: '1650000001-shop0001', name: 'Shop', viewUrl: 'https://shop.example.test/app', miniApp: {} },
  { embedId: '1650000001-demoapp1', name: 'Demo app', viewUrl: 'http://127.0.0.1:8080/demo/app/' },
];

describe('resolveTarget', () => {
  it('finds the MINI App by LIFF ID, permanent link, Custom Path or endpoint URL', () => {
    expect(resolveTarget('1650000001-liffapp1', APPS)).toMatchObject({ app: { embedId: '1650000001-liffapp1' }, url: APPS[0]!.viewUrl });
    expect(resolveTarget('https://liff.line.me/1650000001-shop0001/menu/today?table=4', APPS).url).toBe(
      'https://shop.example.test/app/menu/today?table=4',
    );
    expect(resolveTarget('https://miniapp.line.me/embedkit_demo', APPS).app.embedId).toBe('1650000001-liffapp1');
    expect(resolveTarget('https://miniapp.line.me/1650000001-shop0001', APPS).url).toBe('https://shop.example.test/app');
    expect(resolveTarget('https://shop.example.test/app/cart?x=1', APPS)).toMatchObject({
      app: { embedId: '1650000001-shop0001' },
      url: 'https://shop.example.test/app/cart?x=1',
    });
  });

  it('refuses what names no MINI App, saying which there are', () => {
    expect(() => resolveTarget('1650000001-nope', APPS)).toThrow(
      /LIFF ID 1650000001-nope names no app of the world \(its MINI Apps: 1650000001-liffapp1, 1650000001-shop0001\)/,
    );
    expect(() => resolveTarget('1650000001-demoapp1', APPS)).toThrow('1650000001-demoapp1 (Demo app) is not a LINE MINI App');
    expect(() => resolveTarget('https://shop.example.test/application', APPS)).toThrow(UnknownTarget);
    expect(() => resolveTarget('not a target', APPS)).toThrow('not a target is neither a LIFF ID (1650000001-liffapp1) nor a URL');
  });
});

describe('the title and viewport', () => {
  it('counts a full-width character as two columns', () => {
    expect(columnsOf('Cafe')).toBe(4);
    expect(columnsOf('カフェ予約')).toBe(10);
    expect(titleFinding('ご予約ありがとうございます。本日のメニューと席の空き状況').status).toBe('warn');
    expect(titleFinding('  ').status).toBe('fail');
  });

  it('reads them from the HTML as served', () => {
    expect(readServedDocument('<head><meta content="width=device-width" name=viewport><title>A &amp; B</title>')).toEqual({
      title: 'A & B',
      viewport: 'width=device-width',
    });
    expect(readServedDocument('<p>hi</p>')).toEqual({ title: null, viewport: null });
  });
});

describe('the unsafe bands', () => {
  const portrait = { orientation: 'portrait' as const, width: 390, height: 844, documentHeight: 1200 };
  const box = (x: number, y: number, fixed = false) => ({ name: 'button', x, y, width: 100, height: 40, fixed });
  it('puts a fixed box at the web view’s bottom, one in the flow at the end of the scroll', () => {
    expect(unsafeBand(box(16, 800, true), portrait)).toBe('the bottom 34 px');
    expect(unsafeBand(box(16, 760, true), portrait)).toBeUndefined();
    expect(unsafeBand(box(16, 800), portrait)).toBeUndefined();
    expect(unsafeBand(box(16, 1150), portrait)).toBe('the bottom 34 px');
    expect(unsafeBand(box(0, 100), portrait)).toBeUndefined();
  });
  it('keeps 44 px left and right and 21 px at the bottom in landscape', () => {
    const landscape = { orientation: 'landscape' as const, width: 844, height: 390, documentHeight: 390 };
    expect(unsafeBand(box(30, 100), landscape)).toBe('the left 44 px');
    expect(unsafeBand(box(720, 100), landscape)).toBe('the right 44 px');
    expect(unsafeBand(box(44, 330), landscape)).toBe('the bottom 21 px');
    expect(unsafeBand(box(44, 320), landscape)).toBeUndefined();
  });
});

describe('renderReport', () => {
  it('lists each finding with what was seen, the rule and its source, the fix of a fail, then the counts', () => {
    const findings = [finding(PERFORMANCE_CHECK, 'fail', 'Performance 31')];
    const text = renderReport({
      liffId: '1650000001-liffapp1',
      url: 'http://x/',
      startedAt: 0,
      durationMs: 12_340,
      findings,
      summary: summarize(findings),
    });
    expect(text).toContain('Review of 1650000001-liffapp1 (http://x/) in 12.3 s');
    expect(text).toContain('FAIL  performance.score  Lighthouse Performance score of 50 or more');
    expect(text).toContain('seen: Performance 31');
    expect(text).toContain('(https://developers.line.biz/en/docs/line-mini-app/develop/performance-guidelines/)');
    expect(text).toContain('fix:  Open the Lighthouse report');
    expect(text.endsWith('0 pass, 0 warn, 1 fail\n')).toBe(true);
  });
});
