/**
 * Flex render: a 10-bubble carousel rendered by the host's message preview in Chromium, DOM and
 * layout included (the preview records the time in `#preview-messages[data-render-ms]`).
 */
import { startServer } from '../e2e/server.js';
import { launchChromium } from './browser.js';
import { maximal } from './fixtures.js';
import type { Figure } from './report.js';
import { summarize } from './stats.js';

const RENDERS = 30;

export async function flexFigures(): Promise<Figure[]> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.baseUrl}/?tab=simulator`);
    await page.waitForSelector('#preview-input');
    const carousel = JSON.stringify(maximal.messages[0]);
    const times: number[] = [];
    for (let i = 0; i < RENDERS + 3; i++) {
      const ms = await page.evaluate((text) => {
        const input = document.querySelector<HTMLTextAreaElement>('#preview-input')!;
        const preview = document.querySelector<HTMLElement>('#preview-messages')!;
        delete preview.dataset.renderMs;
        input.value = text;
        input.dispatchEvent(new Event('input'));
        return Number(preview.dataset.renderMs);
      }, carousel + ' '.repeat(i % 2));
      if (i >= 3) times.push(ms); // the first renders warm the JIT up
    }
    const s = summarize(times);
    return [{ figure: 'flex render, 10-bubble carousel (DOM + layout)', unit: 'ms', embedkit: s, target: '<= 16 ms', pass: s.median <= 16 }];
  } finally {
    await browser.close();
    await server.stop();
  }
}
