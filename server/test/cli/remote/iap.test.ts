/**
 * `embedkit iap refund <orderId>` refunds a paid in-app purchase order of a running embedkit: the
 * order is refunded and the MINI App's webhook gets `refundComplete`; an order not paid is refused
 * with the server's reason. Runs the built CLI against an in-process embedkit.
 */
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { ALICE, onTestDatabase } from '../../helpers.js';
import { cli } from '../run-cli.js';

const SCENARIO = fileURLToPath(new URL('../../fixtures/iap.json', import.meta.url));
const SHOP = { id: '1650000001', embedId: '1650000001-shopapp1' };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: SCENARIO, logger: pino({ level: 'silent' }) }));
});
afterAll(async () => {
  await server?.close();
});

async function call(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Record<string, any>> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return (await res.json()) as Record<string, any>;
}

/** A reserved order of Alice's. */
async function reserved(): Promise<string> {
  await call(`/embedkit/v1/users/${ALICE}/iap/consent`, { method: 'PUT', body: { agreed: true } });
  const session = await call('/embedkit/v1/sessions', { body: { userId: ALICE, channelId: SHOP.id, scopes: ['profile'] } });
  const body = { clientIp: '127.0.0.1', clientOs: 'android', productId: 'iap_ln_002', shopProductName: 'Gems' };
  return (await call('/iap/v1/product/reserve', { body, token: session.access_token })).orderId as string;
}

describe('embedkit iap refund', { timeout: 60_000 }, () => {
  it('refunds a paid order and says so; an order not paid is refused with the reason', async () => {
    const orderId = await reserved();
    const early = await cli(['iap', 'refund', orderId, '--url', server.baseUrl]);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(`the refund was refused: 400 The order ${orderId} is reserved: only a paid order can be refunded`);
    await call(`/embedkit/v1/iap/orders/${orderId}/payment`, { body: { outcome: 'paid' } });
    const refund = await cli(['iap', 'refund', orderId, '--url', server.baseUrl]);
    expect(refund.code, refund.stderr).toBe(0);
    expect(refund.stdout).toBe(`order ${orderId} (iap_ln_002, 100 JPY) → refunded\n`);
    expect((await call(`/embedkit/v1/iap/orders/${orderId}`)).status).toBe('refunded');
    const deliveries = await call(`/embedkit/v1/deliveries?channelId=${SHOP.id}`);
    expect(deliveries.deliveries.map((d: { eventTypes: string[] }) => d.eventTypes[0])).toEqual(['refundComplete', 'purchaseComplete']);
  });
});
