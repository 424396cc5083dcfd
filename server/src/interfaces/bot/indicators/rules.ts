/**
 * The `markAsReadToken` of a message event in a 1:1 chat (the platform's published
 * `POST /v2/bot/chat/markAsRead` by token): which chat and message it marks, signed with
 * the channel secret so that no state is kept and a token works for its channel only. Pure.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The token: base64url of `<chatId>|<messageId>`, a dot, and its HMAC-SHA256 (base64url, 22 chars). */
export function markAsReadToken(secret: string, chatId: string, messageId: string): string {
  const payload = Buffer.from(`${chatId}|${messageId}`).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The chat and message of a token this channel issued, or null for any other string. */
export function readMarkAsReadToken(secret: string, token: unknown): { chatId: string; messageId: string } | null {
  if (typeof token !== 'string' || token.length > 600) return null;
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
