// The host on a phone and the desktop inspecting it (docs/guide/phones.md): with a phone's screen (an
// iPhone and a Pixel profile: touch, mobile viewport, device scale, in the project's Chromium) the
// host is the messenger full screen with its settings in a drawer, the keyboard does not hide the
// composer, and a desktop host shows the phone's bridge calls and console lines as they happen.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ALICE, CHATS, DEMO_APP, expect, test } from '../support/fixtures.js';
import { botPost, channelToken } from '../support/platform.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

// A server of this file's own: other files' messages must not move these screenshots.
let server: ServerHandle;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

const PHONES = { iphone: devices['iPhone 13'], pixel: devices['Pixel 7'] } as const;

/** A context with a phone's profile; its browser type is the project's Chromium whatever the profile says. */
async function phoneContext(browser: Browser, name: keyof typeof PHONES): Promise<BrowserContext> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { defaultBrowserType, ...profile } = PHONES[name];
  return browser.newContext(profile);
}

const SHOT = { maxDiffPixelRatio: 0.01, animations: 'disabled' } as const;
/** What changes from run to run: times, and the app's own page (its content is the app's, not the layout's). */
const moving = (page: Page) => [
  page.locator('time'),
  page.locator('.chat-time'),
  page.locator('#app-frame'),
  page.locator('#app-origin'),
  page.locator('#ctl-app-url'),
];

for (const name of Object.keys(PHONES) as (keyof typeof PHONES)[]) {
  test.describe(`on ${name === 'iphone' ? 'an iPhone' : 'a Pixel'}`, () => {
    test('the host is the messenger, full screen, in each view; the settings are in a drawer', async ({ browser }) => {
      const context = await phoneContext(browser, name);
      const page = await context.newPage();
      try {
        await page.goto(`${server.baseUrl}/?user=${ALICE}&context=none`);
        await expect(page.locator('#chat-list-view')).toBeVisible();
        // No drawn phone and no side panels: the screen is the page's width.
        const screen = await page.locator('#phone-screen').boundingBox();
        expect(screen?.width).toBe(page.viewportSize()?.width);
        await expect(page.locator('.log-panel')).toBeHidden();
        await expect(page.locator('#ctl-user')).toBeHidden();
        await expect(page).toHaveScreenshot(`${name}-chat-list.png`, { ...SHOT, mask: moving(page) });

        await page.locator('#drawer-toggle').tap();
        await expect(page.locator('#ctl-user')).toBeVisible();
        await expect(page.locator('#drawer-toggle')).toHaveAttribute('aria-expanded', 'true');
        await expect(page).toHaveScreenshot(`${name}-drawer.png`, { ...SHOT, mask: moving(page) });
        await page.locator('#drawer-backdrop').click({ position: { x: page.viewportSize()!.width - 10, y: 200 } });
        await expect(page.locator('#ctl-user')).toBeHidden();

        await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${CHATS.utou}`);
        await expect(page.locator('#chat-view')).toBeVisible();
        await expect(page).toHaveScreenshot(`${name}-chat.png`, { ...SHOT, mask: moving(page) });

        for (const view of ['compact', 'tall', 'full'] as const) {
          await page.goto(`${server.baseUrl}/?user=${ALICE}&app=${DEMO_APP}&view=${view}&context=utou&chat=${CHATS.utou}`);
          await expect(page.frameLocator('#app-frame').locator('body')).toHaveAttribute('data-init', 'ok');
          const overlay = await page.locator('.app-overlay').boundingBox();
          const height = page.viewportSize()!.height;
          // The platform's heights: half, 80 % and all of the screen (below the phone's bar but in full).
          if (view === 'full') expect(overlay?.height).toBe(height);
          else expect(overlay!.height).toBeGreaterThan((view === 'compact' ? 0.45 : 0.75) * height);
          await expect(page).toHaveScreenshot(`${name}-app-${view}.png`, { ...SHOT, mask: moving(page) });
        }
      } finally {
        await context.close();
      }
    });

    test('the on-screen keyboard does not hide the composer', async ({ browser }) => {
      const context = await phoneContext(browser, name);
      const page = await context.newPage();
      try {
        await page.goto(`${server.baseUrl}/?user=${ALICE}&context=utou&chat=${CHATS.utou}`);
        const input = page.locator('#chat-input');
        await input.tap();
        // The keyboard takes the lower part of the screen: the page is resized to what stays visible.
        const { width, height } = page.viewportSize()!;
        await page.setViewportSize({ width, height: height - 300 });
        await expect(input).toBeInViewport({ ratio: 1 });
        await expect(page.locator('#chat-send')).toBeInViewport({ ratio: 1 });
        const box = await input.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(height - 300);
      } finally {
        await context.close();
      }
    });
  });
}

/** A page like the platform's samples on its own origin: the script-tag SDK, a button that calls getProfile and logs. */
function samplePage(host: string): string {
  return `<!doctype html><html><body><button id="go">go</button>
<script src="${host}/sdk/v1/sdk.js"></script>
<script>
embed.init(function () { document.body.dataset.init = 'ok'; }, function () { document.body.dataset.init = 'error'; });
document.getElementById('go').onclick = function () {
  console.log('tapped on the phone', location.href + '#access_token=s3cr3t-t0ken-value');
  embed.getProfile().then(function (p) { document.body.dataset.profile = p.displayName; });
};
</script></body></html>`;
}

test("the desktop shows the phone's bridge calls and console lines within a second, and keeps showing them after a reload", async ({
  browser,
  page: desktop,
}) => {
  const app: Server = createServer((req, res) =>
    req.url === '/sample.html'
      ? res.writeHead(200, { 'Content-Type': 'text/html' }).end(samplePage(server.baseUrl))
      : res.writeHead(404).end(),
  );
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  const context = await phoneContext(browser, 'pixel');
  try {
    const bot = botPost(server.baseUrl, await channelToken(server.baseUrl));
    const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/sample.html`;
    const { embedId } = (await (await bot('/embed/v1/apps', { view: { type: 'tall', url } })).json()) as { embedId: string };

    await desktop.goto(`${server.baseUrl}/?user=${ALICE}`);
    await expect(desktop.locator('body')).toHaveAttribute('data-ready', 'true');
    const phone = await context.newPage();
    await phone.goto(`${server.baseUrl}/?user=${ALICE}&app=${embedId}`);
    const frame = phone.frameLocator('#app-frame');
    await expect(frame.locator('body')).toHaveAttribute('data-init', 'ok');

    // The phone is listed with its device, person and app; choosing it shows its log.
    const phoneId = await phone.evaluate(() => sessionStorage.getItem('embedkit-phone-id'));
    const choice = desktop.locator('#inspect-phone');
    await expect(choice).toBeVisible();
    // At once, not at the phone's next heartbeat: the sample app made no bridge call yet.
    await expect(choice.locator(`option[value="${phoneId}"]`)).toHaveText(/^iOS .* · Android 14 — Alice, /, { timeout: 3000 });
    await choice.selectOption(phoneId!);
    const log = desktop.locator('#phone-log');
    await expect(log).toBeVisible();
    await expect(desktop.locator('#bridge-log')).toBeHidden();

    // A click, not a tap: Debian's Chromium 150 drops Playwright's emulated touch in a frame of
    // another origin, and the page's onclick is what is under test here, not the touch.
    await frame.locator('#go').click();
    await expect(frame.locator('body')).toHaveAttribute('data-profile', 'Alice');
    await expect(log.locator('.log-entry[data-method="getProfile"][data-outcome="ok"]')).toContainText('Alice', { timeout: 1000 });
    const line = log.locator('.log-entry[data-kind="console"]').filter({ hasText: 'tapped on the phone' });
    await expect(line).toBeVisible({ timeout: 1000 });
    // The token in the logged text stays on the phone.
    await expect(line).toContainText('access_token=(redacted)');
    await expect(log).not.toContainText('s3cr3t-t0ken-value');

    // A reload of either page: the same phone, the same choice, the lines still there.
    await phone.reload();
    await expect(phone.frameLocator('#app-frame').locator('body')).toHaveAttribute('data-init', 'ok');
    await desktop.reload();
    await expect(desktop.locator('#phone-log .log-entry[data-method="getProfile"]')).toHaveCount(1);
    await expect(phone.evaluate(() => sessionStorage.getItem('embedkit-phone-id'))).resolves.toBe(phoneId);
    await expect(desktop.locator('#inspect-phone')).toHaveValue(phoneId!);
  } finally {
    await context.close();
    await new Promise((r) => app.close(r));
  }
});
