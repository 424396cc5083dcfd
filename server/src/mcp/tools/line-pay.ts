/**
 * The tools of LINE Pay (docs/platform/line-pay.md): the sandbox's payments, and what the person
 * does on the payment page: pay (the merchant's confirm then succeeds, or fails as asked) or cancel.
 */
import { Type } from '@sinclair/typebox';
import { LinePayApproveBodySchema, LinePayTransactionsQuerySchema } from '#contract/simulator-api/line-pay.js';
import { Id, tool } from './tool.js';

export const listLinePayPayments = tool({
  name: 'list_line_pay_payments',
  description:
    'LINE Pay sandbox payments, newest first: each with its transaction ID, merchant channel, order ID, product, amount, currency and status (REQUESTED: waiting for the person on the payment page; APPROVED; CANCELLED; EXPIRED; FAILED; AUTHORIZATION; CAPTURE; VOIDED_AUTHORIZATION; REFUNDED). Filter by `channelId`, `userId` or `orderId`.',
  input: Type.Object({ ...LinePayTransactionsQuerySchema.properties }, { additionalProperties: false }),
  run: (query, { client }) => client.call('linePayTransactions', { query }),
});

export const decideLinePayPayment = tool({
  name: 'decide_line_pay_payment',
  description:
    'What the person does on the LINE Pay payment page of a REQUESTED payment: `pay` as `userId` (with `method` BALANCE or CREDIT_CARD; `outcome` lowBalance or cardDeclined makes the merchant’s confirm answer 1142 or 1110), or `cancel`. Answers the payment and the URL the page sends the person to (confirmUrl with transactionId and orderId, or cancelUrl).',
  input: Type.Object(
    {
      transactionId: Id('list_line_pay_payments: transactions[].transactionId'),
      decision: Type.Union([Type.Literal('pay'), Type.Literal('cancel')]),
      userId: Type.Optional(LinePayApproveBodySchema.properties.userId),
      method: LinePayApproveBodySchema.properties.method,
      outcome: LinePayApproveBodySchema.properties.outcome,
    },
    { additionalProperties: false },
  ),
  run: ({ transactionId, decision, userId, method, outcome }, { client }) =>
    decision === 'cancel'
      ? client.call('cancelLinePayPayment', { params: { transactionId } })
      : client.call('approveLinePayPayment', {
          params: { transactionId },
          body: { userId: userId ?? '', ...(method ? { method } : {}), ...(outcome ? { outcome } : {}) },
        }),
});
