/** Migration `0025_memberships`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Membership plans of a bot and people's subscriptions to them (published `messaging-api.yml`
 * getMembershipList, getMembershipSubscription, getJoinedMembershipUsers): one row per plan (its
 * ID, channel, the scenario's order, the published fields as JSON, the member limit, the last
 * member number given), and one per subscribed person (member number, joined at, months paid,
 * next billing in ms on the simulated clock). Leaving deletes the subscription.
 */
export async function addMemberships(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('membership_plans')
    .addColumn('membership_id', T.int, (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('position', T.int, (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('member_limit', T.int)
    .addColumn('last_member_no', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('membership_plans_by_channel').on('membership_plans').columns(['channel_id', 'position']).execute();
  await db.schema
    .createTable('membership_subscriptions')
    .addColumn('membership_id', T.int, (c) => c.notNull().references('membership_plans.membership_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('membership_no', T.int, (c) => c.notNull())
    .addColumn('joined_at', T.int, (c) => c.notNull())
    .addColumn('months', T.int, (c) => c.notNull())
    .addColumn('next_billing_at', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('membership_subscriptions_pk', ['membership_id', 'user_id'])
    .execute();
  await db.schema.createIndex('membership_subscriptions_due').on('membership_subscriptions').column('next_billing_at').execute();
}
