// The LINE Pay sandbox through embedkit/testing (`kit.linePay`) and the CLI (`embedkit pay`): a
// merchant's server requests a payment, the test has the person pay, the merchant confirms; the
// CLI lists it, refunds it, and refuses a second refund with LINE Pay's code; a regKey expires.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../../src/interfaces/line-pay/index.js';
import { startEmbedkit, type TestKit } from '../../src/testing.js';
import { ALICE } from '../helpers.js';
import { cli } from '../cli/run-cli.js';
import { MERCHANT, order } from './helpers.js';

let kit: TestKit;
beforeAll(async () => {
  kit = await startEmbedkit();
});
afterAll(() => kit.stop());

/** A merchant's signed POST, as its server sends it; the transaction IDs kept as strings. */
async function post(path: string, body: unknown): Promise<{ returnCode: string; info?: Record<string, any> }> {
  const text = JSON.stringify(body);
  const nonce = randomUUID();
  const res = await fetch(kit.linePay.url + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-LINE-ChannelId': MERCHANT.channelId,
      'X-LINE-Authorization-Nonce': nonce,
      'X-LINE-Authorization': signatureOf(MERCHANT.secret, path, text, nonce),
    },
    body: text,
  });
  return JSON.parse((await res.text()).replace(/"(transactionId|refundTransactionId)":(\d+)/g, '"$1":"$2"'));
}

describe('embedkit/testing and embedkit pay', { timeout: 60_000 }, () => {
  it('the person pays in a test; the CLI lists the payment, refunds it, and says why a second refund is refused', async () => {
    const body = order(150, { options: { payment: { payType: 'PREAPPROVED' } } });
    const requested = await post('/v3/payments/request', body);
    const transactionId = requested.info!.transactionId as string;
    const paid = await kit.linePay.pay(transactionId, { userId: ALICE });
    expect(paid.redirectUrl).toBe(`https://shop.example/confirm?transactionId=${transactionId}&orderId=${body.orderId}`);
    const confirmed = await post(`/v3/payments/${transactionId}/confirm`, { amount: 150, currency: 'TWD' });
    expect(confirmed.returnCode).toBe('0000');
    expect((await kit.linePay.transactions({ userId: ALICE }))[0]).toMatchObject({ transactionId, status: 'CAPTURE' });

    const list = await cli(['pay', 'list', '--url', kit.url]);
    expect(list.stdout).toContain(`${transactionId}  ${body.orderId}  150 TWD  CAPTURE`);
    const refund = await cli(['pay', 'refund', transactionId, '--amount', '50', '--url', kit.url]);
    expect(refund.stdout).toBe(`${transactionId} (${body.orderId}): refunded 50 of 150 TWD → CAPTURE\n`);
    expect((await cli(['pay', 'refund', transactionId, '--url', kit.url])).code).toBe(0);
    const again = await cli(['pay', 'refund', transactionId, '--url', kit.url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('the refund was refused: 409 LINE Pay 1165');

    const regKey = confirmed.info!.regKey as string;
    const expired = await cli(['pay', 'expire-regkey', regKey, '--url', kit.url]);
    expect(expired.stdout).toBe(`regKey ${regKey} (${ALICE}) expired\n`);
    const pay = await post(`/v3/payments/preapprovedPay/${regKey}/payment`, {
      productName: 'Tea',
      amount: 10,
      currency: 'TWD',
      orderId: 'sub-1',
    });
    expect(pay.returnCode).toBe('1190');
  });
  it('the person cancels in a test: the page would send them to the cancelUrl', async () => {
    const requested = await post('/v3/payments/request', order());
    const cancelled = await kit.linePay.cancel(requested.info!.transactionId as string);
    expect([cancelled.redirectUrl, cancelled.transaction.status]).toEqual(['https://shop.example/cancel', 'CANCELLED']);
  });
});
