/**
 * The embedded app server API under `/embed/v1/apps` (spec part D endpoint table), and the LIFF
 * server API under `/liff/v1/apps` (liff.yml) over the same registry, both authenticated by
 * channel access token. Each body is checked at the door against its schema (`rules.ts`) before
 * the registry sees it; refusals are `{message, details}`.
 */
import { Router, type RequestHandler, type Response } from 'express';
import { ERROR_FORMATS } from '#contract/errors.js';
import { jsonBody } from '../../http/body.js';
import { door } from '../../http/door.js';
import type { ChannelTokenService } from '../../tokens/channel-tokens.js';
import type { RegistryService } from './service.js';
import {
  AddAppBody,
  addAppBodyFindings,
  AddLiffAppBody,
  liffBodyFindings,
  UpdateLiffAppBody,
  ViewBody,
  viewBodyFindings,
} from './rules.js';

const checked = door(ERROR_FORMATS['embedded-apps']);

export function registryRoutes(registry: RegistryService, tokens: ChannelTokenService): Router {
  const r = Router();
  // Authentication runs before body parsing: a caller without a token learns nothing about the body rules.
  const auth: RequestHandler = async (req, res, next) => {
    res.locals.channelId = await tokens.authenticate(req.headers.authorization);
    next();
  };
  const channel = (res: Response) => res.locals.channelId as string;

  r.post(
    '/embed/v1/apps',
    auth,
    jsonBody,
    checked({ body: AddAppBody, rules: ({ body }) => addAppBodyFindings(body) }, async ({ body }, _req, res) => {
      res.json(await registry.add(channel(res), body));
    }),
  );
  r.put(
    '/embed/v1/apps/:embedId/view',
    auth,
    jsonBody,
    checked({ body: ViewBody, rules: ({ body }) => viewBodyFindings(body) }, async ({ params, body }, _req, res) => {
      await registry.updateView(channel(res), String(params.embedId), body);
      res.status(200).end();
    }),
  );
  r.get('/embed/v1/apps', auth, async (_req, res) => {
    res.json(await registry.list(channel(res)));
  });
  r.delete('/embed/v1/apps/:embedId', auth, async (req, res) => {
    await registry.delete(channel(res), String(req.params.embedId));
    res.status(200).end();
  });
  r.post(
    '/liff/v1/apps',
    auth,
    jsonBody,
    checked({ body: AddLiffAppBody, rules: ({ body }) => liffBodyFindings(body) }, async ({ body }, _req, res) => {
      res.json(await registry.addLiff(channel(res), body));
    }),
  );
  r.get('/liff/v1/apps', auth, async (_req, res) => {
    res.json(await registry.listLiff(channel(res)));
  });
  r.put(
    '/liff/v1/apps/:liffId',
    auth,
    jsonBody,
    checked({ body: UpdateLiffAppBody, rules: ({ body }) => liffBodyFindings(body) }, async ({ params, body }, _req, res) => {
      await registry.updateLiff(channel(res), String(params.liffId), body);
      res.status(200).end();
    }),
  );
  r.delete('/liff/v1/apps/:liffId', auth, async (req, res) => {
    await registry.delete(channel(res), String(req.params.liffId));
    res.status(200).end();
  });
  return r;
}
