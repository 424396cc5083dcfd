/**
 * The bot messaging endpoints under `/v2/bot` (spec part B endpoint table), on
 * `Authorization: Bearer <channel access token>`. Every answer carries `<prefix>Request-Id`
 * (set for `/v2` in `kit/base-app.ts`). Each endpoint is one API for the per-minute request limit.
 */
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { jpegThumbnail } from '../../../messages/thumbnail.js';
import { Router, type Response } from 'express';
import { jsonBody } from '../../../http/body.js';
import { notFound } from '../../../http/errors.js';
import type { RetryKeys } from '../retry-keys/service.js';
import type { BotMessagingService } from './service.js';
import type { PlatformHeaders } from '../../../http/platform-headers.js';
import { door } from '../../../http/door.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import { checkMulticastBody, checkPushBody, checkReplyBody } from '../../../messages/bodies.js';
import { MemberIdsQuery, multicastFindings } from './rules.js';

const checked = door(ERROR_FORMATS.bot);

/**
 * @param deps `retryKeys`: push and multicast run once per retry key (`<prefix>Retry-Key`)
 */
export function botMessagingRoutes(
  deps: BotApiDeps & { bot: BotMessagingService; retryKeys: RetryKeys; headers?: PlatformHeaders },
): Router {
  const r = Router();
  const { bot } = deps;
  // Authentication, then the rate limit, then the body: a caller without a token learns nothing.
  const api = botApi(deps);
  const channel = channelOf;
  const p = (v: unknown) => String(v);

  const { retryKeys } = deps;
  // The answer's request ID names the send in the insight records (message events, units).
  const requestIdOf = (res: Response) => (deps.headers ? String(res.getHeader(deps.headers.requestId)) : undefined);

  // Push and reply answer the sent messages (published PushMessageResponse, ReplyMessageResponse).
  r.post(
    '/v2/bot/message/reply',
    api('reply'),
    jsonBody,
    checked({ body: checkReplyBody }, async ({ body }, _req, res) => {
      res.json(await bot.reply(channel(res).channel_id, body));
    }),
  );
  r.post(
    '/v2/bot/message/push',
    api('push'),
    jsonBody,
    checked({ body: checkPushBody }, async ({ body }, req, res) => {
      const c = channel(res);
      res.json(await retryKeys.once(c.channel_id, req, res, (claim) => bot.push(c, body, claim, requestIdOf(res))));
    }),
  );
  r.post(
    '/v2/bot/message/multicast',
    api('multicast'),
    jsonBody,
    checked({ body: checkMulticastBody, rules: ({ body }) => multicastFindings(body) }, async ({ body }, req, res) => {
      const c = channel(res);
      res.json(await retryKeys.once(c.channel_id, req, res, async (claim) => (await bot.multicast(c, body, claim, requestIdOf(res)), {})));
    }),
  );
  r.get('/v2/bot/message/:messageId/content', api('content'), async (req, res) => {
    const content = await bot.content(channel(res).channel_id, p(req.params.messageId));
    res.type(content.contentType).send(content.data);
  });
  // The preview of an image (a JPEG of at most 240x240) and the preparation status of a
  // video or audio (ready at once: the content is stored when it is sent).
  r.get('/v2/bot/message/:messageId/content/preview', api('content.preview'), async (req, res) => {
    const content = await bot.content(channel(res).channel_id, p(req.params.messageId));
    const preview = content.contentType.startsWith('image/') ? await jpegThumbnail(content.data) : null;
    if (!preview) throw notFound('No preview of this message: previews exist for images only (embedkit decodes no video frames)');
    res.type('image/jpeg').send(preview);
  });
  r.get('/v2/bot/message/:messageId/content/transcoding', api('content.transcoding'), async (req, res) => {
    const content = await bot.content(channel(res).channel_id, p(req.params.messageId));
    if (!/^(video|audio)\//.test(content.contentType)) throw notFound('No transcoding of this message: it is for video and audio');
    res.json({ status: 'succeeded' });
  });
  r.get('/v2/bot/profile/:userId', api('profile'), async (req, res) => {
    res.json(await bot.profile(channel(res).channel_id, p(req.params.userId)));
  });
  for (const type of ['group', 'room'] as const) {
    r.get(`/v2/bot/${type}/:chatId/member/:userId`, api(`${type}.member`), async (req, res) => {
      res.json(await bot.memberProfile(channel(res).channel_id, type, p(req.params.chatId), p(req.params.userId)));
    });
    r.get(
      `/v2/bot/${type}/:chatId/members/ids`,
      api(`${type}.memberIds`),
      checked({ query: MemberIdsQuery }, async ({ params, query }, _req, res) => {
        res.json(await bot.memberIds(channel(res), type, p(params.chatId), query.start));
      }),
    );
    // No body to read: the official SDK sends none (with a JSON content type).
    r.post(`/v2/bot/${type}/:chatId/leave`, api(`${type}.leave`), async (req, res) => {
      await bot.leave(channel(res).channel_id, type, p(req.params.chatId));
      res.json({});
    });
  }
  return r;
}
