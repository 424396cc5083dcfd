/**
 * The side panel's "LINE Pay" tool (inside the "Bot" group): the signed-in person's LINE Pay
 * sandbox payments with every merchant, newest first, each with its order, amount and state,
 * Refund on a captured one (as the merchant would: `POST /v3/payments/{transactionId}/refund`),
 * and the person's preapproved payment keys with Expire. See docs/platform/line-pay.md.
 */
import type { BotApi } from '../simulator-api/bot-api.js';
import type { LinePayRegKey, LinePayTransaction } from '#contract/simulator-api/line-pay.js';
import { h, replaceChildren } from '../shared/dom.js';
import { BotTool } from '../shared/folding-tool.js';

/** What the tool calls (a {@link BotApi}, or a fake in tests). */
export type LinePayCalls = Pick<BotApi, 'linePayTransactions' | 'refundLinePayPayment' | 'linePayRegKeys' | 'expireLinePayRegKey'>;

/** An amount as people read it: `150 TWD`, `35.50 THB`. */
export function amountText(amount: number, currency: string): string {
  const decimals = currency === 'THB' || currency === 'USD' ? 2 : 0;
  return `${amount.toFixed(decimals)} ${currency}`;
}

/** A payment's state as people read it: `CAPTURE`, `FAILED (1142)`, `CAPTURE (50 TWD refunded)`. */
function stateText(t: LinePayTransaction): string {
  if (t.failure) return `${t.status} (${t.failure})`;
  if (t.refunded > 0 && t.status !== 'REFUNDED') return `${t.status} (${amountText(t.refunded, t.currency)} refunded)`;
  return t.status;
}

/**
 * The tool (`details#line-pay-tool`): one `.line-pay-payment` per payment (`data-transaction-id`,
 * `data-status`) with `.line-pay-refund` on a captured one not refunded in full, one
 * `.line-pay-regkey` per live key of the person with `.line-pay-expire`, and `#line-pay-tool-status`.
 */
export class LinePayTool extends BotTool {
  private readonly list: HTMLElement;
  private readonly keys: HTMLElement;

  constructor(private readonly calls: LinePayCalls) {
    super({ tool: 'line-pay-tool', status: 'line-pay-tool-status' }, 'LINE Pay', 'the LINE Pay payments');
    this.list = h('div', { className: 'line-pay-payments', attrs: { id: 'line-pay-payments' } });
    this.keys = h('div', { className: 'line-pay-regkeys', attrs: { id: 'line-pay-regkeys' } });
    this.fill(this.list, this.keys);
  }

  protected override ready(): boolean {
    return super.ready() && this.subject !== '';
  }

  protected override async read(): Promise<void> {
    const [payments, keys] = await Promise.all([this.calls.linePayTransactions(this.subject), this.calls.linePayRegKeys()]);
    this.drawPayments(payments);
    this.drawKeys(keys.filter((k) => k.userId === this.subject && !k.expired));
  }

  private drawPayments(payments: LinePayTransaction[]): void {
    if (payments.length === 0) {
      replaceChildren(this.list, [h('p', { className: 'field-note', text: 'No LINE Pay payments of this person.' })]);
      return;
    }
    replaceChildren(
      this.list,
      payments.map((t) =>
        h(
          'div',
          { className: 'line-pay-payment', attrs: { 'data-transaction-id': t.transactionId, 'data-status': t.status } },
          h('strong', { text: t.productName }),
          h('span', { text: ` ${amountText(t.amount, t.currency)} · ${stateText(t)}` }),
          h('p', { className: 'field-note', text: `${t.orderId} · ${t.transactionId}` }),
          t.status === 'CAPTURE'
            ? h('button', {
                className: 'line-pay-refund',
                text: 'Refund',
                attrs: { type: 'button' },
                on: { click: () => void this.refund(t) },
              })
            : null,
        ),
      ),
    );
  }

  private drawKeys(keys: LinePayRegKey[]): void {
    replaceChildren(
      this.keys,
      keys.map((k) =>
        h(
          'div',
          { className: 'line-pay-regkey', attrs: { 'data-reg-key': k.regKey } },
          h('span', { text: `regKey ${k.regKey} (${k.method}) ` }),
          h('button', {
            className: 'line-pay-expire',
            text: 'Expire',
            attrs: { type: 'button' },
            on: { click: () => void this.expire(k) },
          }),
        ),
      ),
    );
  }

  private refund(t: LinePayTransaction): Promise<void> {
    return this.act(async () => {
      const after = await this.calls.refundLinePayPayment(t.transactionId);
      this.setStatus(`Refunded ${amountText(after.refunded, after.currency)} of ${t.productName} (${t.orderId}).`, 'info');
    });
  }

  private expire(k: LinePayRegKey): Promise<void> {
    return this.act(async () => {
      await this.calls.expireLinePayRegKey(k.regKey);
      this.setStatus(`Expired regKey ${k.regKey}: its payments now answer 1190.`, 'info');
    });
  }
}
