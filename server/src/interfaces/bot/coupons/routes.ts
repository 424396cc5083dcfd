/**
 * The coupon operations under `/v2/bot/coupon` (published `messaging-api.yml`: createCoupon,
 * listCoupon, getCouponDetail, closeCoupon), on the channel access token, each operation one API
 * for the per-minute request limit. HTTP only: the rules are in service.ts.
 */
import { Router } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { jsonBody } from '../../../http/body.js';
import { door } from '../../../http/door.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import type { CouponService } from './service.js';
import { CreateCouponBody, ListCouponQuery } from './rules.js';

const checked = door(ERROR_FORMATS.bot);

/** The router of the coupon operations. */
export function botCouponRoutes(deps: BotApiDeps & { coupons: CouponService }): Router {
  const r = Router();
  const api = botApi(deps);
  const { coupons } = deps;
  const base = '/v2/bot/coupon';

  r.post(
    base,
    api('coupon.create'),
    jsonBody,
    checked({ body: CreateCouponBody }, async ({ body }, _req, res) => {
      res.json(await coupons.create(channelOf(res), body));
    }),
  );
  r.get(
    base,
    api('coupon.list'),
    checked({ query: ListCouponQuery }, async ({ query }, _req, res) => {
      res.json(await coupons.list(channelOf(res), query));
    }),
  );
  r.get(`${base}/:couponId`, api('coupon.get'), async (req, res) => {
    res.json(await coupons.detail(channelOf(res), String(req.params.couponId)));
  });
  r.put(`${base}/:couponId/close`, api('coupon.close'), async (req, res) => {
    await coupons.close(channelOf(res), String(req.params.couponId));
    res.json({});
  });
  return r;
}
