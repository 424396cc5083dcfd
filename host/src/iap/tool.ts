/**
 * The side panel's "In-app purchases" tool (inside the "Bot" group): the signed-in person's orders
 * with the chosen channel's LINE MINI App, newest first, each with its product, price and state,
 * and Refund on a paid one: the store granted the person's refund, and the MINI App's webhook
 * hears `refundComplete`. See docs/platform/mini-apps.md.
 */
import type { BotApi } from '../simulator-api/bot-api.js';
import type { IapOrder } from '#contract/iap.js';
import { h, replaceChildren } from '../shared/dom.js';
import { formatPrice } from './sheets.js';
import { BotTool } from '../shared/folding-tool.js';

/** What the tool calls: the orders and the refund (a {@link BotApi}, or a fake in tests). */
export type IapCalls = Pick<BotApi, 'iapOrders' | 'refundIapOrder'>;

/** An order's state as people read it: `paid`, `failed (cardDeclined)`... */
function stateText(order: IapOrder): string {
  return order.failure ? `${order.status} (${order.failure})` : order.status;
}

/**
 * The tool (`details#iap-tool`): one `.iap-order` per order (`data-order-id`, `data-status`) with
 * `.iap-refund` on a paid one, and `#iap-tool-status` saying how the last refund went. Orders
 * change in the app (a payment) while the tool is closed: they are read whenever it opens.
 */
export class IapTool extends BotTool {
  private readonly list: HTMLElement;

  constructor(private readonly calls: IapCalls) {
    super({ tool: 'iap-tool', status: 'iap-tool-status' }, 'In-app purchases', 'the orders');
    this.list = h('div', { className: 'iap-orders', attrs: { id: 'iap-orders' } });
    this.fill(this.list);
  }

  protected override ready(): boolean {
    return super.ready() && this.subject !== '';
  }

  protected override async read(): Promise<void> {
    this.draw(await this.calls.iapOrders(this.channelId, this.subject));
  }

  private draw(orders: IapOrder[]): void {
    if (orders.length === 0) {
      replaceChildren(this.list, [h('p', { className: 'field-note', text: 'No orders of this person with this channel’s MINI App.' })]);
      return;
    }
    replaceChildren(
      this.list,
      orders.map((o) =>
        h(
          'div',
          { className: 'iap-order', attrs: { 'data-order-id': o.orderId, 'data-status': o.status } },
          h('strong', { text: o.productName }),
          h('span', { text: ` ${formatPrice(o.price, o.currency)} · ${stateText(o)}` }),
          h('p', { className: 'field-note', text: `${o.orderId} · ${o.store === 'appStore' ? 'App Store' : 'Google Play'}` }),
          o.status === 'paid'
            ? h('button', {
                className: 'iap-refund',
                text: 'Refund',
                attrs: { type: 'button' },
                on: { click: () => void this.refund(o) },
              })
            : null,
        ),
      ),
    );
  }

  private refund(order: IapOrder): Promise<void> {
    return this.act(async () => {
      await this.calls.refundIapOrder(order.orderId);
      this.setStatus(`Refunded ${order.productName} (${order.orderId}): the MINI App hears refundComplete.`, 'info');
    });
  }
}
