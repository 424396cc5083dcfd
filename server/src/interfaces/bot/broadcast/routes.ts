/**
 * Broadcast, narrowcast, counters, followers and chat summaries under `/v2/bot` (the
 * platform's published API beyond spec part B's table), on the channel access token, each one API
 * for the per-minute request limit. {@link sentCounter} counts the reply, push and multicast
 * messages that the part B routes send (mount it before them).
 */
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { Router } from 'express';
import { jsonBody } from '../../../http/body.js';
import type { BotBroadcastService, SentKind } from './service.js';
import { SENT_KINDS } from './service.js';
import type { ChannelRow } from '../../../world/world-store.js';
import type { PlatformHeaders } from '../../../http/platform-headers.js';
import { randomUUID } from 'node:crypto';
import type { RetryKeys } from '../retry-keys/service.js';

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
        const to = (req.body as { to?: unknown } | undefined)?.to;
        const n = kind === 'multicast' && Array.isArray(to) ? new Set(to).size : 1;
        void broadcasts.count(channel.channel_id, kind, n).catch(() => undefined);
      });
      next();
    });
  }
  return r;
}

export function botBroadcastRoutes(
  deps: BotApiDeps & {
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

  r.post('/v2/bot/message/broadcast', api('broadcast'), jsonBody, async (req, res) => {
    const c = channel(res);
    res.json(
      await retryKeys.once(
        c.channel_id,
        retryKeys.keyOf(req),
        res,
        async (claim) => (await broadcasts.broadcast(c, req.body, claim, String(res.getHeader(deps.headers.requestId))), {}),
      ),
    );
  });
  r.post('/v2/bot/message/narrowcast', api('narrowcast'), jsonBody, async (req, res) => {
    const c = channel(res);
    // The narrowcast's own request ID, set before it runs: a 409 of its retry key names it.
    const requestId = randomUUID();
    res.set(deps.headers.requestId, requestId);
    const answer = await retryKeys.once(c.channel_id, retryKeys.keyOf(req), res, async (claim) => {
      await broadcasts.narrowcast(c, req.body, requestId, claim);
      return {};
    });
    res.status(202).json(answer);
  });
  r.get('/v2/bot/message/progress/narrowcast', api('narrowcast.progress'), async (req, res) => {
    res.json(await broadcasts.progress(channel(res), req.query.requestId));
  });
  r.get('/v2/bot/message/quota', api('quota'), (_req, res) => {
    res.json(broadcasts.quota(channel(res)));
  });
  r.get('/v2/bot/message/quota/consumption', api('quota.consumption'), async (_req, res) => {
    res.json(await broadcasts.consumption(channel(res)));
  });
  for (const kind of SENT_KINDS) {
    r.get(`/v2/bot/message/delivery/${kind}`, api(`delivery.${kind}`), async (req, res) => {
      res.json(await broadcasts.delivered(channel(res), kind as SentKind, req.query.date));
    });
  }
  r.get('/v2/bot/followers/ids', api('followers'), async (req, res) => {
    res.json(await broadcasts.followers(channel(res), req.query.start, req.query.limit));
  });
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
