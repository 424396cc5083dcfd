/**
 * The social login interface v2.1 (spec part C endpoint table): `/oauth2/v2.1/authorize` (the
 * consent page), `/oauth2/v2.1/token`, `/oauth2/v2.1/verify`, `/oauth2/v2.1/revoke`,
 * `/v2/profile`, `/friendship/v1/status`, and the `/large` and `/small` variants of profile pictures.
 */
import express, { Router, type RequestHandler, type Response } from 'express';
import { formBody } from '../../http/body.js';
import { authenticationFailed, oauthError } from '../../http/errors.js';
import { toProfile } from '../../world/profiles.js';
import type { FriendshipService } from './friendships.js';
import type { AuthorizationService, AuthorizeOutcome } from './authorization.js';
import type { TokenGrantService, UserTokenService } from './tokens/index.js';
import type { WorldStore } from '../../world/world-store.js';
import { sendConsentPage, sendErrorPage } from './login-pages.js';
import { door } from '../../http/door.js';
import { ERROR_FORMATS } from '#contract/errors.js';
import { AuthorizeQuery, ConsentForm, invalidRequest, RevokeForm, TokenForm, VerifyQuery } from './rules.js';

const form = formBody(() => oauthError('invalid_request', 'Content-Type must be application/x-www-form-urlencoded'));
const consentForm = express.urlencoded({ extended: false, limit: 16 * 1024 });
/**
 * The door of the token operations (`ERROR_FORMATS['social-oauth']`): a form or query that breaks
 * its schema is `invalid_request`, worded by the schema (`invalidRequest`).
 */
const checked = door(invalidRequest);
// The authorization request and its consent answer with pages and redirects, never with a door's
// refusal: their schemas declare values as given (`rules.ts`), so this door only types them.
const typed = door(ERROR_FORMATS.social);

/**
 * The calls an app page makes from the browser, as the platform's LIFF SDK does outside the
 * messenger (the code exchange, verify, profile, friendship): the platform's API answers them for
 * any origin, with the user's bearer token in `Authorization` and no cookie, so `*` reveals nothing
 * a token holder cannot read already. embedkit's own `/embedkit/...` API stays same-origin
 * (../../http/guards/cross-site.ts).
 */
const BROWSER_PATHS = ['/oauth2/v2.1/token', '/oauth2/v2.1/verify', '/v2/profile', '/friendship/v1/status'];

/** CORS headers of {@link BROWSER_PATHS}: any origin, no credentials, the preflight of `Authorization`. */
const browserCors: RequestHandler = (_req, res, next) => {
  res.set({
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    'Access-Control-Max-Age': '600',
  });
  next();
};

/** Routes of spec part C; errors are the OAuth body (token operations), `{message}` (profile, friendship) or an HTML page (authorize). */
export function socialLoginRoutes(deps: {
  authorization: AuthorizationService;
  grants: TokenGrantService;
  userTokens: UserTokenService;
  friendships: FriendshipService;
  world: WorldStore;
  /** The server's public origin (picture URLs). */
  baseUrl: () => string;
}): Router {
  const r = Router();
  r.use(BROWSER_PATHS, browserCors);
  r.options(BROWSER_PATHS, (_req, res) => void res.status(204).end());

  r.get('/v2/profile', async (req, res) => {
    const token = await deps.userTokens.authenticate(req.headers.authorization, 'profile');
    const user = await deps.world.user(token.user_id);
    if (!user) throw authenticationFailed('the user of this access token no longer exists');
    res.json(toProfile(user, deps.baseUrl()));
  });

  r.get(
    '/oauth2/v2.1/authorize',
    typed({ query: AuthorizeQuery }, async ({ query }, _req, res) => {
      const outcome = await deps.authorization.authorize(query);
      if (outcome.kind === 'consent') {
        sendConsentPage(res, { ...outcome, selectedUserId: typeof query.login_hint === 'string' ? query.login_hint : undefined });
      } else answer(res, outcome, 302);
    }),
  );
  r.post(
    '/oauth2/v2.1/authorize/consent',
    consentForm,
    typed({ body: ConsentForm }, async ({ body }, _req, res) => {
      answer(res, await deps.authorization.decide(body), 303);
    }),
  );

  r.post(
    '/oauth2/v2.1/token',
    form,
    checked({ body: TokenForm }, async ({ body }, _req, res) => {
      const tokens = await deps.grants.token(body);
      res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(tokens);
    }),
  );
  r.get(
    '/oauth2/v2.1/verify',
    checked({ query: VerifyQuery }, async ({ query }, _req, res) => {
      res.json(await deps.grants.verify(query.access_token));
    }),
  );
  r.post(
    '/oauth2/v2.1/revoke',
    form,
    checked({ body: RevokeForm }, async ({ body }, _req, res) => {
      await deps.grants.revoke(body);
      res.status(200).end();
    }),
  );

  r.get('/friendship/v1/status', async (req, res) => {
    const token = await deps.userTokens.authenticate(req.headers.authorization, 'profile');
    res.json(await deps.friendships.status(token));
  });

  return r;
}

function answer(res: Response, outcome: AuthorizeOutcome, redirectStatus: 302 | 303): void {
  if (outcome.kind === 'redirect') res.set('Cache-Control', 'no-store').redirect(redirectStatus, outcome.location);
  else if (outcome.kind === 'error') sendErrorPage(res, outcome.status, outcome.message);
  else sendErrorPage(res, 500, 'Unexpected consent outcome');
}
