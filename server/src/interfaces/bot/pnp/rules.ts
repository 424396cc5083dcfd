/**
 * The rules of LINE notification messages (published `messaging-api.yml` `pushMessagesByPhone`,
 * `getPNPMessageStatistics`), pure: the checks of a push body and of the statistics' query.
 */
import { Type, type Static } from '@sinclair/typebox';
import { badRequest, type ApiError } from '../../../http/errors.js';
import type { ErrorDetail } from '../../../http/validate.js';
import type { PnpBodySchema } from '../../../messages/bodies.js';
import { E164, PHONE_NUMBER_HASH } from '../../../world/phone-numbers.js';
import { quoteTokensRefused } from '../messaging/rules.js';

/** A push body, checked: `to` the hash of a phone number, 1 to 5 message objects. */
export type PnpPushBody = Static<typeof PnpBodySchema>;

/**
 * What a `pushMessagesByPhone` body breaks beyond the message body's own check (`checkPnpBody`,
 * `messages/bodies.ts`, which the door runs as the body's part): `to` not a SHA-256 hash (64 hex
 * digits; worded apart when it is the E.164 number itself), and a `quoteToken` on a message (a
 * quote names one chat's message, which a push by phone has none of). Reads the raw body: the
 * door's `rules`.
 */
export function pnpPushFindings(body: unknown): ErrorDetail[] {
  if (typeof body !== 'object' || body === null) return [];
  const details: ErrorDetail[] = [];
  const to = 'to' in body ? body.to : undefined;
  if (typeof to === 'string' && to.length > 0 && !PHONE_NUMBER_HASH.test(to))
    details.push({
      message: E164.test(to)
        ? 'must be the SHA-256 hash (64 hex digits) of the E.164 phone number, not the number itself'
        : 'must be the SHA-256 hash (64 hex digits) of an E.164 phone number',
      property: 'to',
    });
  if ('messages' in body && Array.isArray(body.messages)) details.push(...quoteTokensRefused(body.messages));
  return details;
}

/** `getPNPMessageStatistics`' query: `date`, eight digits (`yyyyMMdd`, UTC+9). */
export const PnpStatisticsQuery = Type.Object({ date: Type.String({ pattern: '^[0-9]{8}$' }) });

/** The published 400 of a bad `date` (one message, no details), refused at the door. */
export const invalidDate = (): ApiError => badRequest("The value for the 'date' parameter is invalid");
