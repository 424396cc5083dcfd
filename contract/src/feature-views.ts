/**
 * The shapes the simulator API answers for the published platform's bot features the host shows
 * (insight, coupons, membership plans, module channels and the chat control), declared once as
 * TypeBox schemas; `./wire.ts` re-exports them. Schemas only: no rule, no I/O.
 */
import { Type, type Static } from '@sinclair/typebox';

/**
 * A bot's insight as the host's Insight view shows it (docs/platform/insight.md): the figures the platform's
 * insight calls compute, without the privacy threshold (it is the developer's own simulator).
 */
export const BotInsightSchema = Type.Object({
  channelId: Type.String(),
  /** Per day (yyyyMMdd, UTC+9), oldest first: readiness, followers, blocks and messages sent per kind. */
  days: Type.Array(
    Type.Object({
      date: Type.String(),
      status: Type.String(),
      followers: Type.Integer(),
      targetedReaches: Type.Integer(),
      blocks: Type.Integer(),
      deliveries: Type.Record(Type.String(), Type.Integer()),
    }),
  ),
  /** Message-sending requests, newest first, with what people did with their messages. */
  requests: Type.Array(
    Type.Object({
      requestId: Type.String(),
      kind: Type.String(),
      /** ms. */
      sentAt: Type.Number(),
      unit: Type.Union([Type.String(), Type.Null()]),
      /** Whether the request's figures are ready (its send day has ended, UTC+9). */
      ready: Type.Boolean(),
      delivered: Type.Integer(),
      uniqueImpression: Type.Integer(),
      uniqueClick: Type.Integer(),
      impressions: Type.Integer(),
      clicks: Type.Integer(),
    }),
  ),
  /** Today's friends by attribute: each `[value, percentage]`; null with no friends. */
  demographics: Type.Union([
    Type.Object({
      friends: Type.Integer(),
      genders: Type.Array(Type.Tuple([Type.String(), Type.Number()])),
      ages: Type.Array(Type.Tuple([Type.String(), Type.Number()])),
      areas: Type.Array(Type.Tuple([Type.String(), Type.Number()])),
      appTypes: Type.Array(Type.Tuple([Type.String(), Type.Number()])),
    }),
    Type.Null(),
  ]),
});

export type BotInsight = Static<typeof BotInsightSchema>;

/**
 * A person's view of a coupon in the host (docs/platform/coupons.md): the coupon's card (what the chat
 * draws: title, image, reward, validity in epoch seconds, uses per person 1 or -1 for no limit),
 * the person's state of it and how many times they used it.
 */
export const CouponTicketSchema = Type.Object({
  coupon: Type.Object({
    couponId: Type.String(),
    title: Type.String(),
    description: Type.Optional(Type.String()),
    imageUrl: Type.Optional(Type.String()),
    usageCondition: Type.Optional(Type.String()),
    couponCode: Type.Optional(Type.String()),
    reward: Type.Optional(Type.Object({ type: Type.String() }, { additionalProperties: true })),
    startTimestamp: Type.Integer(),
    endTimestamp: Type.Integer(),
    timezone: Type.String(),
    maxUseCountPerTicket: Type.Integer(),
  }),
  state: Type.Union([
    Type.Literal('usable'),
    Type.Literal('notStarted'),
    Type.Literal('used'),
    Type.Literal('expired'),
    Type.Literal('closed'),
  ]),
  useCount: Type.Integer(),
});

export type CouponTicket = Static<typeof CouponTicketSchema>;

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

/**
 * Module channels in the host (docs/platform/module-channels.md): each module channel with the bots it is
 * attached to (bot channel ID, scopes granted, when in ms), and the suspended bots' channel IDs.
 */
export const ModuleChannelsSchema = Type.Object({
  modules: Type.Array(
    Type.Object({
      channelId: Type.String(),
      name: Type.String(),
      bots: Type.Array(Type.Object({ channelId: Type.String(), scopes: Type.Array(Type.String()), attachedAt: Type.Integer() })),
    }),
  ),
  suspendedBots: Type.Array(Type.String()),
});

export type ModuleChannels = Static<typeof ModuleChannelsSchema>;

/**
 * Who holds a bot's chat (docs/platform/module-channels.md): the module channel with its control until
 * `expireAt` (ms on the simulated clock; null: no time limit), or `moduleChannelId: null` when the
 * bot itself is the active channel.
 */
export const ChatControlStateSchema = Type.Object({
  moduleChannelId: Type.Union([Type.String(), Type.Null()]),
  expireAt: Type.Union([Type.Integer(), Type.Null()]),
});

export type ChatControlState = Static<typeof ChatControlStateSchema>;
