/**
 * `embedkit review`'s session checks and probe, end to end: a deliberately careless MINI App
 * (`e2e/fixtures/careless-mini-app/`, on `@line/liff` 2.31 with embedkit's plugin) walked in the
 * host fails each check it breaks (a call before init, no isApiAvailable, a broken launch with
 * openid alone, a reservation without a verify, service messages with no action, a refused
 * template and a sixth send, a carousel shared), and its webhook, which grants whatever arrives,
 * fails the probe; the demo MINI App walked the same way fails none. The review runs on the kit of
 * an embedkit started in this process, over what the host page reported to it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pino } from 'pino';
import { rollup, type Plugin } from 'rollup';
import { commonjs, nodeResolve } from '../../bench/lib/plugins.js';
import { startServer, type RunningServer } from '../../server/dist/serve/start.js';
import { reviewDepsOf } from '../../server/dist/review/deps.js';
import { reviewSession } from '../../server/dist/review/session/index.js';
import { probeMiniApp } from '../../server/dist/review/probe/index.js';
import type { Finding } from '../../contract/src/review.js';
import { channelToken } from '../support/platform.js';

const FIXTURE = resolve('e2e/fixtures/careless-mini-app');
const ALICE = 'U0a11ce0000000000000000000000a11c';
const DEMO = '1650000001-liffapp1';
const CARELESS = '1650000009-careless';
const CARELESS_CHANNEL = { id: '1650000009', secret: '9a8b7c6d5e4f30211203f4e5d6c7b8a9' };

let kit: RunningServer;
let shop: Server;
let shopOrigin = '';
let dir = '';

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  req.setEncoding('utf8');
  for await (const chunk of req) body += chunk;
  return body;
}

/** The fixture bundled as an app's bundler does: `embedkit/liff` is the package's ESM plugin. */
async function bundle(): Promise<string> {
  const plugin: Plugin = { name: 'embedkit-liff', resolveId: (id) => (id === 'embedkit/liff' ? resolve('sdk/dist/liff.mjs') : null) };
  const build = await rollup({
    input: join(FIXTURE, 'main.js'),
    plugins: [plugin, nodeResolve({ browser: true, rootDir: process.cwd(), modulePaths: [resolve('node_modules')] }), commonjs()],
    onwarn: () => undefined,
  });
  const { output } = await build.generate({ format: 'iife' });
  await build.close();
  return output[0].code;
}

/**
 * The careless MINI App's server: its page, and what its server does carelessly through the platform
 * (a service message on load, a template it never added, a sixth send on one token, a reservation
 * without a verify, a webhook that grants whatever arrives by asking for a service message token).
 */
async function startShop(script: string): Promise<void> {
  const html = readFileSync(join(FIXTURE, 'index.html'), 'utf8');
  let lastToken = '';
  const platform = async (path: string, body: unknown, auth: string) =>
    fetch(`${kit.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const cors = { 'Access-Control-Allow-Origin': '*' };
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/careless/') {
      const config = { liffId: CARELESS, server: kit.baseUrl, shop: shopOrigin };
      const page = html.replace(
        '</body>',
        `<script type="application/json" id="config">${JSON.stringify(config)}</script><script src="/main.js"></script></body>`,
      );
      return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    }
    if (path === '/main.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    const body = await readBody(req);
    const channel = await channelToken(kit.baseUrl, CARELESS_CHANNEL);
    if (path === '/notify') {
      lastToken = (JSON.parse(body) as { accessToken: string }).accessToken;
      const issued = (await (await platform('/message/v3/notifier/token', { liffAccessToken: lastToken }, channel)).json()) as {
        notificationToken: string;
      };
      const statuses: number[] = [];
      await platform(
        '/message/v3/notifier/send?target=service',
        { templateName: 'welcome_en', params: {}, notificationToken: issued.notificationToken },
        channel,
      );
      let token = issued.notificationToken;
      for (let i = 0; i < 6; i++) {
        const params = { date: '2026-01-01', username: 'Alice', btn1_url: 'https://example.com/orders/1' };
        const sent = await platform(
          '/message/v3/notifier/send?target=service',
          { templateName: 'thankyou_msg_en', params, notificationToken: token },
          channel,
        );
        statuses.push(sent.status);
        token = ((await sent.json()) as { notificationToken?: string }).notificationToken || token;
      }
      return res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify({ statuses }));
    }
    if (path === '/reserve') {
      const { accessToken } = JSON.parse(body) as { accessToken: string };
      const reserved = await fetch(`${kit.baseUrl}/iap/v1/product/reserve`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientIp: '127.0.0.1', clientOs: 'ios', productId: 'iap_ln_002', shopProductName: 'Coins' }),
      });
      return res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify({ reserve: reserved.status }));
    }
    if (path === '/webhook') {
      // Grants whatever arrives, signature or not: a service message token to tell the person.
      await platform('/message/v3/notifier/token', { liffAccessToken: lastToken }, channel);
      return res.writeHead(200).end();
    }
    res.writeHead(404).end();
  };
  shop = createServer((req, res) => void handle(req, res).catch((e: unknown) => res.writeHead(500).end(String(e))));
  await new Promise<void>((done) => shop.listen(0, '127.0.0.1', done));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
}

/** The default world and the careless MINI App on a channel of its own, verified, with in-app purchase. */
function world(): string {
  const w = JSON.parse(readFileSync('server/scenarios/default.json', 'utf8')) as {
    channels: Record<string, unknown>[];
    apps: { embedId: string; miniApp?: Record<string, unknown> }[];
  };
  const demo = w.apps.find((a) => a.embedId === DEMO)!;
  w.channels.push({ channelId: CARELESS_CHANNEL.id, name: 'Careless', secret: CARELESS_CHANNEL.secret, botName: 'Careless Bot' });
  w.apps.push({
    embedId: CARELESS,
    channelId: CARELESS_CHANNEL.id,
    name: 'Careless shop',
    view: { type: 'full', url: `${shopOrigin}/careless/` },
    scope: ['openid', 'profile', 'chat_message.write'],
    miniApp: {
      verified: true,
      consent: { simplification: true },
      serviceMessageTemplates: (demo.miniApp as { serviceMessageTemplates: unknown[] }).serviceMessageTemplates,
      inAppPurchase: { ...(demo.miniApp as { inAppPurchase: object }).inAppPurchase, webhookUrl: `${shopOrigin}/webhook` },
    },
  } as never);
  const file = join(dir, 'review-world.json');
  writeFileSync(file, JSON.stringify(w));
  return file;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'embedkit-review-'));
  await startShop(await bundle());
  kit = await startServer({ port: 0, dataDir: join(dir, 'data'), scenarioFile: world(), logger: pino({ level: 'silent' }) });
  await fetch(`${kit.baseUrl}/embedkit/v1/consent-flow`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: '{"flow":"current"}',
  });
});
test.afterAll(async () => {
  await kit?.close();
  shop?.closeAllConnections();
  await new Promise((done) => shop?.close(done));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The session findings of `liffId` for Alice, by check, once the host page's report reached the server. */
async function review(liffId: string, until: (f: Record<string, Finding>) => boolean): Promise<Record<string, Finding>> {
  const deps = reviewDepsOf(kit.embedkit).session;
  let found: Record<string, Finding> = {};
  await expect
    .poll(
      async () => {
        found = Object.fromEntries((await reviewSession(deps, { liffId, userId: ALICE })).map((f) => [f.check, f]));
        return until(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

async function open(page: Page, liffId: string) {
  await page.goto(`${kit.baseUrl}/?${new URLSearchParams({ app: liffId, user: ALICE })}`);
  return page.frameLocator('#app-frame');
}

test('the careless MINI App fails each session check it breaks, and its webhook fails the probe', async ({ page }) => {
  const app = await open(page, CARELESS);
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  // Its getProfile with openid alone: the permission request screen; the person denies, the app does not handle it.
  await page.locator('#consent-screen[data-kind="permission-request"] #consent-deny').click();
  await expect(app.locator('body')).toHaveAttribute('data-notified', 'yes');
  await expect(app.locator('#out')).toContainText('"statuses":[200,200,200,200,200,401]');
  await app.locator('#share').click();
  const cancel = page.locator('#share-target-cancel, #consent-deny').first();
  await cancel.click();
  await app.locator('#scan').click();
  await app.locator('#buy').click();
  await expect(app.locator('body')).toHaveAttribute('data-bought', 'yes');

  const failing = [
    'session.init-first',
    'session.api-availability',
    'session.openid-only',
    'iap.verify-before-reserve',
    'service-message.after-action',
    'service-message.template',
    'service-message.five-per-token',
    'share.bubble',
  ];
  // The page reports its lines within a second: the review is read again until they are all in.
  const f = await review(CARELESS, (found) => failing.every((check) => found[check]?.status === 'fail'));
  for (const check of failing) expect(f[check], check).toMatchObject({ status: 'fail', area: 'session', fix: expect.any(String) });
  expect(f['session.init-first']!.seen).toContain('liff.getProfile() before liff.init was called');
  expect(f['session.api-availability']!.seen).toContain('liff.scanCode()');
  expect(f['session.openid-only']!.seen).toContain('unhandled rejection');
  expect(f['service-message.template']!.seen).toContain('welcome_en');

  const probe = Object.fromEntries(
    (await probeMiniApp(reviewDepsOf(kit.embedkit).probe, { liffId: CARELESS, settleMs: 500 })).map((x) => [x.check, x]),
  );
  expect(probe['probe.signature']).toMatchObject({ status: 'fail', seen: expect.stringContaining('POST /message/v3/notifier/token') });
  expect(probe['probe.unknown-order']!.status).toBe('fail');
  expect(probe['probe.duplicate']).toMatchObject({ status: 'warn', seen: expect.stringContaining('No paid order') });
});

test('the demo MINI App walked in the host fails no session check', async ({ page }) => {
  const app = await open(page, DEMO);
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  await expect(app.locator('#report')).toContainText('"refused"');
  const f = await review(DEMO, (found) => found['session.openid-only']?.status === 'pass');
  expect(Object.values(f).filter((x) => x.status === 'fail')).toEqual([]);
  expect(f['session.init-first']!.status).toBe('pass');
  expect(f['session.api-availability']!.status).toBe('pass');
  for (const x of Object.values(f)) if (x.status === 'warn') expect(x.seen, x.check).not.toBe('');
});
