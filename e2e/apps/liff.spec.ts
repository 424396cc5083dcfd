/**
 * An app on the platform's current SDK (`@line/liff` 2.x, bundled with the project's bundler with
 * embedkit's plugin: `demo/liff-app/`) runs in the host: every context, view and two devices, the
 * published shapes of what it reads, its calls in the bridge log, and the refusals of what no local
 * client can do.
 */
import { jwtVerify } from 'jose';
import type { FrameLocator, Page } from '@playwright/test';
import { ALICE, CHATS, clickClosingButton, expect, test } from '../support/fixtures.js';
import type { ServerHandle } from '../support/server.js';

const LIFF_APP = '1650000001-liffapp1';
/** The secret of the app's channel in the default scenario: the key the ID token is signed with. */
const CHANNEL_SECRET = '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';

/** Opens the LIFF demo in the host with `params`; resolves with the frame and its report once init finished. */
/** Accepts the next dialog of the host page (a confirm the host asks the person); resolves with its text. */
function acceptDialog(page: Page): Promise<string> {
  return page.waitForEvent('dialog').then(async (dialog) => {
    const text = dialog.message();
    await dialog.accept();
    return text;
  });
}

async function openLiff(page: Page, server: ServerHandle, params: Record<string, string> = {}) {
  const q = new URLSearchParams({ app: LIFF_APP, user: ALICE, ...params });
  await page.goto(`${server.baseUrl}/?${q}`);
  const app: FrameLocator = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', /ok|error/, { timeout: 15_000 });
  const report = JSON.parse((await app.locator('#report').textContent()) ?? '{}') as Record<string, unknown> & {
    context: Record<string, unknown>;
  };
  return { app, report };
}

/** Alice's grants to the demo's channel: every scope it registered (`all`), or none (the channel consent simplification starts her with openid). */
async function grant(page: Page, server: ServerHandle, all: boolean): Promise<void> {
  const path = `${server.baseUrl}/embedkit/v1/users/${ALICE}/grants/1650000001`;
  const res = all
    ? await page.request.post(path, { data: { scopes: ['openid', 'profile', 'chat_message.write'] } })
    : await page.request.post(`${path}/revoke`, { data: {} });
  expect(res.ok()).toBe(true);
}

test.describe('an app on @line/liff 2.x with the embedkit plugin', () => {
  // The demo is a MINI App with the channel consent simplification (e2e/mini-apps/consent.spec.ts
  // plays that flow): here Alice granted it everything, so it reads her profile at once.
  test.beforeEach(async ({ page, server }) => grant(page, server, true));

  for (const [type, chatKey] of [
    ['utou', 'utouId'],
    ['group', 'groupId'],
    ['room', 'roomId'],
    ['none', null],
  ] as const) {
    test(`reads the published context in a ${type} context`, async ({ page, server }) => {
      const params: Record<string, string> = { context: type, view: 'tall' };
      if (type !== 'none') params.chat = CHATS[type];
      const { report } = await openLiff(page, server, params);
      expect(report.isInClient).toBe(true);
      expect(report.isLoggedIn).toBe(true);
      expect(report.id).toBe(LIFF_APP);
      const context = report.context;
      expect(context).toMatchObject({
        type,
        userId: ALICE,
        liffId: LIFF_APP,
        viewType: 'tall',
        endpointUrl: `${server.demoOrigin}/demo/liff-app/`,
        // The scopes the app registered; the token's are what Alice granted.
        scope: ['profile', 'chat_message.write', 'openid'],
      });
      expect(context.accessTokenHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(context.availability).toMatchObject({ shareTargetPicker: { permission: true, minVer: '10.3.0' } });
      for (const key of ['utouId', 'groupId', 'roomId']) {
        if (key === chatKey) expect(context[key]).toBe(CHATS[type as keyof typeof CHATS]);
        else expect(context[key]).toBeUndefined();
      }
      expect(report.profile).toEqual({ ok: expect.objectContaining({ userId: ALICE, displayName: expect.any(String) }) });
      expect(report.friendship).toEqual({ ok: { friendFlag: expect.any(Boolean) } });
      expect(typeof report.accessToken).toBe('string');
      expect(report.decodedIdToken).toMatchObject({ sub: ALICE, name: expect.any(String) });
    });
  }

  for (const view of ['compact', 'full'] as const) {
    test(`opens in the ${view} view`, async ({ page, server }) => {
      const { report } = await openLiff(page, server, { view });
      expect(report.context.viewType).toBe(view);
      await expect(page.locator('#app-overlay')).toHaveAttribute('data-view-type', view);
    });
  }

  test('reads the OS, language and client version from the device setting', async ({ page, server }) => {
    const ios = (await openLiff(page, server, { lang: 'ja' })).report;
    expect(ios).toMatchObject({ os: 'ios', language: 'ja', appLanguage: 'ja', lineVersion: '14.11.0' });
    // i18n.setLang resolves and the messenger's language stays (the report reads it after the call).
    expect(ios.setLang).toEqual({ ok: null });
    expect(ios).toMatchObject({
      languageAfterSetLang: 'ja',
      isSubWindow: false,
      videoAutoPlay: false,
      version: expect.stringMatching(/^2\.31\./),
    });
    expect(ios.origins).toEqual({ liffApp: server.demoOrigin, liffServer: server.baseUrl, miniApp: server.baseUrl });
    expect(ios.apiMultipleLiffTransition).toEqual({ ok: true });
    const old = (await openLiff(page, server, { device: 'android-7.11.0-7.1', lang: 'en' })).report;
    expect(old).toMatchObject({ os: 'android', language: 'en', lineVersion: '7.11.0' });
    // The share target picker needs the client 10.3.0: this one is older. (The published rule of
    // multipleLiffTransition reads no version: only whether the app runs in the client.)
    expect(old.apiShareTargetPicker).toEqual({ ok: false });
    expect(old.apiMultipleLiffTransition).toEqual({ ok: true });
  });

  test('gets an ID token with openid, signed with the channel secret, and its decoded payload', async ({ page, server }) => {
    const { report } = await openLiff(page, server, { scope: 'profile chat_message.write openid' });
    expect(report.context.scope).toEqual(['profile', 'chat_message.write', 'openid']);
    const { payload } = await jwtVerify(String(report.idToken), new TextEncoder().encode(CHANNEL_SECRET));
    expect(payload).toMatchObject({ sub: ALICE, aud: '1650000001' });
    expect(report.decodedIdToken).toMatchObject({ sub: ALICE, aud: '1650000001' });
    expect(report.permissionOpenid).toEqual({ ok: { state: 'granted' } });
  });

  test('makes permanent links that open the app in the host', async ({ page, server }) => {
    // The LIFF demo is a verified MINI App with a Custom Path: its links are the platform's own
    // (docs/platform/mini-apps.md, "The MINI App's own URLs"), which the host opens.
    const { report } = await openLiff(page, server);
    const link = (report.permanentLink as { ok: string }).ok;
    expect(link).toBe('https://miniapp.line.me/embedkit_demo/index.html?item=7');
    expect((report.permanentLinkHere as { ok: string }).ok).toBe(`https://liff.line.me/${LIFF_APP}?from=demo`);
    // The link opens the host, the app in it, and the app at the linked page.
    await page.goto(`${server.baseUrl}/?${new URLSearchParams({ user: ALICE, open: link })}`);
    const app = page.frameLocator('#app-frame');
    await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
    await expect(app.locator('#report')).toContainText('"page": "/demo/liff-app/index.html?item=7"');
  });

  test('refuses what no local client can do with the published FORBIDDEN', async ({ page, server }) => {
    const { report } = await openLiff(page, server);
    const refused = report.refused as Record<string, unknown>;
    const forbidden = { error: expect.objectContaining({ code: 'FORBIDDEN' }) };
    expect(report.calendar).toEqual(forbidden);
    for (const member of [
      'activity',
      'addToHomeScreen',
      'internalCreateShortcutOnHomeScreen',
      'scanCode',
      'getAdvertisingId',
      'initPlugins',
    ]) {
      expect(refused[member], member).toEqual(forbidden);
    }
    // Empty outside the messenger app, as the SDK leaves them: no value, no error.
    for (const member of ['getAId', 'getProfilePlus', 'analytics']) expect(refused[member], member).toEqual({ ok: null });
    // The default client has in-app purchase (14.11.0 and later, e2e/mini-apps/iap.spec.ts); an older one is refused.
    expect(report.apiIap).toEqual({ ok: true });
    const older = await openLiff(page, server, { device: 'ios-14.0.0-17.4' });
    expect(older.report.iap).toEqual({ error: { code: 'FORBIDDEN', message: 'In-App Purchase is unavailable in this client version.' } });
    expect(older.report.apiIap).toEqual({ ok: false });
  });

  test('sends messages into the chat it was opened from, and every call shows in the bridge log', async ({ page, server }) => {
    const { app } = await openLiff(page, server, { context: 'group', chat: CHATS.group });
    await app.locator('#send').click();
    await expect(app.locator('#action')).toContainText('"sendMessages":{"ok"');
    const log = page.locator('#bridge-log');
    for (const method of ['liffInit', 'getProfile', 'liffFriendship', 'sendMessages']) {
      await expect(log.locator(`.log-entry[data-method="${method}"][data-outcome="ok"]`).first()).toBeAttached();
    }
    await clickClosingButton(app.locator('#close'));
    await expect(page.locator('#app-frame')).toHaveCount(0);
    await expect(page.locator('#chat-messages').getByText('Hello from the LIFF demo')).toBeVisible();
  });

  test('openWindow opens the page in the in-app browser over the app', async ({ page, server }) => {
    const { app } = await openLiff(page, server);
    await app.locator('#open').click();
    await expect(page.locator('#inapp-browser')).toBeVisible();
    await expect(page.locator('#inapp-url')).toContainText('/demo/app/about.html');
    await expect(page.frameLocator('#inapp-frame').locator('body')).toContainText('About this demo');
  });

  test('requestAll brings the permission request screen; Allow grants every permission: a new token with them', async ({
    page,
    server,
  }) => {
    await grant(page, server, false);
    const { app } = await openLiff(page, server);
    await app.locator('#request-all').click();
    await page.locator('#consent-screen[data-kind="permission-request"] #consent-allow').click();
    await expect(app.locator('#action')).toContainText('"requestAll":{"ok":null}');
    for (const scope of ['openid', 'profile', 'chat_message.write']) await expect(app.locator('#action')).toContainText(`"${scope}"`);
    await expect(app.locator('#action')).toContainText('"idToken":true');
  });

  test('shareTargetPicker: the person picks two chats, the message arrives in both, cancel answers false', async ({ page, server }) => {
    const { app } = await openLiff(page, server);
    await app.locator('#share').click();
    const picker = page.locator('#share-target-picker');
    await picker.locator(`input[data-chat-id="${CHATS.group}"]`).check();
    await picker.locator(`input[data-chat-id="${CHATS.room}"]`).check();
    await picker.locator('#share-target-send').click();
    await expect(app.locator('#action')).toHaveText(JSON.stringify({ shareTargetPicker: { ok: { status: 'success' } } }));
    for (const chatId of [CHATS.group, CHATS.room]) {
      const { messages } = (await (await fetch(`${server.baseUrl}/embedkit/v1/chats/${chatId}/messages`)).json()) as {
        messages: { sender: { id: string }; message: { text?: string } }[];
      };
      expect(messages.at(-1)).toMatchObject({ sender: { id: ALICE }, message: { text: 'Shared from the LIFF demo' } });
    }
    await app.locator('#share').click();
    await picker.locator('#share-target-cancel').click();
    await expect(app.locator('#action')).toHaveText(JSON.stringify({ shareTargetPicker: { ok: false } }));
    await expect(page.locator('#bridge-log .log-entry[data-method="liffShareTargetPicker"][data-outcome="ok"]')).toHaveCount(2);
  });

  test('scanCodeV2: the host asks the person for the value, null when they cancel', async ({ page, server }) => {
    const { app, report } = await openLiff(page, server);
    expect(report.apiScanCodeV2).toEqual({ ok: true });
    page.once('dialog', (dialog) => void dialog.accept('https://example.com/ticket/42'));
    await app.locator('#scan').click();
    await expect(app.locator('#action')).toHaveText(JSON.stringify({ scanCodeV2: { ok: { value: 'https://example.com/ticket/42' } } }));
    page.once('dialog', (dialog) => void dialog.dismiss());
    await app.locator('#scan').click();
    await expect(app.locator('#action')).toHaveText(JSON.stringify({ scanCodeV2: { ok: { value: null } } }));
    await expect(page.locator('#bridge-log .log-entry[data-method="liffScanCode"]')).toHaveCount(2);
  });

  test('scanCodeV2 is unavailable on the desktop app', async ({ page, server }) => {
    const { app, report } = await openLiff(page, server, { device: 'desktop-9.0.0-14.4' });
    expect(report.apiScanCodeV2).toEqual({ ok: false });
    await app.locator('#scan').click();
    await expect(app.locator('#action')).toContainText('FORBIDDEN');
  });

  test('requestFriendship: the person adds the bot when asked', async ({ page, server }) => {
    // Alice blocked the demo bot first: the app asks her to add it again.
    const blocked = await page.request.put(`${server.baseUrl}/embedkit/v1/users/${ALICE}/friendships/1650000001`, {
      data: { state: 'blocked' },
    });
    expect(blocked.ok()).toBe(true);
    const { app, report } = await openLiff(page, server);
    expect(report.friendship).toEqual({ ok: { friendFlag: false } });
    page.once('dialog', (dialog) => void dialog.accept());
    await app.locator('#friend').click();
    await expect(app.locator('#action')).toHaveText(
      JSON.stringify({ requestFriendship: { ok: null }, friendship: { ok: { friendFlag: true } } }),
    );
    await expect(page.locator('#bridge-log .log-entry[data-method="liffRequestFriendship"][data-outcome="ok"]')).toHaveCount(1);
  });

  test('requestFriendship with options: another official account by its basic ID, a template’s words, the published refusals', async ({
    page,
    server,
  }) => {
    // Alice blocked Enterprise Bot (basic ID @000002emb); the LIFF demo asks her to add it, with the coupon template.
    const blocked = await page.request.put(`${server.baseUrl}/embedkit/v1/users/${ALICE}/friendships/1650000002`, {
      data: { state: 'blocked' },
    });
    expect(blocked.ok()).toBe(true);
    // The demo reads the options from its own page's query: a permanent link's `liff.state` opens it there.
    const at = (query: Record<string, string>) => ({ 'liff.state': `/?${new URLSearchParams(query)}` });
    const { app } = await openLiff(page, server, at({ friendAccount: '@000002emb', friendTemplate: 'coupon' }));
    const asked = acceptDialog(page);
    await app.locator('#friend').click();
    expect(await asked).toContain('Enterprise Bot. Get coupons and special offers from this official account.');
    await expect(app.locator('#action')).toContainText('"requestFriendship":{"ok":null}');
    const bots = (await (await page.request.get(`${server.baseUrl}/embedkit/v1/bots`)).json()) as {
      bots: { channelId: string; friends: { userId: string; state: string }[] }[];
    };
    expect(bots.bots.find((b) => b.channelId === '1650000002')!.friends).toContainEqual(
      expect.objectContaining({ userId: ALICE, state: 'friend' }),
    );

    // An ID without "@": the SDK's own INVALID_ARGUMENT. One no bot has: refused, unless fallback.
    const bad = await openLiff(page, server, at({ friendAccount: 'demo' }));
    await bad.app.locator('#friend').click();
    await expect(bad.app.locator('#action')).toContainText(
      '"code":"INVALID_ARGUMENT","message":"officialAccount.id must start with \\"@\\"."',
    );
    const unknown = await openLiff(page, server, at({ friendAccount: '@nobody' }));
    await unknown.app.locator('#friend').click();
    await expect(unknown.app.locator('#action')).toContainText('No official account @nobody');
    // With fallback, the app channel's bot, which Alice has as a friend: nothing to ask.
    const fallback = await openLiff(page, server, at({ friendAccount: '@nobody', friendFallback: '' }));
    await fallback.app.locator('#friend').click();
    await expect(fallback.app.locator('#action')).toContainText('"requestFriendship":{"ok":null}');
  });

  test('createShortcutOnHomeScreen: the page goes on the home screen, and its shortcut opens it from there', async ({ page, server }) => {
    const { app } = await openLiff(page, server, { 'liff.state': '/?from=shortcut' });
    await expect(app.locator('#report')).toContainText('"page": "/demo/liff-app/?from=shortcut"');
    const asked = acceptDialog(page);
    await app.locator('#shortcut').click();
    expect(await asked).toBe('Add "LIFF demo" to the home screen?');
    await expect(app.locator('#action')).toHaveText('{"createShortcutOnHomeScreen":{"ok":null}}');

    await page.goto(`${server.baseUrl}/?user=${ALICE}&context=none`);
    const shortcut = page.locator('#home-screen .home-shortcut[data-embed-id="1650000001-liffapp1"]');
    await expect(shortcut).toHaveAttribute('data-liff-state', '/?from=shortcut');
    await shortcut.click();
    const opened = page.frameLocator('#app-frame');
    await expect(opened.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
    await expect(opened.locator('#report')).toContainText('"page": "/demo/liff-app/?from=shortcut"');
    // Opened from the home screen: no chat, as the platform reports a launch from outside a chat.
    await expect(opened.locator('#report')).toContainText('"type": "none"');
    await expect(page.locator('#host-status')).toContainText('from the home-screen shortcut');

    // The desktop app has no home screen: the published refusal.
    const desktop = await openLiff(page, server, { device: 'desktop-9.0.0-14.4' });
    await desktop.app.locator('#shortcut').click();
    await expect(desktop.app.locator('#action')).toContainText('"code":"FORBIDDEN"');
  });

  test('refuses a liffId that is not the app opened here', async ({ page, server }) => {
    await page.goto(`${server.baseUrl}/?app=${LIFF_APP}&user=${ALICE}`);
    // The same page, told another app's ID: the host answers no session.
    const frame = page.frameLocator('#app-frame');
    await expect(frame.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
    await page.evaluate(() => {
      const f = document.querySelector<HTMLIFrameElement>('#app-frame');
      if (f) f.src = f.src.replace(/\?.*$/, '') + '?liffId=1650000001-demoapp1';
    });
    await expect(frame.locator('body')).toHaveAttribute('data-init', 'error', { timeout: 15_000 });
    await expect(frame.locator('#report')).toContainText('INVALID_CONFIG');
  });
});
