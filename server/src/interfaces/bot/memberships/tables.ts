/**
 * The membership plans' tables: plans and subscriptions, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Nullable } from '../../../db/schema.js';

declare module '../../../db/schema.js' {
  interface Database {
    membership_plans: MembershipPlanTable;
    membership_subscriptions: MembershipSubscriptionTable;
  }
}

/**
 * A bot's membership plan (published `messaging-api.yml` `Membership`), from the scenario: its ID,
 * channel, place in the scenario's list, the published fields as JSON (`MembershipPlanFields`:
 * title, description, benefits, price, currency, isInAppPurchase, isPublished), the member limit
 * (null: none) and the last member number given (numbers are never given twice).
 */
export interface MembershipPlanTable {
  membership_id: number;
  channel_id: string;
  position: number;
  fields: string;
  member_limit: Nullable<number>;
  last_member_no: number;
}

/**
 * A person's subscription to a plan: member number, joined at (ms), months paid so far (the
 * published `totalSubscriptionMonths`) and the next billing (ms, simulated clock).
 */
export interface MembershipSubscriptionTable {
  membership_id: number;
  user_id: string;
  membership_no: number;
  joined_at: number;
  months: number;
  next_billing_at: number;
}
