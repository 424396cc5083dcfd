/**
 * The insight API group under `/v2/bot/insight` (published `insight.yml`: seven operations), on
 * the channel access token, each one API for the per-minute request limit. HTTP only: the figures
 * come from {@link InsightService}.
 */
import { Router } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { door } from '../../../http/door.js';
import type { InsightService } from './service.js';
import {
  DeliveriesQuery,
  FollowersQuery,
  invalidParameters,
  MessageEventQuery,
  RichMenuInsightQuery,
  StatisticsPerUnitQuery,
} from './rules.js';

// The bot interface's format, its message naming the first parameter as insight's answers do.
const checked = door(invalidParameters);

export function botInsightRoutes(deps: BotApiDeps & { insight: InsightService }): Router {
  const r = Router();
  const { insight } = deps;
  const api = botApi(deps);
  r.get('/v2/bot/insight/demographic', api('insight.demographic'), async (_req, res) => {
    res.json(await insight.demographics(channelOf(res)));
  });
  r.get(
    '/v2/bot/insight/message/delivery',
    api('insight.delivery'),
    checked({ query: DeliveriesQuery }, async ({ query }, _req, res) => {
      res.json(await insight.deliveries(channelOf(res), query.date));
    }),
  );
  r.get(
    '/v2/bot/insight/followers',
    api('insight.followers'),
    checked({ query: FollowersQuery }, async ({ query }, _req, res) => {
      res.json(await insight.followers(channelOf(res), query.date));
    }),
  );
  r.get(
    '/v2/bot/insight/message/event',
    api('insight.messageEvent'),
    checked({ query: MessageEventQuery }, async ({ query }, _req, res) => {
      res.json(await insight.messageEvent(channelOf(res), query.requestId));
    }),
  );
  r.get(
    '/v2/bot/insight/message/event/aggregation',
    api('insight.unit'),
    checked({ query: StatisticsPerUnitQuery }, async ({ query }, _req, res) => {
      res.json(await insight.statisticsPerUnit(channelOf(res), query));
    }),
  );
  r.get(
    '/v2/bot/insight/richmenu/:richMenuId/summary',
    api('insight.richMenuSummary'),
    checked({ query: RichMenuInsightQuery }, async ({ params, query }, _req, res) => {
      res.json(await insight.richMenu(channelOf(res), String(params.richMenuId), query, false));
    }),
  );
  r.get(
    '/v2/bot/insight/richmenu/:richMenuId/daily',
    api('insight.richMenuDaily'),
    checked({ query: RichMenuInsightQuery }, async ({ params, query }, _req, res) => {
      res.json(await insight.richMenu(channelOf(res), String(params.richMenuId), query, true));
    }),
  );
  return r;
}
