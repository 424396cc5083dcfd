/**
 * The rules of LINE MINI App in-app purchase that need nothing but their input (LINE MINI App API
 * reference, "In-app purchase (Server)" and "In-app purchase webhook event object"; LINE MINI App
 * docs, "Integrate the in-app purchase feature", "In-app purchase development guidelines"): the
 * scenario's products, the shapes of `POST /iap/v1/product/reserve` and `GET /iap/v1/webhook/events`,
 * the error body `{errorCode, message, details?}`, order IDs, the event objects and the history's
 * cursor. Pure: no clock, no store.
 */
import { isIP } from 'node:net';
import { Type, type Static } from '@sinclair/typebox';
import { PlatformProductSchema, type IapStore, type PlatformProduct } from '#contract/iap.js';
import { ApiError } from '../../../http/errors.js';
import type { Check, ErrorDetail } from '../../../http/validate.js';

/** A product ID as embedkit takes one: the platform's pre-defined IDs look like `iap_ln_002`. */
const PRODUCT_ID = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' });

/**
 * A product a MINI App sells, as a scenario declares it: its product ID (LINE MINI App docs,
 * "Product IDs": pre-defined by LY Corporation, priced in yen) and what each store shows the
 * person: the price, currency and name localized to the region of the person's store.
 */
export const IapProductSchema = Type.Object(
  { productId: PRODUCT_ID, appStore: PlatformProductSchema, googlePlay: PlatformProductSchema },
  { additionalProperties: false },
);
export type IapProduct = Static<typeof IapProductSchema>;

/** Products one MINI App may declare (embedkit's bound; the platform's catalog has some 650 IDs). */
export const MAX_PRODUCTS = 100;

/**
 * A MINI App's in-app purchase, as a scenario declares it: present once the application to use it
 * was approved (LINE MINI App docs, "In-app purchase overview", step 1). `webhookUrl`: where the
 * platform sends `purchaseComplete` and `refundComplete` ("Set up in-app purchase": registered in
 * the console; without one a reservation is refused); `products`: what the MINI App sells.
 */
export const InAppPurchaseSchema = Type.Object(
  {
    webhookUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, pattern: '^https?://' })),
    products: Type.Array(IapProductSchema, { maxItems: MAX_PRODUCTS }),
  },
  { additionalProperties: false },
);
export type ScenarioInAppPurchase = Static<typeof InAppPurchaseSchema>;

/**
 * What the schema cannot say of a scenario's in-app purchase: each product ID once, a webhook URL
 * that parses.
 * @returns problems as `inAppPurchase.<field>: <problem>`; empty when none
 */
export function scenarioIapProblems(iap: ScenarioInAppPurchase): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  iap.products.forEach((p, i) => {
    if (seen.has(p.productId)) problems.push(`inAppPurchase.products[${i}].productId: ${p.productId} is declared twice`);
    seen.add(p.productId);
  });
  if (iap.webhookUrl !== undefined && !URL.canParse(iap.webhookUrl)) problems.push('inAppPurchase.webhookUrl: not a URL');
  return problems;
}

/** A product as `store` shows it, or undefined when the app does not sell it. */
export function productIn(products: readonly IapProduct[], productId: string, store: IapStore): PlatformProduct | undefined {
  return products.find((p) => p.productId === productId)?.[store];
}

/**
 * An error of the in-app purchase API (API reference, "Error response"): `{errorCode, message}`,
 * with `details: [{message, property}]` when given.
 */
export function iapError(status: number, errorCode: string, message: string, details?: ErrorDetail[]): ApiError {
  return new ApiError(status, details?.length ? { errorCode, message, details } : { errorCode, message });
}

/** 400 `VALIDATION_ERROR` "Request validation failed." with every finding (API reference, the published example). */
export function validationError(details: ErrorDetail[]): ApiError {
  return iapError(400, 'VALIDATION_ERROR', 'Request validation failed.', details);
}

/** `shopProductName`'s longest, in UTF-16 code units (API reference, "Reserve purchase"). */
export const SHOP_PRODUCT_NAME_MAX = 20;

/** Emoji and symbols, which `shopProductName` cannot hold (API reference: "Emojis and symbols can't be used"). */
const EMOJI_OR_SYMBOL = /[\p{Extended_Pictographic}\p{S}]/u;

/** The body of `POST /iap/v1/product/reserve` (API reference, "Reserve purchase"); the values are checked by {@link reserveFindings}. */
export const ReserveBody = Type.Object({
  clientIp: Type.String({ maxLength: 100 }),
  clientOs: Type.String({ maxLength: 100 }),
  productId: Type.String({ maxLength: 100 }),
  shopProductName: Type.String({ maxLength: 1000 }),
});
export type ReserveBody = Static<typeof ReserveBody>;

/** `'x' must be ...` as the platform words a finding (the published example: `'clientOs' must be 'android' or 'ios'. Actually received: 'INVALID'`). */
const quoted = (value: unknown) => `'${String(value)}'`;

/**
 * Every finding of a reserve body, each naming its property, in the published wording: the four
 * fields required strings; `clientIp` an IPv4 or IPv6 address; `clientOs` `ios` or `android`;
 * `shopProductName` 1 to 20 UTF-16 code units without emoji or symbols.
 */
export function reserveFindings(body: unknown): ErrorDetail[] {
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const found: ErrorDetail[] = [];
  for (const property of ['clientIp', 'clientOs', 'productId', 'shopProductName'] as const) {
    const v = b[property];
    if (v === undefined || v === null) found.push({ message: `'${property}' must be specified.`, property });
    else if (typeof v !== 'string') found.push({ message: `'${property}' must be a string.`, property });
  }
  const { clientIp, clientOs, productId, shopProductName } = b;
  if (typeof clientIp === 'string' && isIP(clientIp) === 0)
    found.push({ message: `'clientIp' must be an IPv4 or IPv6 address. Actually received: ${quoted(clientIp)}`, property: 'clientIp' });
  if (typeof clientOs === 'string' && clientOs !== 'ios' && clientOs !== 'android')
    found.push({ message: `'clientOs' must be 'android' or 'ios'. Actually received: ${quoted(clientOs)}`, property: 'clientOs' });
  if (typeof productId === 'string' && productId.length === 0)
    found.push({ message: "'productId' must not be empty.", property: 'productId' });
  if (typeof shopProductName === 'string') {
    if (shopProductName.length === 0 || shopProductName.length > SHOP_PRODUCT_NAME_MAX)
      found.push({ message: `'shopProductName' must be 1 to ${SHOP_PRODUCT_NAME_MAX} characters.`, property: 'shopProductName' });
    if (EMOJI_OR_SYMBOL.test(shopProductName))
      found.push({ message: "'shopProductName' must not contain emojis or symbols.", property: 'shopProductName' });
  }
  return found;
}

/** {@link reserveFindings} as the door's check of the body: it passes a {@link ReserveBody}. */
export const checkReserveBody: Check<ReserveBody> = (body) => {
  const found = reserveFindings(body);
  return found.length ? found : null;
};

/** How far back the event history reaches (API reference, "Get webhook event history": the past 7 days). */
export const HISTORY_WINDOW_S = 7 * 24 * 3600;

/** Events per page at most (API reference: `pageSize` 1 to 100). */
export const MAX_PAGE_SIZE = 100;

/** The query of `GET /iap/v1/webhook/events` as Express parses it; the values are checked by {@link historyFindings}. */
export const HistoryQuery = Type.Object({
  startEpochSeconds: Type.Optional(Type.String({ maxLength: 20 })),
  endEpochSeconds: Type.Optional(Type.String({ maxLength: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  pageSize: Type.Optional(Type.String({ maxLength: 20 })),
  status: Type.Optional(Type.String({ maxLength: 20 })),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

/** A history query once checked: seconds, page size, the status wanted, the position after which to go on. */
export interface HistoryRequest {
  startS: number;
  endS: number;
  pageSize: number;
  status?: 'SUCCESS' | 'FAILED';
  /** The delivery after which the page starts (from the cursor); 0 on the first page. */
  after: number;
}

const WHOLE = /^[0-9]{1,12}$/;

/**
 * Checks a history query against the published rules: `startEpochSeconds`, `endEpochSeconds` and
 * `pageSize` required; both times UNIX seconds within the past 7 days of `nowS`, the start not
 * after the end; `pageSize` 1 to 100; `status` `SUCCESS` or `FAILED`; `cursor` one this endpoint gave.
 * @returns the request, or the findings (each naming its parameter)
 */
export function historyRequest(q: HistoryQuery, nowS: number): HistoryRequest | ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const seconds = (name: 'startEpochSeconds' | 'endEpochSeconds'): number => {
    const v = q[name];
    if (v === undefined) found.push({ message: `'${name}' must be specified.`, property: name });
    else if (!WHOLE.test(v))
      found.push({ message: `'${name}' must be a UNIX time in seconds. Actually received: ${quoted(v)}`, property: name });
    else if (Number(v) < nowS - HISTORY_WINDOW_S || Number(v) > nowS)
      found.push({ message: `'${name}' must be within the past 7 days. Actually received: ${quoted(v)}`, property: name });
    return Number(v);
  };
  const startS = seconds('startEpochSeconds');
  const endS = seconds('endEpochSeconds');
  if (!found.length && startS > endS)
    found.push({ message: "'startEpochSeconds' must not be after 'endEpochSeconds'.", property: 'startEpochSeconds' });
  let pageSize = 0;
  if (q.pageSize === undefined) found.push({ message: "'pageSize' must be specified.", property: 'pageSize' });
  else if (!WHOLE.test(q.pageSize) || Number(q.pageSize) < 1 || Number(q.pageSize) > MAX_PAGE_SIZE)
    found.push({ message: `'pageSize' must be 1 to ${MAX_PAGE_SIZE}. Actually received: ${quoted(q.pageSize)}`, property: 'pageSize' });
  else pageSize = Number(q.pageSize);
  if (q.status !== undefined && q.status !== 'SUCCESS' && q.status !== 'FAILED')
    found.push({ message: `'status' must be 'SUCCESS' or 'FAILED'. Actually received: ${quoted(q.status)}`, property: 'status' });
  const after = q.cursor === undefined ? 0 : decodeCursor(q.cursor);
  if (after === undefined) found.push({ message: "'cursor' is not a cursor this endpoint gave.", property: 'cursor' });
  if (found.length) return found;
  return { startS, endS, pageSize, after: after!, ...(q.status ? { status: q.status as 'SUCCESS' | 'FAILED' } : {}) };
}

/** The cursor of the page after delivery `id`: opaque to the client (base64url of `d<id>`). */
export function encodeCursor(id: number): string {
  return Buffer.from(`d${id}`).toString('base64url');
}

/** The delivery a cursor names, or undefined when it is not one {@link encodeCursor} made. */
export function decodeCursor(cursor: string): number | undefined {
  const m = /^d([0-9]{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  return m ? Number(m[1]) : undefined;
}

/**
 * A new order ID in the shape of the published example (`T2025020710000002126002`): `T`, the
 * reservation's date (UTC, `yyyymmdd`) and 14 random digits.
 * @param now ms on the simulated clock
 * @param digits 14 random decimal digits
 */
export function orderIdOf(now: number, digits: string): string {
  return `T${new Date(now).toISOString().slice(0, 10).replace(/-/g, '')}${digits}`;
}

/** The in-app purchase webhook event types (API reference, "In-app purchase webhook event object"). */
export const IAP_EVENT_TYPES = ['purchaseComplete', 'refundComplete'] as const;
/** An in-app purchase webhook event's type. */
export type IapEventType = (typeof IAP_EVENT_TYPES)[number];

/**
 * The webhook body of an in-app purchase event: the event object itself (API reference, "Purchase
 * complete event", "Refund event"): `type`, `orderId`, `productId`, `userId`, `purchaseTimestamp`
 * (UNIX seconds of the payment's settlement, the same in both events) and `channelId`.
 */
export function iapEventBody(
  type: IapEventType,
  order: { orderId: string; productId: string; userId: string; channelId: string },
  paidAtMs: number,
): string {
  return JSON.stringify({
    type,
    orderId: order.orderId,
    productId: order.productId,
    userId: order.userId,
    purchaseTimestamp: Math.floor(paidAtMs / 1000),
    channelId: order.channelId,
  });
}
