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
import type { ModuleService } from './service.js';

/** A JSON body when the request has one: the acquire body is optional (published `module.yml`). */
const optionalJsonBody: RequestHandler = (req, res, next) => {
  const length = req.headers['content-length'];
  // The official SDK sends its JSON Content-Type with an empty body when the call has none.
  if (length === '0' || (length === undefined && !req.headers['transfer-encoding'])) return next();
  return jsonBody(req, res, next);
};

/** The router of the module channel operations. */
export function botModuleRoutes(deps: BotApiDeps & { modules: ModuleService }): Router {
  const r = Router();
  const api = botApi(deps);
  const { modules } = deps;
  const form = formBody(() => oauthError('invalid_request', 'Content-Type must be application/x-www-form-urlencoded'));

  r.post('/module/auth/v1/token', form, async (req, res) => {
    res.json(await modules.attach(req.headers.authorization, (req.body ?? {}) as Record<string, unknown>));
  });
  r.post('/v2/bot/channel/detach', api('module.detach'), jsonBody, async (req, res) => {
    await modules.detach(channelOf(res), req.body);
    res.json({});
  });
  r.post('/v2/bot/chat/:chatId/control/acquire', api('module.acquire'), optionalJsonBody, async (req, res) => {
    await modules.acquire(channelOf(res), String(req.params.chatId), req.body);
    res.json({});
  });
  r.post('/v2/bot/chat/:chatId/control/release', api('module.release'), async (req, res) => {
    await modules.releaseChat(channelOf(res), String(req.params.chatId));
    res.json({});
  });
  r.get('/v2/bot/list', api('module.list'), async (req, res) => {
    res.json(await modules.list(channelOf(res), req.query as Record<string, unknown>));
  });
  return r;
}
