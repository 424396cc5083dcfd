/**
 * People's phone numbers as the platform's notification messages name them (published
 * `messaging-api.yml` `PnpMessagesRequest.to`, `webhook.yml` `PnpDelivery.data`): a number in
 * E.164, and its SHA-256 hash in hex, which is all a bot ever sends or receives. Pure.
 */
import { createHash } from 'node:crypto';

/** E.164: `+`, a country code not starting with 0, at most 15 digits in all (ITU-T E.164). */
export const E164 = /^\+[1-9][0-9]{1,14}$/;

/** A SHA-256 hash in hex (64 digits, either case: the platform compares them as hex). */
export const PHONE_NUMBER_HASH = /^[0-9a-fA-F]{64}$/;

/** The SHA-256 of an E.164 number's text, in lowercase hex (what `to` and `delivery.data` carry). */
export function phoneNumberHash(e164: string): string {
  return createHash('sha256').update(e164, 'utf8').digest('hex');
}
