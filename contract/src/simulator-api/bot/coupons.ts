/**
 * The simulator API's `coupons` unit: what a person sees of a coupon a bot sent, and using it
 * (docs/platform/coupons.md), with its schema.
 * Its handlers: `server/src/interfaces/bot/coupons/index.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../../route.js';

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

/** The `coupons` unit's routes, one slice of `SIMULATOR_API`. */
export const COUPONS_ROUTES = defineContract({
  couponTicket: {
    method: 'GET',
    path: '/coupons/:couponId/users/:userId',
    summary: 'a person’s view of a coupon: its card, their state of it and uses',
    answer: CouponTicketSchema,
    unit: 'coupons',
  },
  useCoupon: {
    method: 'POST',
    path: '/coupons/:couponId/users/:userId/use',
    summary: 'the person taps Use on a coupon',
    answer: CouponTicketSchema,
    unit: 'coupons',
  },
} satisfies Contract<'coupons'>);
