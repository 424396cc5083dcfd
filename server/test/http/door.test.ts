// A platform route declares the shape of its path parameters, query and body; the door checks
// them before the handler runs and refuses in the interface's own error format, every finding at
// once, and the handler sees the parts as checked.
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { door } from '../../src/http/door.js';
import { jsonBody } from '../../src/http/body.js';
import { errorHandler } from '../../src/http/error-handler.js';
import type { DoorFormat } from '../../src/http/shape-refusal.js';

const shape = {
  params: Type.Object({ id: Type.String({ pattern: '^[0-9]+$' }) }),
  query: Type.Object({ limit: Type.Optional(Type.String({ pattern: '^[0-9]+$' })) }),
  body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 5 }) }),
};

/** An app with one route behind a door of `format`; the handler echoes what it got. */
function appWith(format: DoorFormat) {
  const app = express();
  let calls = 0;
  app.post(
    '/things/:id',
    jsonBody,
    door(format)(shape, ({ params, query, body }, _req, res) => {
      calls += 1;
      res.json({ id: params.id, limit: query.limit ?? null, name: body.name });
    }),
  );
  app.use(errorHandler(pino({ level: 'silent' })));
  return { app, calls: () => calls };
}

describe('the door of a platform route', () => {
  it('hands the handler the checked parts', async () => {
    const { app } = appWith('message-details');
    const ok = await request(app).post('/things/42?limit=3').send({ name: 'Ann' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id: '42', limit: '3', name: 'Ann' });
  });

  it('refuses in the bot format with every finding of the path, query and body, and the handler never runs', async () => {
    const { app, calls } = appWith('message-details');
    const bad = await request(app).post('/things/x?limit=many&limit=2').send({ name: 'Annabel' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The request body has 3 error(s)');
    expect(bad.body.details.map((d: { property: string }) => d.property)).toEqual(['id', 'limit', 'name']);
    expect(bad.body.details[2]).toEqual({ message: 'Length must be between 0 and 5', property: 'name' });
    expect(calls()).toBe(0);
  });

  it('refuses in the v1 format with the first finding', async () => {
    const { app } = appWith('v1');
    const bad = await request(app).post('/things/1').send({ name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ statusCode: '400', statusMessage: 'name: May not be empty' });
  });

  it('refuses in the OAuth format with invalid_request', async () => {
    const { app } = appWith('oauth');
    const bad = await request(app).post('/things/1').send({});
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'invalid_request', error_description: 'name: must be specified' });
  });

  it('passes what the handler throws to the error handler', async () => {
    const app = express();
    app.get(
      '/fails',
      door('message-details')({}, () => {
        throw new Error('a bug');
      }),
    );
    app.use(errorHandler(pino({ level: 'silent' })));
    const res = await request(app).get('/fails');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error' });
  });
});
