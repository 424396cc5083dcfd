/**
 * The coupons' tables: coupons and their uses, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Nullable } from '../../../db/schema.js';

declare module '../../../db/schema.js' {
  interface Database {
    coupons: CouponTable;
    coupon_uses: CouponUseTable;
  }
}

/**
 * A coupon of a channel (published `messaging-api.yml` `CouponCreateRequest`): its ID (26
 * characters, a ULID), title, the created fields as JSON (`CouponFields`), validity in ms on the
 * simulated clock, created at (ms), and closed at (ms) once closeCoupon closed it.
 */
export interface CouponTable {
  coupon_id: string;
  channel_id: string;
  title: string;
  fields: string;
  start_at: number;
  end_at: number;
  created_at: number;
  closed_at: Nullable<number>;
}

/** How many times a person used a coupon, and when last (ms). */
export interface CouponUseTable {
  coupon_id: string;
  user_id: string;
  use_count: number;
  last_used_at: number;
}
