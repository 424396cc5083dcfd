/**
 * The simulator API's `linePay` unit: the LINE Pay sandbox of `{linepay_base_url}` as the host's
 * LINE Pay tool, the CLI (`embedkit pay`), `embedkit/testing` and the MCP tools see and drive it:
 * its merchants (never their secret keys), the people's wallets, the payments, what the person
 * does on the payment page (pay, cancel), a merchant's refund and the expiry of a regKey.
 * Its handlers: `server/src/interfaces/line-pay/simulator-routes.ts`. See docs/platform/line-pay.md.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../route.js';
import { Nullable } from '../schema-builders.js';

/** The states of a payment: the published `payStatus` values once confirmed, the payment page's before. */
export const LINE_PAY_STATUSES = [
  'REQUESTED',
  'APPROVED',
  'CANCELLED',
  'EXPIRED',
  'FAILED',
  'AUTHORIZATION',
  'CAPTURE',
  'VOIDED_AUTHORIZATION',
  'REFUNDED',
] as const;
export type LinePayStatus = (typeof LINE_PAY_STATUSES)[number];

/** What the person may make fail on the payment page (its answer at confirm: `1142`, `1110`). */
export const LINE_PAY_OUTCOMES = ['lowBalance', 'cardDeclined'] as const;

/** A payment as the simulator shows it; amounts in the currency's units (35.5 THB is 35.5), times in ms. */
export const LinePayTransactionSchema = Type.Object({
  /** 19 digits, as a string (beyond JavaScript's safe integers). */
  transactionId: Type.String(),
  channelId: Type.String(),
  orderId: Type.String(),
  productName: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  status: Type.Union(LINE_PAY_STATUSES.map((s) => Type.Literal(s))),
  payType: Type.String(),
  capture: Type.Boolean(),
  userId: Nullable(Type.String()),
  method: Nullable(Type.String()),
  outcome: Nullable(Type.String()),
  /** The return code of a refused confirm. */
  failure: Nullable(Type.String()),
  refunded: Type.Number(),
  refunds: Type.Array(Type.Object({ refundTransactionId: Type.String(), amount: Type.Number(), at: Type.Number() })),
  regKey: Nullable(Type.String()),
  /** The payment page (`info.paymentUrl.web`); empty for a preapproved payment. */
  paymentUrl: Type.String(),
  createdAt: Type.Number(),
  expiresAt: Type.Number(),
  confirmedAt: Nullable(Type.Number()),
});
export type LinePayTransaction = Static<typeof LinePayTransactionSchema>;

/** `linePayTransactions`' filters. */
export const LinePayTransactionsQuerySchema = Type.Object({
  channelId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  userId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  orderId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

/** A person's LINE Pay: balances by currency (in its units) and the test card. */
export const LinePayWalletSchema = Type.Object({
  userId: Type.String(),
  balances: Type.Record(Type.String(), Type.Number()),
  card: Type.Object({ brand: Type.String(), last4: Type.String() }),
});
export type LinePayWallet = Static<typeof LinePayWalletSchema>;

/** A preapproved payment key. */
export const LinePayRegKeySchema = Type.Object({
  regKey: Type.String(),
  channelId: Type.String(),
  userId: Type.String(),
  method: Type.String(),
  createdAt: Type.Number(),
  expired: Type.Boolean(),
});
export type LinePayRegKey = Static<typeof LinePayRegKeySchema>;

/** The sandbox as a whole: merchants (no secret key), wallets, regKeys, and the origin. */
export const LinePayViewSchema = Type.Object({
  baseUrl: Type.String(),
  merchants: Type.Array(Type.Object({ channelId: Type.String(), name: Type.String(), region: Type.String(), active: Type.Boolean() })),
  wallets: Type.Array(LinePayWalletSchema),
  regKeys: Type.Array(LinePayRegKeySchema),
});
export type LinePayView = Static<typeof LinePayViewSchema>;

/** What the person does on the payment page: who pays, how, and what should fail at confirm. */
export const LinePayApproveBodySchema = Type.Object(
  {
    userId: Type.String({ minLength: 1, maxLength: 100 }),
    method: Type.Optional(Type.Union([Type.Literal('BALANCE'), Type.Literal('CREDIT_CARD')])),
    outcome: Type.Optional(Type.Union(LINE_PAY_OUTCOMES.map((o) => Type.Literal(o)))),
  },
  { additionalProperties: false },
);
export type LinePayApproveBody = Static<typeof LinePayApproveBodySchema>;

/** The payment after the person acted, and where the page sends them (confirmUrl or cancelUrl). */
export const LinePayDecisionSchema = Type.Object({ transaction: LinePayTransactionSchema, redirectUrl: Type.String() });

/** A merchant's refund: no amount refunds what is left. */
export const LinePayRefundBodySchema = Type.Object(
  { amount: Type.Optional(Type.Number({ exclusiveMinimum: 0 })) },
  { additionalProperties: false },
);

/** A balance set by hand. */
export const LinePayBalanceBodySchema = Type.Object(
  { currency: Type.Union(['TWD', 'THB', 'JPY', 'USD'].map((c) => Type.Literal(c))), balance: Type.Number({ minimum: 0, maximum: 1e12 }) },
  { additionalProperties: false },
);

/** The `linePay` unit's routes, one slice of `SIMULATOR_API`. */
export const LINE_PAY_ROUTES = defineContract({
  linePay: {
    method: 'GET',
    path: '/line-pay',
    summary: 'the LINE Pay sandbox: merchants (no secret key), wallets, regKeys',
    answer: LinePayViewSchema,
    unit: 'linePay',
  },
  linePayTransactions: {
    method: 'GET',
    path: '/line-pay/transactions',
    summary: 'LINE Pay payments, newest first',
    query: LinePayTransactionsQuerySchema,
    answer: Type.Object({ transactions: Type.Array(LinePayTransactionSchema) }),
    unit: 'linePay',
  },
  linePayTransaction: {
    method: 'GET',
    path: '/line-pay/transactions/:transactionId',
    summary: 'one LINE Pay payment',
    answer: LinePayTransactionSchema,
    unit: 'linePay',
  },
  approveLinePayPayment: {
    method: 'POST',
    path: '/line-pay/transactions/:transactionId/approve',
    summary: 'the person pays on the payment page (the merchant then confirms)',
    body: LinePayApproveBodySchema,
    answer: LinePayDecisionSchema,
    unit: 'linePay',
  },
  cancelLinePayPayment: {
    method: 'POST',
    path: '/line-pay/transactions/:transactionId/cancel',
    summary: 'the person cancels on the payment page',
    answer: LinePayDecisionSchema,
    unit: 'linePay',
  },
  refundLinePayPayment: {
    method: 'POST',
    path: '/line-pay/transactions/:transactionId/refund',
    summary: 'the merchant refunds a captured payment (all that is left, or `amount`)',
    body: LinePayRefundBodySchema,
    answer: LinePayTransactionSchema,
    unit: 'linePay',
  },
  expireLinePayRegKey: {
    method: 'POST',
    path: '/line-pay/reg-keys/:regKey/expire',
    summary: 'expires a preapproved payment key (its payments then answer 1190)',
    answer: LinePayRegKeySchema,
    unit: 'linePay',
  },
  setLinePayBalance: {
    method: 'PUT',
    path: '/line-pay/wallets/:userId/balance',
    summary: 'sets a person’s LINE Pay balance in one currency',
    body: LinePayBalanceBodySchema,
    answer: LinePayWalletSchema,
    unit: 'linePay',
  },
} satisfies Contract<'linePay'>);
