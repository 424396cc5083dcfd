/**
 * Coupon message (published `messaging-api.yml` `CouponMessage`): `couponId` and an optional
 * `deliveryTag` (max 30 characters). Which coupon it names, and whether the channel may send it
 * now, is checked where the channel is known (the bot unit's coupons); only a bot sends one.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Str } from './common.js';
import { MessageObj } from './quick-reply.js';

/** Coupon message: the ID of a coupon of the sending channel. */
export const CouponMessageSchema = MessageObj('coupon', {
  couponId: Str(100, { description: 'ID of a RUNNING coupon of the sending channel (createCoupon).' }),
  deliveryTag: Type.Optional(Type.String({ maxLength: 30, description: 'Delivery route tag, for analysis.' })),
});

/** Coupon message: `couponId` of a RUNNING coupon of the sending channel, optional `deliveryTag`. */
export type CouponMessage = Static<typeof CouponMessageSchema>;
