// The community Node.js client `line-pay-merchant` 0.9.0, unmodified, against {linepay_base_url}:
// its own axios instance (its signing interceptors, its transaction-ID parsing) with the base URL
// it writes into its code (`https://sandbox-api-pay.line.me`) replaced by embedkit's, since the
// client offers no option for it. request, the person pays, confirm, details, refund; a wrong
// secret key gets 1106 as the client's LinePayApiError.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { ALICE } from '../helpers.js';
import { makeLinePayKit, MERCHANT, order } from './helpers.js';

const require = createRequire(import.meta.url);
// The client's CommonJS modules, deep imports without types of their own.
const { createAuthHttpClient } = require('line-pay-merchant/dist/line-pay-api/auth-http-client') as any;
const { createPaymentApi } = require('line-pay-merchant/dist/payment-api/create') as any;
const { requestWithClient } = require('line-pay-merchant/dist/line-pay-api/request') as any;
const { confirmWithClient } = require('line-pay-merchant/dist/line-pay-api/confirm') as any;
const { refundWithClient } = require('line-pay-merchant/dist/line-pay-api/refund') as any;
const { paymentDetailsWithClient } = require('line-pay-merchant/dist/line-pay-api/payment-details') as any;
const { isLinePayApiError } = require('line-pay-merchant') as any;

let kit: Embedkit;
let server: Server;
let origin = '';

/** The client as `createLinePayClient` builds it, its axios instance pointed at embedkit. */
function client(secret = MERCHANT.secret) {
  const http = createAuthHttpClient({ channelId: MERCHANT.channelId, channelSecretKey: secret, env: 'development' });
  expect(http.defaults.baseURL).toBe('https://sandbox-api-pay.line.me');
  http.defaults.baseURL = origin;
  return {
    request: createPaymentApi('request', requestWithClient, http),
    confirm: createPaymentApi('confirm', confirmWithClient, http),
    refund: createPaymentApi('refund', refundWithClient, http),
    paymentDetails: createPaymentApi('paymentDetails', paymentDetailsWithClient, http),
  };
}

beforeAll(async () => {
  kit = await makeLinePayKit();
  server = createServer(kit.apps.linepay).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await kit.close();
});

describe('line-pay-merchant 0.9.0', () => {
  it('requests, has the person pay, confirms, reads the details and refunds', async () => {
    const lp = client();
    const body = order(300);
    const req = await lp.request.send({ body });
    expect(req.body.returnCode).toBe('0000');
    // The client's own parsing keeps the 19 digits.
    const transactionId = req.body.info.transactionId as string;
    expect(transactionId).toMatch(/^\d{19}$/);
    await kit.services.linePay.service.approve(transactionId, { userId: ALICE });
    const conf = await lp.confirm.send({ transactionId, body: { amount: 300, currency: 'TWD' } });
    expect(conf.body.info).toMatchObject({ transactionId, orderId: body.orderId });
    const details = await lp.paymentDetails.send({ params: { transactionId: [transactionId] } });
    expect(details.body.info[0]).toMatchObject({ transactionId, payStatus: 'CAPTURE' });
    // Two IDs: the client sends them comma-separated.
    const other = await lp.request.send({ body: order(50) });
    const both = await lp.paymentDetails.send({ params: { transactionId: [transactionId, other.body.info.transactionId], orderId: [] } });
    expect(both.body.info.map((i: { transactionId: string }) => i.transactionId)).toEqual([transactionId]);
    const refund = await lp.refund.send({ transactionId, body: { refundAmount: 100 } });
    expect(refund.body.info.refundTransactionId).toMatch(/^\d{19}$/);
  });
  it('a wrong secret key: the client throws its LinePayApiError with 1106', async () => {
    const error = await client('wrong-secret')
      .request.send({ body: order() })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isLinePayApiError(error)).toBe(true);
    expect((error as { data: { returnCode: string } }).data.returnCode).toBe('1106');
  });
});
