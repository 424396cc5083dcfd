// The simulator API's linePay routes: the sandbox's view without a secret key, a balance set by
// hand (and the confirm that then finds it too low), a payment the person can no longer act on
// (409), an unknown regKey (404), a refused refund naming LINE Pay's code (409).
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { ALICE } from '../helpers.js';
import { approved, call, makeLinePayKit, MERCHANT, order } from './helpers.js';

let kit: Embedkit;
beforeAll(async () => {
  kit = await makeLinePayKit();
});
afterAll(() => kit.close());

const sim = (path: string) => `/embedkit/v1/line-pay${path}`;

describe('the linePay simulator routes', () => {
  it('show the merchants without their secret key, and the wallets', async () => {
    const res = await request(kit.app).get(sim(''));
    expect(res.status).toBe(200);
    expect(res.body.baseUrl).toBe(kit.urls.linepay);
    expect(res.body.merchants).toEqual([{ channelId: MERCHANT.channelId, name: 'Embedkit Tea House', region: 'TW', active: true }]);
    expect(JSON.stringify(res.body)).not.toContain(MERCHANT.secret);
    expect(res.body.wallets).toContainEqual({ userId: ALICE, balances: { TWD: 5000 }, card: { brand: 'VISA', last4: '4242' } });
  });
  it('set a balance by hand: a payment over it is refused at confirm with 1142', async () => {
    const set = await request(kit.app)
      .put(sim(`/wallets/${ALICE}/balance`))
      .send({ currency: 'TWD', balance: 10 });
    expect(set.body.balances.TWD).toBe(10);
    const p = await approved(kit, order(150));
    expect((await call(kit, 'POST', `/v3/payments/${p.transactionId}/confirm`, { amount: 150, currency: 'TWD' })).returnCode).toBe('1142');
    expect((await request(kit.app).get(sim(`/transactions/${p.transactionId}`))).body).toMatchObject({ status: 'FAILED', failure: '1142' });
    await request(kit.app)
      .put(sim(`/wallets/${ALICE}/balance`))
      .send({ currency: 'TWD', balance: 5000 });
  });
  it('refuse what the person can no longer do, an unknown regKey, and a refund LINE Pay would refuse', async () => {
    const r = await call(kit, 'POST', '/v3/payments/request', order());
    const id = r.info.transactionId as string;
    expect((await request(kit.app).post(sim(`/transactions/${id}/cancel`))).status).toBe(200);
    const late = await request(kit.app)
      .post(sim(`/transactions/${id}/approve`))
      .send({ userId: ALICE });
    expect([late.status, late.body.message]).toEqual([
      409,
      `LINE Pay transaction ${id} is CANCELLED: the person can no longer pay or cancel it`,
    ]);
    expect((await request(kit.app).post(sim('/reg-keys/RK0000000000000/expire'))).status).toBe(404);
    const refund = await request(kit.app)
      .post(sim(`/transactions/${id}/refund`))
      .send({});
    expect([refund.status, refund.body.message]).toEqual([409, expect.stringMatching(/^LINE Pay 1150: /)]);
  });
});
