/**
 * The insight API group under `/v2/bot/insight` (published `insight.yml`: seven operations), on
 * the channel access token, each one API for the per-minute request limit. HTTP only: the figures
 * come from {@link InsightService}.
 */
import { Router } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import type { InsightService } from './service.js';

export function botInsightRoutes(deps: BotApiDeps & { insight: InsightService }): Router {
  const r = Router();
  const { insight } = deps;
  const api = botApi(deps);
  r.get('/v2/bot/insight/demographic', api('insight.demographic'), async (_req, res) => {
    res.json(await insight.demographics(channelOf(res)));
  });
  r.get('/v2/bot/insight/message/delivery', api('insight.delivery'), async (req, res) => {
    res.json(await insight.deliveries(channelOf(res), req.query.date));
  });
  r.get('/v2/bot/insight/followers', api('insight.followers'), async (req, res) => {
    res.json(await insight.followers(channelOf(res), req.query.date));
  });
  r.get('/v2/bot/insight/message/event', api('insight.messageEvent'), async (req, res) => {
    res.json(await insight.messageEvent(channelOf(res), req.query.requestId));
  });
  r.get('/v2/bot/insight/message/event/aggregation', api('insight.unit'), async (req, res) => {
    res.json(await insight.statisticsPerUnit(channelOf(res), req.query));
  });
  r.get('/v2/bot/insight/richmenu/:richMenuId/summary', api('insight.richMenuSummary'), async (req, res) => {
    res.json(await insight.richMenu(channelOf(res), String(req.params.richMenuId), req.query, false));
  });
  r.get('/v2/bot/insight/richmenu/:richMenuId/daily', api('insight.richMenuDaily'), async (req, res) => {
    res.json(await insight.richMenu(channelOf(res), String(req.params.richMenuId), req.query, true));
  });
  return r;
}
