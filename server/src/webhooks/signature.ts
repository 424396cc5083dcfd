/** The webhook signature (spec "Authentication" B): X-Service-Signature. */
import { createHmac } from 'node:crypto';

/** Header that carries the signature on every webhook request. */
export const SIGNATURE_HEADER = 'X-Service-Signature';

/**
 * Header of the v1 callbacks of the enterprise and trial interfaces: the same
 * Base64(HMAC-SHA256(channel secret, raw body)), as the platform's published v1 rule, with this
 * spec's header prefix.
 */
export const V1_SIGNATURE_HEADER = 'X-Service-ChannelSignature';

/**
 * Base64(HMAC-SHA256(channel secret, raw body)): what a receiver recomputes over the exact bytes
 * it received, with the channel secret as key, and compares with {@link SIGNATURE_HEADER}.
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
 * interfaces' `{"result": [...]}`) carries `X-Service-ChannelSignature` and
 * `application/json; charset=UTF-8`; a bot messaging webhook `X-Service-Signature`. The body tells
 * which: the emitter writes the envelope's key first.
 */
export function deliveryHeaders(body: string, signature: string): Record<string, string> {
  return body.startsWith('{"result":')
    ? { 'Content-Type': 'application/json; charset=UTF-8', [V1_SIGNATURE_HEADER]: signature }
    : { 'Content-Type': 'application/json; charset=utf-8', [SIGNATURE_HEADER]: signature };
}
