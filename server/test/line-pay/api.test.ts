// The LINE Pay Online API v3 on {linepay_base_url}: every route, its return codes, the
// authentication and the payment URL's 20 minutes on the simulated clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { ALICE, BOB } from '../helpers.js';
import { signatureOf } from '../../src/interfaces/line-pay/index.js';
import { approved, call, captured, makeLinePayKit, MERCHANT, order } from './helpers.js';

let kit: Embedkit;
beforeAll(async () => {
  kit = await makeLinePayKit();
});
afterAll(() => kit.close());

describe('authentication', () => {
  it('refuses a wrong secret key with 1106, in the API format with HTTP 200', async () => {
    const r = await call(kit, 'POST', '/v3/payments/request', order(), { secret: 'not-the-secret' });
    expect(r.status).toBe(200);
    expect(r.returnCode).toBe('1106');
    expect(r.returnMessage).toMatch(/X-LINE-Authorization/);
  });
  it('refuses a missing header with 1106, naming it', async () => {
    const r = await call(kit, 'GET', '/v3/payments?orderId=x', undefined, { headers: { 'X-LINE-Authorization-Nonce': null } });
    expect([r.returnCode, r.returnMessage]).toEqual(['1106', 'Header information error. X-LINE-Authorization-Nonce is missing.']);
  });
  it('refuses an unknown channel with 1104', async () => {
    expect((await call(kit, 'POST', '/v3/payments/request', order(), { channelId: '999' })).returnCode).toBe('1104');
  });
  it('refuses a signature over another body with 1106', async () => {
    const forged = signatureOf(MERCHANT.secret, '/v3/payments/request', '{}', 'n');
    const r = await call(kit, 'POST', '/v3/payments/request', order(), {
      headers: { 'X-LINE-Authorization-Nonce': 'n', 'X-LINE-Authorization': forged },
    });
    expect(r.returnCode).toBe('1106');
  });
});

describe('request', () => {
  it('answers the payment URLs, a 19-digit transaction ID as a JSON number, and an access token', async () => {
    const r = await call(kit, 'POST', '/v3/payments/request', order());
    expect(r.returnCode).toBe('0000');
    expect(r.text).toMatch(/"transactionId":\d{19}[,}]/);
    expect(r.info.paymentUrl.web).toMatch(new RegExp(`^${kit.urls.linepay}/web/payment/wait\\?transactionReserveId=`));
    expect(r.info.paymentUrl.app).toMatch(/^line:\/\/pay\/payment\//);
    expect(r.info.paymentAccessToken).toMatch(/^\d{12}$/);
  });
  it('refuses packages that do not add up, and amounts of the wrong scale, with 1124', async () => {
    const bad = order(150);
    bad.packages[0]!.amount = 100;
    expect((await call(kit, 'POST', '/v3/payments/request', bad)).returnCode).toBe('1124');
    const scale = order(150);
    scale.amount = 150.5;
    expect((await call(kit, 'POST', '/v3/payments/request', scale)).returnCode).toBe('1124');
  });
  it('refuses an order ID used before with 1172', async () => {
    const body = order();
    expect((await call(kit, 'POST', '/v3/payments/request', body)).returnCode).toBe('0000');
    expect((await call(kit, 'POST', '/v3/payments/request', body)).returnCode).toBe('1172');
  });
  it('refuses a missing cancelUrl with 2101 and a body that is not JSON with 2102', async () => {
    const body = order() as Record<string, unknown>;
    body.redirectUrls = { confirmUrl: 'https://shop.example/confirm' };
    const r = await call(kit, 'POST', '/v3/payments/request', body);
    expect(r.returnCode).toBe('2101');
    expect(r.returnMessage).toMatch(/cancelUrl/);
    expect((await call(kit, 'POST', '/v3/payments/request', undefined, { raw: '{nope' })).returnCode).toBe('2102');
  });
});

describe('confirm', () => {
  it('captures an approved payment and takes the balance', async () => {
    const before = (await kit.services.linePay.service.wallet(ALICE)).balances.TWD!;
    const p = await approved(kit, order(200));
    const r = await call(kit, 'POST', `/v3/payments/${p.transactionId}/confirm`, { amount: 200, currency: 'TWD' });
    expect(r.returnCode).toBe('0000');
    expect(r.info).toMatchObject({ orderId: p.orderId, transactionId: p.transactionId, payInfo: [{ method: 'BALANCE', amount: 200 }] });
    expect((await kit.services.linePay.service.wallet(ALICE)).balances.TWD).toBe(before - 200);
  });
  it('answers 1169 before the person paid, 1152 the second time, 1153 another amount, 1150 an unknown ID', async () => {
    const req = await call(kit, 'POST', '/v3/payments/request', order());
    expect((await call(kit, 'POST', `/v3/payments/${req.info.transactionId}/confirm`, { amount: 150, currency: 'TWD' })).returnCode).toBe(
      '1169',
    );
    const p = await approved(kit);
    expect((await call(kit, 'POST', `/v3/payments/${p.transactionId}/confirm`, { amount: 151, currency: 'TWD' })).returnCode).toBe('1153');
    expect((await call(kit, 'POST', `/v3/payments/${p.transactionId}/confirm`, { amount: 150, currency: 'TWD' })).returnCode).toBe('0000');
    expect((await call(kit, 'POST', `/v3/payments/${p.transactionId}/confirm`, { amount: 150, currency: 'TWD' })).returnCode).toBe('1152');
    expect((await call(kit, 'POST', '/v3/payments/2000010100000000000/confirm', { amount: 150, currency: 'TWD' })).returnCode).toBe('1150');
  });
  it('answers 1142 for a low balance (made to fail, or real) and 1110 for a declined card', async () => {
    const low = await approved(kit, order(), { outcome: 'lowBalance' });
    expect((await call(kit, 'POST', `/v3/payments/${low.transactionId}/confirm`, { amount: 150, currency: 'TWD' })).returnCode).toBe(
      '1142',
    );
    const bob = await approved(kit, order(500), { userId: BOB });
    expect((await call(kit, 'POST', `/v3/payments/${bob.transactionId}/confirm`, { amount: 500, currency: 'TWD' })).returnCode).toBe(
      '1142',
    );
    const card = await approved(kit, order(), { method: 'CREDIT_CARD', outcome: 'cardDeclined' });
    expect((await call(kit, 'POST', `/v3/payments/${card.transactionId}/confirm`, { amount: 150, currency: 'TWD' })).returnCode).toBe(
      '1110',
    );
    expect((await call(kit, 'GET', `/v3/payments/requests/${card.transactionId}/check`)).returnCode).toBe('0122');
  });
  it('answers 1180 once the payment URL lived 20 minutes of the simulated clock', async () => {
    const req = await call(kit, 'POST', '/v3/payments/request', order());
    const id = req.info.transactionId as string;
    expect((await call(kit, 'GET', `/v3/payments/requests/${id}/check`)).returnCode).toBe('0000');
    kit.clock.advance(20 * 60_000);
    expect((await call(kit, 'GET', `/v3/payments/requests/${id}/check`)).returnCode).toBe('0121');
    expect((await call(kit, 'POST', `/v3/payments/${id}/confirm`, { amount: 150, currency: 'TWD' })).returnCode).toBe('1180');
  });
});

describe('check, capture, void', () => {
  it('walks the request check from 0000 to 0110 to 0123', async () => {
    const p = await approved(kit);
    expect((await call(kit, 'GET', `/v3/payments/requests/${p.transactionId}/check`)).returnCode).toBe('0110');
    await call(kit, 'POST', `/v3/payments/${p.transactionId}/confirm`, { amount: 150, currency: 'TWD' });
    expect((await call(kit, 'GET', `/v3/payments/requests/${p.transactionId}/check`)).returnCode).toBe('0123');
  });
  it('authorizes with capture false, then captures; voids another; 1150 for a capture of a capture', async () => {
    const auth = await approved(kit, order(150, { options: { payment: { capture: false } } }));
    const c = await call(kit, 'POST', `/v3/payments/${auth.transactionId}/confirm`, { amount: 150, currency: 'TWD' });
    expect(c.info.authorizationExpireDate).toMatch(/Z$/);
    const d1 = await call(kit, 'GET', `/v3/payments?transactionId=${auth.transactionId}`);
    expect(d1.info[0].payStatus).toBe('AUTHORIZATION');
    expect(
      (await call(kit, 'POST', `/v3/payments/authorizations/${auth.transactionId}/capture`, { amount: 150, currency: 'TWD' })).returnCode,
    ).toBe('0000');
    expect(
      (await call(kit, 'POST', `/v3/payments/authorizations/${auth.transactionId}/capture`, { amount: 150, currency: 'TWD' })).returnCode,
    ).toBe('1150');
    const v = await approved(kit, order(150, { options: { payment: { capture: false } } }));
    await call(kit, 'POST', `/v3/payments/${v.transactionId}/confirm`, { amount: 150, currency: 'TWD' });
    expect((await call(kit, 'POST', `/v3/payments/authorizations/${v.transactionId}/void`, {})).returnCode).toBe('0000');
    expect((await call(kit, 'GET', `/v3/payments?orderId=${v.orderId}`)).info[0].payStatus).toBe('VOIDED_AUTHORIZATION');
    expect((await call(kit, 'POST', `/v3/payments/${v.transactionId}/refund`, {})).returnCode).toBe('1155');
  });
});

describe('refund and details', () => {
  it('refunds in part, then the rest; 1164 over what is left; 1165 once all is refunded; details list the refunds', async () => {
    const p = await captured(kit, 300);
    expect((await call(kit, 'POST', `/v3/payments/${p.transactionId}/refund`, { refundAmount: 400 })).returnCode).toBe('1164');
    const part = await call(kit, 'POST', `/v3/payments/${p.transactionId}/refund`, { refundAmount: 100 });
    expect(part.returnCode).toBe('0000');
    expect(part.text).toMatch(/"refundTransactionId":\d{19}[,}]/);
    expect((await call(kit, 'POST', `/v3/payments/${p.transactionId}/refund`, {})).returnCode).toBe('0000');
    expect((await call(kit, 'POST', `/v3/payments/${p.transactionId}/refund`, {})).returnCode).toBe('1165');
    const d = await call(kit, 'GET', `/v3/payments?transactionId=${p.transactionId}&fields=ALL`);
    expect(d.info[0]).toMatchObject({
      transactionId: p.transactionId,
      orderId: p.orderId,
      payStatus: 'CAPTURE',
      merchantName: 'Embedkit Tea House',
    });
    expect(d.info[0].refundList.map((r: { refundAmount: number; transactionType: string }) => [r.transactionType, r.refundAmount])).toEqual(
      [
        ['PARTIAL_REFUND', -100],
        ['PARTIAL_REFUND', -200],
      ],
    );
  });
  it('answers 2101 without an ID, 1150 when nothing matches, 1177 over 100 IDs', async () => {
    expect((await call(kit, 'GET', '/v3/payments')).returnCode).toBe('2101');
    expect((await call(kit, 'GET', '/v3/payments?orderId=nothing-here')).returnCode).toBe('1150');
    const many = Array.from({ length: 101 }, (_, i) => `orderId=o${i}`).join('&');
    expect((await call(kit, 'GET', `/v3/payments?${many}`)).returnCode).toBe('1177');
  });
});

describe('preapproved payments', () => {
  it('issues a regKey at the confirm of a PREAPPROVED request, pays with it, checks it, expires it (then 1190)', async () => {
    const p = await approved(kit, order(100, { options: { payment: { payType: 'PREAPPROVED' } } }));
    const c = await call(kit, 'POST', `/v3/payments/${p.transactionId}/confirm`, { amount: 100, currency: 'TWD' });
    const regKey = c.info.regKey as string;
    expect(regKey).toMatch(/^RK[0-9A-Z]{13}$/);
    expect((await call(kit, 'GET', `/v3/payments/preapprovedPay/${regKey}/check?creditCardAuth=false`)).returnCode).toBe('0000');
    const pay = await call(kit, 'POST', `/v3/payments/preapprovedPay/${regKey}/payment`, {
      productName: 'Monthly tea',
      amount: 50,
      currency: 'TWD',
      orderId: `sub-${Date.now()}`,
    });
    expect(pay.returnCode).toBe('0000');
    expect(pay.text).toMatch(/"transactionId":\d{19}/);
    expect((await call(kit, 'POST', `/v3/payments/preapprovedPay/${regKey}/expire`, {})).returnCode).toBe('0000');
    expect((await call(kit, 'GET', `/v3/payments/preapprovedPay/${regKey}/check`)).returnCode).toBe('1190');
    expect(
      (
        await call(kit, 'POST', `/v3/payments/preapprovedPay/${regKey}/payment`, {
          productName: 'x',
          amount: 1,
          currency: 'TWD',
          orderId: 'sub-x',
        })
      ).returnCode,
    ).toBe('1190');
  });
});

describe('the origin', () => {
  it('answers an unknown path 404 in the API format', async () => {
    const r = await call(kit, 'GET', '/v2/nothing');
    expect([r.status, r.returnCode]).toEqual([404, '2101']);
  });
});
