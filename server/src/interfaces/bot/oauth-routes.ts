/** `POST /v2/oauth/accessToken` and `POST /v2/oauth/revoke` (spec part B endpoint table). */
import { Router } from 'express';
import { formBody } from '../../http/body.js';
import { oauthError } from '../../http/errors.js';
import type { ChannelTokenService } from '../../tokens/channel-tokens.js';

const form = formBody(() => oauthError('invalid_request', 'Content-Type must be application/x-www-form-urlencoded'));

export function channelOauthRoutes(tokens: ChannelTokenService): Router {
  const r = Router();
  r.post('/v2/oauth/accessToken', form, async (req, res) => {
    res.json(await tokens.issue(req.body ?? {}));
  });
  r.post('/v2/oauth/revoke', form, async (req, res) => {
    await tokens.revoke(req.body ?? {});
    res.status(200).end();
  });
  return r;
}
