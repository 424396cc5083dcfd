/**
 * Quote tokens (published `webhook.yml`: `quoteToken` of text, image, video and sticker message
 * events; `messaging-api.yml`: `quoteToken` of a sent message and of a text or sticker message
 * object). The platform documents them as opaque strings a bot may only pass back; embedkit makes
 * a random one per stored message.
 */
import { randomBytes } from 'node:crypto';

/** A new quote token: 48 random bytes, base64url (64 characters). */
export function newQuoteToken(): string {
  return randomBytes(48).toString('base64url');
}
