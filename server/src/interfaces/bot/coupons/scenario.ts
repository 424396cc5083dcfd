/**
 * Coupons in the scenario file (docs/platform/coupons.md, "Coupons in a scenario"): `channels[].coupons`,
 * createCoupon's fields, when created and closed (ms), and how many times each person used each.
 */
import { Type } from '@sinclair/typebox';
import { scenarioSlice } from '../../../unit/scenario-slice.js';
import { CouponCreateSchema, scenarioCouponOf, scenarioCouponProblems, scenarioCouponRows } from './rules.js';
import { CouponStore } from './store.js';

/** The coupons' slice: IDs unique across channels; createCoupon's rules (an end past is allowed); people known, each once per coupon. */
export const couponScenario = scenarioSlice({
  name: 'coupons',
  parts: {
    channel: {
      // The bot's coupons (docs/platform/coupons.md): createCoupon's fields, when created and closed (ms),
      // and how many times each person used it.
      coupons: Type.Optional(
        Type.Array(
          Type.Object(
            {
              couponId: Type.String({ pattern: '^[0-9A-Za-z]{1,100}$' }),
              ...CouponCreateSchema.properties,
              createdAt: Type.Optional(Type.Integer({ minimum: 0 })),
              closedAt: Type.Optional(Type.Integer({ minimum: 0 })),
              uses: Type.Optional(
                Type.Array(
                  Type.Object(
                    {
                      userId: Type.String({ pattern: '^U[0-9a-f]{32}$' }),
                      count: Type.Integer({ minimum: 1 }),
                      lastUsedAt: Type.Integer({ minimum: 0 }),
                    },
                    { additionalProperties: false },
                  ),
                  { maxItems: 10_000 },
                ),
              ),
            },
            { additionalProperties: false },
          ),
          { maxItems: 1000 },
        ),
      ),
    },
  },
  reads: { channel: { channelId: Type.String() } },
  problems(s, { users }) {
    const problems: string[] = [];
    const ids = new Set<string>();
    s.channels.forEach((c, i) =>
      (c.coupons ?? []).forEach((coupon, j) => {
        const at = `channels[${i}].coupons[${j}]`;
        if (ids.has(coupon.couponId)) problems.push(`${at}.couponId: ${coupon.couponId} is used twice`);
        ids.add(coupon.couponId);
        problems.push(...scenarioCouponProblems(coupon).map((p) => `${at}.${p}`));
        const seen = new Set<string>();
        (coupon.uses ?? []).forEach((u, k) => {
          if (!users.has(u.userId)) problems.push(`${at}.uses[${k}].userId: unknown user ${u.userId}`);
          else if (seen.has(u.userId)) problems.push(`${at}.uses[${k}].userId: ${u.userId} is listed twice`);
          seen.add(u.userId);
        });
      }),
    );
    return problems;
  },
  async seed(s, at) {
    const coupons = s.channels.flatMap((c) => (c.coupons ?? []).map((coupon) => scenarioCouponRows(c.channelId, coupon, at.now)));
    await new CouponStore(at.db).seed(
      coupons.map((c) => c.coupon),
      coupons.flatMap((c) => c.uses),
    );
  },
  async export(db) {
    const store = new CouponStore(db);
    const [coupons, uses] = await Promise.all([store.all(), store.allUses()]);
    return {
      channel: (channelId) => {
        const list = coupons
          .filter((c) => c.channel_id === channelId)
          .map((c) =>
            scenarioCouponOf(
              c,
              uses.filter((u) => u.coupon_id === c.coupon_id),
            ),
          );
        return list.length ? { coupons: list } : {};
      },
    };
  },
});
