/**
 * An app on `@line/liff` that knows nothing of embedkit (`e2e/fixtures/vite-liff-app/`: the
 * scaffolder's vanilla template and a profile line, its LIFF ID in `.env`, `embedkit()` in its
 * vite.config) run as a developer runs it: `embedkit dev -- vite`. The host opens it by the link
 * `embedkit dev` prints, and its own `liff.init` and `liff.getProfile()` answer with the world's
 * person.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startEmbedkitDev, stopEmbedkitDev } from './embedkit-dev.js';
import { ALICE, expect, test } from '../support/fixtures.js';
import { CORE_FIXTURE_LIFF_ID, FIXTURE_LIFF_ID, makeViteLiffApp, removeViteLiffApp } from './vite-liff-app.js';

const dirs: string[] = [];
const running: ChildProcess[] = [];

test.afterAll(async () => {
  for (const dev of running) await stopEmbedkitDev(dev);
  for (const dir of dirs) removeViteLiffApp(dir);
});

/** Runs `embedkit dev -- vite` in a new project made from `fixture`; resolves with the host link it prints. */
async function devServer(fixture: 'vite-liff-app' | 'liff-core-app'): Promise<string> {
  const dir = makeViteLiffApp(fixture);
  dirs.push(dir);
  const dev = await startEmbedkitDev(dir, [process.execPath, join(dir, 'node_modules/vite/bin/vite.js'), '--port', '0']);
  running.push(dev.process);
  return dev.link;
}

test('an unmodified @line/liff app under embedkit dev and embedkit/vite inits in the host and reads the profile', async ({ page }) => {
  const link = await devServer('vite-liff-app');
  expect(link).toContain(`?app=${FIXTURE_LIFF_ID}`);
  await page.goto(`${link}&user=${ALICE}`);
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('#app')).toContainText('LIFF init succeeded.');
  await expect(app.locator('#app')).toContainText('Hello, Alice');
  await expect(page.locator('#bridge-log .log-entry[data-method="liffInit"][data-outcome="ok"]')).toHaveCount(1);
});

test('the same app on @line/liff/core with its modules: the host answers the modules added, the others are absent', async ({ page }) => {
  const link = await devServer('liff-core-app');
  expect(link).toContain(`?app=${CORE_FIXTURE_LIFF_ID}`);
  await page.goto(`${link}&user=${ALICE}`);
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('#app')).toContainText('LIFF init succeeded.');
  await expect(app.locator('#app')).toContainText('OS: ios');
  await expect(app.locator('#app')).toContainText('Hello, Alice');
  await expect(app.locator('#app')).toContainText('sendMessages: undefined');
  await expect(page.locator('#bridge-log .log-entry[data-method="getProfile"][data-outcome="ok"]')).toHaveCount(1);
});
