/** SQL of membership plans and people's subscriptions to them. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { MembershipPlanRow, SubscriptionRow } from './rules.js';

export class MembershipPlanStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the plans and subscriptions a scenario declares, all or nothing. */
  async seed(rows: readonly { plan: MembershipPlanRow; subscriptions: SubscriptionRow[] }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const { plan, subscriptions } of rows) {
        await trx.insertInto('membership_plans').values(plan).execute();
        for (const s of subscriptions) await trx.insertInto('membership_subscriptions').values(s).execute();
      }
    });
  }

  /** A channel's plans in the scenario's order. */
  async plans(channelId: string): Promise<MembershipPlanRow[]> {
    return this.db.selectFrom('membership_plans').selectAll().where('channel_id', '=', channelId).orderBy('position').execute();
  }

  /** A plan of any channel, or undefined. */
  async plan(membershipId: number): Promise<MembershipPlanRow | undefined> {
    return this.db.selectFrom('membership_plans').selectAll().where('membership_id', '=', membershipId).executeTakeFirst();
  }

  /** How many people subscribe to each of a channel's plans, by membership ID. */
  async memberCounts(channelId: string): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('membership_subscriptions as s')
      .innerJoin('membership_plans as p', 'p.membership_id', 's.membership_id')
      .select((eb) => ['s.membership_id', eb.fn.countAll().as('n')])
      .where('p.channel_id', '=', channelId)
      .groupBy('s.membership_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.membership_id), Number(r.n)]));
  }

  /** A person's subscriptions to a channel's plans, in the plans' order. */
  async subscriptionsOf(channelId: string, userId: string): Promise<{ plan: MembershipPlanRow; sub: SubscriptionRow }[]> {
    const rows = await this.db
      .selectFrom('membership_subscriptions as s')
      .innerJoin('membership_plans as p', 'p.membership_id', 's.membership_id')
      .select([
        'p.membership_id',
        'p.channel_id',
        'p.position',
        'p.fields',
        'p.member_limit',
        'p.last_member_no',
        's.user_id',
        's.membership_no',
        's.joined_at',
        's.months',
        's.next_billing_at',
      ])
      .where('p.channel_id', '=', channelId)
      .where('s.user_id', '=', userId)
      .orderBy('p.position')
      .execute();
    return rows.map((r) => ({
      plan: {
        membership_id: r.membership_id,
        channel_id: r.channel_id,
        position: r.position,
        fields: r.fields,
        member_limit: r.member_limit,
        last_member_no: r.last_member_no,
      },
      sub: {
        membership_id: r.membership_id,
        user_id: r.user_id,
        membership_no: r.membership_no,
        joined_at: r.joined_at,
        months: r.months,
        next_billing_at: r.next_billing_at,
      },
    }));
  }

  /** One page of a plan's subscriptions by member number, those after `after`. */
  async members(membershipId: number, after: number, limit: number): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('membership_subscriptions')
      .selectAll()
      .where('membership_id', '=', membershipId)
      .where('membership_no', '>', after)
      .orderBy('membership_no')
      .limit(limit)
      .execute();
  }

  /**
   * Subscribes a person to a plan under the next member number, unless they are subscribed or the
   * plan is full: the count, the number and the row in one transaction, so two joins at once
   * cannot both take the last place.
   * @returns the subscription, or `'member'` / `'full'` when refused
   */
  async join(plan: MembershipPlanRow, userId: string, atMs: number, nextBillingAt: number): Promise<SubscriptionRow | 'member' | 'full'> {
    return this.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .selectFrom('membership_plans')
        .selectAll()
        .where('membership_id', '=', plan.membership_id)
        .executeTakeFirstOrThrow();
      const mine = await trx
        .selectFrom('membership_subscriptions')
        .select('user_id')
        .where('membership_id', '=', plan.membership_id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (mine) return 'member';
      if (fresh.member_limit !== null) {
        const c = await trx
          .selectFrom('membership_subscriptions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('membership_id', '=', plan.membership_id)
          .executeTakeFirstOrThrow();
        if (Number(c.n) >= Number(fresh.member_limit)) return 'full';
      }
      const no = Number(fresh.last_member_no) + 1;
      // The number is taken only if no other join took it meanwhile (PostgreSQL's read committed).
      const taken = await trx
        .updateTable('membership_plans')
        .set({ last_member_no: no })
        .where('membership_id', '=', plan.membership_id)
        .where('last_member_no', '=', fresh.last_member_no)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) throw new Error('membership number taken by a concurrent join');
      const row: SubscriptionRow = {
        membership_id: Number(plan.membership_id),
        user_id: userId,
        membership_no: no,
        joined_at: atMs,
        months: 1,
        next_billing_at: nextBillingAt,
      };
      const inserted = await trx
        .insertInto('membership_subscriptions')
        .values(row)
        .onConflict((oc) => oc.columns(['membership_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new Error('joined by a concurrent join');
      return row;
    });
  }

  /**
   * Ends a person's subscription.
   * @returns false when they were not subscribed
   */
  async leave(membershipId: number, userId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('membership_subscriptions')
      .where('membership_id', '=', membershipId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The subscriptions whose next billing is at or before `atMs`, with their plan's channel. */
  async due(atMs: number): Promise<(SubscriptionRow & { channel_id: string })[]> {
    return this.db
      .selectFrom('membership_subscriptions as s')
      .innerJoin('membership_plans as p', 'p.membership_id', 's.membership_id')
      .selectAll('s')
      .select('p.channel_id')
      .where('s.next_billing_at', '<=', atMs)
      .orderBy('s.next_billing_at')
      .execute();
  }

  /**
   * Records a renewal: months and next billing move on, only from the state read (another process
   * renewing the same subscription wins once).
   * @returns false when the subscription changed meanwhile (renewed elsewhere or left)
   */
  async renew(sub: SubscriptionRow, months: number, nextBillingAt: number): Promise<boolean> {
    const r = await this.db
      .updateTable('membership_subscriptions')
      .set({ months, next_billing_at: nextBillingAt })
      .where('membership_id', '=', sub.membership_id)
      .where('user_id', '=', sub.user_id)
      .where('months', '=', sub.months)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Every plan and subscription, for the scenario export. */
  async all(): Promise<{ plans: MembershipPlanRow[]; subscriptions: SubscriptionRow[] }> {
    const [plans, subscriptions] = await Promise.all([
      this.db.selectFrom('membership_plans').selectAll().orderBy('channel_id').orderBy('position').execute(),
      this.db.selectFrom('membership_subscriptions').selectAll().orderBy('membership_id').orderBy('membership_no').execute(),
    ]);
    return { plans, subscriptions };
  }
}
