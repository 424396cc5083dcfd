/**
 * The Service Message API of LINE MINI Apps on `{base_url}` (`api.line.me` in the LINE MINI App API
 * reference): `POST /message/v3/notifier/token` and `POST /message/v3/notifier/send?target=service`,
 * each on the MINI App channel's channel access token (the bot interface's check, counted for
 * its per-minute request limit), the body and query checked at the door in the bot error format.
 * HTTP only: the rules are in service.ts.
 */
import { Router } from 'express';
import { ERROR_FORMATS } from '#contract/errors.js';
import { jsonBody } from '../../http/body.js';
import { door } from '../../http/door.js';
import { botApi, channelOf, type BotApiDeps } from '../bot/index.js';
import { IssueTokenBody, SendBody, SendQuery } from './rules.js';
import type { ServiceMessageService } from './service.js';

const checked = door(ERROR_FORMATS.bot);

/** The router of both calls. */
export function miniAppRoutes(deps: BotApiDeps & { serviceMessages: ServiceMessageService }): Router {
  const r = Router();
  const api = botApi(deps);
  const { serviceMessages } = deps;
  r.post(
    '/message/v3/notifier/token',
    api('notifier.token'),
    jsonBody,
    checked({ body: IssueTokenBody }, async ({ body }, _req, res) => {
      res.json(await serviceMessages.issue(channelOf(res), body));
    }),
  );
  r.post(
    '/message/v3/notifier/send',
    api('notifier.send'),
    jsonBody,
    checked({ query: SendQuery, body: SendBody }, async ({ body }, _req, res) => {
      res.json(await serviceMessages.send(channelOf(res), body));
    }),
  );
  return r;
}
