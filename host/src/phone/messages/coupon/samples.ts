/**
 * A sample coupon message as a chat stores it: the coupon's ID and the card the server adds when a
 * bot sends it (a bot sends only `{type: 'coupon', couponId}`).
 */

/** A 10% discount coupon running through 2030. */
export const COUPON = {
  type: 'coupon',
  couponId: '01JYNW8JMQVFBNWVWPCYKFZQ3F',
  coupon: {
    couponId: '01JYNW8JMQVFBNWVWPCYKFZQ3F',
    title: '10% off everything',
    description: 'Show this coupon at the counter.',
    usageCondition: 'One per visit',
    reward: { type: 'discount', priceInfo: { type: 'percentage', percentage: 10 } },
    startTimestamp: 1_767_225_600,
    endTimestamp: 1_924_905_600,
    timezone: 'ASIA_TOKYO',
    maxUseCountPerTicket: 1,
  },
} as const;
