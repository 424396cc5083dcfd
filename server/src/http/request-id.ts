/** `<prefix>Request-Id` on every platform API answer (spec part B: an ID issued per request). */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { PlatformHeaders } from './platform-headers.js';

/**
 * A middleware that sets a fresh UUID in `<prefix>Request-Id` on the answer. A route that names
 * its own request ID (a narrowcast, a rich menu batch) sets the same header again, and that wins.
 */
export function requestId(headers: Pick<PlatformHeaders, 'requestId'>): RequestHandler {
  return (_req, res, next) => {
    res.setHeader(headers.requestId, randomUUID());
    next();
  };
}
