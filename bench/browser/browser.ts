/**
 * Browser figures in Debian's Chromium: init latency (SDK script start to the success callback,
 * host already open) against one raw postMessage round trip between the same frames, and bridge
 * calls against a raw MessagePort echo between the same frames; then the host as a phone loads it,
 * under Lighthouse (`./lighthouse.ts`).
 */
import { chromium, type Browser, type Frame, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../e2e/support/chromium.js';
import { botPost, channelToken } from '../../e2e/support/platform.js';
import { startServer } from '../../e2e/support/server.js';
import { buildPages } from './build-pages.js';
import { servePages } from './serve-pages.js';
import { lighthouseFigures } from './lighthouse.js';
import type { Figure } from '../lib/report.js';
import { anchored, informational } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';
const LOADS = 50;
const CALLS = 1000;

/** Launches Debian's Chromium with the flags this machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

/** Registers the bench app on the default channel. @returns its embed id */
export async function register(baseUrl: string, url: string): Promise<string> {
  const res = await botPost(baseUrl, await channelToken(baseUrl))('/embed/v1/apps', { view: { type: 'full', url } });
  return ((await res.json()) as { embedId: string }).embedId;
}

/** Waits until the app frame's bench object has `key`, and returns it. */
export async function benchValue<T>(frame: Frame, key: string): Promise<T> {
  await frame.waitForFunction((k) => {
    const b = (window as unknown as { bench?: Record<string, unknown> }).bench;
    return b && (b[k] !== undefined || b.initError !== undefined);
  }, key);
  const error = await frame.evaluate(() => (window as unknown as { bench: { initError?: string } }).bench.initError);
  if (error) throw new Error(`bench app init failed: ${error}`);
  return frame.evaluate((k) => (window as unknown as { bench: Record<string, unknown> }).bench[k], key) as Promise<T>;
}

/** The frame of the page showing `appUrl`. */
export function appFrame(page: Page, appUrl: string): Frame {
  const frame = page.frames().find((f) => f.url() === appUrl);
  if (!frame) throw new Error('app frame not found');
  return frame;
}

/** Echo listeners in the top page (the anchors), as the stub host has them built in. */
export async function injectEcho(page: Page): Promise<void> {
  await page.evaluate(() => {
    addEventListener('message', (e) => {
      if ((e.data as { benchEcho?: number } | null)?.benchEcho !== undefined && e.source)
        (e.source as Window).postMessage(e.data, { targetOrigin: e.origin });
      if ((e.data as { benchPort?: boolean } | null)?.benchPort && e.source) {
        const channel = new MessageChannel();
        channel.port1.onmessage = (m) => channel.port1.postMessage(m.data);
        (e.source as Window).postMessage({ benchPortReady: true }, { targetOrigin: e.origin, transfer: [channel.port2] });
      }
    });
  });
}

/** The bridge's figures on the harness pages, then the host under Lighthouse (`./lighthouse.ts`). */
export async function browserFigures(): Promise<Figure[]> {
  return [...(await bridgeFigures()), ...(await lighthouseFigures())];
}

async function bridgeFigures(): Promise<Figure[]> {
  await buildPages();
  const server = await startServer();
  const pages = await servePages(`${server.baseUrl}/sdk/v1/sdk.js`);
  const browser = await launchChromium();
  try {
    const embedId = await register(server.baseUrl, pages.appUrl);
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/?app=${embedId}&context=utou&user=${ALICE}&view=full`);
    await page.waitForSelector('body[data-ready="true"]');
    await injectEcho(page);
    let frame = appFrame(page, pages.appUrl);
    await benchValue(frame, 'init');

    const init: number[] = [];
    const echo: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      await frame.goto(pages.appUrl);
      frame = appFrame(page, pages.appUrl);
      init.push(await benchValue<number>(frame, 'init'));
      echo.push(await benchValue<number>(frame, 'echo'));
    }
    const realProfile = await frame.evaluate((n) => window.bench.calls!('getProfile', n), CALLS);
    const realPortEcho = await frame.evaluate((n) => window.bench.portEcho!(n), CALLS);

    const stub = await browser.newPage();
    await stub.goto(pages.stubHostUrl);
    const stubFrame = await stub
      .waitForEvent('framenavigated', { predicate: (f) => f.url() === pages.appUrl })
      .catch(() => appFrame(stub, pages.appUrl));
    await benchValue(stubFrame, 'calls');
    const cheap = await stubFrame.evaluate((n) => window.bench.calls!('getProfile', n), CALLS);
    const portEcho = await stubFrame.evaluate((n) => window.bench.portEcho!(n), CALLS);

    const initS = summarize(init);
    const echoS = summarize(echo);
    const cheapS = summarize(cheap);
    const portS = summarize(portEcho);
    const realS = summarize(realProfile);
    const realPortS = summarize(realPortEcho);
    return [
      anchored(
        {
          figure: `init latency, ${LOADS} loads`,
          unit: 'ms',
          embedkit: initS,
          anchor: { name: 'raw postMessage round trip', value: echoS },
        },
        'median <= 10 ms',
        initS.median <= 10,
      ),
      anchored(
        {
          figure: `bridge call (cheap: answered by the host at once), ${CALLS} calls, per-call mean of batches of 50`,
          unit: 'ms',
          embedkit: cheapS,
          anchor: { name: 'raw MessagePort echo', value: portS },
        },
        'median <= 3x echo',
        cheapS.median <= 3 * portS.median,
      ),
      informational(
        {
          figure: `bridge call getProfile (host → HTTP → server), ${CALLS} calls, per-call mean of batches of 50`,
          unit: 'ms',
          embedkit: realS,
          anchor: { name: 'raw MessagePort echo', value: realPortS },
        },
        'includes HTTP',
      ),
    ];
  } finally {
    await browser.close();
    await pages.close();
    await server.stop();
  }
}
