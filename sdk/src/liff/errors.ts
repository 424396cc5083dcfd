/**
 * The error the platform's current SDK rejects and throws with: an `Error` with a `code`
 * (`@line/liff`'s `LiffError`: `INVALID_ARGUMENT`, `INIT_FAILED`, `FORBIDDEN`, `UNAUTHORIZED`,
 * `INVALID_CONFIG`, `UNKNOWN`, or an HTTP status as a string such as `"401"`).
 */
import type { EmbedError } from '../errors.js';

/** `LiffError` of `@line/liff`: `code` and a readable `message`. */
export class LiffError extends Error {
  override name = 'LiffError';
  constructor(
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The refusal of what the app's client lacks, worded as `@line/liff`'s `isApiAvailable` words it. */
export function forbidden(api: string): LiffError {
  return new LiffError('FORBIDDEN', `${api} is not allowed in this LIFF app (embedkit: no local client can do this)`);
}

/** The refusal of a call that needs a logged-in user (`@line/liff`'s text). */
export function needLogin(): LiffError {
  return new LiffError('UNAUTHORIZED', 'Need access_token for api call, Please login first');
}

/**
 * A bridge failure as the platform's current SDK reports it: the same code where both SDKs have
 * it (`INVALID_ARGUMENT`, `INIT_FAILED`, an HTTP status), `UNKNOWN` for the host's
 * `INTERNAL_ERROR`; the message names the `liff` method instead of the `embed` one.
 */
export function fromEmbedError(error: EmbedError, method: string): LiffError {
  const code = error.code === 'INTERNAL_ERROR' ? 'UNKNOWN' : String(error.code);
  return new LiffError(code, error.message.replace(/^embed\.\w+:/, `liff.${method}:`));
}
