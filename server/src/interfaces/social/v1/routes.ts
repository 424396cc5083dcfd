/**
 * The social interface v1 (spec part G, deprecated): `DELETE /v1/oauth/logout`,
 * `POST /v1/oauth/accessToken`, `GET /v1/oauth/verify`. Every answer carries `Deprecation: true`
 * (the spec marks the interface and the `<prefix>ChannelToken` header deprecated; no date is shown).
 */
import express, { Router, type Request } from 'express';
import { ERROR_FORMATS } from '#contract/errors.js';
import { door } from '../../../http/door.js';
import { requestId } from '../../../http/request-id.js';
import { headerValue, type PlatformHeaders } from '../../../http/platform-headers.js';
import type { SocialV1Service, V1Headers } from './service.js';
import { ReissueForm, V1VerifyQuery } from '../rules.js';

// Only a form body is read; any other content type leaves the body empty (no refreshToken).
const v1Form = express.urlencoded({ extended: false, limit: 64 * 1024 });
// The v1 refusals of these calls are published rows answered after the token is looked for (401
// first): their schemas declare values as given (`../rules.ts`), so this door only types them.
const typed = door(ERROR_FORMATS['v1-bots']);

function headersOfRequest(req: Request, names: PlatformHeaders): V1Headers {
  return { authorization: req.headers.authorization, channelToken: headerValue(req, names.channelToken) };
}

/**
 * Routes of spec part G; errors are `{statusCode, statusMessage}` (`service.ts`).
 * @param names the kit's header names: the token may come in `<prefix>ChannelToken`, answers carry `<prefix>Request-Id`
 */
export function socialV1Routes(v1: SocialV1Service, names: PlatformHeaders): Router {
  const r = Router();
  const headersOf = (req: Request) => headersOfRequest(req, names);
  r.use('/v1/oauth', requestId(names), (_req, res, next) => {
    res.set('Deprecation', 'true');
    next();
  });
  r.delete('/v1/oauth/logout', async (req, res) => {
    res.json(await v1.logout(headersOf(req)));
  });
  r.post(
    '/v1/oauth/accessToken',
    v1Form,
    typed({ body: ReissueForm }, async ({ body }, req, res) => {
      res.set('Cache-Control', 'no-store').json(await v1.reissue(headersOf(req), body));
    }),
  );
  r.get(
    '/v1/oauth/verify',
    typed({ query: V1VerifyQuery }, async ({ query }, req, res) => {
      res.json(await v1.verify(headersOf(req), query.extend));
    }),
  );
  return r;
}
