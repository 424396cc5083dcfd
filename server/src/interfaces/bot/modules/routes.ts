/**
 * The module channel operations (published `module.yml`: detachModule, acquireChatControl,
 * releaseChatControl, getModules) on the module channel's access token, each operation one API
 * for the per-minute request limit; and `attachModule` (`module-attach.yml`,
 * `POST /module/auth/v1/token`, a form with HTTP Basic or client credentials, OAuth errors).
 * HTTP only: the rules are in service.ts.
 */
import { Router, type RequestHandler } from 'express';
import { botApi, channelOf, type BotApiDeps } from '../authenticate.js';
import { formBody, jsonBody } from '../../../http/body.js';
import { oauthError } from '../../../http/errors.js';
import { door } from '../../../http/door.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import type { ModuleService } from './service.js';
import { AcquireChatControlBody, AttachModuleForm, BotDetachBody, GetModulesQuery } from './rules.js';

const checked = door(ERROR_FORMATS.bot);
const checkedForm = door(ERROR_FORMATS['channel-oauth']);

/**
 * A JSON body when the request has one: the acquire body is optional (published `module.yml`).
 * None reads as `{}`, so that the door checks one body shape.
 */
const optionalJsonBody: RequestHandler = (req, res, next) => {
  const length = req.headers['content-length'];
  // The official SDK sends its JSON Content-Type with an empty body when the call has none.
  if (length === '0' || (length === undefined && !req.headers['transfer-encoding'])) {
    req.body = {};
    return next();
  }
  return jsonBody(req, res, next);
};

/** The router of the module channel operations. */
export function botModuleRoutes(deps: BotApiDeps & { modules: ModuleService }): Router {
  const r = Router();
  const api = botApi(deps);
  const { modules } = deps;
  const form = formBody(() => oauthError('invalid_request', 'Content-Type must be application/x-www-form-urlencoded'));

  r.post(
    '/module/auth/v1/token',
    form,
    checkedForm({ body: AttachModuleForm }, async ({ body }, req, res) => {
      res.json(await modules.attach(req.headers.authorization, body));
    }),
  );
  r.post(
    '/v2/bot/channel/detach',
    api('module.detach'),
    jsonBody,
    checked({ body: BotDetachBody }, async ({ body }, _req, res) => {
      await modules.detach(channelOf(res), body);
      res.json({});
    }),
  );
  r.post(
    '/v2/bot/chat/:chatId/control/acquire',
    api('module.acquire'),
    optionalJsonBody,
    checked({ body: AcquireChatControlBody }, async ({ params, body }, _req, res) => {
      await modules.acquire(channelOf(res), String(params.chatId), body);
      res.json({});
    }),
  );
  r.post('/v2/bot/chat/:chatId/control/release', api('module.release'), async (req, res) => {
    await modules.releaseChat(channelOf(res), String(req.params.chatId));
    res.json({});
  });
  r.get(
    '/v2/bot/list',
    api('module.list'),
    checked({ query: GetModulesQuery }, async ({ query }, _req, res) => {
      res.json(await modules.list(channelOf(res), query));
    }),
  );
  return r;
}
