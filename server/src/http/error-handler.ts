/**
 * Writes errors in the platform's formats. Known client mistakes map to 4xx; anything else is a
 * bug of ours: logged, and answered 500 without internals.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ApiError } from './errors.js';
import { MAX_BODY_BYTES } from './body.js';
import { errorFormatOf, iapErrorCodeOf, RETRY_AFTER_S, unavailableByPath, type UnavailableBody } from './error-format.js';
import type { DatabaseOutage } from '../db/outage.js';

/** An error of `status` with `message`, in the format of the interface of `path`. */
function inFormatOf(path: string, status: number, message: string): ApiError {
  switch (errorFormatOf(path)) {
    case 'oauth':
      return new ApiError(status, { error: 'invalid_request', error_description: message });
    case 'v1':
      return new ApiError(status, { statusCode: String(status), statusMessage: message });
    case 'iap':
      return new ApiError(status, { errorCode: iapErrorCodeOf(status), message });
    default:
      return new ApiError(status, { message });
  }
}

/**
 * Status and body for errors thrown by Express's own body parsers (they carry `type` and
 * `status`), in the format of the interface of `path`.
 */
function parserError(err: { type?: unknown; status?: unknown }, path: string): ApiError | null {
  switch (err.type) {
    case 'entity.too.large':
      return inFormatOf(path, 413, `The request body is too large (max ${MAX_BODY_BYTES} bytes)`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return inFormatOf(path, 415, 'The request body encoding is not supported');
    case 'request.aborted':
      return inFormatOf(path, 400, 'The request was aborted');
    default:
      return typeof err.status === 'number' && err.status >= 400 && err.status < 500
        ? inFormatOf(path, err.status, 'The request could not be read')
        : null;
  }
}

/**
 * The last error middleware: ApiError → its status and body; an unreachable database → 503 with
 * `Retry-After` in the interface's format (no stack trace per request); others → 500
 * `{message}`, logged.
 * @param outage tracks the database's reachability; `unavailable` the 503 body for a path
 */
export function errorHandler(
  logger: Logger,
  outage?: DatabaseOutage,
  unavailable: UnavailableBody = unavailableByPath,
): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = err instanceof ApiError ? err : parserError(err as { type?: unknown; status?: unknown }, req.path);
    if (known) {
      res.status(known.status).set(known.headers).json(known.body);
      return;
    }
    if (outage?.absorb(err)) {
      if (!res.headersSent)
        res
          .status(503)
          .set('Retry-After', String(RETRY_AFTER_S))
          .json(unavailable(req.path, 'The database is temporarily unavailable; retry later'));
      else res.end();
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    if (!res.headersSent) res.status(500).json({ message: 'Internal server error' });
  };
}

/** 404 for every path no route answered. */
export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `Not found: ${req.method} ${req.path}` });
};
