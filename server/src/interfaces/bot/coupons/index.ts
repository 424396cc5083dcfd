/**
 * Coupons (docs/platform/coupons.md) as a feature of the bot unit: its store and service, the
 * `/v2/bot/coupon` routes, the person's side in the simulator (a coupon's ticket, using it) and
 * the coupons of the scenario file. The messaging feature resolves coupon messages through it.
 */
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { botCouponRoutes } from './routes.js';
import { couponScenario } from './scenario.js';
import { CouponService } from './service.js';
import { CouponStore } from './store.js';

/** The coupons feature: needs no other feature's service. */
export const couponsFeature = {
  name: 'coupons',
  scenario: [couponScenario],
  build: ({ db, clock }): BuiltBotFeature<CouponService, 'coupons'> => {
    const coupons = new CouponService({ store: new CouponStore(db), clock });
    return {
      service: coupons,
      routes: (api) => [botCouponRoutes({ ...api, coupons })],
      simulator: {
        couponTicket: ({ params }) => coupons.ticket(params.couponId, params.userId),
        useCoupon: ({ params }) => coupons.use(params.couponId, params.userId),
      },
    };
  },
} as const satisfies BotFeature<object, BuiltBotFeature<CouponService, 'coupons'>>;
