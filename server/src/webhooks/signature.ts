/**
 * The webhook signature (spec "Authentication" B): `<prefix>Signature` on a bot messaging webhook,
 * `<prefix>ChannelSignature` on a v1 callback of the enterprise and trial interfaces (the same
 * Base64(HMAC-SHA256(channel secret, raw body)), as the platform's published v1 rule). The names
 * come from the kit's header prefix (http/platform-headers.ts).
 */
import { createHmac } from 'node:crypto';
import type { PlatformHeaders } from '../http/platform-headers.js';

/**
 * Base64(HMAC-SHA256(channel secret, raw body)): what a receiver recomputes over the exact bytes
 * it received, with the channel secret as key, and compares with the signature header.
 * @param secret the channel secret (as written in the scenario: its characters are the key)
 * @param body the exact request body (UTF-8)
 */
export function signBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** `User-Agent` of every webhook request. */
export const WEBHOOK_USER_AGENT = 'embedkit-webhook/1.0';

/**
 * The headers of a webhook request for a stored body: a v1 callback (the enterprise and trial
 * interfaces' `{"result": [...]}`) carries `<prefix>ChannelSignature` and
 * `application/json; charset=UTF-8`; a bot messaging webhook `<prefix>Signature`. The body tells
 * which: the emitter writes the envelope's key first.
 * @param names the kit's header names (only the signature names are used)
 */
export function deliveryHeaders(
  body: string,
  signature: string,
  names: Pick<PlatformHeaders, 'signature' | 'channelSignature'>,
): Record<string, string> {
  return body.startsWith('{"result":')
    ? { 'Content-Type': 'application/json; charset=UTF-8', [names.channelSignature]: signature }
    : { 'Content-Type': 'application/json; charset=utf-8', [names.signature]: signature };
}
