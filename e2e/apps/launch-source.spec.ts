/**
 * How an app is opened: the LIFF demo (`demo/liff-app/`, `@line/liff` 2.x with embedkit's plugin)
 * opened from an external browser runs outside the client, as the platform publishes it (not in the
 * client, no LINE version, a login before any context, then the `external` context and the
 * in-client-only methods refused); opened with a client too old for a method it gets the published
 * refusal; opened from a QR code it is in the client, outside any chat.
 */
import type { Page } from '@playwright/test';
import { ALICE, CHATS, expect, test } from '../support/fixtures.js';
import type { ServerHandle } from '../support/server.js';

const LIFF_APP = '1650000001-liffapp1';

type Report = Record<string, unknown> & { context: Record<string, unknown> | null };

/** The demo's report once its init finished, in `page` or in its frame. */
async function reportOf(root: Page | ReturnType<Page['frameLocator']>): Promise<Report> {
  await expect(root.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  return JSON.parse((await root.locator('#report').textContent()) ?? '{}') as Report;
}

/** The host with `params`, the LIFF demo chosen but not open. */
async function host(page: Page, server: ServerHandle, params: Record<string, string> = {}): Promise<void> {
  await page.goto(`${server.baseUrl}/?${new URLSearchParams({ user: ALICE, ...params })}`);
  await page.locator('#ctl-app').selectOption(LIFF_APP);
}

test('opened from an external browser, the app runs outside the client, logs in, and reads the external context', async ({
  page,
  context,
  server,
}) => {
  await host(page, server);
  // The device panel's launch setting, then the usual button: the app opens in a tab of its own.
  await page.locator('#ctl-launch').selectOption({ label: 'External browser' });
  await expect(page).toHaveURL(/[?&]launch=external-browser/);
  const opened = context.waitForEvent('page');
  await page.locator('#ctl-open').click();
  const tab = await opened;
  await expect(page.locator('#host-status')).toContainText('opened in an external browser');
  await expect(page.locator('#app-frame')).toHaveCount(0);

  const before = await reportOf(tab);
  expect(new URL(tab.url()).pathname).toBe('/demo/liff-app/');
  expect(before).toMatchObject({ isInClient: false, isLoggedIn: false, lineVersion: null, context: null, accessToken: null });
  expect(before.profile).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.stringContaining('login') } });

  // liff.login(): embedkit's login pages, then back to the app.
  await tab.locator('#login').click();
  await tab.locator('label.user', { hasText: 'Alice' }).click();
  await tab.getByRole('button', { name: 'Allow' }).click();
  const after = await reportOf(tab);
  expect(after).toMatchObject({ isInClient: false, isLoggedIn: true, lineVersion: null });
  expect(after.context).toMatchObject({ type: 'external', userId: ALICE, liffId: LIFF_APP });
  for (const chatKey of ['utouId', 'groupId', 'roomId']) expect(after.context).not.toHaveProperty(chatKey);
  expect(after.profile).toEqual({ ok: expect.objectContaining({ userId: ALICE }) });
  // What only the LIFF browser has is refused there, as published.
  expect(after.apiMultipleLiffTransition).toEqual({ ok: false });
  expect(after.apiIap).toEqual({ ok: false });
  await tab.locator('#send').click();
  await expect(tab.locator('#action')).toContainText('FORBIDDEN');
  await expect(tab.locator('#action')).toContainText('external browser');
  await tab.close();
});

test('a client too old for the share target picker gets the published refusal and no picker', async ({ page, server }) => {
  // LINE 10.2.0: below the picker's 10.3.0.
  await page.goto(`${server.baseUrl}/?${new URLSearchParams({ app: LIFF_APP, user: ALICE, device: 'ios-10.2.0-13.3' })}`);
  const app = page.frameLocator('#app-frame');
  const report = await reportOf(app);
  expect(report).toMatchObject({ isInClient: true, lineVersion: '10.2.0' });
  expect(report.apiShareTargetPicker).toEqual({ ok: false });
  await app.locator('#share').click();
  await expect(app.locator('#action')).toHaveText(
    JSON.stringify({
      shareTargetPicker: { error: { code: 'FORBIDDEN', message: 'shareTargetPicker is unavailable in this client version.' } },
    }),
  );
  await expect(page.locator('#share-target-picker')).toHaveCount(0);
  await expect(page.locator('#bridge-log .log-entry[data-method="liffShareTargetPicker"]')).toHaveCount(0);
});

test('opened from a QR code, the app is in the client, outside any chat', async ({ page, server }) => {
  await page.goto(
    `${server.baseUrl}/?${new URLSearchParams({ app: LIFF_APP, user: ALICE, context: 'utou', chat: CHATS.utou, launch: 'qr-code' })}`,
  );
  const report = await reportOf(page.frameLocator('#app-frame'));
  expect(report).toMatchObject({ isInClient: true, lineVersion: '14.11.0' });
  expect(report.context).toMatchObject({ type: 'none', userId: ALICE });
  expect(report.context).not.toHaveProperty('utouId');
  await expect(page.locator('#ctl-launch')).toHaveValue('qr-code');
  await expect(page.locator('#host-status')).toContainText('from the qr code reader');
});
