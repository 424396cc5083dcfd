/**
 * The embedded app server API under `/embed/v1/apps` (spec part D endpoint table), and the LIFF
 * server API under `/liff/v1/apps` (liff.yml) over the same registry, both authenticated by
 * channel access token. Each body is checked at the door against its schema (`schemas.ts`) before
 * the registry sees it; refusals are `{message, details}`.
 */
import { Router, type RequestHandler, type Response } from 'express';
import type { TSchema } from '@sinclair/typebox';
import { ERROR_FORMATS, type ErrorDetail } from '#contract/errors.js';
import { jsonBody } from '../../http/body.js';
import { door, type CheckedHandler } from '../../http/door.js';
import { shapeRefusal } from '../../http/shape-refusal.js';
import { compile } from '../../http/validate.js';
import type { ChannelTokenService } from '../../tokens/channel-tokens.js';
import type { RegistryService } from './registry.js';
import {
  AddAppBody,
  addAppBodyFindings,
  AddLiffAppBody,
  liffBodyFindings,
  UpdateLiffAppBody,
  ViewBody,
  viewBodyFindings,
} from './schemas.js';

const FORMAT = ERROR_FORMATS['embedded-apps'];
const checked = door(FORMAT);

/**
 * The door for a body that also has rules a JSON Schema cannot say (`rules`, run on the sent
 * body): a request that breaks either is refused with the schema's findings and the rules' in one
 * 400 (`{message, details}`), as the registry always answered; the door alone would stop at the
 * schema's. Otherwise the request goes through the door to `handler`.
 */
function checkedWithRules<B extends TSchema>(
  body: B,
  rules: (body: unknown) => ErrorDetail[],
  handler: CheckedHandler<{ body: B }>,
): RequestHandler {
  const check = compile(body);
  const inner = checked({ body }, handler);
  return async (req, res, next) => {
    const found = rules(req.body);
    if (found.length > 0) throw shapeRefusal(FORMAT, [...(check(req.body) ?? []), ...found]);
    await inner(req, res, next);
  };
}

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
    checkedWithRules(AddAppBody, addAppBodyFindings, async ({ body }, _req, res) => {
      res.json(await registry.add(channel(res), body));
    }),
  );
  r.put(
    '/embed/v1/apps/:embedId/view',
    auth,
    jsonBody,
    checkedWithRules(ViewBody, viewBodyFindings, async ({ params, body }, _req, res) => {
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
    checkedWithRules(AddLiffAppBody, liffBodyFindings, async ({ body }, _req, res) => {
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
    checkedWithRules(UpdateLiffAppBody, liffBodyFindings, async ({ params, body }, _req, res) => {
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
