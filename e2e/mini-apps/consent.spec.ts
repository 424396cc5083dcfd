// The LINE MINI App authorization flow in the host, run by the LIFF demo (an app on @line/liff 2.31,
// unmodified but for embedkit's plugin): with the channel consent simplification the app starts with
// openid alone (an ID token without the profile claims); its first getProfile brings the permission
// request screen, where Deny rejects the published UNAUTHORIZED and Allow grants profile (the next
// ID token carries the name); an answer given elsewhere (the simulator API, as MCP gives it) closes
// the screen; with the simplification off the channel consent screen lists the app's scopes first,
// and Cancel keeps the app closed.
import type { FrameLocator, Page } from '@playwright/test';
import { ALICE, expect, test } from '../support/fixtures.js';
import type { ServerHandle } from '../support/server.js';

const LIFF_APP = '1650000001-liffapp1';
const CHANNEL = '1650000001';

/** A call of the simulator API; fails the test when it is refused. */
async function simulator(page: Page, server: ServerHandle, method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) {
  const res = await page.request.fetch(`${server.baseUrl}/embedkit/v1${path}`, { method, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

/** Opens the demo for Alice; resolves with its frame and report once init finished. */
async function openDemo(page: Page, server: ServerHandle, params: Record<string, string> = {}) {
  await page.goto(`${server.baseUrl}/?${new URLSearchParams({ app: LIFF_APP, user: ALICE, ...params })}`);
  const app: FrameLocator = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  const report = JSON.parse((await app.locator('#report').textContent()) ?? '{}') as Record<string, unknown>;
  return { app, report };
}

/** What the demo's Profile button showed. */
async function profileAction(app: FrameLocator): Promise<Record<string, unknown>> {
  await expect(app.locator('#action')).toContainText('getProfile');
  return JSON.parse((await app.locator('#action').textContent()) ?? '{}') as Record<string, unknown>;
}

test.describe('the LINE MINI App authorization flow', () => {
  test.beforeEach(async ({ page, server }) => {
    // Alice has granted the demo's channel nothing; the world plays today's flow, the simplification on.
    await simulator(page, server, 'POST', `/users/${ALICE}/grants/${CHANNEL}/revoke`, {});
    await simulator(page, server, 'PUT', '/consent-flow', { flow: 'current' });
    await simulator(page, server, 'PATCH', `/mini-apps/${LIFF_APP}/consent`, { simplification: true });
  });

  test('with the simplification the app opens at once with openid alone: an ID token without the name', async ({ page, server }) => {
    const { report } = await openDemo(page, server);
    await expect(page.locator('#consent-screen')).toHaveCount(0);
    expect(report.context).toMatchObject({ scope: ['profile', 'chat_message.write', 'openid'] });
    expect(report.permissionOpenid).toEqual({ ok: { state: 'granted' } });
    expect(report.permissionProfile).toEqual({ ok: { state: 'prompt' } });
    expect(report.decodedIdToken).toMatchObject({ sub: ALICE, aud: CHANNEL });
    expect(report.decodedIdToken).not.toHaveProperty('name');
    expect(report.decodedIdToken).not.toHaveProperty('picture');
    expect(report.profile).toEqual({ notAsked: expect.stringContaining('prompt') });
    const verify = await page.request.get(`${server.baseUrl}/oauth2/v2.1/verify?access_token=${String(report.accessToken)}`);
    expect(((await verify.json()) as { scope: string }).scope).toBe('openid');
  });

  test('getProfile brings the permission request screen; Deny rejects UNAUTHORIZED and query stays prompt', async ({ page, server }) => {
    const { app } = await openDemo(page, server);
    await app.locator('#profile').click();
    const screen = page.locator('#consent-screen[data-kind="permission-request"]');
    await expect(screen).toBeVisible();
    await expect(screen.locator('li[data-scope]')).toHaveCount(2);
    await expect(screen.locator('li[data-scope="profile"]')).toContainText('display name');
    await screen.locator('#consent-deny').click();
    await expect(screen).toHaveCount(0);
    expect(await profileAction(app)).toEqual({
      getProfile: { error: { code: 'UNAUTHORIZED', message: "user didn't allow the agreement" } },
      permissionProfile: { ok: { state: 'prompt' } },
      idTokenName: null,
    });
    await expect(page.locator('#bridge-log .log-entry[data-method="getProfile"]')).toHaveCount(0);
  });

  test('Allow on the permission request screen: getProfile resolves, and the new ID token carries the name', async ({ page, server }) => {
    const { app } = await openDemo(page, server);
    await app.locator('#profile').click();
    await page.locator('#consent-screen[data-kind="permission-request"] #consent-allow').click();
    expect(await profileAction(app)).toEqual({
      getProfile: { ok: expect.objectContaining({ userId: ALICE, displayName: 'Alice' }) },
      permissionProfile: { ok: { state: 'granted' } },
      idTokenName: 'Alice',
    });
    const grants = await simulator(page, server, 'GET', `/users/${ALICE}/grants`);
    expect(grants.grants).toEqual([
      expect.objectContaining({ channelId: CHANNEL, scopes: expect.arrayContaining(['profile', 'chat_message.write']) }),
    ]);
    // Granted: the next open reads the profile at once, with no screen.
    const { report } = await openDemo(page, server);
    expect(report.profile).toEqual({ ok: expect.objectContaining({ userId: ALICE }) });
    await expect(page.locator('#consent-screen')).toHaveCount(0);
  });

  test('an answer given through the simulator API (as MCP gives it) closes the screen and the call goes on', async ({ page, server }) => {
    const { app } = await openDemo(page, server);
    await app.locator('#profile').click();
    await expect(page.locator('#consent-screen')).toBeVisible();
    const { screens } = (await simulator(page, server, 'GET', `/consent-screens?userId=${ALICE}&pending=true`)) as {
      screens: { screenId: string; kind: string; scopes: string[] }[];
    };
    expect(screens[0]).toMatchObject({ kind: 'permission-request', scopes: expect.arrayContaining(['profile']) });
    await simulator(page, server, 'POST', `/consent-screens/${screens[0]!.screenId}/answer`, { answer: 'allow' });
    await expect(page.locator('#consent-screen')).toHaveCount(0);
    expect(await profileAction(app)).toMatchObject({ getProfile: { ok: expect.objectContaining({ displayName: 'Alice' }) } });
  });

  test('without the simplification the channel consent screen lists the scopes; Cancel keeps the app closed, Allow opens it', async ({
    page,
    server,
  }) => {
    await simulator(page, server, 'PATCH', `/mini-apps/${LIFF_APP}/consent`, { simplification: false });
    await page.goto(`${server.baseUrl}/?${new URLSearchParams({ app: LIFF_APP, user: ALICE, lang: 'ja' })}`);
    const screen = page.locator('#consent-screen[data-kind="channel-consent"]');
    await expect(screen).toBeVisible();
    await expect(screen.locator('#consent-lead')).toHaveText('LIFF demoが次の許可を求めています:');
    expect(await screen.locator('li[data-scope]').evaluateAll((items) => items.map((li) => li.getAttribute('data-scope')))).toEqual([
      'openid',
      'profile',
      'chat_message.write',
    ]);
    await screen.locator('#consent-deny').click();
    await expect(page.locator('#host-status')).toContainText('did not open');
    await expect(page.locator('#app-frame')).toHaveCount(0);

    await page.locator('#ctl-open').click();
    await page.locator('#consent-screen[data-kind="channel-consent"] #consent-allow').click();
    const app = page.frameLocator('#app-frame');
    await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
    const report = JSON.parse((await app.locator('#report').textContent()) ?? '{}') as Record<string, unknown>;
    expect(report.profile).toEqual({ ok: expect.objectContaining({ userId: ALICE }) });
    expect(report.decodedIdToken).toMatchObject({ name: 'Alice' });
    // No permission request screen where the simplification is not in effect: requestAll is refused as published.
    await app.locator('#request-all').click();
    await expect(app.locator('#action')).toContainText('SkipChannelVerificationScreen is unavailable.');
  });
});
