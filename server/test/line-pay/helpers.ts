/** Shared setup of the LINE Pay tests: a kit on the default scenario, a signer as a merchant's server signs, a payment made to order. */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { signatureOf } from '../../src/interfaces/line-pay/index.js';
import { DEFAULT_SCENARIO } from '../../src/scenario/load.js';
import { ALICE, makeKit } from '../helpers.js';

/** The default scenario's Taiwan merchant. */
export const MERCHANT = { channelId: '1660000001', secret: 'e8b94a8c7fd54c3c9b3d2f1a0c6e5d47' };

export function makeLinePayKit(): Promise<Embedkit> {
  return makeKit({ scenarioFile: DEFAULT_SCENARIO });
}

/** Options of {@link call}: who signs, and headers changed after signing (`null` leaves one out). */
export interface CallOptions {
  channelId?: string;
  secret?: string;
  nonce?: string;
  headers?: Record<string, string | null>;
  /** A body sent as is (not JSON-encoded). */
  raw?: string;
}

/**
 * Calls `{linepay_base_url}` signed as v3 says: secret + path + (body | query string) + nonce.
 * @returns the answer, its body parsed with the transaction IDs kept as strings
 */
export async function call(kit: Embedkit, method: 'GET' | 'POST', pathAndQuery: string, body?: unknown, o: CallOptions = {}) {
  const [path, query = ''] = pathAndQuery.split('?') as [string, string?];
  const text = o.raw ?? (method === 'POST' ? JSON.stringify(body ?? {}) : '');
  const nonce = o.nonce ?? randomUUID();
  const headers: Record<string, string | null> = {
    'Content-Type': 'application/json',
    'X-LINE-ChannelId': o.channelId ?? MERCHANT.channelId,
    'X-LINE-Authorization-Nonce': nonce,
    'X-LINE-Authorization': signatureOf(o.secret ?? MERCHANT.secret, path, method === 'GET' ? query : text, nonce),
    ...o.headers,
  };
  let req = method === 'GET' ? request(kit.apps.linepay).get(pathAndQuery) : request(kit.apps.linepay).post(pathAndQuery);
  for (const [k, v] of Object.entries(headers)) if (v !== null) req = req.set(k, v);
  const res = method === 'POST' ? await req.send(text) : await req;
  const json = JSON.parse(res.text.replace(/"(transactionId|refundTransactionId)":(\d+)/g, '"$1":"$2"')) as {
    returnCode: string;
    returnMessage: string;
    info?: any;
  };
  return { status: res.status, text: res.text, ...json };
}

let orders = 0;
/** A request body of `amount` TWD in one package of one product, with a fresh order ID. */
export function order(amount = 150, extra: Record<string, unknown> = {}) {
  return {
    amount,
    currency: 'TWD',
    orderId: `order-${Date.now()}-${orders++}`,
    packages: [{ id: 'pkg-1', amount, name: 'Tea', products: [{ name: 'Oolong tea', quantity: 1, price: amount }] }],
    redirectUrls: { confirmUrl: 'https://shop.example/confirm', cancelUrl: 'https://shop.example/cancel' },
    ...extra,
  };
}

/** Requests a payment and has the person pay it; @returns its transaction ID and order ID. */
export async function approved(
  kit: Embedkit,
  body = order(),
  approve: { userId?: string; method?: 'BALANCE' | 'CREDIT_CARD'; outcome?: 'lowBalance' | 'cardDeclined' } = {},
) {
  const r = await call(kit, 'POST', '/v3/payments/request', body);
  if (r.returnCode !== '0000') throw new Error(`request refused: ${r.returnCode} ${r.returnMessage}`);
  const transactionId = r.info.transactionId as string;
  await kit.services.linePay.service.approve(transactionId, { userId: approve.userId ?? ALICE, ...approve });
  return { transactionId, orderId: body.orderId };
}

/** Requests, pays and confirms a payment. */
export async function captured(kit: Embedkit, amount = 150) {
  const p = await approved(kit, order(amount));
  const c = await call(kit, 'POST', `/v3/payments/${p.transactionId}/confirm`, { amount, currency: 'TWD' });
  if (c.returnCode !== '0000') throw new Error(`confirm refused: ${c.returnCode}`);
  return p;
}
