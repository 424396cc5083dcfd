/**
 * Writes errors in the platform's formats. Known client mistakes map to 4xx; anything else is a
 * bug of ours: logged, and answered 500 without internals.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ApiError } from './errors.js';
import { MAX_BODY_BYTES } from './body.js';

/** Status and body for errors thrown by Express's own body parsers (they carry `type` and `status`). */
function parserError(err: { type?: unknown; status?: unknown }): ApiError | null {
  switch (err.type) {
    case 'entity.too.large':
      return new ApiError(413, { message: `The request body is too large (max ${MAX_BODY_BYTES} bytes)` });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError(415, { message: 'The request body encoding is not supported' });
    case 'request.aborted':
      return new ApiError(400, { message: 'The request was aborted' });
    default:
      return typeof err.status === 'number' && err.status >= 400 && err.status < 500
        ? new ApiError(err.status, { message: 'The request could not be read' })
        : null;
  }
}

/** The last error middleware: ApiError → its status and body; others → 500 `{message}`. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = err instanceof ApiError ? err : parserError(err as { type?: unknown; status?: unknown });
    if (known) {
      res.status(known.status).json(known.body);
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
