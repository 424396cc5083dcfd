/** `X-Service-Request-Id` on every platform API answer (spec part B: an ID issued per request). */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

export const requestId: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Service-Request-Id', randomUUID());
  next();
};
