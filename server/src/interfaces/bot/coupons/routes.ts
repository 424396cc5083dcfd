/**
 * The coupon operations under `/v2/bot/coupon` (published `messaging-api.yml`: createCoupon,
 * listCoupon, getCouponDetail, closeCoupon), on the channel access token, each operation one API
 * for the per-minute request limit. HTTP only: the rules are in service.ts.
 */
import { Router } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { jsonBody } from '../../../http/body.js';
import type { CouponService } from './service.js';

/** The router of the coupon operations. */
export function botCouponRoutes(deps: BotApiDeps & { coupons: CouponService }): Router {
  const r = Router();
  const api = botApi(deps);
  const { coupons } = deps;
  const base = '/v2/bot/coupon';

  r.post(base, api('coupon.create'), jsonBody, async (req, res) => {
    res.json(await coupons.create(channelOf(res), req.body));
  });
  r.get(base, api('coupon.list'), async (req, res) => {
    res.json(await coupons.list(channelOf(res), req.query as Record<string, unknown>));
  });
  r.get(`${base}/:couponId`, api('coupon.get'), async (req, res) => {
    res.json(await coupons.detail(channelOf(res), String(req.params.couponId)));
  });
  r.put(`${base}/:couponId/close`, api('coupon.close'), async (req, res) => {
    await coupons.close(channelOf(res), String(req.params.couponId));
    res.json({});
  });
  return r;
}
