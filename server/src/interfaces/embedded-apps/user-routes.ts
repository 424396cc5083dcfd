/**
 * Calls made with a user access token: `GET /v2/profile` (spec part C) and sendMessages
 * (`POST /message/v3/share`, spec part D).
 */
import { Router } from 'express';
import { jsonBody } from '../../http/body.js';
import { authenticationFailed } from '../../http/errors.js';
import type { ChatService } from '../../world/chats.js';
import { toProfile } from '../../world/profiles.js';
import type { UserTokenService } from '../social/user-tokens.js';
import type { WorldStore } from '../../world/world-store.js';

export function userApiRoutes(deps: { tokens: UserTokenService; chats: ChatService; world: WorldStore; baseUrl: () => string }): Router {
  const r = Router();
  r.get('/v2/profile', async (req, res) => {
    const token = await deps.tokens.authenticate(req.headers.authorization, 'profile');
    const user = await deps.world.user(token.user_id);
    if (!user) throw authenticationFailed('the user of this access token no longer exists');
    res.json(toProfile(user, deps.baseUrl()));
  });
  r.post(
    '/message/v3/share',
    async (req, res, next) => {
      res.locals.token = await deps.tokens.authenticate(req.headers.authorization, 'chat_message.write');
      next();
    },
    jsonBody,
    async (req, res) => {
      await deps.chats.share(res.locals.token, req.body);
      res.json({});
    },
  );
  return r;
}
