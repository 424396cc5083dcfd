/**
 * Pure rules of the loading indicator and read marks (the platform's published
 * `POST /v2/bot/chat/loading/start`, `POST /v2/bot/message/markAsRead` and
 * `POST /v2/bot/chat/markAsRead`): their bodies as TypeBox schemas, checked at the door
 * (`http/door.ts`) before the handler runs, and the `markAsReadToken` of a message event in a 1:1
 * chat: which chat and message it marks, signed with the channel secret so that no state is kept
 * and a token works for its channel only. Whether the user is a friend is the service's rule.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';

/** Loading seconds allowed (platform: 5 to 60 in steps of 5; default 20). */
export const LOADING_SECONDS = { min: 5, max: 60, step: 5, default: 20 } as const;

const chatIdRequired = 'chatId is required';
const secondsWording = 'loadingSeconds must be one of 5, 10, ..., 60';

/** `POST /v2/bot/chat/loading/start`'s body: `{chatId: a user ID, loadingSeconds?: 5, 10, ..., 60}`. */
export const LoadingBody = Type.Object({
  chatId: Type.String({ minLength: 1, platformErrors: { type: chatIdRequired, minLength: chatIdRequired } }),
  loadingSeconds: Type.Optional(
    Type.Integer({
      minimum: LOADING_SECONDS.min,
      maximum: LOADING_SECONDS.max,
      multipleOf: LOADING_SECONDS.step,
      platformErrors: { type: secondsWording, minimum: secondsWording, maximum: secondsWording, multipleOf: secondsWording },
    }),
  ),
});

/** `POST /v2/bot/message/markAsRead`'s body: `{chat: {userId}}`. */
export const MarkAsReadBody = Type.Object({
  chat: Type.Object({ userId: Type.String({ minLength: 1, platformErrors: { type: chatIdRequired, minLength: chatIdRequired } }) }),
});

/** `POST /v2/bot/chat/markAsRead`'s body: `{markAsReadToken}` (whether this channel issued it is {@link readMarkAsReadToken}'s rule). */
export const MarkAsReadByTokenBody = Type.Object({
  markAsReadToken: Type.String({ platformErrors: { type: 'Invalid markAsReadToken' } }),
});

/** The token: base64url of `<chatId>|<messageId>`, a dot, and its HMAC-SHA256 (base64url, 22 chars). */
export function markAsReadToken(secret: string, chatId: string, messageId: string): string {
  const payload = Buffer.from(`${chatId}|${messageId}`).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The chat and message of a token this channel issued, or null for any other string. */
export function readMarkAsReadToken(secret: string, token: string): { chatId: string; messageId: string } | null {
  if (token.length > 600) return null;
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const got = Buffer.from(given);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
  const [chatId, messageId] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
  return chatId && messageId ? { chatId, messageId } : null;
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`markAsRead|${payload}`).digest('base64url').slice(0, 22);
}
