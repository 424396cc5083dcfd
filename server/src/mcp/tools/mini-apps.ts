/**
 * The tools of LINE MINI Apps: in-app purchase orders as the store sees them (paid, cancelled,
 * failed, refunded), a person's service messages, and a review of a MINI App against the published rules.
 */
import { Type } from '@sinclair/typebox';
import { IapOrdersQuerySchema, IapPaymentBodySchema } from '#contract/iap.js';
import { ReviewBodySchema } from '#contract/simulator-api/review.js';
import { Id, tool, UserId } from './tool.js';

export const listOrders = tool({
  name: 'list_orders',
  description:
    'LINE MINI App in-app purchase orders, newest first: each with its order ID, MINI App, person, product, store, price, currency and status (reserved, paid, cancelled, failed, refunded). Filter by `channelId`, `userId` or `status`.',
  input: Type.Object({ ...IapOrdersQuerySchema.properties }, { additionalProperties: false }),
  run: (query, { client }) => client.call('iapOrders', { query }),
});

export const payOrder = tool({
  name: 'pay_order',
  description:
    'What the person does on the store’s payment sheet for a reserved order: `paid` (the MINI App’s webhook gets purchaseComplete), `cancelled`, or `failed` with `failure` cardDeclined or networkLost.',
  input: Type.Object({ orderId: Id('list_orders: orders[].orderId'), ...IapPaymentBodySchema.properties }, { additionalProperties: false }),
  run: ({ orderId, ...body }, { client }) => client.call('payIapOrder', { params: { orderId }, body }),
});

export const refundOrder = tool({
  name: 'refund_order',
  description: 'Refunds a paid in-app purchase order, as the store would: the MINI App’s webhook gets refundComplete.',
  input: Type.Object({ orderId: Id('list_orders: orders[].orderId') }, { additionalProperties: false }),
  run: ({ orderId }, { client }) => client.call('refundIapOrder', { params: { orderId } }),
});

export const readNotifications = tool({
  name: 'read_notifications',
  description:
    'A person’s LINE MINI App service messages (their “LINE MINI App Notice” chat), oldest first: each with its template, title, fields and buttons.',
  input: Type.Object({ userId: UserId }, { additionalProperties: false }),
  run: ({ userId }, { client }) => client.call('serviceMessages', { params: { userId } }),
});

export const reviewMiniApp = tool({
  name: 'review_mini_app',
  description:
    'Reviews a LINE MINI App against the platform’s published rules, as `embedkit review` does: `target` is its LIFF ID (get_world: apps[].embedId of an app with miniApp), its miniapp.line.me / liff.line.me URL or its endpoint URL. Answers the findings, each pass, warn or fail with the check, what was seen, the rule, its source page and how to fix it, and the counts. Runs Lighthouse on the machine’s Chromium (about 20 s; `lighthouse: false` skips it); `probe: true` also probes the MINI App’s server; `userId` reads only that person’s sessions.',
  input: Type.Object({ ...ReviewBodySchema.properties }, { additionalProperties: false }),
  run: (body, { client }) => client.call('reviewMiniApp', { body }),
});
