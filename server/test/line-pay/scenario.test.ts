// The LINE Pay sandbox in the scenario file: merchants, wallets, payments with their refunds and
// regKeys are exported as they are now and come back whole from the export (a reset with it);
// a reset to the started-with file forgets the payments; the checks name what is wrong.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { scenarioProblems } from '../../src/scenario/load.js';
import { ALICE } from '../helpers.js';
import { approved, call, makeLinePayKit, order } from './helpers.js';

let kit: Embedkit;
beforeAll(async () => {
  kit = await makeLinePayKit();
});
afterAll(() => kit.close());

describe('linePay in the scenario file', () => {
  it('exports today’s payments, refunds, regKeys and balances, and a reset with the export brings them back', async () => {
    const p = await approved(kit, order(300, { options: { payment: { payType: 'PREAPPROVED' } } }));
    const confirmed = await call(kit, 'POST', `/v3/payments/${p.transactionId}/confirm`, { amount: 300, currency: 'TWD' });
    await call(kit, 'POST', `/v3/payments/${p.transactionId}/refund`, { refundAmount: 100 });
    const exported = (await request(kit.app).get('/embedkit/v1/scenario')).body as { linePay: Record<string, any> };
    expect(exported.linePay.wallets.find((w: { userId: string }) => w.userId === ALICE)).toEqual({
      userId: ALICE,
      balances: { TWD: 4800 },
    });
    expect(exported.linePay.transactions).toEqual([
      expect.objectContaining({
        transactionId: p.transactionId,
        status: 'CAPTURE',
        amount: 300,
        refunds: [expect.objectContaining({ amount: 100 })],
      }),
    ]);
    expect(exported.linePay.regKeys).toEqual([expect.objectContaining({ regKey: confirmed.info.regKey, userId: ALICE })]);
    expect(scenarioProblems(exported)).toEqual([]);

    expect((await request(kit.app).post('/embedkit/v1/world/reset').send({})).status).toBe(200);
    expect((await call(kit, 'GET', `/v3/payments?transactionId=${p.transactionId}`)).returnCode).toBe('1150');

    expect((await request(kit.app).post('/embedkit/v1/world/reset').send({ scenario: exported })).status).toBe(200);
    const d = await call(kit, 'GET', `/v3/payments?transactionId=${p.transactionId}`);
    expect(d.info[0]).toMatchObject({ payStatus: 'CAPTURE', refundList: [expect.objectContaining({ refundAmount: -100 })] });
    expect((await call(kit, 'POST', `/v3/payments/${p.transactionId}/refund`, { refundAmount: 201 })).returnCode).toBe('1164');
    expect((await call(kit, 'GET', `/v3/payments/preapprovedPay/${confirmed.info.regKey}/check`)).returnCode).toBe('0000');
  });
  it('names a wallet of an unknown person, a balance in an unknown currency, a payment of an unknown merchant', async () => {
    const exported = (await request(kit.app).get('/embedkit/v1/scenario')).body as Record<string, any>;
    exported.linePay.wallets = [{ userId: 'Unobody', balances: { EUR: 5, THB: 1.234 } }];
    exported.linePay.transactions = [
      {
        transactionId: '2026010100000000001',
        channelId: 'nope',
        orderId: 'o',
        productName: 'x',
        amount: 1,
        currency: 'TWD',
        status: 'CAPTURE',
        createdAt: 0,
      },
    ];
    delete exported.linePay.regKeys;
    expect(scenarioProblems(exported)).toEqual([
      'linePay.transactions[0].channelId: unknown merchant nope',
      'linePay.transactions[0].userId: a CAPTURE payment has a payer',
      'linePay.wallets[0].userId: unknown user Unobody',
      'linePay.wallets[0].balances.EUR: not a LINE Pay currency (TWD, THB, JPY, USD)',
      'linePay.wallets[0].balances.THB: THB takes 2 decimal(s)',
    ]);
  });
});
