/**
 * The channel access token operations (spec part B endpoint table; the published document
 * `channel-access-token.yml`; `docs/platform/channel-access-tokens.md`). Each form or query is
 * checked at the door (`./rules.ts`) in the OAuth error format; the token service keeps the rules.
 */
import { Router, type RequestHandler } from 'express';
import { ERROR_FORMATS } from '#contract/errors.js';
import { formBody } from '../../../http/body.js';
import { door } from '../../../http/door.js';
import { oauthError } from '../../../http/errors.js';
import type { ChannelTokenService } from '../../../tokens/channel-tokens.js';
import {
  AccessTokenForm,
  AccessTokenQuery,
  IssueStatelessTokenForm,
  IssueTokenByJwtForm,
  IssueTokenForm,
  KeyIdsQuery,
  RevokeTokenByJwtForm,
} from './rules.js';

const checked = door(ERROR_FORMATS['channel-oauth']);

/** A form body (a request without one reaches the door as no fields). */
const form: RequestHandler = formBody(() => oauthError('invalid_request', 'Content-Type must be application/x-www-form-urlencoded'));

/** `POST /v2/oauth/accessToken`, `/v2/oauth/revoke` and `/v2/oauth/verify`. */
export function channelOauthRoutes(tokens: ChannelTokenService): Router {
  const r = Router();
  r.post(
    '/v2/oauth/accessToken',
    form,
    checked({ body: IssueTokenForm }, async ({ body }, _req, res) => {
      res.json(await tokens.issue(body));
    }),
  );
  r.post(
    '/v2/oauth/revoke',
    form,
    checked({ body: AccessTokenForm }, async ({ body }, _req, res) => {
      await tokens.revoke(body);
      res.status(200).end();
    }),
  );
  r.post(
    '/v2/oauth/verify',
    form,
    checked({ body: AccessTokenForm }, async ({ body }, _req, res) => {
      res.json(await tokens.verify(body, 'v2'));
    }),
  );
  return r;
}

/**
 * The v2.1 and stateless operations: `/oauth2/v2.1/tokens/kid`, `/oauth2/v3/token`, and the three
 * paths the social login shares (`/oauth2/v2.1/token`, `/verify`, `/revoke`). Mounted before the
 * social login's routes: a request of a channel token is answered here (its fields checked at the
 * door once it is known to be one), every other one passes on (`next()`) to the social login
 * unchanged, its form already read.
 */
export function channelOauthV21Routes(tokens: ChannelTokenService): Router {
  const r = Router();
  // A browser's preflight of these paths is the social login's to answer, with its CORS (the Quick-fill
  // plugin's verify sends one); left in here, the router would answer it itself, without CORS.
  r.use((req, _res, next) => (req.method === 'OPTIONS' ? next('router') : next()));
  const issueByJwt = checked({ body: IssueTokenByJwtForm }, async ({ body }, _req, res) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(await tokens.issueByJwt(body));
  });
  r.post('/oauth2/v2.1/token', form, (req, res, next) => {
    // Which interface the request belongs to is read before its shape: the social login has its own.
    const fields: Record<string, unknown> = req.body;
    const byAssertion = fields.client_assertion !== undefined || fields.client_assertion_type !== undefined;
    if (fields.grant_type !== 'client_credentials' || !byAssertion) return next();
    return issueByJwt(req, res, next);
  });
  const verifyByJwt = checked({ query: AccessTokenQuery }, async ({ query }, _req, res) => {
    res.json(await tokens.verify(query, 'v2.1'));
  });
  r.get('/oauth2/v2.1/verify', async (req, res, next) => {
    if (!(await tokens.isChannelToken(req.query.access_token))) return next();
    return verifyByJwt(req, res, next);
  });
  const revokeByJwt = checked({ body: RevokeTokenByJwtForm }, async ({ body }, _req, res) => {
    await tokens.revokeV21(body);
    res.status(200).end();
  });
  r.post('/oauth2/v2.1/revoke', form, async (req, res, next) => {
    const fields: Record<string, unknown> = req.body;
    if (!(await tokens.isChannelToken(fields.access_token))) return next();
    return revokeByJwt(req, res, next);
  });
  r.get(
    '/oauth2/v2.1/tokens/kid',
    checked({ query: KeyIdsQuery }, async ({ query }, _req, res) => {
      res.json(await tokens.keyIds(query));
    }),
  );
  r.post(
    '/oauth2/v3/token',
    form,
    checked({ body: IssueStatelessTokenForm }, async ({ body }, _req, res) => {
      res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(await tokens.issueStateless(body));
    }),
  );
  return r;
}
