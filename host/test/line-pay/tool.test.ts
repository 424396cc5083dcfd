// @vitest-environment happy-dom
/**
 * The side panel's LINE Pay tool (`host/src/line-pay/tool.ts`): the person's payments with their
 * amount and state, Refund on a captured one only and the state drawn after, the person's live
 * regKeys with Expire, a refusal shown as the status, a hostile product name kept as text.
 */
import { describe, expect, it } from 'vitest';
import type { LinePayRegKey, LinePayTransaction } from '#contract/simulator-api/line-pay.js';
import { LinePayTool, type LinePayCalls } from '../../src/line-pay/tool.js';

const ALICE = 'U0a11ce0000000000000000000000a11c';

function payment(over: Partial<LinePayTransaction> = {}): LinePayTransaction {
  return {
    transactionId: '2026112800000000001',
    channelId: '1660000001',
    orderId: 'order-1',
    productName: 'Oolong tea',
    amount: 150,
    currency: 'TWD',
    status: 'CAPTURE',
    payType: 'NORMAL',
    capture: true,
    userId: ALICE,
    method: 'BALANCE',
    outcome: null,
    failure: null,
    refunded: 0,
    refunds: [],
    regKey: null,
    paymentUrl: '',
    createdAt: 1,
    expiresAt: 2,
    confirmedAt: 1,
    ...over,
  };
}

function fake(payments: LinePayTransaction[], keys: LinePayRegKey[] = []): LinePayCalls & { refuse?: string } {
  const calls: LinePayCalls & { refuse?: string } = {
    linePayTransactions: async () => payments,
    linePayRegKeys: async () => keys,
    refundLinePayPayment: async (id) => {
      if (calls.refuse) throw new Error(calls.refuse);
      const p = payments.find((x) => x.transactionId === id)!;
      Object.assign(p, { status: 'REFUNDED', refunded: p.amount });
      return p;
    },
    expireLinePayRegKey: async (regKey) => {
      const k = keys.find((x) => x.regKey === regKey)!;
      k.expired = true;
      return k;
    },
  };
  return calls;
}

async function opened(calls: LinePayCalls): Promise<LinePayTool> {
  const tool = new LinePayTool(calls);
  document.body.replaceChildren(tool.element);
  tool.element.open = true;
  await tool.show('1650000001', ALICE);
  return tool;
}

describe('LINE Pay tool', () => {
  it('lists the payments with Refund on a captured one only, and draws the refund', async () => {
    const tool = await opened(fake([payment(), payment({ transactionId: '2026112800000000002', status: 'FAILED', failure: '1142' })]));
    const rows = [...tool.element.querySelectorAll<HTMLElement>('.line-pay-payment')];
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('150 TWD · CAPTURE'),
      expect.stringContaining('FAILED (1142)'),
    ]);
    expect(rows[1]!.querySelector('.line-pay-refund')).toBeNull();
    rows[0]!.querySelector<HTMLButtonElement>('.line-pay-refund')!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(tool.element.querySelector('#line-pay-tool-status')!.textContent).toBe('Refunded 150 TWD of Oolong tea (order-1).');
    expect(tool.element.querySelector('.line-pay-payment')!.getAttribute('data-status')).toBe('REFUNDED');
  });
  it('says a refused refund, and keeps a hostile product name as text', async () => {
    const calls = fake([payment({ productName: '<img src=x onerror=alert(1)>' })]);
    calls.refuse = 'LINE Pay 1165: A transaction already been refunded.';
    const tool = await opened(calls);
    expect(tool.element.querySelector('img')).toBeNull();
    tool.element.querySelector<HTMLButtonElement>('.line-pay-refund')!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(tool.element.querySelector('#line-pay-tool-status')!.textContent).toBe('LINE Pay 1165: A transaction already been refunded.');
  });
  it('expires the person’s live regKey', async () => {
    const key = { regKey: 'RK0000000000001', channelId: '1660000001', userId: ALICE, method: 'BALANCE', createdAt: 1, expired: false };
    const tool = await opened(fake([], [key, { ...key, regKey: 'RK0000000000002', userId: 'Uother' }]));
    expect([...tool.element.querySelectorAll('.line-pay-regkey')].map((k) => k.getAttribute('data-reg-key'))).toEqual(['RK0000000000001']);
    tool.element.querySelector<HTMLButtonElement>('.line-pay-expire')!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(tool.element.querySelectorAll('.line-pay-regkey')).toHaveLength(0);
  });
});
