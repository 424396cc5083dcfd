/**
 * The SDK's sendMessages call, `POST /message/v3/share` (spec part D, client SDK table): the app's
 * messages posted as its user into the chat the user access token was issued for. The path is
 * embedkit's choice (the spec names no endpoint; docs/project/architecture.md, "Choices").
 */
import { Router } from 'express';
import { jsonBody } from '../../http/body.js';
import type { ChatService } from '../../world/chats.js';
import type { UserTokenService } from '../social/index.js';

/** `POST /message/v3/share` with `Authorization: Bearer <user access token>` (scope `chat_message.write`). */
export function shareRoutes(deps: { userTokens: UserTokenService; chats: ChatService }): Router {
  const r = Router();
  r.post(
    '/message/v3/share',
    // Authentication runs before body parsing: a caller without a token learns nothing about the body rules.
    async (req, res, next) => {
      res.locals.token = await deps.userTokens.authenticate(req.headers.authorization, 'chat_message.write');
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
