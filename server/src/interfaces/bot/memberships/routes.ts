/**
 * The membership operations under `/v2/bot/membership` (published `messaging-api.yml`:
 * getMembershipSubscription, getMembershipList, getJoinedMembershipUsers), on the channel access
 * token, each operation one API for the per-minute request limit. HTTP only: the rules are in
 * service.ts.
 */
import { Router } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { door } from '../../../http/door.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import type { MembershipPlanService } from './service.js';
import { JoinedUsersQuery, SubscriptionParams } from './rules.js';

const checked = door(ERROR_FORMATS.bot);

/** The router of the membership operations. */
export function botMembershipRoutes(deps: BotApiDeps & { plans: MembershipPlanService }): Router {
  const r = Router();
  const api = botApi(deps);
  const { plans } = deps;
  const base = '/v2/bot/membership';

  r.get(
    `${base}/subscription/:userId`,
    api('membership.subscription'),
    checked({ params: SubscriptionParams }, async ({ params }, _req, res) => {
      res.json(await plans.subscription(channelOf(res), params.userId));
    }),
  );
  r.get(`${base}/list`, api('membership.list'), async (_req, res) => {
    res.json(await plans.list(channelOf(res)));
  });
  r.get(
    `${base}/:membershipId/users/ids`,
    api('membership.users'),
    checked({ query: JoinedUsersQuery }, async ({ params, query }, _req, res) => {
      res.json(await plans.joinedUsers(channelOf(res), String(params.membershipId), query));
    }),
  );
  return r;
}
