/**
 * The SDK's one error type (spec part D, "SDK error"; spec "Errors", embedded app SDK), and the
 * texts the SDK and its mock both use.
 */
import type { ErrorCode } from '#contract/bridge/protocol.js';

/**
 * What every failing SDK call throws or rejects with, and what `embed.init`'s error callback gets:
 * a real `Error`, so `console.error`, stack traces and `instanceof Error` work, and never a bare
 * object that prints as `[object Object]`.
 *
 * - `code`: `INIT_FAILED` (not inside a host, no answer from the host in time, or a method called
 *   before a successful init), `INVALID_ARGUMENT`, `INTERNAL_ERROR`, or the HTTP status of a
 *   failed platform API call as a string (`"400"`, `"401"`, `"403"`).
 * - `message`: readable, starts with the method name (`embed.sendMessages: ...`); for API
 *   failures it is the server's message, unchanged.
 */
export class EmbedError extends Error {
  override name = 'EmbedError';
  code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Message of `INIT_FAILED` when the page has no host to talk to: opened outside a frame, or the
 * parent never answered the hello (spec "Errors": INIT_FAILED covers an unsupported environment).
 */
export const UNSUPPORTED = 'embed.init: this page is not running inside an embedkit host (unsupported environment)';

/** Message of a failure that came without one: `embed.<method>: failed (<code>)`. */
export function failed(method: string, code: string): string {
  return `embed.${method}: failed (${code})`;
}

/** The `INVALID_ARGUMENT` of an `embed.init` callback that is not a function. */
export function notAFunction(callback: 'successCallback' | 'errorCallback'): EmbedError {
  return new EmbedError('INVALID_ARGUMENT', `embed.init: ${callback} must be a function`);
}
