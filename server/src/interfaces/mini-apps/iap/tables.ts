/**
 * In-app purchase's tables: a MINI App's settings, people's consents, orders, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */

declare module '../../../db/schema.js' {
  interface Database {
    iap_settings: IapSettingsTable;
    iap_consents: IapConsentTable;
    iap_orders: IapOrderTable;
  }
}

/** A MINI App's in-app purchase (migration 0029): its webhook URL (null: none) and its products (JSON, as the scenario lists them). */
export interface IapSettingsTable {
  embed_id: string;
  webhook_url: string | null;
  products: string;
}

/** A person's consent to the in-app purchase terms (once per person, for every MINI App): when (ms, simulated clock). */
export interface IapConsentTable {
  user_id: string;
  agreed_at: number;
}

/**
 * An in-app purchase order (LINE MINI App API reference, "Reserve purchase"): its MINI App,
 * channel, person and product, the purchase history's name, the client OS (`ios`, `android`) and
 * store, the price and currency charged, its state (`reserved`, `paid`, `cancelled`, `failed`,
 * `refunded`), why it failed, and when (ms, simulated clock) it was reserved, paid, refunded, changed.
 */
export interface IapOrderTable {
  order_id: string;
  embed_id: string;
  channel_id: string;
  user_id: string;
  product_id: string;
  shop_product_name: string;
  client_os: string;
  store: string;
  product_name: string;
  price: number;
  currency: string;
  status: string;
  failure: string | null;
  reserved_at: number;
  paid_at: number | null;
  refunded_at: number | null;
  updated_at: number;
}
