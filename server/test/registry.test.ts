// The embedded app server API: every status of spec part D's endpoint and error tables.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../src/kit/embedkit.js';
import { CHANNEL_2, channelToken, makeKit } from './helpers.js';

let kit: Embedkit;
let token: string;
const auth = () => ({ Authorization: `Bearer ${token}` });
const view = { type: 'full', url: 'https://example.com/app' };

beforeEach(async () => {
  kit = await makeKit();
  token = await channelToken(kit);
});
afterEach(() => kit.close());

describe('POST /embed/v1/apps', () => {
  it('registers an app and answers its embedId; the list then holds it', async () => {
    const res = await request(kit.app).post('/embed/v1/apps').set(auth()).send({ view });
    expect(res.status).toBe(200);
    expect(res.body.embedId).toMatch(/^1650000001-[A-Za-z0-9]{8}$/);
    const list = await request(kit.app).get('/embed/v1/apps').set(auth());
    expect(list.body.apps).toContainEqual({ embedId: res.body.embedId, view });
  });

  it('accepts plain http only for loopback hosts', async () => {
    for (const url of ['http://localhost:3000/', 'http://127.0.0.1:5173/app', 'http://[::1]:8000/']) {
      const res = await request(kit.app)
        .post('/embed/v1/apps')
        .set(auth())
        .send({ view: { type: 'tall', url } });
      expect(res.status, url).toBe(200);
    }
  });

  it.each([
    [{ view: { type: 'huge', url: 'https://example.com' } }, 'view.type', 'Must be one of the following values: [compact, tall, full]'],
    [
      { view: { type: 'full', url: 'http://example.com/app' } },
      'view.url',
      'invalid uri scheme: the URL must use https (http is accepted for loopback hosts only)',
    ],
    [
      { view: { type: 'full', url: 'javascript:alert(1)' } },
      'view.url',
      'invalid uri scheme: the URL must use https (http is accepted for loopback hosts only)',
    ],
    [{ view: { type: 'full', url: 'not a url' } }, 'view.url', 'Must be an absolute URL'],
    [{ view: { type: 'full' } }, 'view.url', 'must be specified'],
    [{}, 'view', 'must be specified'],
    [{ view, extra: 1 }, 'extra', 'unknown property'],
  ])('answers 400 with the error detail for %j', async (body, property, message) => {
    const res = await request(kit.app).post('/embed/v1/apps').set(auth()).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The request body has \d+ error\(s\)$/);
    expect(res.body.details).toContainEqual({ message, property });
  });

  it('reports every error found, not only the first', async () => {
    const res = await request(kit.app)
      .post('/embed/v1/apps')
      .set(auth())
      .send({ view: { type: 'x', url: 'ftp://a' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body has 2 error(s)');
    expect(res.body.details.map((d: { property: string }) => d.property).sort()).toEqual(['view.type', 'view.url']);
  });

  it('answers 400 for a body that is not JSON, with its position, and for another content type', async () => {
    const bad = await request(kit.app)
      .post('/embed/v1/apps')
      .set(auth())
      .set('Content-Type', 'application/json')
      .send('{\n  "view": {,\n}');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'The request body could not be parsed as JSON (line: 2, column: 12)' });
    const type = await request(kit.app).post('/embed/v1/apps').set(auth()).set('Content-Type', 'text/plain').send('{}');
    expect(type.status).toBe(400);
    expect(type.body).toEqual({ message: 'The content type, text/plain, is not supported' });
  });

  it('answers 400 once the channel holds 30 apps, and writes nothing more', async () => {
    // The scenario already registered one app on this channel.
    for (let i = 1; i < 30; i++) {
      const res = await request(kit.app).post('/embed/v1/apps').set(auth()).send({ view });
      expect(res.status).toBe(200);
    }
    const res = await request(kit.app).post('/embed/v1/apps').set(auth()).send({ view });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The channel already has the maximum number of apps (30)');
    const list = await request(kit.app).get('/embed/v1/apps').set(auth());
    expect(list.body.apps).toHaveLength(30);
  });

  it('holds the 30-app limit under concurrent registrations', async () => {
    const results = await Promise.all(Array.from({ length: 60 }, () => request(kit.app).post('/embed/v1/apps').set(auth()).send({ view })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(29);
    expect(results.filter((r) => r.status === 400)).toHaveLength(31);
    const list = await request(kit.app).get('/embed/v1/apps').set(auth());
    expect(list.body.apps).toHaveLength(30);
  });
});

describe('PUT /embed/v1/apps/<embed_id>/view', () => {
  it('replaces the view', async () => {
    const res = await request(kit.app)
      .put('/embed/v1/apps/1650000001-demoapp1/view')
      .set(auth())
      .send({ type: 'compact', url: 'https://example.com/new' });
    expect(res.status).toBe(200);
    const list = await request(kit.app).get('/embed/v1/apps').set(auth());
    expect(list.body.apps[0]).toEqual({ embedId: '1650000001-demoapp1', view: { type: 'compact', url: 'https://example.com/new' } });
  });

  it('answers 400 for invalid values and leaves the app as it was', async () => {
    const res = await request(kit.app)
      .put('/embed/v1/apps/1650000001-demoapp1/view')
      .set(auth())
      .send({ type: 'compact', url: 'http://example.com' });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ property: 'url', message: expect.stringContaining('invalid uri scheme') });
    const list = await request(kit.app).get('/embed/v1/apps').set(auth());
    expect(list.body.apps[0].view.type).toBe('tall');
  });

  it('answers 404 for an app that does not exist or belongs to another channel', async () => {
    const none = await request(kit.app).put('/embed/v1/apps/1650000001-nothere0/view').set(auth()).send(view);
    expect(none.status).toBe(404);
    const other = await channelToken(kit, CHANNEL_2);
    const foreign = await request(kit.app)
      .put('/embed/v1/apps/1650000001-demoapp1/view')
      .set({ Authorization: `Bearer ${other}` })
      .send(view);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toContain('does not exist');
  });
});

describe('GET /embed/v1/apps', () => {
  it('answers 404 when the channel has no apps', async () => {
    const other = await channelToken(kit, CHANNEL_2);
    const res = await request(kit.app)
      .get('/embed/v1/apps')
      .set({ Authorization: `Bearer ${other}` });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'The channel has no apps' });
  });

  it("lists only the channel's own apps", async () => {
    const other = await channelToken(kit, CHANNEL_2);
    await request(kit.app)
      .post('/embed/v1/apps')
      .set({ Authorization: `Bearer ${other}` })
      .send({ view });
    const res = await request(kit.app)
      .get('/embed/v1/apps')
      .set({ Authorization: `Bearer ${other}` });
    expect(res.body.apps).toHaveLength(1);
    expect(res.body.apps[0].embedId).toMatch(/^1650000002-/);
  });
});

describe('DELETE /embed/v1/apps/<embed_id>', () => {
  it('deletes the app; a second delete answers 404', async () => {
    const res = await request(kit.app).delete('/embed/v1/apps/1650000001-demoapp1').set(auth());
    expect(res.status).toBe(200);
    const again = await request(kit.app).delete('/embed/v1/apps/1650000001-demoapp1').set(auth());
    expect(again.status).toBe(404);
  });

  it('answers 404 for an app of another channel and keeps it', async () => {
    const other = await channelToken(kit, CHANNEL_2);
    const res = await request(kit.app)
      .delete('/embed/v1/apps/1650000001-demoapp1')
      .set({ Authorization: `Bearer ${other}` });
    expect(res.status).toBe(404);
    const list = await request(kit.app).get('/embed/v1/apps').set(auth());
    expect(list.body.apps).toHaveLength(1);
  });
});

describe('authentication (401 on add, update, list, delete)', () => {
  const calls = [
    (h: Record<string, string>) => request(kit.app).post('/embed/v1/apps').set(h).send({ view }),
    (h: Record<string, string>) => request(kit.app).put('/embed/v1/apps/1650000001-demoapp1/view').set(h).send(view),
    (h: Record<string, string>) => request(kit.app).get('/embed/v1/apps').set(h),
    (h: Record<string, string>) => request(kit.app).delete('/embed/v1/apps/1650000001-demoapp1').set(h),
  ];

  it.each([
    ['no Authorization header', {}, 'missing authorization header'],
    ['another scheme', { Authorization: 'Basic abc' }, 'invalid authorization header'],
    ['an unknown token', { Authorization: 'Bearer not-a-token' }, 'invalid token'],
  ])('answers 401 for %s', async (_name, headers, reason) => {
    for (const call of calls) {
      const res = await call(headers as Record<string, string>);
      expect(res.status).toBe(401);
      expect(res.body.message).toContain(`Authentication failed due to the following reason: ${reason}`);
    }
  });

  it('answers 401 once the token expired (30 days) or was revoked', async () => {
    kit.clock.advance(30 * 24 * 3600 * 1000);
    for (const call of calls) expect((await call(auth())).status).toBe(401);
    const fresh = await channelToken(kit);
    await request(kit.app).post('/v2/oauth/revoke').type('form').send({ access_token: fresh });
    expect(
      (
        await request(kit.app)
          .get('/embed/v1/apps')
          .set({ Authorization: `Bearer ${fresh}` })
      ).status,
    ).toBe(401);
  });

  it('checks the token before the body', async () => {
    const res = await request(kit.app).post('/embed/v1/apps').set('Content-Type', 'application/json').send('{oops');
    expect(res.status).toBe(401);
  });
});

describe('hostile bodies', () => {
  it('answers 400 with a position for thousands of unclosed brackets (no crash, no hang)', async () => {
    const res = await request(kit.app).post('/embed/v1/apps').set(auth()).set('Content-Type', 'application/json').send('['.repeat(20_000));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The request body could not be parsed as JSON \(line: 1, column: \d+\)$/);
  });
});

describe('an app under the LIFF ID it already carries (embedkit dev)', () => {
  it('is registered under that ID, listed by the channel, and later moved to a new view URL', async () => {
    await kit.services.registry.keep('1650000001', '2001234567-AbCdEfGh', { type: 'full', url: 'http://localhost:5173/' });
    await kit.services.registry.keep('1650000001', '2001234567-AbCdEfGh', { type: 'tall', url: 'http://localhost:5174/' });
    const list = await request(kit.app).get('/embed/v1/apps').set(auth());
    expect(list.body.apps.filter((a: { embedId: string }) => a.embedId === '2001234567-AbCdEfGh')).toEqual([
      { embedId: '2001234567-AbCdEfGh', view: { type: 'tall', url: 'http://localhost:5174/' } },
    ]);
  });

  it('refuses an ID of another shape and a view URL the registry refuses', async () => {
    await expect(kit.services.registry.keep('1650000001', 'my-app', { type: 'full', url: 'http://localhost:5173/' })).rejects.toThrow(
      'my-app is not a LIFF ID',
    );
    await expect(
      kit.services.registry.keep('1650000001', '2001234567-AbCdEfGh', { type: 'full', url: 'http://example.com/' }),
    ).rejects.toThrow('invalid uri scheme');
  });
});
