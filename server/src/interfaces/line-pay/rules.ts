/**
 * The LINE Pay Online API v3's published rules, pure: its return codes, its currencies and their
 * decimals, the request bodies' shapes (TypeBox) and the amount rules between their fields.
 *
 * Sources: the return codes of the LINE Pay error code table ("LINE Pay Appendix",
 * https://developers.line.biz/en/docs/line-pay/appendix/, marked `appendix`) and the return codes
 * of each API of "LINE Pay Online API v3" (https://pay.line.me/documents/online_v3_en.html, marked
 * `v3`); the shapes follow the same v3 document, as the community client `line-pay-merchant` 0.9.0
 * types them. Where the documents are silent embedkit's choice is written in
 * docs/platform/line-pay.md.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ApiError } from '../../http/errors.js';

/** A return code and its message: every answer of `{linepay_base_url}` carries one. */
export interface ReturnCode {
  code: string;
  message: string;
}

const rc = (code: string, message: string): ReturnCode => ({ code, message });

/** The return codes embedkit answers, by what they mean. */
export const RC = {
  /** `0000` (v3): the call succeeded; for the request check, the person has not approved yet. */
  success: rc('0000', 'Success.'),
  /** `0110` (v3, check payment status): the person approved; the payment can be confirmed. */
  checkApproved: rc('0110', 'Authorization completed: the payment can be confirmed.'),
  /** `0121` (v3, check payment status): the person cancelled, or the payment URL expired. */
  checkCancelled: rc('0121', 'The payment was cancelled by the user or the payment time expired.'),
  /** `0122` (v3, check payment status): the payment failed. */
  checkFailed: rc('0122', 'The payment failed.'),
  /** `0123` (v3, check payment status): the payment was confirmed. */
  checkCompleted: rc('0123', 'The payment was completed.'),
  /** `1104` (appendix): no merchant has this channel ID. */
  unknownMerchant: rc('1104', 'The store is not one of the affiliated stores.'),
  /** `1105` (appendix): the merchant may not take payments. */
  inactiveMerchant: rc('1105', 'The affiliated store cannot use LINE Pay.'),
  /** `1106` (appendix): a header is missing or the signature is not the request's under the channel's secret key. */
  header: rc('1106', 'Header information error.'),
  /** `1110` (appendix): the card was declined. */
  cardUnusable: rc('1110', 'The credit card cannot be used.'),
  /** `1124` (appendix): an amount's scale or the sum of the packages. */
  amount: rc('1124', 'Amount info error (scale).'),
  /** `1142` (appendix): the balance does not cover the payment. */
  lowBalance: rc('1142', 'Low balance.'),
  /** `1150` (appendix): no such transaction of this merchant. */
  noTransaction: rc('1150', 'Transaction history does not exist.'),
  /** `1152` (appendix): the transaction was already confirmed. */
  sameTransaction: rc('1152', 'There is a history of transactions with the same transactionId.'),
  /** `1153` (appendix): the confirm's or capture's amount or currency is not the request's. */
  amountDiffers: rc('1153', 'The payment amount is different than the requested amount.'),
  /** `1155` (appendix): the transaction is not one that can be refunded (not captured). */
  notRefundable: rc('1155', 'Transaction number of a transaction type that cannot be refunded.'),
  /** `1164` (appendix): the refund is more than what is left to refund. */
  overRefundable: rc('1164', 'Exceeded refundable amount.'),
  /** `1165` (appendix): the transaction was refunded in full already. */
  alreadyRefunded: rc('1165', 'A transaction already been refunded.'),
  /** `1169` (appendix): confirm before the person chose a method and approved on the payment page. */
  notApproved: rc('1169', 'Error on information required for payment confirmation (the user must approve the payment on LINE Pay).'),
  /** `1172` (appendix): the merchant used this order ID before. */
  sameOrder: rc('1172', 'There is a record of transaction with the same order number.'),
  /** `1177` (appendix): more than 100 IDs in one details call. */
  tooMany: rc('1177', 'Exceeded maximum number of viewable transaction (Max. 100).'),
  /** `1180` (v3): the payment URL's 20 minutes are over. */
  expired: rc('1180', 'The payment deadline has passed.'),
  /** `1190` (v3): no such regKey of this merchant, or it was expired. */
  noRegKey: rc('1190', 'The regKey does not exist.'),
  /** `2101` (v3): a parameter is missing or malformed. */
  parameter: rc('2101', 'Parameter error.'),
  /** `2102` (v3): the body is not JSON. */
  json: rc('2102', 'JSON data format error.'),
  /** `9000` (v3): the sandbox failed (the database is unreachable). */
  internal: rc('9000', 'Internal error.'),
} as const;

/**
 * A refusal of `{linepay_base_url}`: its return code, with a message that says what exactly was
 * refused, answered as LINE Pay answers it: HTTP 200 and `{returnCode, returnMessage}` (an
 * `ApiError`, so that the door of `http/door.ts` refuses a shape with it).
 */
export class LinePayError extends ApiError {
  constructor(
    readonly returnCode: string,
    readonly returnMessage: string,
  ) {
    super(200, { returnCode, returnMessage });
    this.name = 'LinePayError';
  }
}

/** A refusal with a code's message, and a detail after it when given. */
export function refuse(code: ReturnCode, detail?: string): LinePayError {
  return new LinePayError(code.code, detail ? `${code.message} ${detail}` : code.message);
}

/** The currencies of v3 and their decimals ("amount" of each API): yen and NT dollars whole, baht and US dollars in cents. */
export const CURRENCIES = { TWD: 0, JPY: 0, THB: 2, USD: 2 } as const;
export type Currency = keyof typeof CURRENCIES;
/** The regions of the sandbox merchants and the currency each sells in by default. */
export const REGIONS = { TW: 'TWD', TH: 'THB', JP: 'JPY' } as const satisfies Record<string, Currency>;
export type Region = keyof typeof REGIONS;

/** How long a payment URL lives (v3 "Request API": the paymentUrl is valid for 20 minutes), in ms. */
export const PAYMENT_URL_LIFE_MS = 20 * 60_000;
/** How long an authorization stays capturable before it expires (shown as `authorizationExpireDate`), in ms. */
export const AUTHORIZATION_LIFE_MS = 30 * 24 * 60 * 60_000;

/**
 * An amount in the currency's smallest unit.
 * @throws LinePayError `1124` when it has more decimals than the currency, or is not above 0
 */
export function toMinor(amount: number, currency: Currency, field: string): number {
  const scaled = amount * 10 ** CURRENCIES[currency];
  const minor = Math.round(scaled);
  if (Math.abs(scaled - minor) > 1e-6) throw refuse(RC.amount, `${field}: ${currency} takes ${CURRENCIES[currency]} decimal(s).`);
  if (minor <= 0) throw refuse(RC.amount, `${field}: must be greater than 0.`);
  if (!Number.isSafeInteger(minor)) throw refuse(RC.amount, `${field}: too large.`);
  return minor;
}

/** An amount in the smallest unit as the API writes it (a number with the currency's decimals). */
export function fromMinor(minor: number, currency: string): number {
  const decimals = CURRENCIES[currency as Currency] ?? 0;
  return minor / 10 ** decimals;
}

const Money = () => Type.Number({ minimum: 0, maximum: 1e12 });
const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const CurrencySchema = Type.Union(Object.keys(CURRENCIES).map((c) => Type.Literal(c as Currency)));

const ProductSchema = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 50 })),
  name: Text(4000),
  imageUrl: Type.Optional(Type.String({ maxLength: 500 })),
  quantity: Type.Integer({ minimum: 1, maximum: 1e6 }),
  price: Money(),
  originalPrice: Type.Optional(Money()),
});

/** `POST /v3/payments/request`'s body (v3 "Request API"). */
export const RequestBody = Type.Object({
  amount: Money(),
  currency: CurrencySchema,
  orderId: Text(100),
  packages: Type.Array(
    Type.Object({
      id: Text(50),
      amount: Money(),
      userFee: Type.Optional(Money()),
      name: Type.Optional(Type.String({ maxLength: 100 })),
      products: Type.Array(ProductSchema, { minItems: 1, maxItems: 100 }),
    }),
    { minItems: 1, maxItems: 100 },
  ),
  redirectUrls: Type.Object({
    appPackageName: Type.Optional(Type.String({ maxLength: 4000 })),
    confirmUrl: Text(500),
    confirmUrlType: Type.Optional(Type.Union([Type.Literal('CLIENT'), Type.Literal('SERVER'), Type.Literal('NONE')])),
    cancelUrl: Text(500),
  }),
  options: Type.Optional(
    Type.Object({
      payment: Type.Optional(
        Type.Object({
          capture: Type.Optional(Type.Boolean()),
          payType: Type.Optional(Type.Union([Type.Literal('NORMAL'), Type.Literal('PREAPPROVED')])),
        }),
      ),
      display: Type.Optional(Type.Object({ locale: Type.Optional(Type.String()), checkConfirmUrlBrowser: Type.Optional(Type.Boolean()) })),
      shipping: Type.Optional(Type.Object({ type: Type.Optional(Type.String()), feeAmount: Type.Optional(Money()) })),
      familyService: Type.Optional(Type.Object({})),
      extra: Type.Optional(Type.Object({})),
    }),
  ),
});
export type RequestBody = Static<typeof RequestBody>;

/** `POST /v3/payments/{transactionId}/confirm`'s and `.../capture`'s body. */
export const AmountBody = Type.Object({ amount: Money(), currency: CurrencySchema, options: Type.Optional(Type.Object({})) });
export type AmountBody = Static<typeof AmountBody>;

/** `POST /v3/payments/{transactionId}/refund`'s body: no `refundAmount` refunds what is left. */
export const RefundBody = Type.Object({ refundAmount: Type.Optional(Money()) });

/** `POST /v3/payments/preapprovedPay/{regKey}/payment`'s body (v3 "Pay Preapproved API"). */
export const PreapprovedBody = Type.Object({
  productName: Text(4000),
  amount: Money(),
  currency: CurrencySchema,
  orderId: Text(100),
  capture: Type.Optional(Type.Boolean()),
});
export type PreapprovedBody = Static<typeof PreapprovedBody>;

/** A transaction ID in a path: the 19 digits LINE Pay issues (fewer are looked up and not found). */
/**
 * The payment page's form (`POST /web/payment/decide`), as the page sends it: the payment's page
 * token, Pay or Cancel, who pays and with what (Cancel sends neither: the button skips the form's
 * checks), and what should fail at the merchant's confirm (empty: nothing).
 */
export const PaymentDecisionForm = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  decision: Type.Union([Type.Literal('pay'), Type.Literal('cancel')]),
  userId: Type.Optional(Type.String({ maxLength: 64 })),
  method: Type.Optional(Type.Union([Type.Literal('BALANCE'), Type.Literal('CREDIT_CARD')])),
  outcome: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('lowBalance'), Type.Literal('cardDeclined')])),
});

export const TransactionParams = Type.Object({ transactionId: Type.String({ pattern: '^[0-9]{1,19}$' }) });
/** A regKey in a path. */
export const RegKeyParams = Type.Object({ regKey: Type.String({ minLength: 1, maxLength: 15 }) });

const OneOrMany = (s: ReturnType<typeof Type.String>) => Type.Union([s, Type.Array(s, { maxItems: 1000 })]);
/**
 * `GET /v3/payments`'s query (v3 "Payment Details API"): transaction IDs and/or order IDs, repeated
 * or not; transaction IDs also as one comma-separated list (what `line-pay-merchant` sends for an
 * array); an empty value (its empty array) counts as none.
 */
export const DetailsQuery = Type.Object({
  transactionId: Type.Optional(OneOrMany(Type.String({ pattern: '^([0-9]{1,19}(,[0-9]{1,19}){0,99})?$' }))),
  orderId: Type.Optional(OneOrMany(Type.String({ maxLength: 100 }))),
  fields: Type.Optional(Type.Union([Type.Literal('ALL'), Type.Literal('TRANSACTION'), Type.Literal('ORDER')])),
});
export type DetailsQuery = Static<typeof DetailsQuery>;

/** The IDs of a details query as a list; `commas` splits comma-separated values (transaction IDs, never order IDs). */
export function idsOf(v: string | string[] | undefined, commas = false): string[] {
  const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
  return (commas ? list.flatMap((x) => x.split(',')) : list).filter((x) => x !== '');
}

/**
 * The amount rules a schema cannot state (v3 "Request API"): `amount` = the packages' amounts +
 * their `userFee` + `options.shipping.feeAmount`, each package's amount = its products'
 * `quantity × price`, every amount in the currency's decimals.
 * @returns the amount in the smallest unit
 * @throws LinePayError `1124`
 */
export function checkRequestAmounts(body: RequestBody): number {
  const c = body.currency;
  const amount = toMinor(body.amount, c, 'amount');
  let sum = 0;
  body.packages.forEach((p, i) => {
    const pkg = toMinor(p.amount, c, `packages[${i}].amount`);
    const products = p.products.reduce((s, pr, j) => s + pr.quantity * minorOrZero(pr.price, c, `packages[${i}].products[${j}].price`), 0);
    if (products !== pkg) throw refuse(RC.amount, `packages[${i}].amount must be the sum of its products' quantity × price.`);
    sum += pkg + minorOrZero(p.userFee ?? 0, c, `packages[${i}].userFee`);
  });
  sum += minorOrZero(body.options?.shipping?.feeAmount ?? 0, c, 'options.shipping.feeAmount');
  if (sum !== amount)
    throw refuse(RC.amount, 'amount must be the sum of packages[].amount, packages[].userFee and options.shipping.feeAmount.');
  return amount;
}

/** An amount that may be 0 (a free product, no fee), in the smallest unit. */
function minorOrZero(amount: number, currency: Currency, field: string): number {
  return amount === 0 ? 0 : toMinor(amount, currency, field);
}

/** The product name a payment shows (v3: the first package's first product, as the payment page and the details name it). */
export function productNameOf(body: RequestBody): string {
  return body.packages[0]?.products[0]?.name ?? body.orderId;
}

/**
 * The URL the person returns to after paying (v3 "confirmUrl"): the merchant's, with
 * `transactionId` and `orderId` added to its query.
 */
export function confirmRedirect(confirmUrl: string, transactionId: string, orderId: string): string {
  const url = new URL(confirmUrl);
  url.searchParams.set('transactionId', transactionId);
  url.searchParams.set('orderId', orderId);
  return url.toString();
}

/** Whether a merchant's redirect URL may be used: absolute http(s). */
export function isRedirectUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
