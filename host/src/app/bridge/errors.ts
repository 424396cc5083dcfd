/**
 * The host side's one error type for bridge calls.
 */
import type { ErrorCode, WireError } from '#contract/bridge/protocol.js';
import { HttpError } from '../../simulator-api/client.js';

/**
 * Thrown by a {@link BridgeHandlers} method for a failure the app should see with its code, for
 * example `new BridgeError('401', 'The access token expired')` after the server answered 401. The
 * app receives an `EmbedError` with the same `code` and `message`. Any other throw reaches the app
 * as `INTERNAL_ERROR` (spec "Errors", embedded app SDK).
 */
export class BridgeError extends Error {
  override name = 'BridgeError';

  /**
   * @param code `INVALID_ARGUMENT`, `INTERNAL_ERROR`, or an HTTP status as a string (`"400"`, `"401"`, `"403"`).
   * @param message readable text for the app; the server's message for API failures.
   */
  constructor(
    public code: ErrorCode,
    message?: string,
  ) {
    super(message);
  }
}

/** `{code, message}` of a failure as it crosses the bridge; `message` is left out when empty (spec: "present when a message is defined"). */
export function wireError(code: ErrorCode, message?: string): WireError {
  return message ? { code, message } : { code };
}

/**
 * Turns an {@link HttpError} into the error the app sees: `BridgeError` with the HTTP status as
 * its code (spec "Errors", embedded app SDK: API failures carry the status, e.g. "401") and the
 * server's message. Anything else is rethrown as is (the bridge reports it as INTERNAL_ERROR).
 */
export function toBridgeError(err: unknown): unknown {
  if (err instanceof HttpError) return new BridgeError(String(err.status) as ErrorCode, err.message);
  return err;
}
