/**
 * The shapes of LINE MINI App in-app purchase that the server, the host and the tools agree on
 * (docs/platform/mini-apps.md, "In-app purchase"): a product as a store localizes it, an order as
 * the simulator API shows it, and the request bodies of the simulator routes that play the
 * person's part (consent, the store's payment sheet) and the console's (the webhook URL, refunds).
 * Schemas and constants only: no rule, no I/O (the host's browser bundle imports it).
 */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './schema-builders.js';

/** The app stores of in-app purchase (LINE MINI App docs, "In-app purchase overview": App Store and Google Play). */
export const IAP_STORES = ['appStore', 'googlePlay'] as const;
/** One app store: `appStore` (iOS) or `googlePlay` (Android). */
export type IapStore = (typeof IAP_STORES)[number];

/** The store of a client OS as `liff.getOS()` names it (`ios`, `android`). */
export function storeOfOs(os: 'ios' | 'android'): IapStore {
  return os === 'ios' ? 'appStore' : 'googlePlay';
}

/**
 * A product as one store localizes it: `liff.iap.getPlatformProducts()`'s value per product ID
 * (LINE MINI App API reference): the ISO 4217 currency code, the price in that currency (a number,
 * `100` for ¥100, `0.99` for $0.99) and the item's name.
 */
export const PlatformProductSchema = Type.Object(
  {
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    price: Type.Number({ minimum: 0, maximum: 10_000_000 }),
    productName: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type PlatformProduct = Static<typeof PlatformProductSchema>;

/** The answer of simulator route `iapProducts`: the MINI App's products as `store` localizes them, by product ID. */
export const IapProductsSchema = Type.Object({
  embedId: Type.String(),
  store: StringEnum(IAP_STORES),
  products: Type.Record(Type.String(), PlatformProductSchema),
});
export type IapProducts = Static<typeof IapProductsSchema>;

/** The query of `iapProducts`: the store, and the product IDs wanted (comma-separated; all of the app's when left out). */
export const IapProductsQuerySchema = Type.Object({
  store: StringEnum(IAP_STORES),
  productIds: Type.Optional(Type.String({ maxLength: 5000 })),
});

/**
 * The states of an order: `reserved` by the MINI App's server (`POST /iap/v1/product/reserve`),
 * then `paid` (the person confirmed the store's sheet: `purchaseComplete` is sent), `cancelled`
 * (the person closed the sheet) or `failed` (the store refused: a declined card, the network
 * lost); a `paid` order can be `refunded` (`refundComplete` is sent).
 */
export const IAP_ORDER_STATUSES = ['reserved', 'paid', 'cancelled', 'failed', 'refunded'] as const;
export type IapOrderStatus = (typeof IAP_ORDER_STATUSES)[number];

/** Why a payment failed, as the host's payment sheet lets the person make it fail on purpose. */
export const IAP_FAILURES = ['cardDeclined', 'networkLost'] as const;
export type IapFailure = (typeof IAP_FAILURES)[number];

/**
 * An order as the simulator API shows it: its order ID, MINI App, channel and person, the product
 * and the name the purchase history shows (`shopProductName`), the client OS it was reserved for
 * and so the store, the price and currency that store charges, its state, why it failed, and when
 * (ms, simulated clock) it was reserved, paid, refunded, and last changed.
 */
export const IapOrderSchema = Type.Object({
  orderId: Type.String(),
  embedId: Type.String(),
  channelId: Type.String(),
  userId: Type.String(),
  productId: Type.String(),
  shopProductName: Type.String(),
  clientOs: Type.Union([Type.Literal('ios'), Type.Literal('android')]),
  store: StringEnum(IAP_STORES),
  productName: Type.String(),
  price: Type.Number(),
  currency: Type.String(),
  status: StringEnum(IAP_ORDER_STATUSES),
  failure: Type.Optional(StringEnum(IAP_FAILURES)),
  reservedAt: Type.Integer(),
  paidAt: Type.Optional(Type.Integer()),
  refundedAt: Type.Optional(Type.Integer()),
  updatedAt: Type.Integer(),
});
export type IapOrder = Static<typeof IapOrderSchema>;

/** The answer of `iapOrders`: orders, newest first. */
export const IapOrdersSchema = Type.Object({ orders: Type.Array(IapOrderSchema) });
export type IapOrders = Static<typeof IapOrdersSchema>;

/** The query of `iapOrders`: one channel's, one person's, or in one state; at most `limit` (1 to 200, default 50). */
export const IapOrdersQuerySchema = Type.Object({
  channelId: Type.Optional(Type.String({ maxLength: 100 })),
  userId: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(StringEnum(IAP_ORDER_STATUSES)),
  limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
});

/**
 * The body of `iapPayment`: what the person did on the store's sheet: `paid` (confirmed),
 * `cancelled` (closed it), or `failed` with the reason (`cardDeclined`, `networkLost`).
 */
export const IapPaymentBodySchema = Type.Object(
  {
    outcome: Type.Union([Type.Literal('paid'), Type.Literal('cancelled'), Type.Literal('failed')]),
    failure: Type.Optional(StringEnum(IAP_FAILURES)),
  },
  { additionalProperties: false },
);
export type IapPaymentBody = Static<typeof IapPaymentBodySchema>;

/**
 * A person's consent to the "Terms of Use: LINE In-App Purchase System" (given once per person,
 * for every MINI App: LINE MINI App docs, "Integrate the in-app purchase feature", step 3): whether
 * they agreed and when (ms, simulated clock).
 */
export const IapConsentSchema = Type.Object({ userId: Type.String(), agreed: Type.Boolean(), agreedAt: Type.Optional(Type.Integer()) });
export type IapConsent = Static<typeof IapConsentSchema>;

/** The body of `setIapConsent`: `true` to agree, `false` to withdraw the consent. */
export const IapConsentBodySchema = Type.Object({ agreed: Type.Boolean() }, { additionalProperties: false });

/** The body and answer of `setIapWebhook`: the MINI App's in-app purchase webhook URL (null: none). */
export const IapWebhookBodySchema = Type.Object(
  { webhookUrl: Type.Union([Type.String({ minLength: 1, maxLength: 1000 }), Type.Null()]) },
  { additionalProperties: false },
);
export const IapWebhookSchema = Type.Object({ embedId: Type.String(), webhookUrl: Type.Union([Type.String(), Type.Null()]) });
export type IapWebhook = Static<typeof IapWebhookSchema>;
