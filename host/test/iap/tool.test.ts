// @vitest-environment happy-dom
/**
 * The side panel's In-app purchases tool (`host/src/iap/tool.ts`): the person's orders with
 * the channel's MINI App, each with its product, price and state; Refund on a paid order only,
 * the refunded order drawn after; a refusal shown as the status; a hostile product name kept as text.
 */
import { describe, expect, it } from 'vitest';
import type { IapOrder } from '#contract/iap.js';
import { IapTool, type IapCalls } from '../../src/iap/tool.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';

function order(over: Partial<IapOrder> = {}): IapOrder {
  return {
    orderId: 'T2026112700000000000001',
    embedId: '1650000001-liffapp1',
    channelId: '1650000001',
    userId: ALICE,
    productId: 'iap_ln_002',
    shopProductName: '100 Coins',
    clientOs: 'ios',
    store: 'appStore',
    productName: '100 Coins',
    price: 100,
    currency: 'JPY',
    status: 'paid',
    reservedAt: 1,
    paidAt: 2,
    updatedAt: 2,
    ...over,
  };
}

/** Calls over a server-like list: a refund moves a paid order to refunded; `refuse` makes it fail. */
function fakeCalls(orders: IapOrder[]): IapCalls & { asked: string[]; refuse?: string } {
  const calls: IapCalls & { asked: string[]; refuse?: string } = {
    asked: [],
    iapOrders: async (channelId, userId) => {
      calls.asked.push(`${channelId} ${userId}`);
      return orders;
    },
    refundIapOrder: async (orderId) => {
      if (calls.refuse) throw new Error(calls.refuse);
      const i = orders.findIndex((o) => o.orderId === orderId);
      orders[i] = { ...orders[i]!, status: 'refunded', refundedAt: 3 };
      return orders[i]!;
    },
  };
  return calls;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

async function open(calls: IapCalls): Promise<IapTool> {
  const tool = new IapTool(calls);
  document.body.replaceChildren(tool.element);
  tool.element.open = true;
  await tool.show('1650000001', ALICE);
  await settle();
  return tool;
}

describe('the In-app purchases tool', () => {
  it('lists the person’s orders of the channel with price and state; Refund only on a paid one', async () => {
    const calls = fakeCalls([order(), order({ orderId: 'T2', status: 'failed', failure: 'cardDeclined', currency: 'USD', price: 0.99 })]);
    await open(calls);
    expect(calls.asked).toContain(`1650000001 ${ALICE}`);
    const rows = [...document.querySelectorAll<HTMLElement>('.iap-order')];
    expect(rows.map((r) => r.dataset.status)).toEqual(['paid', 'failed']);
    expect(rows[0]!.textContent).toContain('¥100 · paid');
    expect(rows[1]!.textContent).toContain('$0.99 · failed (cardDeclined)');
    expect(rows[0]!.querySelector('.iap-refund')).not.toBeNull();
    expect(rows[1]!.querySelector('.iap-refund')).toBeNull();
  });

  it('Refund refunds the order, says so, and draws it refunded', async () => {
    await open(fakeCalls([order()]));
    document.querySelector<HTMLButtonElement>('.iap-refund')!.click();
    await settle();
    await settle();
    expect(document.querySelector<HTMLElement>('.iap-order')!.dataset.status).toBe('refunded');
    expect(document.querySelector('.iap-refund')).toBeNull();
    expect(document.querySelector('#iap-tool-status')!.textContent).toContain('refundComplete');
  });

  it('a refused refund is the status; a hostile product name stays text', async () => {
    const calls = fakeCalls([order({ productName: '<img src=x onerror=alert(1)>' })]);
    calls.refuse = 'The order is refunded: only a paid order can be refunded';
    await open(calls);
    expect(document.querySelector('.iap-order img')).toBeNull();
    document.querySelector<HTMLButtonElement>('.iap-refund')!.click();
    await settle();
    await settle();
    expect(document.querySelector('#iap-tool-status')!.textContent).toBe(calls.refuse);
    expect(document.querySelector<HTMLElement>('#iap-tool-status')!.dataset.kind).toBe('error');
  });

  it('with nobody signed in, reads nothing', async () => {
    const calls = fakeCalls([order()]);
    const tool = new IapTool(calls);
    tool.element.open = true;
    await tool.show('1650000001', '');
    expect(calls.asked).toEqual([]);
  });
});
