/**
 * The membership operations under `/v2/bot/membership` (published `messaging-api.yml`:
 * getMembershipSubscription, getMembershipList, getJoinedMembershipUsers), on the channel access
 * token, each operation one API for the per-minute request limit. HTTP only: the rules are in
 * service.ts.
 */
import { Router } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import type { MembershipPlanService } from './service.js';

/** The router of the membership operations. */
export function botMembershipRoutes(deps: BotApiDeps & { plans: MembershipPlanService }): Router {
  const r = Router();
  const api = botApi(deps);
  const { plans } = deps;
  const base = '/v2/bot/membership';

  r.get(`${base}/subscription/:userId`, api('membership.subscription'), async (req, res) => {
    res.json(await plans.subscription(channelOf(res), String(req.params.userId)));
  });
  r.get(`${base}/list`, api('membership.list'), async (_req, res) => {
    res.json(await plans.list(channelOf(res)));
  });
  r.get(`${base}/:membershipId/users/ids`, api('membership.users'), async (req, res) => {
    res.json(await plans.joinedUsers(channelOf(res), String(req.params.membershipId), req.query as Record<string, unknown>));
  });
  return r;
}
