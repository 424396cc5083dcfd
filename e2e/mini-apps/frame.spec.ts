// The frame the LINE app draws around a LINE MINI App, in the host (LINE MINI App docs, "UI
// Components" and "Built-in features"): the header's service name from the page's <title>, its
// subtext by verification, its close or minimize button and its action button by LINE version,
// on clients on each side of iOS 14.15.1 / Android 15.0.0 and of 15.12.0 (held to screenshots);
// what each option of the multi-tab view does (Refresh, Share, Add to home screen, Minimize, a
// recently used service); the back button; and an app that is not a MINI App keeping the LIFF
// browser's header. The world: the default one, with a second, unverified MINI App.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { ALICE, CHATS, DEMO_APP, expect, test } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

const VERIFIED = '1650000001-liffapp1';
const UNVERIFIED = '1650000009-liffapp2';
/** The LIFF demo's <title>: the header's service name once the page told it. */
const TITLE = 'embedkit LIFF demo';
const CLIENTS = {
  /** Before every rule: the close button, the options sheet. */
  'ios-14.11.0': 'ios-14.11.0-17.4',
  'ios-14.15.1': 'ios-14.15.1-17.4',
  'android-14.21.0': 'android-14.21.0-14',
  'android-15.0.0': 'android-15.0.0-14',
  'ios-15.12.0': 'ios-15.12.0-18.0',
} as const;
const SHOT = { maxDiffPixelRatio: 0.01, animations: 'disabled' } as const;

let server: ServerHandle;
let worldDir = '';

test.beforeAll(async () => {
  const world = JSON.parse(readFileSync('server/scenarios/default.json', 'utf8')) as {
    channels: Record<string, unknown>[];
    users: { userId: string; grants?: { channelId: string; scopes: string[] }[] }[];
    apps: { embedId: string; name: string; view: { url: string }; scope?: string[]; miniApp?: Record<string, unknown> }[];
  };
  const verified = world.apps.find((a) => a.embedId === VERIFIED)!;
  // A channel has one MINI App: the unverified one gets a channel of its own.
  world.channels.push({ channelId: '1650000009', name: 'Unverified Shop', secret: '9a8b7c6d5e4f30211203f4e5d6c7b8a9' });
  world.apps.push({
    embedId: UNVERIFIED,
    channelId: '1650000009',
    name: 'Unverified demo',
    view: { type: 'full', url: `${verified.view.url}?liffId=${UNVERIFIED}` },
    scope: ['openid', 'profile', 'chat_message.write'],
    miniApp: { verified: false },
  } as (typeof world.apps)[number]);
  // Alice consented to it before: the frame, not its channel consent screen, is what these tests look at.
  const alice = world.users.find((u) => u.userId === ALICE)!;
  alice.grants = [...(alice.grants ?? []), { channelId: '1650000009', scopes: ['openid', 'profile', 'chat_message.write'] }];
  worldDir = mkdtempSync(join(tmpdir(), 'embedkit-frame-'));
  const file = join(worldDir, 'frame-world.json');
  writeFileSync(file, JSON.stringify(world));
  server = await startServer(undefined, ['--scenario', file]);
});
test.afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  if (worldDir) rmSync(worldDir, { recursive: true, force: true });
});

/** Opens `app` as Alice from her 1:1 chat on `device`; resolves once its init finished and the header shows its title. */
async function open(page: Page, app: string, device: string): Promise<void> {
  await page.goto(`${server.baseUrl}/?${new URLSearchParams({ app, user: ALICE, device, context: 'utou', chat: CHATS.utou })}`);
  await expect(page.frameLocator('#app-frame').locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  await expect(page.locator('#app-title')).toHaveText(TITLE);
  await expect(page.locator('#app-loading')).toBeHidden();
}

/** The page in the app's frame now (a refresh makes a new one). */
async function appFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('#app-frame').elementHandle())!.contentFrame();
  return frame!;
}

/** Marks the page in the frame, to tell later whether it is still the same page. */
async function mark(page: Page): Promise<void> {
  await (await appFrame(page)).evaluate(() => ((window as { frameMark?: number }).frameMark = 7));
}
async function marked(page: Page): Promise<boolean> {
  return (await appFrame(page)).evaluate(() => (window as { frameMark?: number }).frameMark === 7);
}

test.describe('the header, by verification and client', () => {
  test('a verified MINI App: its name and badge, the close button before iOS 14.15.1 / Android 15.0.0, minimize from them', async ({
    page,
  }) => {
    const header = page.locator('#mini-app-header');
    for (const [client, end] of [
      ['ios-14.11.0', 'close'],
      ['ios-14.15.1', 'minimize'],
      ['android-14.21.0', 'close'],
      ['android-15.0.0', 'minimize'],
    ] as const) {
      await open(page, VERIFIED, CLIENTS[client]);
      await expect(page.locator('#app-subtext')).toHaveAttribute('data-subtext', 'name-and-badge');
      await expect(page.locator('#app-subtext')).toHaveText('LIFF demo✓');
      await expect(page.locator('#app-verified')).toHaveAttribute('aria-label', 'Verified');
      await expect(header).toHaveAttribute('data-end', end);
      await expect(page.locator(end === 'close' ? '#app-close' : '#app-minimize')).toBeVisible();
      await expect(page.locator(end === 'close' ? '#app-minimize' : '#app-close')).toHaveCount(0);
      await expect(header).toHaveAttribute('data-action', 'options');
      if (client.startsWith('ios')) await expect(header).toHaveScreenshot(`verified-${client}.png`, SHOT);
    }
  });

  test('an unverified MINI App: the page’s domain, and the close button on every client', async ({ page }) => {
    const domain = new URL(server.demoOrigin).host;
    for (const client of ['ios-14.11.0', 'ios-14.15.1', 'android-15.0.0', 'ios-15.12.0'] as const) {
      await open(page, UNVERIFIED, CLIENTS[client]);
      await expect(page.locator('#app-subtext')).toHaveAttribute('data-subtext', 'domain');
      await expect(page.locator('#app-subtext')).toHaveText(domain);
      await expect(page.locator('#app-verified')).toHaveCount(0);
      await expect(page.locator('#mini-app-header')).toHaveAttribute('data-end', 'close');
      await expect(page.locator('#app-minimize')).toHaveCount(0);
    }
    // The port changes from run to run: the domain is masked.
    await expect(page.locator('#mini-app-header')).toHaveScreenshot('unverified-ios-15.12.0.png', {
      ...SHOT,
      mask: [page.locator('#app-subtext')],
    });
  });

  test('the action button opens the options sheet before LINE 15.12.0, the multi-tab view from it', async ({ page }) => {
    await open(page, VERIFIED, CLIENTS['ios-14.15.1']);
    await page.locator('#app-action').click();
    const sheet = page.locator('#options-sheet');
    await expect(sheet.locator('[data-option]')).toHaveText(['Share', 'Minimize', 'Refresh']);
    await expect(page.locator('#multi-tab-view')).toHaveCount(0);
    await expect(sheet).toHaveScreenshot('options-sheet.png', SHOT);
    await page.locator('#options-cancel').click();
    await expect(sheet).toHaveCount(0);

    await open(page, VERIFIED, CLIENTS['ios-15.12.0']);
    await expect(page.locator('#mini-app-header')).toHaveAttribute('data-action', 'multi-tab');
    await page.locator('#app-action').click();
    const view = page.locator('#multi-tab-view');
    await expect(view.locator('[data-option] .frame-option-label')).toHaveText(['Refresh', 'Share', 'Add to home screen', 'Minimize']);
    await expect(view.locator('#recent-services')).toBeVisible();
    await page.locator('#multi-tab-close').click();
    await expect(view).toHaveCount(0);
  });

  test('the options read in the messenger’s language', async ({ page }) => {
    await page.goto(
      `${server.baseUrl}/?${new URLSearchParams({ app: VERIFIED, user: ALICE, device: CLIENTS['ios-15.12.0'], lang: 'ja' })}`,
    );
    await expect(page.frameLocator('#app-frame').locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
    await page.locator('#app-action').click();
    await expect(page.locator('#multi-tab-view [data-option] .frame-option-label')).toHaveText([
      '更新',
      'シェア',
      'ホーム画面に追加',
      '閲覧中のページを最小化',
    ]);
    await expect(page.locator('#multi-tab-view h4')).toHaveText('最近使用したサービス');
  });
});

test.describe('each option does what it does', () => {
  const option = async (page: Page, name: string) => {
    await page.locator('#app-action').click();
    await page.locator(`#multi-tab-view [data-option="${name}"]`).click();
    await expect(page.locator('#multi-tab-view')).toHaveCount(0);
  };

  test('Refresh loads the page anew', async ({ page }) => {
    await open(page, VERIFIED, CLIENTS['ios-15.12.0']);
    await mark(page);
    await option(page, 'refresh');
    await expect(page.frameLocator('#app-frame').locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
    await expect(page.locator('#app-loading')).toBeHidden();
    expect(await marked(page)).toBe(false);
    await expect(page.locator('#app-title')).toHaveText(TITLE);
  });

  test('Share sends the page’s permanent link to the chat the person picks', async ({ page }) => {
    await open(page, VERIFIED, CLIENTS['ios-15.12.0']);
    await option(page, 'share');
    const picker = page.locator('#share-target-picker');
    await picker.locator(`input[data-chat-id="${CHATS.group}"]`).check();
    await picker.locator('#share-target-send').click();
    await expect(picker).toHaveCount(0);
    const messages = await (await fetch(`${server.baseUrl}/embedkit/v1/chats/${CHATS.group}/messages`)).text();
    expect(messages).toContain(`${TITLE}\\nhttps://miniapp.line.me/embedkit_demo`);
  });

  test('Add to home screen adds the page’s shortcut', async ({ page }) => {
    await open(page, VERIFIED, CLIENTS['ios-15.12.0']);
    page.once('dialog', (dialog) => void dialog.accept());
    await option(page, 'add-to-home');
    await expect(page.locator(`#home-screen .home-shortcut[data-embed-id="${VERIFIED}"]`)).toHaveAttribute('data-liff-state', '/');
  });

  test('Minimize hides the app, which keeps running while the person uses their chats, and the chip brings it back as it was', async ({
    page,
  }) => {
    await open(page, VERIFIED, CLIENTS['ios-15.12.0']);
    await mark(page);
    await option(page, 'minimize');
    await expect(page.locator('#app-overlay')).toBeHidden();
    const chip = page.locator('#minimized-app');
    await expect(chip).toHaveText(`${TITLE.slice(0, 1).toUpperCase()}${TITLE}`);
    // The person goes to another chat: the app stays minimized, the chip with it.
    await page.locator('#chat-back').click();
    await page.locator(`#chat-list .chat-item[data-chat-id="${CHATS.group}"]`).click();
    await expect(page.locator('#chat-view')).toBeVisible();
    await chip.click();
    await expect(page.locator('#app-overlay')).toBeVisible();
    await expect(chip).toHaveCount(0);
    expect(await marked(page)).toBe(true);

    // The header's own minimize button does the same.
    await page.locator('#app-minimize').click();
    await expect(page.locator('#app-overlay')).toBeHidden();
    await page.locator('#minimized-app').click();
    expect(await marked(page)).toBe(true);
  });

  test('a recently used service opens from the multi-tab view', async ({ page }) => {
    await open(page, UNVERIFIED, CLIENTS['ios-15.12.0']);
    await open(page, VERIFIED, CLIENTS['ios-15.12.0']);
    await page.locator('#app-action').click();
    const recent = page.locator(`#recent-services [data-embed-id="${UNVERIFIED}"]`);
    await expect(recent).toHaveText('UUnverified demo');
    await expect(page.locator(`#recent-services [data-embed-id="${VERIFIED}"]`)).toHaveCount(0);
    await recent.click();
    await expect(page.frameLocator('#app-frame').locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
    await expect(page.locator('#app-subtext')).toHaveAttribute('data-subtext', 'domain');
    await expect(page).toHaveURL(new RegExp(`app=${UNVERIFIED}`));
  });
});

test('the back button shows while the page has a page before it, and goes back there', async ({ page }) => {
  await open(page, VERIFIED, CLIENTS['ios-15.12.0']);
  const back = page.locator('#app-back');
  await expect(back).toBeHidden();
  const frame = await appFrame(page);
  await frame.evaluate(() => {
    history.pushState({}, '', '#second');
    document.title = 'Second page';
  });
  await expect(page.locator('#app-title')).toHaveText('Second page');
  await expect(back).toBeVisible();
  await back.click();
  await expect.poll(() => frame.evaluate(() => location.hash)).toBe('');
  await expect(back).toBeHidden();
});

test('an app that is not a MINI App keeps the LIFF browser’s header: its name, its origin, the close button', async ({ page }) => {
  await page.goto(`${server.baseUrl}/?${new URLSearchParams({ app: DEMO_APP, user: ALICE, device: CLIENTS['ios-15.12.0'] })}`);
  await expect(page.frameLocator('#app-frame').locator('body')).toHaveAttribute('data-init', 'ok');
  await expect(page.locator('#app-title')).toHaveText('Demo app');
  await expect(page.locator('#app-origin')).toHaveText(server.demoOrigin);
  await expect(page.locator('#app-close')).toBeVisible();
  await expect(page.locator('#mini-app-header, #app-action, #app-minimize')).toHaveCount(0);
});
