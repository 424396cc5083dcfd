/**
 * The two custom aggregation unit calls of the published `messaging-api.yml`
 * (`getAggregationUnitUsage`, `getAggregationUnitNameList`), on the channel access token. Their
 * own router beside insight's: they belong to the messaging API group, not to `insight.yml`, and
 * read the units the insight store keeps (docs/platform/bot-daily-calls.md).
 */
import { Router } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { door } from '../../../http/door.js';
import type { InsightService } from './service.js';
import { invalidParameters, UnitNamesQuery } from './rules.js';

const checked = door(invalidParameters);

export function botAggregationUnitRoutes(deps: BotApiDeps & { insight: InsightService }): Router {
  const r = Router();
  const { insight } = deps;
  const api = botApi(deps);
  r.get('/v2/bot/message/aggregation/info', api('aggregation.info'), async (_req, res) => {
    res.json(await insight.unitUsage(channelOf(res)));
  });
  r.get(
    '/v2/bot/message/aggregation/list',
    api('aggregation.list'),
    checked({ query: UnitNamesQuery }, async ({ query }, _req, res) => {
      res.json(await insight.unitNames(channelOf(res), query));
    }),
  );
  return r;
}
