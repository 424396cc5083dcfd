/** Migration `0036_line_pay`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * The LINE Pay Online API v3 sandbox (`interfaces/line-pay/`, docs/platform/line-pay.md): its
 * merchants, the people's wallets, payments, refunds and preapproved payment keys. Amounts are
 * integers in the currency's smallest unit; times are ms on the simulated clock.
 */
export async function addLinePay(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('lp_merchants')
    .addColumn('channel_id', 'text', (c) => c.primaryKey())
    .addColumn('channel_secret', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('active', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lp_wallets')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
    .addColumn('balances', 'text', (c) => c.notNull())
    .addColumn('card_brand', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lp_transactions')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('lp_merchants.channel_id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('amount', T.int, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('packages', 'text', (c) => c.notNull())
    .addColumn('confirm_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('capture', T.int, (c) => c.notNull())
    .addColumn('pay_type', 'text', (c) => c.notNull())
    .addColumn('page_token', 'text', (c) => c.notNull().unique())
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('method', 'text')
    .addColumn('outcome', 'text')
    .addColumn('failure', 'text')
    .addColumn('confirmed_at', T.int)
    .addColumn('reg_key', 'text')
    .execute();
  await db.schema.createIndex('lp_transactions_order').on('lp_transactions').columns(['channel_id', 'order_id']).unique().execute();
  await db.schema
    .createTable('lp_refunds')
    .addColumn('refund_transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('lp_transactions.transaction_id').onDelete('cascade'))
    .addColumn('amount', T.int, (c) => c.notNull())
    .addColumn('at', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lp_reg_keys')
    .addColumn('reg_key', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('lp_merchants.channel_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .addColumn('expired', T.int, (c) => c.notNull())
    .execute();
}
