/**
 * The SDK's sendMessages call, `POST /message/v3/share` (spec part D, client SDK table): the app's
 * messages posted as its user into the chat the user access token was issued for. The path is
 * embedkit's choice (the spec names no endpoint; docs/project/architecture.md, "Choices").
 */
import { Router } from 'express';
import { jsonBody } from '../../http/body.js';
import type { ChatService } from '../../world/chats.js';
import type { UserTokenService } from '../social/index.js';
import { door } from '../../http/door.js';
import { checkShareBody } from '../../messages/bodies.js';
import { ERROR_FORMATS } from '#contract/errors.js';

const checked = door(ERROR_FORMATS['embedded-apps']);

/** `POST /message/v3/share` with `Authorization: Bearer <user access token>` (scope `chat_message.write`). */
export function shareRoutes(deps: { userTokens: UserTokenService; chats: ChatService }): Router {
  const r = Router();
  r.post(
    '/message/v3/share',
    // Authentication runs before body parsing: a caller without a token learns nothing about the body rules.
    async (req, res, next) => {
      const token = await deps.userTokens.authenticate(req.headers.authorization, 'chat_message.write');
      // An app opened from no chat has nowhere to send: refused before its body is read.
      deps.chats.checkShareContext(token);
      res.locals.token = token;
      next();
    },
    jsonBody,
    checked({ body: checkShareBody }, async ({ body }, _req, res) => {
      await deps.chats.share(res.locals.token as Parameters<ChatService['share']>[0], body);
      res.json({});
    }),
  );
  return r;
}
