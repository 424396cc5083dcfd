/**
 * Authentication of a LINE Pay Online API v3 call (v3 "API Authentication"): the headers
 * `X-LINE-ChannelId`, `X-LINE-Authorization-Nonce` (a UUID or a timestamp, new per request) and
 * `X-LINE-Authorization` = Base64(HMAC-SHA256(channel secret key, channel secret key + URI path +
 * (request body for POST | query string without `?` for GET) + nonce)). Checked on every call,
 * before anything else: a missing header or a wrong signature is `1106`, an unknown channel `1104`,
 * a merchant that may not take payments `1105`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { RC, refuse } from './rules.js';
import type { LinePayStore, LpMerchantRow } from './store.js';

/** What a signature covers: the path as requested, the body as sent (POST) or the query string (GET). */
export interface SignedCall {
  path: string;
  /** The raw body text of a POST, or the query string (after `?`) of a GET; '' when none. */
  content: string;
  header(name: string): string | undefined;
}

/** The signature of a call under a secret key, Base64 (what `X-LINE-Authorization` carries). */
export function signatureOf(secret: string, path: string, content: string, nonce: string): string {
  return createHmac('sha256', secret).update(`${secret}${path}${content}${nonce}`).digest('base64');
}

/** Longest nonce accepted (a UUID is 36 characters; a timestamp fewer). */
const MAX_NONCE = 100;

/**
 * The merchant a call is signed by.
 * @throws LinePayError `1106` a header missing or the signature wrong, `1104` unknown channel, `1105` inactive merchant
 */
export async function authenticate(store: LinePayStore, call: SignedCall): Promise<LpMerchantRow> {
  const channelId = call.header('x-line-channelid');
  const nonce = call.header('x-line-authorization-nonce');
  const signature = call.header('x-line-authorization');
  for (const [name, value] of [
    ['X-LINE-ChannelId', channelId],
    ['X-LINE-Authorization-Nonce', nonce],
    ['X-LINE-Authorization', signature],
  ] as const) {
    if (!value) throw refuse(RC.header, `${name} is missing.`);
  }
  if (nonce!.length > MAX_NONCE) throw refuse(RC.header, `X-LINE-Authorization-Nonce is longer than ${MAX_NONCE} characters.`);
  const merchant = await store.merchant(channelId!);
  if (!merchant) throw refuse(RC.unknownMerchant, `No sandbox merchant has the channel ID ${channelId!.slice(0, 40)}.`);
  const expected = Buffer.from(signatureOf(merchant.channel_secret, call.path, call.content, nonce!));
  const sent = Buffer.from(signature!);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected))
    throw refuse(
      RC.header,
      'X-LINE-Authorization is not Base64(HMAC-SHA256(channel secret key, channel secret key + path + (body | query string) + nonce)).',
    );
  if (!merchant.active) throw refuse(RC.inactiveMerchant);
  return merchant;
}
