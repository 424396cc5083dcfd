// LINE Pay in the host, the whole flow: the Tea House (a Taiwan app of the default world) has its
// own server ask LINE Pay for a payment (signed POST /v3/payments/request to {linepay_base_url}),
// the app goes to LINE Pay's payment page inside the host's app frame, the person pays and lands on
// the app's order confirmation page, whose server confirms and reads the details (CAPTURE).
// Cancelling lands on the cancelUrl; a refund from the host's LINE Pay tool shows in the details.
import { createHmac, randomUUID } from 'node:crypto';
import type { FrameLocator, Page } from '@playwright/test';
import { ALICE, expect, test } from '../support/fixtures.js';
import { removeDataDir, startServer, type ServerHandle } from '../support/server.js';

const TEA_HOUSE = '1650000001-teashop1';
const MERCHANT = { channelId: '1660000001', secret: 'e8b94a8c7fd54c3c9b3d2f1a0c6e5d47' };

let server: ServerHandle;
let linePay = '';

test.beforeAll(async () => {
  // `npm start` as it is: the demo bots (and the Tea House's server beside them) in the server.
  server = await startServer(undefined, [], { demoBots: true });
  linePay = ((await (await fetch(`${server.baseUrl}/embedkit/v1/world`)).json()) as { urls: { linepay: string } }).urls.linepay;
});
test.afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** Payment details as the merchant reads them (GET /v3/payments, signed), the transaction IDs kept as strings. */
async function details(transactionId: string): Promise<{ returnCode: string; info: Record<string, unknown>[] }> {
  const nonce = randomUUID();
  const query = `transactionId=${transactionId}`;
  const signature = createHmac('sha256', MERCHANT.secret).update(`${MERCHANT.secret}/v3/payments${query}${nonce}`).digest('base64');
  const res = await fetch(`${linePay}/v3/payments?${query}`, {
    headers: { 'X-LINE-ChannelId': MERCHANT.channelId, 'X-LINE-Authorization-Nonce': nonce, 'X-LINE-Authorization': signature },
  });
  return JSON.parse((await res.text()).replace(/"(transactionId|refundTransactionId)":(\d+)/g, '"$1":"$2"')) as never;
}

/** Opens the Tea House as Alice and buys an oolong tea: the app frame shows LINE Pay's payment page. */
async function buy(page: Page): Promise<FrameLocator> {
  await page.goto(`${server.baseUrl}/?${new URLSearchParams({ app: TEA_HOUSE, user: ALICE })}`);
  const app = page.frameLocator('#app-frame');
  await app.locator('button[data-item="oolong"]').click();
  await expect(app.locator('#line-pay-amount')).toHaveText('NT$ 120', { timeout: 10_000 });
  await expect(app.locator('main h1')).toHaveText('Embedkit Tea House');
  return app;
}

test('the Tea House pays with LINE Pay in the host: the payment page, the order confirmation page, CAPTURE in the details', async ({
  page,
}) => {
  const app = await buy(page);
  await expect(app.locator(`input[name="userId"][value="${ALICE}"]`)).toBeChecked();
  await app.locator('#line-pay-pay').click();
  await expect(app.locator('#order-status')).toHaveText('Payment confirmed. Thank you!', { timeout: 10_000 });
  await expect(app.locator('#order-pay-status')).toHaveText('CAPTURE');
  await expect(app.locator('#order-paid')).toHaveText('BALANCE NT$ 120');
  const transactionId = (await app.locator('#order-transaction').textContent())!;
  expect(transactionId).toMatch(/^\d{19}$/);
  const d = await details(transactionId);
  expect(d.returnCode).toBe('0000');
  expect(d.info[0]).toMatchObject({ transactionId, payStatus: 'CAPTURE', productName: 'Oolong tea', currency: 'TWD' });

  // A refund from the host's LINE Pay tool (in the Bot tools): it shows there and in the details.
  await page.goto(`${server.baseUrl}/?user=${ALICE}&context=none`);
  await page.locator('#line-pay-tool summary').click();
  const row = page.locator(`#line-pay-payments .line-pay-payment[data-transaction-id="${transactionId}"]`);
  await expect(row).toHaveAttribute('data-status', 'CAPTURE');
  await row.locator('.line-pay-refund').click();
  await expect(row).toHaveAttribute('data-status', 'REFUNDED');
  await expect(page.locator('#line-pay-tool-status')).toHaveText('Refunded 120 TWD of Oolong tea (' + d.info[0]!.orderId + ').');
  const after = await details(transactionId);
  expect(after.info[0]!.refundList).toEqual([expect.objectContaining({ refundAmount: -120, transactionType: 'PAYMENT_REFUND' })]);
});

test('Cancel on the payment page lands on the Tea House’s cancelUrl', async ({ page }) => {
  const app = await buy(page);
  await app.locator('#line-pay-cancel').click();
  await expect(app.locator('#notice')).toHaveText('Payment cancelled: nothing was charged.', { timeout: 10_000 });
});

test('“Low balance” on the payment page makes the confirm answer 1142, shown on the order page', async ({ page }) => {
  const app = await buy(page);
  await app.locator('#line-pay-outcome').selectOption('lowBalance');
  await app.locator('#line-pay-pay').click();
  await expect(app.locator('#order-status')).toHaveText(/^Payment not confirmed: 1142 Low balance\./, { timeout: 10_000 });
});
