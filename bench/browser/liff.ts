/**
 * The plugin for `@line/liff` against the first-generation SDK, in the same host page of the same
 * run: `liff.init` to ready (the bundle of `@line/liff` and the plugin, from its arrival: module
 * evaluation, bridge handshake and the `liffInit` session) against `embed.init` to its success
 * callback (from the SDK script's arrival), and a `getProfile` round trip of each (host → HTTP →
 * server → host → app).
 */
import { startServer } from '../../e2e/support/server.js';
import { appFrame, benchValue, injectEcho, launchChromium, register } from './browser.js';
import type { Figure } from '../lib/report.js';
import { anchored, informational } from '../lib/report.js';
import { servePages } from './serve-pages.js';
import { buildPage, buildPages } from './build-pages.js';
import { summarize } from '../lib/stats.js';
import type { Page } from '@playwright/test';

const ALICE = 'U0a11ce0000000000000000000000a11c';
const LOADS = 20;
const CALLS = 500;

/** Opens `embedId` in the host, reloads its frame `LOADS` times; the init times, then `CALLS` getProfile calls. */
async function measure(page: Page, baseUrl: string, embedId: string, appUrl: string): Promise<{ init: number[]; calls: number[] }> {
  await page.goto(`${baseUrl}/?app=${embedId}&context=utou&user=${ALICE}&view=full`);
  await page.waitForSelector('body[data-ready="true"]');
  // The first-generation page times a raw round trip to its parent after init: the echo answers it.
  await injectEcho(page);
  let frame = appFrame(page, appUrl);
  await benchValue(frame, 'init');
  const init: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    await frame.goto(appUrl);
    frame = appFrame(page, appUrl);
    init.push(await benchValue<number>(frame, 'init'));
  }
  await benchValue(frame, 'calls');
  const calls = await frame.evaluate(
    (n) => (window as unknown as { bench: { calls: (m: 'getProfile', n: number) => Promise<number[]> } }).bench.calls('getProfile', n),
    CALLS,
  );
  return { init, calls };
}

export async function liffFigures(): Promise<Figure[]> {
  await buildPages();
  await buildPage('liff-app', { format: 'iife', commonjs: true });
  const server = await startServer();
  const pages = await servePages(`${server.baseUrl}/sdk/v1/sdk.js`);
  const browser = await launchChromium();
  try {
    const firstGen = await register(server.baseUrl, pages.appUrl);
    const plugin = await register(server.baseUrl, pages.liffAppUrl);
    pages.setLiffId(plugin);
    const page = await browser.newPage();
    const v1 = await measure(page, server.baseUrl, firstGen, pages.appUrl);
    const v2 = await measure(page, server.baseUrl, plugin, pages.liffAppUrl);
    const initS = summarize(v2.init);
    const v1InitS = summarize(v1.init);
    const callS = summarize(v2.calls);
    const v1CallS = summarize(v1.calls);
    return [
      informational(
        {
          figure: `@line/liff + embedkit plugin: liff.init to ready in the host, ${LOADS} loads`,
          unit: 'ms',
          embedkit: initS,
          anchor: { name: 'first-generation embed.init, same host page', value: v1InitS },
        },
        'includes @line/liff evaluation',
      ),
      anchored(
        {
          figure: `@line/liff + embedkit plugin: liff.getProfile round trip, ${CALLS} calls, per-call mean of batches of 50`,
          unit: 'ms',
          embedkit: callS,
          anchor: { name: 'first-generation embed.getProfile, same host page', value: v1CallS },
        },
        'median <= 1.5x first generation',
        callS.median <= 1.5 * v1CallS.median,
      ),
    ];
  } finally {
    await browser.close();
    await pages.close();
    await server.stop();
  }
}
