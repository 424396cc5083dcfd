/**
 * Quote tokens (published `webhook.yml`: `quoteToken` of text, image, video and sticker message
 * events; `messaging-api.yml`: `quoteToken` of a sent message and of a text or sticker message
 * object). The platform documents them as opaque strings a bot may only pass back; embedkit makes
 * a random one per stored message.
 */
import { randomFillSync } from 'node:crypto';

const TOKEN_BYTES = 48;
/**
 * Random bytes are drawn from the system's CSPRNG 85 tokens at a time: one call into OpenSSL per
 * 85 stored messages instead of one per message (a CPU profile of sendMessages under load showed
 * the per-message call as 4% of the request). Each byte is handed out once, so the tokens are as
 * random and as unguessable as one `randomBytes(48)` each; Node's `randomUUID` pools the same way.
 */
const pool = Buffer.alloc(TOKEN_BYTES * 85);
let offset = pool.length;

/** A new quote token: 48 random bytes, base64url (64 characters). */
export function newQuoteToken(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const token = pool.toString('base64url', offset, offset + TOKEN_BYTES);
  offset += TOKEN_BYTES;
  return token;
}
