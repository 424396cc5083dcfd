// The team sandbox in a browser: `embedkit start --host 0.0.0.0` requires the admin token it prints
// as a link. Without it the host page is refused; the link signs the browser in (a cookie), drops
// the token from the address bar, and the host then works end to end: the world, the chat, the
// demo app over the bridge.
import { expect, test } from '@playwright/test';
import { ALICE } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

let server: ServerHandle;
test.beforeAll(async () => {
  server = await startServer(undefined, ['--host', '0.0.0.0']);
});
test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

test('the admin-token link signs the browser in, and the host works with the demo app', async ({ page }) => {
  // The admin token's link is printed after the ready line: wait for it.
  await expect.poll(() => /\/\?token=([A-Za-z0-9_-]+)/.exec(server.output())?.[1]).toBeTruthy();
  const token = /\/\?token=([A-Za-z0-9_-]+)/.exec(server.output())![1]!;

  const refused = await page.goto(`${server.baseUrl}/`);
  expect(refused?.status()).toBe(401);

  await page.goto(`${server.baseUrl}/?token=${token}`);
  expect(page.url()).toBe(`${server.baseUrl}/`);
  const cookies = await page.context().cookies(server.baseUrl);
  expect(cookies.find((c) => c.httpOnly && c.sameSite === 'Strict' && c.value !== '')).toBeTruthy();

  const app = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
  expect(JSON.parse((await app.locator('#init-data').textContent()) ?? '').context.userId).toBe(ALICE);
  await app.locator('#btn-profile').click();
  await expect(app.locator('#profile')).toHaveAttribute('data-kind', 'ok');
});
