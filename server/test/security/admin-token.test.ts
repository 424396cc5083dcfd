// The admin token of a server bound beyond loopback: the host page and the simulator API need it
// (a Bearer header, or the cookie the ready line's link sets); the platform APIs keep their own
// authentication; on loopback nothing changes unless a token is given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { adminCookieName, adminTokenDecision, adminTokenOf, needsAdminToken, sameToken } from '../../src/http/guards/admin-token.js';
import { startEmbedkit } from '../../src/testing.js';
import { raw } from './helpers.js';

const TOKEN = 'a-token-of-the-team-0123456789';

describe('the admin-token rule', () => {
  const decide = (url: string, h: { method?: string; authorization?: string; cookie?: string } = {}) =>
    adminTokenDecision({ method: h.method ?? 'GET', path: url.split('?')[0]!, url, ...h }, TOKEN, 'embedkit-admin-8080');

  it('is in force beyond loopback (generated), or when given; not on loopback by default', () => {
    expect(adminTokenOf({})).toBeUndefined();
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) expect(adminTokenOf({ host })).toBeUndefined();
    const generated = adminTokenOf({ host: '0.0.0.0' })!;
    expect(generated.source).toBe('generated');
    expect(generated.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(adminTokenOf({ host: '0.0.0.0' })!.token).not.toBe(generated.token);
    expect(adminTokenOf({ flag: TOKEN })).toEqual({ token: TOKEN, source: 'flag' });
    expect(adminTokenOf({ env: TOKEN, host: '10.0.0.5' })).toEqual({ token: TOKEN, source: 'env' });
    expect(adminTokenOf({ flag: TOKEN, env: 'another-token-0123456789' })!.source).toBe('flag');
    expect(() => adminTokenOf({ flag: 'short' })).toThrow(/16 to 512/);
    expect(() => adminTokenOf({ flag: 'has a space in it, 0123456789' })).toThrow();
  });

  it('guards the host page and the simulator API, not the platform, the pictures or the probes', () => {
    for (const path of ['/', '/embedkit/v1/world', '/embedkit/v1/scenario', '/embedkit/v1/events/stream', '/embedkit/v1/deliveries'])
      expect(needsAdminToken('GET', path)).toBe(true);
    expect(needsAdminToken('POST', '/embedkit/v1/sessions')).toBe(true);
    for (const path of [
      '/v2/oauth/accessToken',
      '/v2/bot/message/push',
      '/oauth2/v2.1/authorize',
      '/embed/v1/apps',
      '/sdk/v1/sdk.js',
      '/host/host.js',
      '/demo/app/',
      '/demo/login/api/config',
      '/embedkit/v1/health',
      '/embedkit/v1/users/U1/picture',
    ])
      expect(needsAdminToken('GET', path)).toBe(false);
  });

  it('serves the Bearer token and the cookie; refuses none, a wrong one, another port’s cookie', () => {
    expect(decide('/embedkit/v1/world', { authorization: `Bearer ${TOKEN}` })).toEqual({ kind: 'serve' });
    expect(decide('/embedkit/v1/world', { cookie: `a=b; embedkit-admin-8080=${TOKEN}` })).toEqual({ kind: 'serve' });
    expect(decide('/embedkit/v1/world').kind).toBe('refuse');
    expect(decide('/embedkit/v1/world', { authorization: `Bearer ${TOKEN}x` }).kind).toBe('refuse');
    expect(decide('/embedkit/v1/world', { authorization: TOKEN }).kind).toBe('refuse');
    expect(decide('/embedkit/v1/world', { cookie: `embedkit-admin-9090=${TOKEN}` }).kind).toBe('refuse');
    // The link is for the page only: a token in the simulator API's query is not accepted.
    expect(decide(`/embedkit/v1/world?token=${TOKEN}`).kind).toBe('refuse');
  });

  it('turns the link into a cookie and drops the token from the URL', () => {
    expect(decide(`/?app=e1&token=${TOKEN}&user=U1`)).toEqual({
      kind: 'redirect',
      location: '/?app=e1&user=U1',
      setCookie: `embedkit-admin-8080=${TOKEN}; Path=/; HttpOnly; SameSite=Strict`,
    });
    expect(decide(`/?token=${TOKEN}`)).toMatchObject({ location: '/' });
    expect(decide('/?token=wrong-token-0123456789').kind).toBe('refuse');
    expect(decide('/?token=%E0%A4%A').kind).toBe('refuse');
    // A base64 token's `+` and `/` work as written or percent-encoded.
    const b64 = 'ab+cd/ef+gh/ij+kl/mn==';
    const d = (url: string) => adminTokenDecision({ method: 'GET', path: '/', url }, b64, 'c');
    expect(d(`/?token=${b64}`).kind).toBe('redirect');
    expect(d(`/?token=${encodeURIComponent(b64)}`).kind).toBe('redirect');
  });

  it('compares tokens of any length', () => {
    expect(sameToken(TOKEN, TOKEN)).toBe(true);
    expect(sameToken(TOKEN, TOKEN.slice(0, -1))).toBe(false);
    expect(sameToken('', TOKEN)).toBe(false);
  });

  it('names the cookie after the port the browser reached', () => {
    expect(adminCookieName('localhost:8080')).toBe('embedkit-admin-8080');
    expect(adminCookieName('[::1]:9000')).toBe('embedkit-admin-9000');
    expect(adminCookieName('sandbox.example.test')).toBe('embedkit-admin-80');
  });
});

describe('a server with a token', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, inMemory: true, adminToken: TOKEN });
  });
  afterAll(() => server.close());
  const host = () => ({ host: `127.0.0.1:${server.port}` });

  it('answers 401 {message} without it, on the page, the API and the stream', async () => {
    for (const path of ['/', '/embedkit/v1/world', '/embedkit/v1/scenario', '/embedkit/v1/events/stream']) {
      const res = await raw(server.port, 'GET', path, host());
      expect(res.status, path).toBe(401);
      expect(JSON.parse(res.text).message).toMatch(/admin token/);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    const post = await raw(
      server.port,
      'POST',
      '/embedkit/v1/clock',
      { ...host(), authorization: 'Bearer nope-nope-nope-nope' },
      { advanceMs: 1 },
    );
    expect(post.status).toBe(401);
  });

  it('serves the page through the link’s cookie and the API with the Bearer token', async () => {
    const link = await raw(server.port, 'GET', `/?token=${TOKEN}`, host());
    expect(link.status).toBe(303);
    expect(link.headers.location).toBe('/');
    const cookie = String(link.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const pair = cookie.split(';')[0]!;
    expect(pair).toBe(`embedkit-admin-${server.port}=${TOKEN}`);
    expect((await raw(server.port, 'GET', '/', { ...host(), cookie: pair })).status).toBe(200);
    expect((await raw(server.port, 'GET', '/embedkit/v1/world', { ...host(), cookie: pair })).status).toBe(200);
    expect((await raw(server.port, 'GET', '/embedkit/v1/world', { ...host(), authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('leaves the platform APIs, the probes and the shell’s files open', async () => {
    const res = await raw(
      server.port,
      'POST',
      '/v2/oauth/accessToken',
      { ...host(), 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials&client_id=1650000001&client_secret=0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f',
    );
    expect(res.status).toBe(200);
    expect((await raw(server.port, 'GET', '/embedkit/v1/health', host())).status).toBe(200);
    expect((await raw(server.port, 'GET', '/sdk/v1/sdk.js', host())).status).toBe(200);
  });
});

it('embedkit/testing sends its admin token from its helpers', async () => {
  const kit = await startEmbedkit({ adminToken: TOKEN });
  try {
    expect(kit.world.users.length).toBeGreaterThan(0);
    await kit.advanceClock(1000);
    expect((await fetch(`${kit.url}/embedkit/v1/world`)).status).toBe(401);
  } finally {
    await kit.stop();
  }
});
