/**
 * Quote tokens (published `webhook.yml`: `quoteToken` of text, image, video and sticker message
 * events; `messaging-api.yml`: `quoteToken` of a sent message and of a text or sticker message
 * object). The platform documents them as opaque strings a bot may only pass back; embedkit makes
 * one per stored message, unguessable, that sorts after every token made before it.
 */
import { randomFillSync } from 'node:crypto';

/** The base64url characters in ASCII order, so that a fixed-width number sorts as text (SQLite's BINARY collation). */
const ORDERED = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
/** Characters of the ordered part: 9 × 6 bits hold `Date.now() * 1024` until the year 2527. */
const ORDER_CHARS = 9;
/** Random bytes after it: 41 bytes are 55 base64url characters, 64 characters in all. */
const RANDOM_BYTES = 41;
/** Tokens per millisecond before the ordered part runs ahead of the clock (it never repeats). */
const PER_MS = 1024;

/**
 * Random bytes are drawn from the system's CSPRNG 85 tokens at a time: one call into OpenSSL per
 * 85 stored messages instead of one per message (a CPU profile of sendMessages under load showed
 * the per-message call as 4% of the request). Each byte is handed out once, so the random part is
 * as unguessable as one `randomBytes(41)` per token; Node's `randomUUID` pools the same way.
 */
const pool = Buffer.alloc(RANDOM_BYTES * 85);
let offset = pool.length;
let last = 0;

/**
 * The ordered part: wall-clock milliseconds × 1024 plus a count within the millisecond, never
 * smaller than the last one this process made. Wall time rather than the simulated clock because
 * this is no rule of the platform, only where the token lands in the `messages_quote_token` index:
 * random tokens landed anywhere, and each insert into a table of 150,000 messages cost 19 µs
 * instead of 7.5 (the message insert was a third of sendMessages under load); ordered ones are
 * appended at the index's end.
 */
function orderedPart(): string {
  last = Math.max(last + 1, Date.now() * PER_MS);
  let n = last;
  let s = '';
  for (let i = 0; i < ORDER_CHARS; i++) {
    s = ORDERED[n % 64]! + s;
    n = Math.floor(n / 64);
  }
  return s;
}

/**
 * A new quote token: 64 base64url characters, 9 that order it after every earlier token of this
 * process (and, the clock permitting, of earlier processes) and 55 of 41 random bytes (328 bits).
 */
export function newQuoteToken(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const random = pool.toString('base64url', offset, offset + RANDOM_BYTES);
  offset += RANDOM_BYTES;
  return orderedPart() + random;
}
