// A platform route declares the shape of its path parameters, query and body; the door checks
// them before the handler runs and refuses in the interface's own error format, every finding at
// once, and the handler sees the parts as checked.
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { door, type CheckedHandler } from '../../src/http/door.js';
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

  it('reports the findings of rules a schema cannot state with the schema’s, once each, and reads a missing body as {}', async () => {
    const app = express();
    const twoDates = Type.Object({ from: Type.Integer(), until: Type.Integer() });
    const windowShape = {
      body: twoDates,
      rules: ({ body }: { body: unknown }) => {
        const b = body as { from?: unknown; until?: unknown };
        if (typeof b.from === 'number' && typeof b.until === 'number' && b.until <= b.from)
          return [{ message: 'must be later than from', property: 'until' }];
        return b.from === undefined ? [{ message: 'must be specified', property: 'from' }] : [];
      },
    };
    const ok: CheckedHandler<typeof windowShape> = (_input, _req, res) => void res.json({ ok: true });
    app.post('/window', jsonBody, door('message-details')(windowShape, ok));
    // A form-like route: no body reader, so a request without a body reaches the door with none.
    app.post('/window-form', door('message-details')(windowShape, ok));
    app.use(errorHandler(pino({ level: 'silent' })));
    const backwards = await request(app).post('/window').send({ from: 5, until: 1 });
    expect(backwards.body.details).toEqual([{ message: 'must be later than from', property: 'until' }]);
    // No body at all: each required field is named, the rule's repeat of one of them is not.
    const none = await request(app).post('/window-form');
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([
      { message: 'must be specified', property: 'from' },
      { message: 'must be specified', property: 'until' },
    ]);
    expect((await request(app).post('/window').send({ from: 1, until: 5 })).body).toEqual({ ok: true });
  });

  it('takes a compiled check (the message validator’s kind) as a part', async () => {
    const app = express();
    const evenOnly = Object.assign((value: unknown) => (value === 2 ? null : [{ message: 'must be 2', property: 'id' }]), {
      type: undefined as number | undefined,
    });
    app.get(
      '/even/:id',
      door('message-details')(
        { params: (p: unknown) => evenOnly((p as { id: string }).id === '2' ? 2 : 0) },
        (_i, _req, res) => void res.json({ ok: true }),
      ),
    );
    app.use(errorHandler(pino({ level: 'silent' })));
    expect((await request(app).get('/even/3')).body.details).toEqual([{ message: 'must be 2', property: 'id' }]);
    expect((await request(app).get('/even/2')).body).toEqual({ ok: true });
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
