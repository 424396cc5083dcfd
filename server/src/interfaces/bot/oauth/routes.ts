/**
 * The channel access token operations (spec part B endpoint table; the published document
 * `channel-access-token.yml`; `docs/platform/channel-access-tokens.md`).
 */
import { Router } from 'express';
import { formBody } from '../../../http/body.js';
import { oauthError } from '../../../http/errors.js';
import type { ChannelTokenService } from '../../../tokens/channel-tokens.js';

const form = formBody(() => oauthError('invalid_request', 'Content-Type must be application/x-www-form-urlencoded'));

/** `POST /v2/oauth/accessToken`, `/v2/oauth/revoke` and `/v2/oauth/verify`. */
export function channelOauthRoutes(tokens: ChannelTokenService): Router {
  const r = Router();
  r.post('/v2/oauth/accessToken', form, async (req, res) => {
    res.json(await tokens.issue(req.body ?? {}));
  });
  r.post('/v2/oauth/revoke', form, async (req, res) => {
    await tokens.revoke(req.body ?? {});
    res.status(200).end();
  });
  r.post('/v2/oauth/verify', form, async (req, res) => {
    res.json(await tokens.verify(req.body ?? {}, 'v2'));
  });
  return r;
}

/**
 * The v2.1 and stateless operations: `/oauth2/v2.1/tokens/kid`, `/oauth2/v3/token`, and the three
 * paths the social login shares (`/oauth2/v2.1/token`, `/verify`, `/revoke`). Mounted before the
 * social login's routes: a request of a channel token is answered here, every other one passes on
 * (`next()`) to the social login unchanged, its form already read.
 */
export function channelOauthV21Routes(tokens: ChannelTokenService): Router {
  const r = Router();
  r.post('/oauth2/v2.1/token', form, async (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const byAssertion = body.client_assertion !== undefined || body.client_assertion_type !== undefined;
    if (body.grant_type !== 'client_credentials' || !byAssertion) return next();
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(await tokens.issueByJwt(body));
  });
  r.get('/oauth2/v2.1/verify', async (req, res, next) => {
    if (!(await tokens.isChannelToken(req.query.access_token))) return next();
    res.json(await tokens.verify(req.query as Record<string, unknown>, 'v2.1'));
  });
  r.post('/oauth2/v2.1/revoke', form, async (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!(await tokens.isChannelToken(body.access_token))) return next();
    await tokens.revokeV21(body);
    res.status(200).end();
  });
  r.get('/oauth2/v2.1/tokens/kid', async (req, res) => {
    res.json(await tokens.keyIds(req.query as Record<string, unknown>));
  });
  r.post('/oauth2/v3/token', form, async (req, res) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(await tokens.issueStateless(req.body ?? {}));
  });
  return r;
}
