/**
 * The Tea House demo's own server, as a Taiwan LINE MINI App's server is with LINE Pay: it asks
 * LINE Pay for a payment (`POST /v3/payments/request`, signed with the merchant's channel secret
 * key, which never reaches the page), and confirms it when the person comes back to its order
 * confirmation page (`POST /v3/payments/{transactionId}/confirm`, then
 * `GET /v3/payments?transactionId=…` for the page to show). It runs beside the demo bots, so
 * `npm start` sells out of the box: the pages (`/demo/tea-shop/`) call it on their own origin.
 *
 * Routes, below where the handler is served:
 * - `GET /tea-shop/menu`: 200 `{items: [{id, name, price}], currency}`.
 * - `POST /tea-shop/order` `{itemId, quantity}`: 200 `{transactionId, orderId, paymentUrl: {web, app}}`;
 *   the confirmUrl is the page's `order.html`, the cancelUrl its menu with `?cancelled=1`.
 * - `POST /tea-shop/confirm` `{transactionId, orderId}`: confirms (once: a second confirm answers
 *   1152 and the details are read all the same), 200 `{returnCode, returnMessage, payment}` with
 *   the payment as details show it, or LINE Pay's refusal's code and message.
 *
 * Transaction IDs are 19-digit JSON numbers (beyond JavaScript's safe integers): read as strings.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The default scenario's Taiwan sandbox merchant (`linePay.merchants[0]`). */
export const TEA_HOUSE_MERCHANT = { channelId: '1660000001', secretKey: 'e8b94a8c7fd54c3c9b3d2f1a0c6e5d47' } as const;

/** What the Tea House sells, in NT dollars. */
export const TEA_MENU = [
  { id: 'oolong', name: 'Oolong tea', price: 120 },
  { id: 'bubble', name: 'Bubble milk tea', price: 65 },
  { id: 'pineapple', name: 'Pineapple cake', price: 45 },
] as const;

/** What the shop needs: where LINE Pay is (asked when first needed) and where it logs. */
export interface TeaShopConfig {
  linePayUrl: () => Promise<string>;
  log: { info(line: string): void; error(line: string): void };
}

/** A LINE Pay answer, its transaction IDs read as strings. */
interface LinePayAnswer {
  returnCode: string;
  returnMessage: string;
  info?: Record<string, unknown> & { transactionId?: string };
}

const json = (res: ServerResponse, status: number, body: unknown): void =>
  void res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));

/** The shop's request handler; `raw` is the request body already read (null past the limit). */
export type TeaShop = (req: IncomingMessage, raw: Buffer | null, res: ServerResponse) => Promise<void>;

/** Builds the shop; see the module's comment. */
export function createTeaShop(config: TeaShopConfig): TeaShop {
  // What each order costs: confirm sends the amount the request asked for.
  const orders = new Map<string, { amount: number }>();

  /** Calls LINE Pay signed as v3 says: Base64(HMAC-SHA256(secret, secret + path + body-or-query + nonce)). */
  const linePay = async (method: 'GET' | 'POST', path: string, body?: unknown, query = ''): Promise<LinePayAnswer> => {
    const nonce = randomUUID();
    const content = method === 'GET' ? query : JSON.stringify(body);
    const signature = createHmac('sha256', TEA_HOUSE_MERCHANT.secretKey)
      .update(`${TEA_HOUSE_MERCHANT.secretKey}${path}${content}${nonce}`)
      .digest('base64');
    const res = await fetch(`${await config.linePayUrl()}${path}${query ? `?${query}` : ''}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'X-LINE-ChannelId': TEA_HOUSE_MERCHANT.channelId,
        'X-LINE-Authorization-Nonce': nonce,
        'X-LINE-Authorization': signature,
      },
      ...(method === 'POST' ? { body: content } : {}),
    });
    // As line-pay-merchant does: the 19-digit IDs as strings before JSON.parse rounds them.
    const text = (await res.text()).replace(/"(transactionId|refundTransactionId)":\s*(\d+)/g, '"$1":"$2"');
    return JSON.parse(text) as LinePayAnswer;
  };

  const order = async (raw: Buffer, origin: string, res: ServerResponse) => {
    const b = JSON.parse(raw.toString('utf8')) as { itemId?: unknown; quantity?: unknown };
    const item = TEA_MENU.find((i) => i.id === b.itemId);
    const quantity = typeof b.quantity === 'number' && Number.isInteger(b.quantity) && b.quantity >= 1 && b.quantity <= 20 ? b.quantity : 0;
    if (!item || !quantity) return json(res, 400, { message: 'itemId must be one of the menu and quantity 1 to 20' });
    const amount = item.price * quantity;
    const orderId = `tea-${Date.now()}-${randomUUID().slice(0, 8)}`;
    const answer = await linePay('POST', '/v3/payments/request', {
      amount,
      currency: 'TWD',
      orderId,
      packages: [
        { id: 'tea-house', amount, name: 'Embedkit Tea House', products: [{ id: item.id, name: item.name, quantity, price: item.price }] },
      ],
      redirectUrls: { confirmUrl: `${origin}/demo/tea-shop/order.html`, cancelUrl: `${origin}/demo/tea-shop/?cancelled=1` },
    });
    if (answer.returnCode !== '0000') return json(res, 502, answer);
    orders.set(orderId, { amount });
    config.log.info(`tea shop: order ${orderId} (${quantity} × ${item.name}, ${amount} TWD) → LINE Pay ${answer.info!.transactionId}`);
    json(res, 200, { orderId, transactionId: answer.info!.transactionId, paymentUrl: answer.info!.paymentUrl });
  };

  const confirm = async (raw: Buffer, res: ServerResponse) => {
    const b = JSON.parse(raw.toString('utf8')) as { transactionId?: unknown; orderId?: unknown };
    const transactionId = typeof b.transactionId === 'string' && /^[0-9]{19}$/.test(b.transactionId) ? b.transactionId : '';
    const known = typeof b.orderId === 'string' ? orders.get(b.orderId) : undefined;
    if (!transactionId || !known) return json(res, 404, { message: 'no such order of this shop' });
    const answer = await linePay('POST', `/v3/payments/${transactionId}/confirm`, { amount: known.amount, currency: 'TWD' });
    // 1152: confirmed before (the page was reloaded): the details still say how it went.
    if (answer.returnCode !== '0000' && answer.returnCode !== '1152') return json(res, 200, { ...answer, payment: null });
    const details = await linePay('GET', '/v3/payments', undefined, `transactionId=${transactionId}`);
    const payment = Array.isArray(details.info) ? (details.info[0] as unknown) : null;
    config.log.info(`tea shop: confirmed ${transactionId}: ${answer.returnCode}`);
    json(res, 200, { returnCode: answer.returnCode, returnMessage: answer.returnMessage, payment });
  };

  return async (req, raw, res) => {
    const path = req.url?.split('?')[0];
    try {
      if (req.method === 'GET' && path === '/tea-shop/menu') return json(res, 200, { items: TEA_MENU, currency: 'TWD' });
      if (req.method === 'POST' && raw && path === '/tea-shop/order') {
        const origin = req.headers.origin;
        if (typeof origin !== 'string' || !/^https?:\/\/[^/]+$/.test(origin))
          return json(res, 400, { message: 'an Origin header is required' });
        return await order(raw, origin, res);
      }
      if (req.method === 'POST' && raw && path === '/tea-shop/confirm') return await confirm(raw, res);
      json(res, 404, { message: 'Not found: GET /tea-shop/menu, POST /tea-shop/order, POST /tea-shop/confirm' });
    } catch (err) {
      config.log.error(`tea shop: ${String(err)}`);
      json(res, err instanceof SyntaxError ? 400 : 502, {
        message: err instanceof SyntaxError ? 'the body is not JSON' : 'LINE Pay could not be reached',
      });
    }
  };
}
