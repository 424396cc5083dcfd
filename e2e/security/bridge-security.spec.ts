// Pages the host did not open from the registry get no port and no data.
import type { Page } from '@playwright/test';
import { expect, openDemo, test } from '../support/fixtures.js';
import { removeDataDir, startServer } from '../support/server.js';

/** Records, in every frame, each message the frame receives (data and whether ports came along). */
async function recordMessages(page: Page) {
  await page.addInitScript(() => {
    const log: Array<{ origin: string; data: unknown; ports: number }> = [];
    (window as unknown as { __received: typeof log }).__received = log;
    window.addEventListener(
      'message',
      (e) => {
        let data: unknown;
        try {
          data = JSON.parse(JSON.stringify(e.data));
        } catch {
          data = String(e.data);
        }
        log.push({ origin: e.origin, data, ports: e.ports.length });
      },
      true,
    );
  });
}

test('a page from an unregistered origin in the app frame gets no port and no data', async ({ page, server }) => {
  await recordMessages(page);
  const other = await startServer();
  try {
    await openDemo(page, server);
    const frame = page.frame({ url: /127\.0\.0\.1/ })!;
    // The app navigates its frame to a page of another origin, which loads the SDK too.
    await frame.goto(`${other.demoOrigin}/demo/app/`);
    const app = page.frameLocator('#app-frame');
    await expect(app.locator('body')).toHaveAttribute('data-init', 'error', { timeout: 15_000 });
    await expect(app.locator('#init-error')).toContainText('INIT_FAILED');
    const received = await page
      .frame({ url: new RegExp(other.demoOrigin.replace(/[.:/]/g, '\\$&')) })!
      .evaluate(() => (window as unknown as { __received: unknown[] }).__received);
    expect(received).toEqual([]);
    await expect(page.locator('#bridge-log .log-entry[data-outcome="rejected"]').first()).toBeVisible();
  } finally {
    await other.stop();
    removeDataDir(other.dataDir);
  }
});

test('a frame the host did not open gets nothing for its hello, even from the registered origin', async ({ page, server }) => {
  await recordMessages(page);
  await openDemo(page, server);
  // A forged frame: the registered app's own page, but put there by someone else, not by the host.
  await page.evaluate((src) => {
    const f = document.createElement('iframe');
    f.id = 'forged';
    f.src = src;
    document.body.append(f);
  }, `${server.demoOrigin}/demo/app/?forged=1`);
  const forged = page.frameLocator('#forged');
  await expect(forged.locator('body')).toHaveAttribute('data-init', 'error', { timeout: 15_000 });
  const received = await page.frame({ url: /forged=1/ })!.evaluate(() => (window as unknown as { __received: unknown[] }).__received);
  expect(received).toEqual([]);
});

test('a hello posted by the host page itself or with a forged source is ignored', async ({ page, server }) => {
  await recordMessages(page);
  const app = await openDemo(page, server);
  const before = await page.locator('#bridge-log .log-entry').count();
  // A script in the top page pretends to be the app: the source is the top window, not the frame.
  await page.evaluate(() => window.postMessage({ protocol: 'embedkit-bridge', version: 1, type: 'hello' }, '*'));
  await page.waitForTimeout(300);
  const top = await page.evaluate(() => (window as unknown as { __received: Array<{ data: { type?: string } }> }).__received);
  expect(top.filter((m) => m.data?.type === 'welcome')).toEqual([]);
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
  expect(await page.locator('#bridge-log .log-entry[data-outcome="ok"]').count()).toBeLessThanOrEqual(before);
});
