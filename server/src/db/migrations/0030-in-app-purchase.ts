/** Migration `0030_in_app_purchase`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * LINE MINI App in-app purchase (docs/platform/mini-apps.md, "In-app purchase"): a MINI App's
 * settings (its webhook URL, null when none, and its products as JSON, as the scenario lists
 * them); each person's consent to the in-app purchase terms (once per person, for every MINI App:
 * when, ms on the simulated clock); and the orders, each with its MINI App, channel, person,
 * product, the name the purchase history shows, the client OS and store, the price and currency
 * charged, its state (`reserved`, `paid`, `cancelled`, `failed`, `refunded`), why it failed, and
 * when it was reserved, paid, refunded and last changed.
 */
export async function addInAppPurchase(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('iap_settings')
    .addColumn('embed_id', 'text', (c) => c.primaryKey().references('mini_apps.embed_id').onDelete('cascade'))
    .addColumn('webhook_url', 'text')
    .addColumn('products', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('iap_consents')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('agreed_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('iap_orders')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('embed_id', 'text', (c) => c.notNull().references('mini_apps.embed_id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('shop_product_name', 'text', (c) => c.notNull())
    .addColumn('client_os', 'text', (c) => c.notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('reserved_at', T.int, (c) => c.notNull())
    .addColumn('paid_at', T.int)
    .addColumn('refunded_at', T.int)
    .addColumn('updated_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('iap_orders_by_channel').on('iap_orders').columns(['channel_id', 'reserved_at']).execute();
}
