/**
 * The LINE notification messages API (published `messaging-api.yml`, partner docs): `POST
 * /bot/pnp/push` (no `/v2`) and `GET /v2/bot/message/delivery/pnp`, on the channel access token,
 * each one API for the per-minute request limit. The API takes no retry key (published reference:
 * "doesn't allow API request retries using retry keys").
 */
import { Router } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { jsonBody } from '../../../http/body.js';
import { badRequest } from '../../../http/errors.js';
import { headerValue, type PlatformHeaders } from '../../../http/platform-headers.js';
import { door } from '../../../http/door.js';
import type { BotPnpService } from './service.js';
import { checkPnpBody } from '../../../messages/bodies.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import { invalidDate, PnpStatisticsQuery, pnpPushFindings } from './rules.js';

// The published refusal of a bad date is one message: the door's details are not written.
const checkedDate = door(invalidDate);
const checked = door(ERROR_FORMATS.bot);

export function botPnpRoutes(deps: BotApiDeps & { pnp: BotPnpService; headers: PlatformHeaders }): Router {
  const r = Router();
  const api = botApi(deps);
  const { pnp, headers } = deps;
  r.post(
    '/bot/pnp/push',
    api('pnp.push'),
    (req, res, next) => {
      if (headerValue(req, headers.retryKey) !== undefined)
        throw badRequest(`${headers.retryKey} is taken only by push, multicast, narrowcast and broadcast`);
      pnp.checkPlan(channelOf(res));
      next();
    },
    jsonBody,
    checked({ body: checkPnpBody, rules: ({ body }) => pnpPushFindings(body) }, async ({ body }, req, res) => {
      await pnp.push(channelOf(res), body, headerValue(req, headers.deliveryTag), headers.deliveryTag);
      res.json({});
    }),
  );
  r.get(
    '/v2/bot/message/delivery/pnp',
    api('delivery.pnp'),
    checkedDate({ query: PnpStatisticsQuery }, async ({ query }, _req, res) => {
      res.json(await pnp.statistics(channelOf(res), query.date));
    }),
  );
  return r;
}
