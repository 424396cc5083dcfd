/**
 * An app on `@line/liff` 2.x with embedkit's plugin, opened in a normal tab (no host): not in the
 * client, not logged in until `liff.login()`, which goes through embedkit's social login pages
 * (choose a user, consent) with PKCE and back; then the ID token verifies with the channel's key,
 * the profile and friendship come from the platform API across origins, `sendMessages` refuses as
 * outside the client, and `logout()` clears the login.
 */
import { jwtVerify } from 'jose';
import type { Page } from '@playwright/test';
import { ALICE, expect, test } from '../support/fixtures.js';

/** The secret of the LIFF demo's channel in the default scenario: the key the ID token is signed with. */
const CHANNEL_SECRET = '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';

/** The demo's report once its init finished. */
async function report(page: Page): Promise<Record<string, unknown> & { context: Record<string, unknown> | null }> {
  await expect(page.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  return JSON.parse((await page.locator('#report').textContent()) ?? '{}') as Record<string, unknown> & {
    context: Record<string, unknown> | null;
  };
}

test('outside the host, liff.login() round-trips through the login pages with PKCE and getIDToken verifies', async ({ page, server }) => {
  // The app on its endpoint origin (127.0.0.1), the embedkit server on another (localhost): the
  // token, profile and friendship calls cross origins as the platform's do.
  const appUrl = `${server.demoOrigin}/demo/liff-app/?embedkit=${encodeURIComponent(server.baseUrl)}`;
  await page.goto(appUrl);
  const before = await report(page);
  expect(before).toMatchObject({ isInClient: false, isLoggedIn: false, accessToken: null, idToken: null, context: null });
  expect(before.profile).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.stringContaining('login') } });

  await page.locator('#login').click();
  await expect(page).toHaveURL(new RegExp(`^${server.baseUrl}/oauth2/v2\\.1/authorize\\?`));
  const authorize = new URL(page.url()).searchParams;
  expect(authorize.get('client_id')).toBe('1650000001');
  expect(authorize.get('code_challenge_method')).toBe('S256');
  expect(authorize.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.locator('label.user', { hasText: 'Alice' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back on the page: init exchanged the code and took it out of the address bar.
  const after = await report(page);
  expect(page.url()).toBe(appUrl);
  expect(after).toMatchObject({ isInClient: false, isLoggedIn: true, id: '1650000001-liffapp1' });
  expect(after.context).toMatchObject({ type: 'external', userId: ALICE, scope: ['profile', 'chat_message.write', 'openid'] });
  const { payload } = await jwtVerify(String(after.idToken), new TextEncoder().encode(CHANNEL_SECRET), { audience: '1650000001' });
  expect(payload.sub).toBe(ALICE);
  expect(after.decodedIdToken).toMatchObject({ sub: ALICE, aud: '1650000001' });
  expect(typeof after.accessToken).toBe('string');
  expect(after.profile).toEqual({ ok: expect.objectContaining({ userId: ALICE, displayName: 'Alice' }) });
  expect(after.friendship).toEqual({ ok: { friendFlag: expect.any(Boolean) } });

  await page.locator('#send').click();
  await expect(page.locator('#action')).toContainText('FORBIDDEN');
  await expect(page.locator('#action')).toContainText('external browser');

  // A reload keeps the login (the plugin's storage), as the platform's SDK does.
  await page.reload();
  expect(await report(page)).toMatchObject({ isLoggedIn: true, accessToken: after.accessToken });

  await page.locator('#logout').click();
  await expect(page.locator('#action')).toHaveText(JSON.stringify({ logout: { isLoggedIn: false, accessToken: null } }));
  await page.reload();
  expect(await report(page)).toMatchObject({ isLoggedIn: false, accessToken: null });
});

test('outside the host, liff.init with withLoginOnExternalBrowser goes to the login pages at once, and resolves logged in on return', async ({
  page,
  server,
}) => {
  const appUrl = `${server.demoOrigin}/demo/liff-app/?embedkit=${encodeURIComponent(server.baseUrl)}&withLoginOnExternalBrowser=1`;
  await page.goto(appUrl);
  // No click: init itself left for the login pages.
  await expect(page).toHaveURL(new RegExp(`^${server.baseUrl}/oauth2/v2\\.1/authorize\\?`));
  await page.locator('label.user', { hasText: 'Bob' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  const after = await report(page);
  expect(page.url()).toBe(appUrl);
  expect(after).toMatchObject({ isInClient: false, isLoggedIn: true });
  expect(after.profile).toEqual({ ok: expect.objectContaining({ displayName: 'Bob' }) });
});

test("outside the host, a login that would return to another origin than the app's is refused on the login page", async ({
  page,
  server,
}) => {
  // The demo served from the server's own origin (localhost) is not on the app's endpoint origin.
  await page.goto(`${server.baseUrl}/demo/liff-app/`);
  await report(page);
  await page.locator('#login').click();
  await expect(page).toHaveURL(new RegExp(`^${server.baseUrl}/oauth2/v2\\.1/authorize\\?`));
  await expect(page.locator('body')).toContainText("origin of one of the channel's apps");
});
