/** SQL of coupons: a channel's coupons and the uses of a coupon per person. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { CouponRow, CouponUseRow } from './rules.js';

export class CouponStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a new coupon. */
  async insert(row: CouponRow): Promise<void> {
    await this.db.insertInto('coupons').values(row).execute();
  }

  /** Stores the coupons a scenario declares with the people's uses, all or nothing. */
  async seed(rows: readonly CouponRow[], uses: readonly CouponUseRow[] = []): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const row of rows) await trx.insertInto('coupons').values(row).execute();
      for (const use of uses) await trx.insertInto('coupon_uses').values(use).execute();
    });
  }

  /** A coupon of a channel, or undefined. */
  async get(channelId: string, couponId: string): Promise<CouponRow | undefined> {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('coupon_id', '=', couponId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
  }

  /** A coupon of any channel, or undefined. */
  async byId(couponId: string): Promise<CouponRow | undefined> {
    return this.db.selectFrom('coupons').selectAll().where('coupon_id', '=', couponId).executeTakeFirst();
  }

  /** A channel's coupons, newest first. */
  async list(channelId: string): Promise<CouponRow[]> {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('created_at', 'desc')
      .orderBy('coupon_id', 'desc')
      .execute();
  }

  /** Every coupon, for the scenario export. */
  async all(): Promise<CouponRow[]> {
    return this.db.selectFrom('coupons').selectAll().orderBy('created_at').orderBy('coupon_id').execute();
  }

  /**
   * Closes a coupon that is not closed yet.
   * @returns false when it was already closed (another request won)
   */
  async close(couponId: string, atMs: number): Promise<boolean> {
    const r = await this.db
      .updateTable('coupons')
      .set({ closed_at: atMs })
      .where('coupon_id', '=', couponId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** How many times a person used a coupon. */
  async uses(couponId: string, userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('coupon_uses')
      .select('use_count')
      .where('coupon_id', '=', couponId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r?.use_count ?? 0);
  }

  /**
   * Counts one use of a coupon by a person, unless they reached `maxUses` (-1: no limit), in one
   * statement so that two taps at once count once when one use is left.
   * @returns the person's use count after, or null when none was left
   */
  async use(couponId: string, userId: string, maxUses: number, atMs: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .selectFrom('coupon_uses')
        .select('use_count')
        .where('coupon_id', '=', couponId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const used = Number(r?.use_count ?? 0);
      if (maxUses !== -1 && used >= maxUses) return null;
      if (r) {
        const u = await trx
          .updateTable('coupon_uses')
          .set({ use_count: used + 1, last_used_at: atMs })
          .where('coupon_id', '=', couponId)
          .where('user_id', '=', userId)
          .where('use_count', '=', used)
          .executeTakeFirst();
        return Number(u.numUpdatedRows) > 0 ? used + 1 : null;
      }
      const i = await trx
        .insertInto('coupon_uses')
        .values({ coupon_id: couponId, user_id: userId, use_count: 1, last_used_at: atMs })
        .onConflict((oc) => oc.columns(['coupon_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(i.numInsertedOrUpdatedRows ?? 0) > 0 ? 1 : null;
    });
  }

  /** Every person's uses of every coupon, by coupon and person (the scenario export). */
  async allUses(): Promise<CouponUseRow[]> {
    return this.db.selectFrom('coupon_uses').selectAll().orderBy('coupon_id').orderBy('user_id').execute();
  }
}
