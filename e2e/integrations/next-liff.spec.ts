/**
 * An app on `@line/liff` made by the platform's scaffolder with its Next.js TypeScript template,
 * its code unchanged (`e2e/fixtures/next-liff-app/`: `withEmbedkit` in its next.config, its LIFF ID
 * in `.env.local`), run as a developer runs it: `embedkit dev -- next dev` (Turbopack, Next.js's
 * default). The host opens it by the link `embedkit dev` prints and the template's own page says
 * "LIFF init succeeded.".
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startEmbedkitDev, stopEmbedkitDev } from './embedkit-dev.js';
import { ALICE, expect, test } from '../support/fixtures.js';
import { NEXT_FIXTURE_LIFF_ID, makeNextLiffApp, removeNextLiffApp } from './next-liff-app.js';

let dir: string | undefined;
let dev: ChildProcess | undefined;

test.afterAll(async () => {
  if (dev) await stopEmbedkitDev(dev);
  if (dir) removeNextLiffApp(dir);
});

/** A TCP port free on loopback now (`next dev` prints the port it was given, not one it picked). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

test('the scaffolder’s Next.js template, unchanged, under embedkit dev and withEmbedkit inits in the host', async ({ page }) => {
  // A first compile of the page by Turbopack takes seconds on a loaded machine.
  test.setTimeout(180_000);
  dir = makeNextLiffApp();
  const next = join(dir, 'node_modules/next/dist/bin/next');
  const started = await startEmbedkitDev(dir, [process.execPath, next, 'dev', '--port', String(await freePort())], {
    NEXT_TELEMETRY_DISABLED: '1',
  });
  dev = started.process;
  const link = started.link;
  expect(link).toContain(`?app=${NEXT_FIXTURE_LIFF_ID}`);
  await page.goto(`${link}&user=${ALICE}`);
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('main')).toContainText('LIFF init succeeded.', { timeout: 120_000 });
  await expect(app.locator('main')).not.toContainText('LIFF init failed.');
  await expect(page.locator('#bridge-log .log-entry[data-method="liffInit"][data-outcome="ok"]')).toHaveCount(1);
});
