/**
 * Broadcast, narrowcast, counters, followers and chat summaries under `/v2/bot` (the
 * platform's published API beyond spec part B's table), on the channel access token, each one API
 * for the per-minute request limit. {@link sentCounter} counts the reply, push and multicast
 * messages that the part B routes send (mount it before them). Bodies and queries are checked at
 * the door (`http/door.ts`, schemas in `rules.ts`; the message objects by the message validator,
 * `messageFindings`) after the authentication and the per-minute limit, before the rules of
 * the world.
 */
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { Router, type RequestHandler } from 'express';
import { jsonBody } from '../../../http/body.js';
import { door } from '../../../http/door.js';
import { invalidBody } from '../../../http/errors.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import {
  DeliveryQuery,
  demographicProblems,
  FollowersQuery,
  MessagesBody,
  messageFindings,
  NarrowcastBody,
  ProgressQuery,
} from './rules.js';
import type { BotBroadcastService, SentKind } from './service.js';
import { SENT_KINDS } from './service.js';
import type { ChannelRow } from '../../../world/world-store.js';
import type { PlatformHeaders } from '../../../http/platform-headers.js';
import { randomUUID } from 'node:crypto';
import type { RetryKeys } from '../retry-keys/service.js';
import type { BotMessagingService } from '../messaging/service.js';

/**
 * Counts each successful reply (1), push (1) and multicast (distinct `to`) once its answer is sent.
 * Passes every request on unchanged.
 */
export function sentCounter(broadcasts: BotBroadcastService): Router {
  const r = Router();
  for (const kind of ['reply', 'push', 'multicast'] as const) {
    r.post(`/v2/bot/message/${kind}`, (req, res, next) => {
      res.on('finish', () => {
        const channel = res.locals.channel as ChannelRow | undefined;
        if (res.statusCode !== 200 || !channel) return;
        // A 200 of multicast means its door passed the body: `to` is its list of user IDs.
        const body: unknown = req.body;
        const to = typeof body === 'object' && body !== null && 'to' in body ? body.to : undefined;
        const n = kind === 'multicast' && Array.isArray(to) ? new Set(to).size : 1;
        void broadcasts.count(channel.channel_id, kind, n).catch(() => undefined);
      });
      next();
    });
  }
  return r;
}

const checked = door(ERROR_FORMATS.bot);

export function botBroadcastRoutes(
  deps: BotApiDeps & {
    bot: BotMessagingService;
    broadcasts: BotBroadcastService;
    /** The narrowcast's request ID is answered in `<prefix>Request-Id` (the official SDK reads it there). */
    headers: PlatformHeaders;
    /** Broadcast and narrowcast take a retry key. */
    retryKeys: RetryKeys;
  },
): Router {
  const r = Router();
  const { broadcasts } = deps;
  const api = botApi(deps);
  const channel = channelOf;
  const p = (v: unknown) => String(v);

  const { retryKeys } = deps;

  // A malformed retry key is refused before the body is read, as before the door.
  const retryKeyChecked: RequestHandler = (req, _res, next) => {
    retryKeys.keyOf(req);
    next();
  };

  r.post(
    '/v2/bot/message/broadcast',
    api('broadcast'),
    jsonBody,
    retryKeyChecked,
    checked({ body: MessagesBody, rules: ({ body }) => messageFindings(body, false) }, async ({ body }, req, res) => {
      const c = channel(res);
      res.json(
        await retryKeys.once(
          c.channel_id,
          req,
          res,
          async (claim) => (await broadcasts.broadcast(c, body.messages, claim, String(res.getHeader(deps.headers.requestId))), {}),
        ),
      );
    }),
  );
  r.post(
    '/v2/bot/message/narrowcast',
    api('narrowcast'),
    jsonBody,
    retryKeyChecked,
    checked({ body: NarrowcastBody, rules: ({ body }) => messageFindings(body, false) }, async ({ body }, req, res) => {
      const c = channel(res);
      // The filter's operators: recursive, and `gte` below `lt`, which the schema does not say.
      const problems = body.filter === undefined ? [] : demographicProblems(body.filter.demographic);
      if (problems.length) throw invalidBody(problems);
      // The narrowcast's own request ID, set before it runs: a 409 of its retry key names it.
      const requestId = randomUUID();
      res.set(deps.headers.requestId, requestId);
      const answer = await retryKeys.once(c.channel_id, req, res, async (claim) => {
        await broadcasts.narrowcast(c, body, body.messages, requestId, claim);
        return {};
      });
      res.status(202).json(answer);
    }),
  );
  r.get(
    '/v2/bot/message/progress/narrowcast',
    api('narrowcast.progress'),
    checked({ query: ProgressQuery }, async ({ query }, _req, res) => {
      res.json(await broadcasts.progress(channel(res), query.requestId));
    }),
  );
  r.get('/v2/bot/message/quota', api('quota'), (_req, res) => {
    res.json(broadcasts.quota(channel(res)));
  });
  r.get('/v2/bot/message/quota/consumption', api('quota.consumption'), async (_req, res) => {
    res.json(await broadcasts.consumption(channel(res)));
  });
  for (const kind of SENT_KINDS) {
    r.get(
      `/v2/bot/message/delivery/${kind}`,
      api(`delivery.${kind}`),
      checked({ query: DeliveryQuery }, async ({ query }, _req, res) => {
        res.json(await broadcasts.delivered(channel(res), kind as SentKind, query.date));
      }),
    );
  }
  r.get(
    '/v2/bot/followers/ids',
    api('followers'),
    // The plan is refused (403) before the query is read, as the platform does.
    (_req, res, next) => {
      broadcasts.mayListFollowers(channel(res));
      next();
    },
    checked({ query: FollowersQuery }, async ({ query }, _req, res) => {
      res.json(await broadcasts.followers(channel(res), query));
    }),
  );
  r.get('/v2/bot/group/:groupId/summary', api('group.summary'), async (req, res) => {
    const chat = await deps.bot.joined(channel(res).channel_id, 'group', p(req.params.groupId));
    res.json({ groupId: chat.chat_id, groupName: chat.name });
  });
  for (const type of ['group', 'room'] as const) {
    r.get(`/v2/bot/${type}/:chatId/members/count`, api(`${type}.memberCount`), async (req, res) => {
      const chat = await deps.bot.joined(channel(res).channel_id, type, p(req.params.chatId));
      res.json({ count: chat.memberIds.length });
    });
  }
  return r;
}
