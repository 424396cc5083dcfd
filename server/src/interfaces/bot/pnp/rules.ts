/**
 * The rules of LINE notification messages (published `messaging-api.yml` `pushMessagesByPhone`,
 * `getPNPMessageStatistics`), pure: the checks of a push body and of the statistics' query.
 */
import { Type, type Static } from '@sinclair/typebox';
import { badRequest, type ApiError } from '../../../http/errors.js';
import type { ErrorDetail } from '../../../http/validate.js';
import { checkPnpBody, type PnpBodySchema } from '../../../messages/bodies.js';
import { E164, PHONE_NUMBER_HASH } from '../../../world/phone-numbers.js';
import { quoteTokensRefused } from '../messaging/service.js';

/** A push body, checked: `to` the hash of a phone number, 1 to 5 message objects. */
export type PnpPushBody = Static<typeof PnpBodySchema>;

/**
 * Checks a `pushMessagesByPhone` body. Not at the door: a body of message objects has its own
 * check (`messages/bodies.ts`: `null` properties read as absent, the message rules a schema cannot
 * say, a bound on nesting), which this one extends with `to`'s form and the quote tokens.
 * @returns the body typed, or every detail: the message body's, `to` not a SHA-256 hash (64 hex
 *   digits; worded apart when it is the E.164 number itself), then a `quoteToken` (push only)
 */
export function pnpPushOf(body: unknown): { body: PnpPushBody } | { details: ErrorDetail[] } {
  const details = checkPnpBody(body) ?? [];
  const to = (body as { to?: unknown } | null)?.to;
  if (typeof to === 'string' && to.length > 0 && !PHONE_NUMBER_HASH.test(to))
    details.push({
      message: E164.test(to)
        ? 'must be the SHA-256 hash (64 hex digits) of the E.164 phone number, not the number itself'
        : 'must be the SHA-256 hash (64 hex digits) of an E.164 phone number',
      property: 'to',
    });
  if (details.length) return { details };
  // The message body's check passed: the body is one.
  const checked = body as PnpPushBody;
  const quotes = quoteTokensRefused(checked.messages);
  return quotes.length ? { details: quotes } : { body: checked };
}

/** `getPNPMessageStatistics`' query: `date`, eight digits (`yyyyMMdd`, UTC+9). */
export const PnpStatisticsQuery = Type.Object({ date: Type.String({ pattern: '^[0-9]{8}$' }) });

/** The published 400 of a bad `date` (one message, no details), refused at the door. */
export const invalidDate = (): ApiError => badRequest("The value for the 'date' parameter is invalid");
