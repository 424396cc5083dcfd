// The LINE Pay payment page on {linepay_base_url}: what it shows (merchant, order, amount, the
// people with their balance, the test card), its headers (framed by the host only, the form
// allowed to lead to the merchant's URLs), Pay and Cancel answering 303 to confirmUrl (with
// transactionId and orderId) or cancelUrl, and the pages of a link that cannot be paid.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { ALICE, BOB } from '../helpers.js';
import { call, makeLinePayKit, order } from './helpers.js';

let kit: Embedkit;
beforeAll(async () => {
  kit = await makeLinePayKit();
});
afterAll(() => kit.close());

async function requested(body = order()) {
  const r = await call(kit, 'POST', '/v3/payments/request', body);
  const web = new URL(r.info.paymentUrl.web as string);
  return {
    transactionId: r.info.transactionId as string,
    path: web.pathname + web.search,
    token: web.searchParams.get('transactionReserveId')!,
  };
}

describe('the payment page', () => {
  it('shows the merchant, the order, the amount and the people with their balance, framed by the host only', async () => {
    const p = await requested(order(240));
    const res = await request(kit.apps.linepay).get(p.path);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Embedkit Tea House');
    expect(res.text).toContain('NT$ 240');
    expect(res.text).toContain('LINE Pay balance NT$ 5,000');
    expect(res.text).toContain(`value="${ALICE}" checked`);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(`frame-ancestors 'self' ${kit.urls.base}`);
    expect(csp).toContain("form-action 'self' https://shop.example");
    expect(csp).not.toContain('script-src');
  });
  it('escapes what the merchant sent', async () => {
    const body = order(100);
    body.packages[0]!.products[0]!.name = '<script>alert(1)</script>';
    const p = await requested(body);
    const res = await request(kit.apps.linepay).get(p.path);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
  it('Pay sends the person to confirmUrl with transactionId and orderId; the request check then says 0110', async () => {
    const body = order();
    const p = await requested(body);
    const res = await request(kit.apps.linepay)
      .post('/web/payment/decide')
      .type('form')
      .send({ token: p.token, userId: BOB, method: 'CREDIT_CARD', outcome: '', decision: 'pay' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`https://shop.example/confirm?transactionId=${p.transactionId}&orderId=${body.orderId}`);
    expect((await call(kit, 'GET', `/v3/payments/requests/${p.transactionId}/check`)).returnCode).toBe('0110');
    const again = await request(kit.apps.linepay).get(p.path);
    expect(again.status).toBe(410);
    expect(again.text).toContain('APPROVED');
  });
  it('Cancel sends the person to cancelUrl; the request check then says 0121', async () => {
    const p = await requested();
    const res = await request(kit.apps.linepay).post('/web/payment/decide').type('form').send({ token: p.token, decision: 'cancel' });
    expect([res.status, res.headers.location]).toEqual([303, 'https://shop.example/cancel']);
    expect((await call(kit, 'GET', `/v3/payments/requests/${p.transactionId}/check`)).returnCode).toBe('0121');
  });
  it('refuses a form the page did not send, naming the field, and leaves the payment waiting', async () => {
    const p = await requested();
    const res = await request(kit.apps.linepay).post('/web/payment/decide').type('form').send({ token: p.token, decision: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('decision');
    expect((await call(kit, 'GET', `/v3/payments/requests/${p.transactionId}/check`)).returnCode).toBe('0000');
  });
  it('says an unknown link is not LINE Pay’s, and an expired one has expired', async () => {
    expect((await request(kit.apps.linepay).get('/web/payment/wait?transactionReserveId=nope')).status).toBe(404);
    const p = await requested();
    kit.clock.advance(20 * 60_000);
    const res = await request(kit.apps.linepay).get(p.path);
    expect(res.status).toBe(410);
    expect(res.text).toContain('expired');
  });
});
