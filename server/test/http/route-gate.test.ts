import express, { Router, type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { gated, pathStartsOf } from '../../src/http/route-gate.js';

/** A router that records which of its handlers ran, answering with the route's name. */
function apiRouter(seen: string[]): Router {
  const r = Router();
  r.get('/v2/bot/info', (_req, res) => void (seen.push('info'), res.json({ route: 'info' })));
  r.get('/v2/bot/profile/:userId', (req, res) => void (seen.push('profile'), res.json({ route: 'profile', userId: req.params.userId })));
  r.use('/v2/bot/files', (_req, res) => void (seen.push('files'), res.json({ route: 'files' })));
  return r;
}

describe('gated routers', () => {
  it('reads the literal start of each route and mounted path, up to the first parameter', () => {
    expect(pathStartsOf(apiRouter([]))).toEqual(['/v2/bot/info', '/v2/bot/profile/', '/v2/bot/files']);
    const nested = Router().use(apiRouter([]));
    expect(pathStartsOf(nested)).toEqual(['/v2/bot/info', '/v2/bot/profile/', '/v2/bot/files']);
  });

  it('cannot narrow a router with a middleware on every path, a regular expression or the root', () => {
    expect(pathStartsOf(Router().use((_req, _res, next) => next()))).toBeUndefined();
    expect(pathStartsOf(Router().get(/^\/v2\/bot/, (_req, res) => void res.end()))).toBeUndefined();
    expect(pathStartsOf(Router().get('/', (_req, res) => void res.end()))).toBeUndefined();
    expect(pathStartsOf(((_req, _res, next) => next()) as RequestHandler)).toBeUndefined();
  });

  it('answers exactly as the router alone does: matching paths in any case, others passed on', async () => {
    const seen: string[] = [];
    const app = express();
    app.use(gated(apiRouter(seen)));
    app.use((req, res) => void res.status(404).json({ passedOn: req.path }));

    await request(app).get('/v2/bot/info').expect(200, { route: 'info' });
    await request(app).get('/V2/Bot/Info/').expect(200, { route: 'info' });
    await request(app).get('/v2/bot/profile/U1').expect(200, { route: 'profile', userId: 'U1' });
    await request(app).get('/v2/bot/files/a/b').expect(200, { route: 'files' });
    await request(app).get('/v2/bot/infox').expect(404, { passedOn: '/v2/bot/infox' });
    await request(app).get('/embed/v1/apps').expect(404, { passedOn: '/embed/v1/apps' });
    expect(seen).toEqual(['info', 'info', 'profile', 'files']);
  });

  it('lets every request into a router it cannot narrow', async () => {
    const app = express();
    const catchAll = Router().use((req, res) => void res.json({ caught: req.path }));
    app.use(gated(catchAll));
    await request(app).get('/anything/at/all').expect(200, { caught: '/anything/at/all' });
  });
});
