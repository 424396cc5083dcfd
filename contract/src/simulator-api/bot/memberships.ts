/**
 * The simulator API's `memberships` unit: a bot's membership plans as a person sees them, joining
 * and leaving (docs/platform/memberships.md), with their schema.
 * Its handlers: `server/src/interfaces/bot/memberships/index.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../../route.js';

/**
 * A bot's membership plan as a person sees it in the host (docs/platform/memberships.md): the published
 * `Membership` fields, and the person's subscription (published `SubscribedMembershipUser`:
 * member number, joined at in epoch seconds, next billing date `yyyy-MM-dd` in UTC+9, months) or
 * null when they are not subscribed.
 */
export const MembershipPlanViewSchema = Type.Object({
  membershipId: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  benefits: Type.Array(Type.String()),
  price: Type.Number(),
  currency: Type.String(),
  memberCount: Type.Integer(),
  memberLimit: Type.Union([Type.Integer(), Type.Null()]),
  isInAppPurchase: Type.Boolean(),
  isPublished: Type.Boolean(),
  subscription: Type.Union([
    Type.Object({
      membershipNo: Type.Integer(),
      joinedTime: Type.Integer(),
      nextBillingDate: Type.String(),
      totalSubscriptionMonths: Type.Integer(),
    }),
    Type.Null(),
  ]),
});
export type MembershipPlanView = Static<typeof MembershipPlanViewSchema>;

/** The `memberships` unit's routes, one slice of `SIMULATOR_API`. */
export const MEMBERSHIPS_ROUTES = defineContract({
  membershipPlans: {
    method: 'GET',
    path: '/channels/:channelId/memberships',
    summary: 'a bot’s membership plans with the person’s subscription of each',
    query: Type.Object({ userId: Type.String() }),
    answer: Type.Object({ memberships: Type.Array(MembershipPlanViewSchema) }),
    unit: 'memberships',
  },
  joinMembership: {
    method: 'POST',
    path: '/memberships/:membershipId/users/:userId/join',
    summary: 'the person joins a membership plan (event: membership)',
    answer: MembershipPlanViewSchema,
    unit: 'memberships',
  },
  leaveMembership: {
    method: 'POST',
    path: '/memberships/:membershipId/users/:userId/leave',
    summary: 'the person leaves a membership plan (event: membership)',
    answer: MembershipPlanViewSchema,
    unit: 'memberships',
  },
} satisfies Contract<'memberships'>);
