// A LINE MINI App's service message reaches the person's service-message chat in the host: the
// default world's "LIFF demo" MINI App issues a service notification token from Alice's LIFF access
// token and sends its thankyou_msg_en template; the chat heads Alice's chat list under its name in
// the host's language, and opening it shows the card with its items and button.
import { expect, test, ALICE } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

const CHANNEL = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' };

// A server of its own: the notices it leaves would head Alice's chat list in later specs.
let server: ServerHandle;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

async function json(path: string, init: RequestInit): Promise<Record<string, any>> {
  const res = await fetch(`${server.baseUrl}${path}`, init);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, any>;
}

/** Sends thankyou_msg_en to Alice as the MINI App's server does: a channel access token, her LIFF access token, both calls. */
async function sendThankYou(): Promise<void> {
  const channel = await json('/v2/oauth/accessToken', {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: CHANNEL.id, client_secret: CHANNEL.secret }),
  });
  const liff = await json('/embedkit/v1/sessions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: ALICE, channelId: CHANNEL.id, scopes: ['openid', 'profile'] }),
  });
  const headers = { Authorization: `Bearer ${channel.access_token}`, 'Content-Type': 'application/json' };
  const token = await json('/message/v3/notifier/token', {
    method: 'POST',
    headers,
    body: JSON.stringify({ liffAccessToken: liff.access_token }),
  });
  await json('/message/v3/notifier/send?target=service', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      templateName: 'thankyou_msg_en',
      params: { date: '2026-04-23', username: 'Brown & Cony', btn1_url: 'https://example.com/orders/1' },
      notificationToken: token.notificationToken,
    }),
  });
}

test('a service message shows as a card in the LINE MINI App Notice chat, named in the host’s language', async ({ page }) => {
  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=none`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#chat-list .chat-item').first()).toBeVisible();
  await expect(page.locator('[data-service-chat]')).toHaveCount(0);

  await sendThankYou();
  // The live feed tells the host: the chat appears at the head of the list without a reload.
  const item = page.locator('#chat-list li:first-child [data-service-chat]');
  await expect(item.locator('.chat-item-name')).toHaveText('LINE MINI App Notice');
  await expect(item.locator('.chat-item-preview')).toHaveText('Thank you for your order');

  await item.click();
  const card = page.locator('#service-chat .service-card');
  await expect(card).toHaveCount(1);
  await expect(card.locator('.service-card-title')).toHaveText('Thank you for your order');
  await expect(card.locator('.service-card-items dt')).toHaveText(['Date', 'Name']);
  await expect(card.locator('.service-card-items dd')).toHaveText(['2026-04-23', 'Brown & Cony']);
  await expect(card.locator('a.service-card-button')).toHaveText('See details');
  await expect(card.locator('a.service-card-button')).toHaveAttribute('href', 'https://example.com/orders/1');
  await expect(card.locator('.service-card-footer')).toHaveText('LIFF demo');
  // As the messenger draws it: the card's layout, held to a screenshot (the send time masked).
  await expect(card).toHaveScreenshot('thank-you-card.png', {
    maxDiffPixelRatio: 0.01,
    animations: 'disabled',
    mask: [card.locator('time')],
  });
  await page.locator('#service-chat-back').click();
  await expect(page.locator('#chat-list [data-service-chat]')).toBeVisible();

  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=none&lang=ja`);
  await expect(page.locator('#chat-list [data-service-chat] .chat-item-name')).toHaveText('LINEミニアプリ お知らせ');
});
