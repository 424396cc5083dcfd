// LINE MINI App in-app purchase, the whole flow: the LIFF demo (an app on @line/liff 2.x, unmodified
// but for embedkit's plugin) lists its products in the currency of the device's store, asks the
// person's consent on the terms' sheet, has its own server reserve the purchase (verifying the
// LIFF access token first, as the guidelines require, then a plain fetch to
// /iap/v1/product/reserve), and the person pays on the store's sheet: the MINI App's webhook gets
// purchaseComplete, signed as @line/bot-sdk 11 checks it. Cancelling answers the published CANCELED.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { validateSignature } from '@line/bot-sdk-11';
import type { FrameLocator, Page } from '@playwright/test';
import { ALICE, expect, test } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

const LIFF_APP = '1650000001-liffapp1';
const CHANNEL = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' };
/** A phone whose client has in-app purchase (published minimum: 14.11.0). */
const IPHONE = 'ios-15.0.0-17.4';
const ANDROID = 'android-15.0.0-14';

/** The MINI App's own server: reserves purchases for its page, and receives the platform's webhook. */
interface Shop {
  origin: string;
  /** The webhook requests received, with whether their signature held. */
  events: { event: Record<string, unknown>; signed: boolean }[];
  close(): Promise<void>;
}

let server: ServerHandle;
let shop: Shop;
let platform = '';
let worldDir = '';

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  req.setEncoding('utf8');
  for await (const chunk of req) body += chunk;
  return body;
}

async function startShop(): Promise<Shop> {
  const events: Shop['events'] = [];
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Content-Type' };
  const answer = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  const http: Server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
      const body = await readBody(req);
      if (req.url === '/webhook') {
        const signature = String(req.headers['x-service-signature'] ?? '');
        events.push({ event: JSON.parse(body) as Record<string, unknown>, signed: validateSignature(body, CHANNEL.secret, signature) });
        return res.writeHead(200).end();
      }
      if (req.url !== '/reserve') return answer(res, 404, { message: 'not found' });
      const { accessToken, productId, clientOs } = JSON.parse(body) as { accessToken: string; productId: string; clientOs: string };
      // The guidelines' required check: the token is valid, of this channel, not expired.
      const verify = await fetch(`${platform}/oauth2/v2.1/verify?access_token=${encodeURIComponent(accessToken)}`);
      const verified = (await verify.json()) as { client_id?: string; expires_in?: number };
      if (!verify.ok || verified.client_id !== CHANNEL.id || !(verified.expires_in! > 0)) return answer(res, 401, { message: 'bad token' });
      const reserved = await fetch(`${platform}/iap/v1/product/reserve`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientIp: req.socket.remoteAddress, clientOs, productId, shopProductName: 'Coins' }),
      });
      answer(res, reserved.status, await reserved.json());
    })().catch((error: unknown) => answer(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    events,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

test.beforeAll(async () => {
  shop = await startShop();
  // The default world, with the demo opened with its server's address, that server's webhook URL,
  // and prices the App Store shows in dollars (Google Play keeps yen).
  const world = JSON.parse(readFileSync('server/scenarios/default.json', 'utf8')) as {
    apps: {
      embedId: string;
      view: { url: string };
      miniApp?: { inAppPurchase?: { webhookUrl?: string; products: Record<string, unknown>[] } };
    }[];
  };
  const demo = world.apps.find((a) => a.embedId === LIFF_APP)!;
  demo.view.url += `?shop=${encodeURIComponent(shop.origin)}`;
  const iap = demo.miniApp!.inAppPurchase!;
  iap.webhookUrl = `${shop.origin}/webhook`;
  iap.products[0]!.appStore = { currency: 'USD', price: 0.99, productName: '100 Coins' };
  worldDir = mkdtempSync(join(tmpdir(), 'embedkit-iap-'));
  const file = join(worldDir, 'iap-world.json');
  writeFileSync(file, JSON.stringify(world));
  server = await startServer(undefined, ['--scenario', file]);
  platform = server.baseUrl;
});
test.afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  await shop?.close();
  if (worldDir) rmSync(worldDir, { recursive: true, force: true });
});

/** Opens the demo as Alice on `device`; resolves with its frame once init finished. */
async function openShop(page: Page, device: string): Promise<FrameLocator> {
  await page.goto(`${server.baseUrl}/?${new URLSearchParams({ app: LIFF_APP, user: ALICE, device })}`);
  const app = page.frameLocator('#app-frame');
  await expect(app.locator('body')).toHaveAttribute('data-init', 'ok', { timeout: 15_000 });
  return app;
}

test('a purchase: products in the store’s currency, consent, a reservation by the MINI App’s server, payment, purchaseComplete', async ({
  page,
}) => {
  const app = await openShop(page, IPHONE);
  await expect(app.locator('#report')).toContainText('"apiIap": {\n    "ok": true');
  await expect(app.locator('#iap-products .product')).toHaveText(['100 Coins: 0.99 USD', '1,200 Coins: 1000 JPY']);

  await app.locator('#iap-products li[data-product-id="iap_ln_002"] button').click();
  // The terms' sheet first: Alice has never agreed.
  const consent = page.locator('#iap-consent');
  await expect(consent).toBeVisible();
  await consent.locator('#iap-consent-agree').click();
  // Then the App Store's sheet, with the order's product and price.
  const sheet = page.locator('#iap-payment');
  await expect(sheet.locator('[data-store]')).toHaveText('App Store');
  await expect(sheet.locator('.iap-product')).toHaveText('100 Coins');
  await expect(sheet.locator('.iap-price')).toHaveText('$0.99');
  await sheet.locator('#iap-pay').click();
  await expect(app.locator('#purchase')).toContainText('"createPayment":{"ok":{"orderId":"T');
  const orderId = JSON.parse((await app.locator('#purchase').textContent())!).createPayment.ok.orderId as string;

  await expect.poll(() => shop.events.length).toBe(1);
  expect(shop.events[0]).toEqual({
    event: {
      type: 'purchaseComplete',
      orderId,
      productId: 'iap_ln_002',
      userId: ALICE,
      purchaseTimestamp: expect.any(Number),
      channelId: CHANNEL.id,
    },
    signed: true,
  });
  for (const method of ['liffIapProducts', 'liffIapConsent', 'liffIapPayment'])
    await expect(page.locator(`#bridge-log .log-entry[data-method="${method}"][data-outcome="ok"]`).first()).toBeAttached();
});

test('cancelling the store’s sheet answers the published CANCELED, and nothing is sent', async ({ page }) => {
  // Alice agreed in the test before, or agrees here: either way the payment sheet comes.
  const app = await openShop(page, ANDROID);
  await expect(app.locator('#iap-products .product').first()).toHaveText('100 Coins: 100 JPY');
  const before = shop.events.length;
  await app.locator('#iap-products li[data-product-id="iap_ln_002"] button').click();
  const consent = page.locator('#iap-consent-agree');
  const sheet = page.locator('#iap-payment');
  await expect(consent.or(sheet)).toBeVisible();
  if (await consent.isVisible()) await consent.click();
  await expect(sheet.locator('[data-store]')).toHaveText('Google Play');
  await expect(sheet.locator('.iap-price')).toHaveText('¥100');
  await sheet.locator('#iap-cancel').click();
  await expect(app.locator('#purchase')).toHaveText(
    '{"createPayment":{"error":{"code":"CANCELED","message":"Transaction was canceled."}}}',
  );
  const orders = (await (await fetch(`${server.baseUrl}/embedkit/v1/iap/orders?userId=${ALICE}`)).json()) as {
    orders: { status: string }[];
  };
  expect(orders.orders[0]!.status).toBe('cancelled');
  expect(shop.events.length).toBe(before);
});
