/**
 * The loading indicator and read marks under `/v2/bot` (the platform's published
 * `POST /v2/bot/chat/loading/start`, `POST /v2/bot/message/markAsRead` and
 * `POST /v2/bot/chat/markAsRead`), on `Authorization: Bearer <channel access token>`, each one API
 * for the per-minute limit. Bodies are checked at the door (`http/door.ts`, schemas in `rules.ts`)
 * after the authentication and the limit, before the service asks whether the user is a friend.
 */
import { Router } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { jsonBody } from '../../../http/body.js';
import { door } from '../../../http/door.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import type { ChatIndicatorService } from './service.js';
import { LoadingBody, MarkAsReadBody, MarkAsReadByTokenBody } from './rules.js';

const checked = door(ERROR_FORMATS.bot);

/** The bot's loading indicator and read mark calls. */
export function botIndicatorRoutes(deps: BotApiDeps & { indicators: ChatIndicatorService }): Router {
  const r = Router();
  const api = botApi(deps);
  const { indicators } = deps;

  r.post(
    '/v2/bot/chat/loading/start',
    api('chat.loading'),
    jsonBody,
    checked({ body: LoadingBody }, async ({ body }, _req, res) => {
      await indicators.startLoading(channelOf(res).channel_id, body);
      res.status(202).json({});
    }),
  );
  r.post(
    '/v2/bot/chat/markAsRead',
    api('chat.markAsReadByToken'),
    jsonBody,
    checked({ body: MarkAsReadByTokenBody }, async ({ body }, _req, res) => {
      await indicators.markAsReadByToken(channelOf(res), body);
      res.json({});
    }),
  );
  r.post(
    '/v2/bot/message/markAsRead',
    api('chat.markAsRead'),
    jsonBody,
    checked({ body: MarkAsReadBody }, async ({ body }, _req, res) => {
      await indicators.markAsRead(channelOf(res).channel_id, body);
      res.json({});
    }),
  );
  return r;
}
