/** Migration `0022_coupons`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Coupons of a channel (published `messaging-api.yml`, createCoupon to closeCoupon): one row per
 * coupon with its ID, title (for the list), the created coupon's fields as JSON, its validity in
 * ms on the simulated clock (start, end), when it was created and when it was closed; and the uses
 * of a coupon per person (how many times that person used it).
 */
export async function addCoupons(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('coupon_id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('start_at', T.int, (c) => c.notNull())
    .addColumn('end_at', T.int, (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .addColumn('closed_at', T.int)
    .execute();
  await db.schema.createIndex('coupons_by_channel').on('coupons').columns(['channel_id', 'created_at']).execute();
  await db.schema
    .createTable('coupon_uses')
    .addColumn('coupon_id', 'text', (c) => c.notNull().references('coupons.coupon_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('use_count', T.int, (c) => c.notNull())
    .addColumn('last_used_at', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_uses_pk', ['coupon_id', 'user_id'])
    .execute();
}
