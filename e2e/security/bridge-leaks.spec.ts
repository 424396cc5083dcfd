// Nothing secret reaches an embedded page: every message posted to the app frame, on the
// window and on its bridge port, is recorded through a whole session and searched for the channel
// secret and every access token the server issued. Also: the host page's Content Security Policy
// and the app frame's sandbox.
import type { Page } from '@playwright/test';
import { clickClosingButton, expect, openDemo, test } from '../support/fixtures.js';
import { removeDataDir, startServer } from '../support/server.js';

const CHANNEL_SECRET = '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';

/** In every frame: records each window message and each message arriving on a port that came with one. */
async function recordEverything(page: Page) {
  await page.addInitScript(() => {
    const log: unknown[] = [];
    (window as unknown as { __everything: unknown[] }).__everything = log;
    const keep = (where: string, data: unknown) => {
      let copy: unknown;
      try {
        copy = JSON.parse(JSON.stringify(data));
      } catch {
        copy = String(data);
      }
      log.push({ where, data: copy });
    };
    window.addEventListener(
      'message',
      (e) => {
        keep(`window from ${e.origin}`, e.data);
        for (const port of e.ports) port.addEventListener('message', (m) => keep('port', m.data));
      },
      true,
    );
  });
}

test('no channel secret and no access token reaches the app frame during a whole session', async ({ page, server }) => {
  await recordEverything(page);
  // Every token the server hands out while the test runs, to the host or to anyone else.
  const tokens = new Set<string>();
  page.on('response', async (res) => {
    if (!res.url().startsWith(server.baseUrl) && !res.url().startsWith(server.demoOrigin)) return;
    if (!(res.headers()['content-type'] ?? '').includes('json')) return;
    const text = await res.text().catch(() => '');
    for (const m of text.matchAll(/"(?:access_token|refresh_token|id_token|accessToken)":"([^"]+)"/g)) tokens.add(m[1]!);
  });
  // Another user's session on the same channel, opened beside the host.
  const bob = await page.request.post(`${server.baseUrl}/embedkit/v1/sessions`, {
    data: {
      userId: 'U000000000000000000000000000000b0',
      channelId: '1650000001',
      scopes: ['profile', 'chat_message.write'],
      context: { type: 'utou', chatId: 'UU0a11ce00000000000000000000000b0' },
    },
  });
  tokens.add((await bob.json()).access_token);

  const app = await openDemo(page, server);
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok');
  await app.locator('#btn-profile').click();
  await expect(app.locator('#profile')).toContainText('U0a11ce0000000000000000000000a11c');
  await app.locator('#send-text').fill('leak check');
  await app.locator('#btn-send').click();
  await expect(app.locator('#send-result')).toHaveText('sent');
  await app.locator('#btn-open-inapp').click();
  await expect(page.locator('#inapp-browser')).toBeVisible();
  await page.locator('#inapp-close').click();

  const frame = page.frame({ url: /127\.0\.0\.1.*\/demo\/app\// })!;
  const received = await frame.evaluate(() => (window as unknown as { __everything: unknown[] }).__everything);
  const inapp = page.frames().filter((f) => f !== frame && f !== page.mainFrame());
  await clickClosingButton(app.locator('#btn-close'));
  await expect(page.locator('#app-overlay')).toBeHidden();

  // The host's own session token exists (the host called the platform with it), so the search means something.
  expect(tokens.size).toBeGreaterThanOrEqual(2);
  expect(received.length).toBeGreaterThanOrEqual(4); // welcome + answers of getProfile, sendMessages, openWindow
  const seen = JSON.stringify(received);
  expect(seen).toContain('"welcome"');
  expect(seen).not.toContain(CHANNEL_SECRET);
  for (const t of tokens) expect(seen, 'an access token reached the app frame').not.toContain(t);
  for (const f of inapp) {
    const other = JSON.stringify(
      await f.evaluate(() => (window as unknown as { __everything?: unknown[] }).__everything ?? []).catch(() => []),
    );
    expect(other).not.toContain(CHANNEL_SECRET);
    for (const t of tokens) expect(other).not.toContain(t);
  }
});

test('the host page has a strict Content Security Policy and no violation of it', async ({ page, server }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.request.get(`${server.baseUrl}/`);
  const csp = res.headers()['content-security-policy'] ?? '';
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );
  expect(directives['script-src']).toEqual(["'self'"]);
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'none'"]);
  // Only the host's own origin (the several-phones page) may frame it.
  expect(directives['frame-ancestors']).toEqual(["'self'"]);
  expect(csp).not.toContain('unsafe-eval');
  expect(directives['script-src']).not.toContain("'unsafe-inline'");
  await openDemo(page, server);
  expect(violations).toEqual([]);
});

test('the app frame runs with what a web view allows, and nothing that reaches the host', async ({ page, server }) => {
  await openDemo(page, server);
  const frame = page.locator('#app-frame');
  const sandbox = ((await frame.getAttribute('sandbox')) ?? '').split(/\s+/).sort();
  // Scripts and its own origin (for its storage and the bridge's origin check), forms, popups for
  // openWindow, and what the messenger's web view allows: dialogs and downloads.
  expect(sandbox).toEqual([
    'allow-downloads',
    'allow-forms',
    'allow-modals',
    'allow-popups',
    'allow-popups-to-escape-sandbox',
    'allow-same-origin',
    'allow-scripts',
  ]);
  expect(await frame.getAttribute('allow')).toBe('clipboard-write; geolocation; camera; microphone; fullscreen');
  expect(await frame.getAttribute('referrerpolicy')).toBe('origin');
  // The frame cannot navigate the host away.
  const app = page.frame({ url: /127\.0\.0\.1.*\/demo\/app\// })!;
  const before = page.url();
  await app.evaluate(() => {
    try {
      window.top!.location.href = 'https://example.com/';
    } catch {
      // Refused: what the test wants.
    }
  });
  await page.waitForTimeout(300);
  expect(page.url()).toBe(before);
});

/**
 * In every frame: keeps the port of each welcome (`__welcomePorts`) and each port another window
 * hands over with `{stash: true}` (`__stashed`), so a test can use a port after its page is gone.
 */
async function keepPorts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __welcomePorts: MessagePort[]; __stashed: MessagePort[] };
    w.__welcomePorts = [];
    w.__stashed = [];
    window.addEventListener(
      'message',
      (e) => {
        if ((e.data as { type?: string } | null)?.type === 'welcome' && e.ports[0]) w.__welcomePorts.push(e.ports[0]);
        if ((e.data as { stash?: boolean } | null)?.stash && e.ports[0]) w.__stashed.push(e.ports[0]);
      },
      true,
    );
  });
}

/** In the top page: calls getProfile over the stashed port `i`; the answer, or null after 1.5 s. */
function callStashed(page: Page, i = 0): Promise<unknown> {
  return page.evaluate(
    (i) =>
      new Promise((resolve) => {
        const port = (window as unknown as { __stashed: MessagePort[] }).__stashed[i]!;
        const id = `probe-${Math.random()}`;
        port.addEventListener('message', (e) => (e.data as { id?: string }).id === id && resolve(e.data));
        port.start();
        port.postMessage({ id, type: 'APPLY', path: ['getProfile'], argumentList: [] });
        setTimeout(() => resolve(null), 1500);
      }),
    i,
  );
}

/** Makes the app page hand the port of its `n`-th welcome to the top page. */
async function stashWelcomePort(page: Page, n = 0) {
  const frame = page.frame({ url: /127\.0\.0\.1.*\/demo\/app\// })!;
  await frame.evaluate((n) => {
    const port = (window as unknown as { __welcomePorts: MessagePort[] }).__welcomePorts[n]!;
    window.parent.postMessage({ stash: true }, '*', [port]);
  }, n);
  await page.waitForFunction((n) => (window as unknown as { __stashed: MessagePort[] }).__stashed.length > n, n);
}

// The liveness rule: after the frame loads another page, the host asks the frame's
// window for the welcome's token; the new page cannot answer it, so the port handed away is closed.
test('a port handed away stops working once the frame shows a page of another origin', async ({ page, server }) => {
  await keepPorts(page);
  const other = await startServer();
  try {
    await openDemo(page, server);
    await stashWelcomePort(page);
    // While the page that said hello is shown, its port works (so the test below can fail).
    expect(await callStashed(page)).toMatchObject({
      type: 'RAW',
      value: { ok: true, value: { userId: 'U0a11ce0000000000000000000000a11c' } },
    });
    const frame = page.frame({ url: /127\.0\.0\.1.*\/demo\/app\// })!;
    await frame.goto(`${other.demoOrigin}/demo/app/about.html`);
    await expect(page.frameLocator('#app-frame').locator('body')).toContainText('About this demo');
    // Within the liveness wait (1 s) the host has asked the frame for the token and closed the port.
    await expect.poll(() => callStashed(page), { timeout: 5000 }).toBeNull();
  } finally {
    await other.stop();
    removeDataDir(other.dataDir);
  }
});

test('a second hello replaces the port: the first one, replayed, gets nothing', async ({ page, server }) => {
  await keepPorts(page);
  await openDemo(page, server);
  await stashWelcomePort(page, 0);
  expect(await callStashed(page, 0)).toMatchObject({ type: 'RAW', value: { ok: true } });
  const frame = page.frame({ url: /127\.0\.0\.1.*\/demo\/app\// })!;
  await frame.evaluate(() => window.parent.postMessage({ protocol: 'embedkit-bridge', version: 1, type: 'hello' }, '*'));
  await frame.waitForFunction(() => (window as unknown as { __welcomePorts: MessagePort[] }).__welcomePorts.length === 2);
  expect(await callStashed(page, 0)).toBeNull();
  await stashWelcomePort(page, 1);
  expect(await callStashed(page, 1)).toMatchObject({ type: 'RAW', value: { ok: true } });
});

test('huge and non-cloneable arguments fail with an error code, without a hang', async ({ page, server }) => {
  await openDemo(page, server);
  const frame = page.frame({ url: /127\.0\.0\.1.*\/demo\/app\// })!;
  const outcome = (code: string) =>
    frame.evaluate(async (code) => {
      const embed = (window as unknown as { embed: { sendMessages(m: unknown[]): Promise<void> } }).embed;
      const messages = new Function(`return ${code}`)() as unknown[];
      return embed.sendMessages(messages).then(
        () => 'ok',
        (e: { code?: string }) => e.code ?? String(e),
      );
    }, code);
  // 10 MB of text: the platform refuses the body (413), the host answers with its status as the code.
  expect(['413', 'INVALID_ARGUMENT']).toContain(await outcome(`[{ type: 'text', text: 'x'.repeat(10 * 1024 * 1024) }]`));
  expect(await outcome(`[{ type: 'text', text: 'x', f: () => 1 }]`)).toBe('INVALID_ARGUMENT');
  expect(await outcome(`[{ type: 'text', text: 'x', s: Symbol('s') }]`)).toBe('INVALID_ARGUMENT');
  // The bridge still works afterwards.
  expect(await outcome(`[{ type: 'text', text: 'still here' }]`)).toBe('ok');
});
