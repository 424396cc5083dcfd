/**
 * `liff.subWindow` and Quick-fill in the host, run by an app on the platform's unmodified SDK
 * (`@line/liff` 2.31) and its Quick-fill plugin (`@line/liff-common-profile-plugin`), with the
 * plugin lines only (`e2e/fixtures/quick-fill-app/`): one app of the world opens another as its
 * sub window and hears how it ended; the platform's own Quick-fill screen, drawn by the host, fills
 * the app's form.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { rollup, type Plugin } from 'rollup';
import type { FrameLocator, Page } from '@playwright/test';
import { commonjs, nodeResolve } from '../../bench/lib/plugins.js';
import { ALICE, clickClosingButton, expect, test } from '../support/fixtures.js';
import { channelToken } from '../support/platform.js';
import type { ServerHandle } from '../support/server.js';

/**
 * The apps' server, on loopback as a developer's dev server is (the browser lets a loopback page call
 * embedkit's server on loopback, Private Network Access): `/main/` and `/sub/` are the fixture as
 * the apps `pages` names (`{liffId, subId}` in its config), `/main.js` its bundle.
 */
const FIXTURE = resolve('e2e/fixtures/quick-fill-app');
/** Carol of the default world: the person without a Common Profile. */
const CAROL = 'U0000000000000000000000000000ca10';
const pages = new Map<string, { liffId: string; subId: string }>();
let appServer: Server;
let ORIGIN = '';

test.beforeAll(async () => {
  const script = await buildFixture();
  const html = readFileSync(resolve(FIXTURE, 'index.html'), 'utf8');
  appServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const config = pages.get(path);
    if (path === '/main.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    if (!config) return res.writeHead(404).end();
    const body = html.replace(
      '</body>',
      `<script type="application/json" id="config">${JSON.stringify(config)}</script><script src="/main.js"></script></body>`,
    );
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((done) => appServer.listen(0, '127.0.0.1', done));
  ORIGIN = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  appServer?.closeAllConnections();
  await new Promise((done) => appServer?.close(done));
});

let bundle: Promise<string> | undefined;

/** The fixture bundled as an app's bundler does: `embedkit/liff` is the package's ESM plugin. */
function buildFixture(): Promise<string> {
  bundle ??= (async () => {
    const resolvePlugin: Plugin = {
      name: 'embedkit-liff',
      resolveId: (id) => (id === 'embedkit/liff' ? resolve('sdk/dist/liff.mjs') : null),
    };
    const build = await rollup({
      input: resolve(FIXTURE, 'main.js'),
      plugins: [resolvePlugin, nodeResolve({ browser: true, rootDir: process.cwd(), modulePaths: [resolve('node_modules')] }), commonjs()],
      onwarn: () => undefined,
    });
    const { output } = await build.generate({ format: 'iife' });
    await build.close();
    return output[0].code;
  })();
  return bundle;
}

/**
 * Registers an app of the demo channel at `path` of the fixture's origin; its embed ID. With
 * `scope`, through the LIFF server API with those scopes (Quick-fill's `commonprofile.*` among them).
 */
async function addApp(server: ServerHandle, path: string, scope?: string[]): Promise<string> {
  const token = await channelToken(server.baseUrl);
  const view = { type: 'full', url: `${ORIGIN}${path}` };
  const added = await fetch(`${server.baseUrl}${scope ? '/liff/v1/apps' : '/embed/v1/apps'}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(scope ? { view, scope } : { view }),
  });
  expect(added.status).toBe(200);
  const body = (await added.json()) as { embedId?: string; liffId?: string };
  return (body.embedId ?? body.liffId)!;
}

/** Opens the main app (registered with `opts.scope`, if given) as Alice, or `opts.user`; its frame once init finished. */
async function openMain(
  page: Page,
  server: ServerHandle,
  opts: { scope?: string[]; user?: string } = {},
): Promise<{ app: FrameLocator; subId: string }> {
  const tag = pages.size;
  const mainId = await addApp(server, `/main${tag}/`, opts.scope);
  const subId = await addApp(server, `/sub${tag}/`);
  pages.set(`/main${tag}/`, { liffId: mainId, subId });
  pages.set(`/sub${tag}/`, { liffId: subId, subId });
  await page.goto(`${server.baseUrl}/?${new URLSearchParams({ app: mainId, user: opts.user ?? ALICE })}`);
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  await expect(app.locator('body')).toHaveAttribute('data-role', 'main');
  return { app, subId };
}

test.describe('liff.subWindow between two apps of the world', () => {
  test('the sub window reads appData, its submit reaches the main window and closes it', async ({ page, server }) => {
    const { app } = await openMain(page, server);
    await app.locator('#open-sub').click();
    await expect(page.locator('#sub-window')).toHaveAttribute('data-view-type', 'tall');
    const sub = page.frameLocator('#sub-window-frame');
    await expect(sub.locator('body')).toHaveAttribute('data-role', 'sub', { timeout: 15_000 });
    await expect(sub.locator('#app-data')).toHaveText(JSON.stringify({ orderId: 'A-1', items: [1, 2] }));
    await sub.locator('#pick').fill('seat 7');
    await clickClosingButton(sub.locator('#submit'));
    await expect(page.locator('#sub-window')).toHaveCount(0);
    await expect(app.locator('#events')).toHaveText(`submit ${JSON.stringify({ picked: 'seat 7' })}`);
    // The calls of both windows show in the bridge log.
    await expect(page.locator('#bridge-log .log-entry[data-method="liffSubWindowOpen"][data-outcome="ok"]')).toHaveCount(1);
    await expect(page.locator('#bridge-log .log-entry[data-method="liffSubWindowPost"][data-outcome="ok"]')).toHaveCount(1);
  });

  test('cancel hands its message over; the close button and close() deliver close', async ({ page, server }) => {
    const { app } = await openMain(page, server);
    const sub = page.frameLocator('#sub-window-frame');
    await app.locator('#open-sub').click();
    await expect(sub.locator('body')).toHaveAttribute('data-role', 'sub', { timeout: 15_000 });
    await clickClosingButton(sub.locator('#cancel'));
    await expect(app.locator('#events')).toHaveText(`cancel ${JSON.stringify({ reason: 'changed my mind' })}`);
    await expect(page.locator('#sub-window')).toHaveCount(0);

    await app.locator('#open-sub').click();
    await expect(sub.locator('body')).toHaveAttribute('data-role', 'sub', { timeout: 15_000 });
    await page.locator('#sub-window-close').click();
    await expect(page.locator('#sub-window')).toHaveCount(0);
    await expect(app.locator('#events')).toContainText('close {}');

    await app.locator('#open-sub').click();
    await expect(sub.locator('body')).toHaveAttribute('data-role', 'sub', { timeout: 15_000 });
    await clickClosingButton(sub.locator('#close'));
    await expect(page.locator('#sub-window')).toHaveCount(0);
    await expect(app.locator('#events')).toHaveText(/^cancel .*\nclose \{\}\nclose \{\}\n$/);
    // The main window stays open throughout.
    await expect(page.locator('#app-overlay')).toHaveCount(1);
  });

  test('a URL that is not a LIFF URL is refused as published', async ({ page, server }) => {
    const { app } = await openMain(page, server);
    await app.locator('#open-web').click();
    await expect(app.locator('#open-error')).toHaveText(
      JSON.stringify({ code: 'INVALID_ARGUMENT', message: 'params.url must be liff url or mini url' }),
    );
    await expect(page.locator('#sub-window')).toHaveCount(0);
  });
});

test.describe("Quick-fill's dummy mode (liff.$commonProfile.getDummy) on the host's Quick-fill screen", () => {
  test('Auto-fill fills the form with the dummy case the app asked for', async ({ page, server }) => {
    const { app } = await openMain(page, server);
    await app.locator('#get-dummy').click();
    const screen = page.locator('#sub-window #quick-fill');
    await expect(page.locator('#sub-window-title')).toHaveText('クイック入力');
    await expect(screen.locator('.quick-fill-entry')).toHaveCount(15);
    await expect(screen.locator('.quick-fill-entry[data-entry="family-name"] dd')).toHaveText('山田');
    await expect(screen.locator('.quick-fill-entry[data-entry="sex-enum"] dd')).toHaveText('男性');
    await screen.getByRole('button', { name: '自動入力' }).click();
    await expect(page.locator('#sub-window')).toHaveCount(0);
    await expect(app.locator('#family-name')).toHaveValue('山田');
    await expect(app.locator('#given-name-kana')).toHaveValue('タロウ');
    await expect(app.locator('#sex-enum')).toHaveValue('0');
    await expect(app.locator('#bday-year')).toHaveValue('1990');
    await expect(app.locator('#postal-code')).toHaveValue('1000005');
    await expect(app.locator('#address-level4')).toHaveValue('サンプルビル10階');
  });

  test('only the entries the app asked for, and a case with entries unset', async ({ page, server }) => {
    const { app } = await openMain(page, server);
    await app.locator('#scopes').fill('family-name,tel,email');
    await app.locator('#case').fill('2');
    await app.locator('#get-dummy').click();
    const screen = page.locator('#sub-window #quick-fill');
    await expect(screen.locator('.quick-fill-entry')).toHaveCount(3);
    await expect(screen.locator('.quick-fill-entry[data-entry="email"] dd')).toHaveText('未設定');
    await screen.getByRole('button', { name: '自動入力' }).click();
    await expect(app.locator('#profile')).toHaveText(JSON.stringify({ 'family-name': '山田', tel: '09012345678' }));
    await expect(app.locator('#tel')).toHaveValue('09012345678');
    await expect(app.locator('#email')).toHaveValue('');
  });

  test('cancel, or closing the screen, gives the app null and leaves the form alone', async ({ page, server }) => {
    const { app } = await openMain(page, server);
    await app.locator('#get-dummy').click();
    await page.locator('#quick-fill').getByRole('button', { name: 'キャンセル' }).click();
    await expect(page.locator('#sub-window')).toHaveCount(0);
    await expect(app.locator('#profile')).toHaveText('null');
    await app.locator('#profile').evaluate((el) => (el.textContent = ''));
    await app.locator('#get-dummy').click();
    await page.locator('#sub-window-close').click();
    await expect(app.locator('#profile')).toHaveText('null');
    await expect(app.locator('#family-name')).toHaveValue('');
  });
});

test("liff.$commonProfile.get() reaches embedkit's verify, not the platform's, and is refused without a Common Profile scope", async ({
  page,
  server,
}) => {
  const platformCalls: string[] = [];
  await page.route('https://api.line.me/**', (route) => {
    platformCalls.push(route.request().url());
    return route.abort();
  });
  const { app } = await openMain(page, server);
  await app.locator('#get').click();
  await expect(app.locator('#profile')).toHaveText(
    JSON.stringify({ code: null, message: 'liff.$commonProfile.get() API cannot be used because you have not agreed to retrieve data.' }),
  );
  expect(platformCalls).toEqual([]);
  await expect(page.locator('#sub-window')).toHaveCount(0);
});

test.describe('Quick-fill of the signed-in person (liff.$commonProfile.get) with the Common Profile of the world', () => {
  /** The app's registration: getProfile, sendMessages, and Quick-fill's name and address groups. */
  const QUICK_FILL_APP = ['profile', 'chat_message.write', 'commonprofile.name', 'commonprofile.address'];

  test("fills the form with Alice's own entries of the groups the app was granted, and nothing else", async ({ page, server }) => {
    const { app } = await openMain(page, server, { scope: QUICK_FILL_APP });
    await app.locator('#get').click();
    const screen = page.locator('#sub-window #quick-fill');
    await expect(page.locator('#sub-window-title')).toHaveText('クイック入力');
    // All 15 asked for (the plugin's default), 9 granted: the name and the address, no dummy caption.
    await expect(screen.locator('.quick-fill-entry')).toHaveCount(9);
    await expect(screen.locator('#quick-fill-caption')).toHaveCount(0);
    await expect(screen.locator('.quick-fill-entry[data-entry="family-name"] dd')).toHaveText('青木');
    await expect(screen.locator('.quick-fill-entry[data-entry="address-level2"] dd')).toHaveText('渋谷区');
    await expect(screen.locator('.quick-fill-entry[data-entry="tel"]')).toHaveCount(0);
    await screen.getByRole('button', { name: '自動入力' }).click();
    await expect(page.locator('#sub-window')).toHaveCount(0);
    await expect(app.locator('#profile')).toHaveText(
      JSON.stringify({
        'family-name': '青木',
        'given-name': 'ありさ',
        'family-name-kana': 'アオキ',
        'given-name-kana': 'アリサ',
        'postal-code': '1500041',
        'address-level1': '東京都',
        'address-level2': '渋谷区',
        'address-level3': '神南1-2-3',
        'address-level4': 'ハイツ神南201',
      }),
    );
    await expect(app.locator('#given-name-kana')).toHaveValue('アリサ');
    await expect(app.locator('#postal-code')).toHaveValue('1500041');
    // Alice has these set, but the app was not granted their groups.
    await expect(app.locator('#tel')).toHaveValue('');
    await expect(app.locator('#email')).toHaveValue('');
    await expect(app.locator('#bday-year')).toHaveValue('');
  });

  test('shows only the granted entries the app asked for; cancel and close give null', async ({ page, server }) => {
    const { app } = await openMain(page, server, { scope: QUICK_FILL_APP });
    await app.locator('#scopes').fill('family-name,tel,postal-code');
    await app.locator('#get').click();
    const screen = page.locator('#sub-window #quick-fill');
    await expect(screen.locator('.quick-fill-entry')).toHaveCount(2);
    await expect(screen.locator('.quick-fill-entry[data-entry="postal-code"] dd')).toHaveText('1500041');
    await screen.getByRole('button', { name: 'キャンセル' }).click();
    await expect(page.locator('#sub-window')).toHaveCount(0);
    await expect(app.locator('#profile')).toHaveText('null');
    await app.locator('#profile').evaluate((el) => (el.textContent = ''));
    await app.locator('#get').click();
    await expect(page.locator('#quick-fill')).toBeVisible();
    await page.locator('#sub-window-close').click();
    await expect(app.locator('#profile')).toHaveText('null');
    await expect(app.locator('#family-name')).toHaveValue('');
  });

  test('a person without a Common Profile is told so, and Auto-fill gives the app {}', async ({ page, server }) => {
    const { app } = await openMain(page, server, { scope: QUICK_FILL_APP, user: CAROL });
    await app.locator('#get').click();
    const screen = page.locator('#sub-window #quick-fill');
    await expect(screen.locator('#quick-fill-notice')).toHaveText('共通プロフィールが登録されていません。');
    await expect(screen.locator('.quick-fill-entry[data-entry="family-name"] dd')).toHaveText('未設定');
    await screen.getByRole('button', { name: '自動入力' }).click();
    await expect(app.locator('#profile')).toHaveText('{}');
  });

  test("the screen opened with a token that is not the app's own shows nothing and answers an error", async ({ page, server }) => {
    const { app } = await openMain(page, server, { scope: QUICK_FILL_APP });
    await app.locator('#open-forged').click();
    await expect(app.locator('#events')).toHaveText(
      `submit ${JSON.stringify({ error: { message: 'The access token is not the one of this app and person' } })}\n`,
    );
    await expect(page.locator('#quick-fill')).toHaveCount(0);
    await expect(page.locator('#sub-window')).toHaveCount(0);
  });
});
