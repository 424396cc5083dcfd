// Social login end to end: the demo web app (demo/login/) signs in through the consent
// page, gets tokens, a profile and a friendship flag, refreshes, verifies and revokes, while the
// host's panel moves the simulated clock and adds the bot; and the embedded demo app's getProfile
// fails with "401" once the clock passes its token's expiry.
import type { Page } from '@playwright/test';
import { ALICE, BOB, DEMO_APP, expect, test } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

/** Runs `body` against a server of its own: these tests move its clock. */
async function withServer(body: (server: ServerHandle) => Promise<void>): Promise<void> {
  const server = await startServer();
  try {
    await body(server);
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

/** Signs in on the demo page: Log in → consent page → pick `userName` → Allow (or Deny). */
async function signIn(page: Page, server: ServerHandle, userName: string, decision: 'Allow' | 'Deny' = 'Allow'): Promise<void> {
  await page.locator('#btn-login').click();
  await expect(page).toHaveURL(new RegExp(`^${server.baseUrl}/oauth2/v2\\.1/authorize\\?`));
  await expect(page.locator('h1')).toHaveText('Sign in to Embedkit Demo');
  await page.locator('label.user', { hasText: userName }).click();
  await page.getByRole('button', { name: decision }).click();
  await expect(page).toHaveURL(`${server.demoOrigin}/demo/login/`);
}

/** Clicks a +1 h / +1 day / +30 days button of the host's panel and waits for the offset to change. */
async function moveClock(host: Page, id: 'clock-plus-hour' | 'clock-plus-day' | 'clock-plus-30d'): Promise<void> {
  const before = await host.locator('#clock-now').getAttribute('data-offset-ms');
  await host.locator(`#${id}`).click();
  await expect(host.locator('#clock-now')).not.toHaveAttribute('data-offset-ms', before ?? '');
}

test('a web app signs in through the consent page and watches its tokens expire on the simulated clock', async ({ page, context }) => {
  test.setTimeout(120_000);
  await withServer(async (server) => {
    const host = await context.newPage();
    await host.goto(`${server.baseUrl}/?user=${BOB}`);
    await expect(host.locator('#clock-now')).toHaveAttribute('data-offset-ms', '0');
    await expect(host.locator('#friend-label')).toHaveText('Bob and the bot of Embedkit Demo');

    await page.goto(`${server.demoOrigin}/demo/login/`);
    await expect(page.locator('#status')).toHaveText('Not signed in.');

    // Denied consent comes back as an error, with no session.
    await signIn(page, server, 'Bob', 'Deny');
    await expect(page.locator('#status')).toContainText('access_denied');
    await expect(page.locator('#signed-in')).toBeHidden();

    await signIn(page, server, 'Bob');
    await expect(page.locator('#status')).toHaveText('Signed in as Bob.');
    await expect(page.locator('#id-token')).toContainText(`"sub": "${BOB}"`);
    await expect(page.locator('#tokens')).toContainText('"expires_in": 2592000');
    await expect(page.locator('#tokens')).toContainText('…');

    await page.locator('#btn-profile').click();
    await expect(page.locator('#profile-result')).toContainText('HTTP 200');
    await expect(page.locator('#profile-result')).toContainText('"displayName": "Bob"');

    // The host blocks the bot, then unblocks it: the app sees the friendship flag follow.
    await host.locator('#friend-block').click();
    await expect(host.locator('#friend-state')).toHaveText('blocked');
    await page.locator('#btn-friendship').click();
    await expect(page.locator('#friendship-result')).toContainText('"friendFlag": false');
    await expect(host.locator('#friend-add')).toHaveText('Unblock');
    await host.locator('#friend-add').click();
    await expect(host.locator('#friend-state')).toHaveText('friend');
    await page.locator('#btn-friendship').click();
    await expect(page.locator('#friendship-result')).toContainText('"friendFlag": true');

    await page.locator('#btn-verify').click();
    await expect(page.locator('#verify-result')).toContainText('HTTP 200');
    await expect(page.locator('#verify-result')).toContainText('"client_id": "1650000001"');

    // 30 days later the access token is dead; its refresh token still works (10 more days).
    await moveClock(host, 'clock-plus-30d');
    await expect(host.locator('#clock-offset')).toHaveText('30 d ahead');
    await page.locator('#btn-verify').click();
    await expect(page.locator('#verify-result')).toContainText('HTTP 400');
    await expect(page.locator('#verify-result')).toContainText('access token expired');
    await page.locator('#btn-profile').click();
    await expect(page.locator('#profile-result')).toContainText('HTTP 401');
    await page.locator('#btn-refresh').click();
    await expect(page.locator('#refresh-result')).toContainText('HTTP 200');
    await page.locator('#btn-profile').click();
    await expect(page.locator('#profile-result')).toContainText('HTTP 200');

    // Revoking signs out; the platform answers an empty 200.
    await page.locator('#btn-revoke').click();
    await expect(page.locator('#revoke-result')).toContainText('HTTP 200');
    await expect(page.locator('#status')).toContainText('Signed out');
    await expect(page.locator('#btn-login')).toBeVisible();

    // A new sign-in, then 30 + 30 days: past the refresh token's 10 days, the user must log in again.
    await signIn(page, server, 'Alice');
    await expect(page.locator('#status')).toHaveText('Signed in as Alice.');
    await moveClock(host, 'clock-plus-30d');
    await moveClock(host, 'clock-plus-30d');
    await page.locator('#btn-refresh').click();
    await expect(page.locator('#refresh-result')).toContainText('HTTP 400');
    await expect(page.locator('#refresh-result')).toContainText('refresh token expired');
  });
});

test("getProfile of the embedded app fails with code 401 once the clock passes its token's expiry", async ({ page }) => {
  await withServer(async (server) => {
    await page.goto(`${server.baseUrl}/?app=${DEMO_APP}&user=${ALICE}`);
    const app = page.frameLocator('#app-frame');
    await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
    await app.locator('#btn-profile').click();
    await expect(app.locator('#profile')).toContainText('"displayName": "Alice"');

    await moveClock(page, 'clock-plus-day');
    await app.locator('#btn-profile').click();
    await expect(app.locator('#profile')).toContainText('"displayName": "Alice"');

    await moveClock(page, 'clock-plus-30d');
    await app.locator('#btn-profile').click();
    await expect(app.locator('#profile')).toContainText('401');
    await expect(page.locator('#bridge-log .log-entry[data-method="getProfile"][data-outcome="error"]')).toHaveCount(1);

    // Opening the app again signs the user in anew, at the new simulated time.
    await page.locator('#ctl-open').click();
    await expect(page.frameLocator('#app-frame').locator('body')).toHaveAttribute('data-init', 'ok');
    await page.frameLocator('#app-frame').locator('#btn-profile').click();
    await expect(page.frameLocator('#app-frame').locator('#profile')).toContainText('"displayName": "Alice"');
  });
});
