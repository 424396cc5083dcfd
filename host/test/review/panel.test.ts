// @vitest-environment happy-dom
/**
 * The side panel's Review tool (host/src/review/panel.ts) against a fake simulator API: a button
 * per MINI App, the open one first; a review's findings listed with their status, what was seen,
 * the rule, a link to the published page and the fix of a fail; the counts; a refusal shown as the
 * server words it; hostile text from the server kept as text.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ReviewReport } from '#contract/review.js';
import { hostClient } from '../../src/simulator-api/client.js';
import { ReviewPanel } from '../../src/review/panel.js';

const REPORT: ReviewReport = {
  liffId: '1650000001-liffapp1',
  url: 'http://localhost:8080/demo/liff-app/',
  startedAt: 0,
  durationMs: 18_200,
  findings: [
    {
      check: 'page.title',
      area: 'page',
      status: 'pass',
      title: 'The page’s <title> names the service in the header',
      seen: '"Cafe" (4 columns)',
      rule: 'The header shows the page’s <title>',
      source: 'https://developers.line.biz/en/docs/line-mini-app/discover/ui-components/',
    },
    {
      check: 'safe-area.portrait',
      area: 'page',
      status: 'fail',
      title: 'Buttons stay inside the safe area in portrait',
      seen: '1 element(s) in the unsafe area: button#pay "<img src=x onerror=alert(1)>"',
      rule: 'nothing to tap in the bottom 34 px',
      source: 'https://developers.line.biz/en/docs/line-mini-app/design/landscape/',
      fix: 'Pad the page’s bottom by 34 px.',
    },
  ],
  summary: { pass: 1, warn: 0, fail: 1 },
};

function setup(answer: (body: unknown) => Response) {
  const calls: unknown[] = [];
  const fetchFn = vi.fn(async (_path: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    calls.push(body);
    return answer(body);
  });
  const root = document.createElement('section');
  const panel = new ReviewPanel(root, hostClient('', fetchFn as unknown as typeof fetch));
  return { root, panel, calls };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('ReviewPanel', () => {
  it('offers a button per MINI App, the open one first', () => {
    const { root, panel } = setup(() => json(REPORT));
    expect(root.querySelector('#review-apps')?.textContent).toBe('No LINE MINI App in this world.');
    panel.setApps([
      { embedId: '1650000001-shop0001', name: 'Shop', open: false },
      { embedId: '1650000001-liffapp1', name: 'LIFF demo', open: true },
    ]);
    expect([...root.querySelectorAll('button.review-run')].map((b) => b.textContent)).toEqual(['Review LIFF demo (open)', 'Review Shop']);
  });

  it('reviews the app on its button and lists the findings with their source and fix', async () => {
    const { root, panel, calls } = setup(() => json(REPORT));
    panel.setApps([{ embedId: '1650000001-liffapp1', name: 'LIFF demo', open: true }]);
    const button = root.querySelector<HTMLButtonElement>('button.review-run')!;
    button.click();
    expect(button.disabled).toBe(true);
    expect(root.querySelector('#review-status')?.textContent).toBe('Reviewing LIFF demo… (Lighthouse takes about 20 seconds)');
    await vi.waitFor(() => expect(root.querySelectorAll('li.review-finding')).toHaveLength(2));
    expect(calls).toEqual([{ target: '1650000001-liffapp1' }]);
    expect(button.disabled).toBe(false);
    expect(root.querySelector('#review-status')?.textContent).toBe(
      'LIFF demo: 1 pass, 0 warn, 1 fail (18.2 s, http://localhost:8080/demo/liff-app/)',
    );
    const fail = root.querySelector('li.review-finding[data-status="fail"]')!;
    expect(fail.getAttribute('data-check')).toBe('safe-area.portrait');
    expect(fail.querySelector('.review-seen')?.textContent).toBe(
      'Seen: 1 element(s) in the unsafe area: button#pay "<img src=x onerror=alert(1)>"',
    );
    expect(fail.querySelector('img')).toBeNull();
    expect(fail.querySelector('a')?.getAttribute('href')).toBe('https://developers.line.biz/en/docs/line-mini-app/design/landscape/');
    expect(fail.querySelector('.review-fix')?.textContent).toBe('Fix: Pad the page’s bottom by 34 px.');
    expect(root.querySelector('li.review-finding[data-status="pass"] .review-fix')).toBeNull();
  });

  it('shows a refusal as the server words it', async () => {
    const { root, panel } = setup(() => json({ message: 'LIFF ID 1650000001-gone names no app of the world' }, 404));
    await panel.review({ embedId: '1650000001-gone', name: 'Gone' });
    expect(root.querySelector('#review-status')?.textContent).toBe(
      'The review of Gone was refused: LIFF ID 1650000001-gone names no app of the world (HTTP 404)',
    );
  });
});
