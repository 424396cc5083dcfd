/** The Express app of one origin (`{base_url}`'s side origins, `{blockchain_url}`). */
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { errorHandler, notFoundHandler } from './error-handler.js';

/**
 * The Express app of one side origin: its interface's routers, then a 404 and the error handler
 * (`errors` picks the interface's error format; default by path as on `{base_url}`). No
 * `X-Powered-By`, no ETags (the platform sends neither).
 */
export function originApp(
  routers: RequestHandler[],
  logger: Logger,
  errors?: { notFound?: RequestHandler; handler?: ErrorRequestHandler },
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  for (const r of routers) app.use(r);
  app.use(errors?.notFound ?? notFoundHandler);
  app.use(errors?.handler ?? errorHandler(logger));
  return app;
}
