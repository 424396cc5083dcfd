// An error the server raises before a route's own checks (a body the parser cannot read, a 503
// while starting) is answered in the format of the path's interface: LINE MINI App in-app
// purchase paths in theirs, `{errorCode, message}`, as the fuzzer asks of every route.
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../src/http/error-handler.js';
import { unavailableByPath } from '../../src/http/error-format.js';

/** An app whose every route fails as a body parser does (`type`, `status`). */
function failing(err: { type: string; status: number }) {
  const app = express();
  app.use((_req, _res, next) => next(Object.assign(new Error('parser'), err)));
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

describe('errors raised before a route, by path', () => {
  it('in-app purchase paths answer {errorCode, message}; the bot’s {message}', async () => {
    const app = failing({ type: 'request.size.invalid', status: 400 });
    const iap = await request(app).post('/iap/v1/product/reserve');
    expect(iap.status).toBe(400);
    expect(iap.body).toEqual({ errorCode: 'VALIDATION_ERROR', message: 'The request could not be read' });
    const bot = await request(app).post('/v2/bot/message/push');
    expect(bot.body).toEqual({ message: 'The request could not be read' });
    const tooLarge = await request(failing({ type: 'entity.too.large', status: 413 })).post('/iap/v1/product/reserve');
    expect(tooLarge.body).toMatchObject({ errorCode: 'VALIDATION_ERROR' });
  });

  it('a 503 of an in-app purchase path is in its format too', () => {
    expect(unavailableByPath('/iap/v1/webhook/events', 'starting')).toEqual({ errorCode: 'SERVICE_UNAVAILABLE', message: 'starting' });
  });
});
