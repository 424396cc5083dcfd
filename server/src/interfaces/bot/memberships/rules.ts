/**
 * The rules of membership plans, as pure functions (published `messaging-api.yml`: `Membership`,
 * `Subscription`, getJoinedMembershipUsers' paging): the published objects of a stored plan and
 * subscription, billing dates on the platform's calendar (UTC+9), renewals due on the simulated
 * clock, the paging query, and the scenario's plans as rows. Choices: docs/platform/memberships.md.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { MembershipSubscriptionTable } from './tables.js';
import type { ErrorDetail } from '../../../http/validate.js';
import { DAY_MS } from '../../../limits.js';

/** The currencies of `Membership.currency`. */
export const MEMBERSHIP_CURRENCIES = ['JPY', 'TWD', 'THB'] as const;
/** A plan's currency. */
export type MembershipCurrency = (typeof MEMBERSHIP_CURRENCIES)[number];

/** getJoinedMembershipUsers' `limit`: 300 by default, at most 1000. */
export const DEFAULT_MEMBER_PAGE = 300;
export const MAX_MEMBER_PAGE = 1000;
/** A `next` token lives 24 hours (the published `start` parameter), in ms. */
export const MEMBER_TOKEN_LIFE_MS = DAY_MS;
/** The platform's billing calendar is UTC+9 (`SubscribedMembershipUser.nextBillingDate`), in ms. */
const UTC9_MS = 9 * 3_600_000;

/** The published fields of a plan kept as JSON in `membership_plans.fields`. */
export interface MembershipPlanFields {
  title: string;
  description: string;
  benefits: string[];
  /** Monthly fee, e.g. 500 (JSON number; the platform writes 500.00). */
  price: number;
  currency: MembershipCurrency;
  isInAppPurchase: boolean;
  isPublished: boolean;
}

/** A stored plan (`membership_plans`). */
export interface MembershipPlanRow {
  membership_id: number;
  channel_id: string;
  position: number;
  fields: string;
  member_limit: number | null;
  last_member_no: number;
}

/** A stored subscription (`membership_subscriptions`); times in ms on the simulated clock. */
export type SubscriptionRow = Selectable<MembershipSubscriptionTable>;

/** Published `Membership` (getMembershipList). */
export interface Membership extends MembershipPlanFields {
  membershipId: number;
  memberCount: number;
  memberLimit: number | null;
}

/** Published `Subscription` (getMembershipSubscription): the plan and the person's state of it. */
export interface Subscription {
  membership: Pick<Membership, 'membershipId' | 'title' | 'description' | 'benefits' | 'price' | 'currency'>;
  user: {
    membershipNo: number;
    /** UNIX time in seconds. */
    joinedTime: number;
    /** `yyyy-MM-dd` in UTC+9. */
    nextBillingDate: string;
    totalSubscriptionMonths: number;
  };
}

/** The fields of a stored plan. */
export function fieldsOf(row: MembershipPlanRow): MembershipPlanFields {
  return JSON.parse(row.fields) as MembershipPlanFields;
}

/** What a plan offers, as both the published `Membership` and a scenario write it. */
function offerOf(row: MembershipPlanRow, f: MembershipPlanFields) {
  return {
    membershipId: Number(row.membership_id),
    title: f.title,
    description: f.description,
    benefits: f.benefits,
    price: f.price,
    currency: f.currency,
  };
}

/** Published `Membership` of a plan with its count of subscribed people. */
export function membershipOf(row: MembershipPlanRow, memberCount: number): Membership {
  const f = fieldsOf(row);
  return {
    ...offerOf(row, f),
    memberCount,
    memberLimit: row.member_limit === null ? null : Number(row.member_limit),
    isInAppPurchase: f.isInAppPurchase,
    isPublished: f.isPublished,
  };
}

/** Published `Subscription` of a person's subscription to a plan. */
export function subscriptionOf(plan: MembershipPlanRow, sub: SubscriptionRow): Subscription {
  const f = fieldsOf(plan);
  return {
    membership: {
      membershipId: Number(plan.membership_id),
      title: f.title,
      description: f.description,
      benefits: f.benefits,
      price: f.price,
      currency: f.currency,
    },
    user: {
      membershipNo: Number(sub.membership_no),
      joinedTime: Math.floor(Number(sub.joined_at) / 1000),
      nextBillingDate: billingDateOf(Number(sub.next_billing_at)),
      totalSubscriptionMonths: Number(sub.months),
    },
  };
}

/**
 * The billing time `months` calendar months after `joinedAt` (ms), on the UTC+9 calendar; a day
 * the month lacks becomes its last day (joined on 31 January: billed on 28 or 29 February).
 */
export function billingAfter(joinedAt: number, months: number): number {
  const local = new Date(joinedAt + UTC9_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const timeOfDay = joinedAt + UTC9_MS - Date.UTC(y, local.getUTCMonth(), local.getUTCDate());
  return Date.UTC(y, m, day) + timeOfDay - UTC9_MS;
}

/** `yyyy-MM-dd` of a time (ms) on the UTC+9 calendar. */
export function billingDateOf(atMs: number): string {
  return new Date(atMs + UTC9_MS).toISOString().slice(0, 10);
}

/**
 * The renewals of a subscription due at `now`: one per billing time passed, each a month paid.
 * @returns the months after each renewal and the next billing time after the last; empty when none is due
 */
export function renewalsDue(sub: Pick<SubscriptionRow, 'joined_at' | 'months' | 'next_billing_at'>, now: number): number[] {
  const due: number[] = [];
  let months = Number(sub.months);
  let next = Number(sub.next_billing_at);
  while (next <= now) {
    months++;
    due.push(months);
    next = billingAfter(Number(sub.joined_at), months);
  }
  return due;
}

/** getMembershipSubscription's path: a user ID (`U` and 32 hex digits). */
export const SubscriptionParams = Type.Object({
  userId: Type.String({ pattern: '^U[0-9a-f]{32}$', platformErrors: { pattern: 'Invalid user ID' } }),
});

/**
 * getJoinedMembershipUsers' query, checked at the door: `limit` 1 to {@link MAX_MEMBER_PAGE} as
 * text, `start` given once (whether it is a `next` of this plan's list, still alive, is
 * {@link memberPageQueryOf}'s rule: it needs the plan and the clock).
 */
export const JoinedUsersQuery = Type.Object({
  limit: Type.Optional(
    Type.String({
      pattern: '^(?=[0-9]{1,5}$)0*(?:[1-9][0-9]{0,2}|1000)$',
      platformErrors: { pattern: `must be an integer from 1 to ${MAX_MEMBER_PAGE}`, type: 'must be given once' },
    }),
  ),
  start: Type.Optional(Type.String({ platformErrors: { type: 'must be given once' } })),
});

/** getJoinedMembershipUsers' query, read: the page size and the member number to start after. */
export interface MemberPageQuery {
  limit: number;
  /** Member number of the last person of the previous page (0 for the first page). */
  after: number;
}

/**
 * Reads getJoinedMembershipUsers' `limit` and `start`, checked at the door.
 * @returns the query, or the detail of a 400 at `start`: not a `next` of this plan's list, or
 *   older than 24 hours
 */
export function memberPageQueryOf(
  query: Static<typeof JoinedUsersQuery>,
  membershipId: number,
  now: number,
): MemberPageQuery | { details: ErrorDetail[] } {
  const limit = query.limit === undefined ? DEFAULT_MEMBER_PAGE : Number(query.limit);
  if (query.start === undefined) return { limit, after: 0 };
  const t = tokenOf(query.start);
  if (!t || t.membershipId !== membershipId)
    return { details: [{ message: 'is not a continuation token of this list', property: 'start' }] };
  if (now - t.issuedAt > MEMBER_TOKEN_LIFE_MS) return { details: [{ message: 'the continuation token has expired', property: 'start' }] };
  return { limit, after: t.after };
}

/** The `next` token of a page whose last person has member number `after`, issued at `now` (ms). */
export function memberPageToken(membershipId: number, after: number, now: number): string {
  return Buffer.from(`members:${membershipId}:${after}:${now}`).toString('base64url');
}

function tokenOf(token: string): { membershipId: number; after: number; issuedAt: number } | null {
  const m = /^members:([0-9]{1,16}):([0-9]{1,16}):([0-9]{1,16})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return m ? { membershipId: Number(m[1]), after: Number(m[2]), issuedAt: Number(m[3]) } : null;
}

/** A plan as a scenario declares it (`channels[].memberships[]`, `scenario.ts`). */
export interface ScenarioMembership {
  membershipId: number;
  title: string;
  description: string;
  benefits: string[];
  price: number;
  currency: MembershipCurrency;
  memberLimit?: number | null;
  isInAppPurchase?: boolean;
  isPublished?: boolean;
  /** People subscribed when the scenario loads. */
  members?: { userId: string; joinedAt: number; months?: number }[];
}

/** A scenario plan's row and its subscriptions, the subscribers numbered in their order from 1. */
export function scenarioMembershipRows(
  channelId: string,
  position: number,
  m: ScenarioMembership,
): { plan: MembershipPlanRow; subscriptions: SubscriptionRow[] } {
  const fields: MembershipPlanFields = {
    title: m.title,
    description: m.description,
    benefits: m.benefits,
    price: m.price,
    currency: m.currency,
    isInAppPurchase: m.isInAppPurchase ?? true,
    isPublished: m.isPublished ?? true,
  };
  const subscriptions = (m.members ?? []).map((s, i) => {
    const months = s.months ?? 1;
    return {
      membership_id: m.membershipId,
      user_id: s.userId,
      membership_no: i + 1,
      joined_at: s.joinedAt,
      months,
      next_billing_at: billingAfter(s.joinedAt, months),
    };
  });
  return {
    plan: {
      membership_id: m.membershipId,
      channel_id: channelId,
      position,
      fields: JSON.stringify(fields),
      member_limit: m.memberLimit ?? null,
      last_member_no: subscriptions.length,
    },
    subscriptions,
  };
}

/** A stored plan and its subscriptions as a scenario writes them (fields at their default left out). */
export function scenarioMembershipOf(plan: MembershipPlanRow, subs: readonly SubscriptionRow[]): ScenarioMembership {
  const f = fieldsOf(plan);
  return {
    ...offerOf(plan, f),
    ...(plan.member_limit === null ? {} : { memberLimit: Number(plan.member_limit) }),
    ...(f.isInAppPurchase ? {} : { isInAppPurchase: false }),
    ...(f.isPublished ? {} : { isPublished: false }),
    ...(subs.length
      ? {
          members: [...subs]
            .sort((a, b) => Number(a.membership_no) - Number(b.membership_no))
            .map((s) => ({ userId: s.user_id, joinedAt: Number(s.joined_at), months: Number(s.months) })),
        }
      : {}),
  };
}
