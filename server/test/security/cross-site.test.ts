// Cross-site requests: a page of any site can send a text/plain or form POST (no CORS preflight)
// or an <img>/<script> GET to a local server. Embedkit's own API serves only its own pages; the
// platform's APIs keep the platform's rules (bots and backends, and the browser calls the
// platform allows from an app page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { crossSiteRefusal } from '../../src/http/guards/cross-site.js';
import { ALICE, CHANNEL_1, onTestDatabase, TWO_CHANNELS, UTOU } from '../helpers.js';
import { capturingLogger, raw } from './helpers.js';

const OWN = ['http://localhost:8080', 'http://localhost:8081', 'http://localhost:8082', 'http://localhost:8083', 'http://127.0.0.1:8080'];

describe('the cross-site rule', () => {
  const decide = (path: string, h: { origin?: string; site?: string; method?: string; host?: string }) =>
    crossSiteRefusal({ method: h.method ?? 'POST', path, origin: h.origin, secFetchSite: h.site, host: h.host ?? 'localhost:8080' }, OWN);

  it('serves embedkit’s own origins and the request’s own origin, refuses the others', () => {
    expect(decide('/embedkit/v1/sessions', { origin: 'http://localhost:8080', site: 'same-origin' })).toBeUndefined();
    expect(decide('/embedkit/v1/sessions', { origin: 'http://127.0.0.1:8080', site: 'cross-site' })).toBeUndefined();
    expect(decide('/embedkit/v1/sessions', { origin: 'http://[::1]:8080', host: '[::1]:8080' })).toBeUndefined();
    expect(decide('/embedkit/v1/sessions', {})).toBeUndefined();
    expect(decide('/embedkit/v1/sessions', { site: 'none' })).toBeUndefined();
    expect(decide('/embedkit/v1/sessions', { origin: 'http://evil.example' })).toMatch(/Origin http:\/\/evil.example/);
    expect(decide('/embedkit/v1/sessions', { origin: 'null' })).toBeDefined();
    // Another port of the same host is same-site, yet another origin.
    expect(decide('/embedkit/v1/sessions', { origin: 'http://localhost:5173', site: 'same-site' })).toBeDefined();
    expect(decide('/embedkit/v1/world', { method: 'GET', site: 'same-site' })).toBeDefined();
    expect(decide('/embedkit/v1/events/stream', { method: 'GET', site: 'cross-site' })).toBeDefined();
    expect(decide('/demo/login/api/session', { method: 'GET', origin: 'http://evil.example' })).toBeDefined();
  });

  it('leaves the platform APIs, the pages, the probes and the public pictures alone', () => {
    for (const path of [
      '/v2/profile',
      '/friendship/v1/status',
      '/message/v3/share',
      '/oauth2/v2.1/authorize',
      '/sdk/v1/sdk.js',
      '/',
      '/demo/app/',
    ])
      expect(decide(path, { origin: 'http://evil.example', site: 'cross-site' }), path).toBeUndefined();
    for (const path of [
      '/embedkit/v1/health',
      `/embedkit/v1/users/${ALICE}/picture`,
      `/embedkit/v1/users/${ALICE}/picture/small`,
      '/embedkit/v1/channels/1/icon',
    ])
      expect(decide(path, { method: 'GET', site: 'cross-site' }), path).toBeUndefined();
    // A picture is public to read, not to write.
    expect(decide(`/embedkit/v1/users/${ALICE}/picture`, { method: 'POST', site: 'cross-site' })).toBeDefined();
  });
});

describe('on a running server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: TWO_CHANNELS, logger: capturingLogger().logger }));
  });
  afterAll(() => server.close());
  const host = () => `localhost:${server.port}`;

  it('refuses a text/plain POST of media from another site, and stores nothing', async () => {
    const messages = () => raw(server.port, 'GET', `/embedkit/v1/chats/${UTOU}/messages`, { host: host() });
    const before = (await messages()).text;
    const answer = await raw(
      server.port,
      'POST',
      `/embedkit/v1/chats/${UTOU}/media?userId=${ALICE}&type=file`,
      { host: host(), origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      'not a file',
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toEqual({ message: expect.stringContaining('Origin http://evil.example') });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect((await messages()).text).toBe(before);
  });

  it('refuses the live stream, the scenario export and a session to another site, with no CORS header', async () => {
    for (const [method, path] of [
      ['GET', '/embedkit/v1/events/stream'],
      ['GET', '/embedkit/v1/scenario'],
      ['GET', '/embedkit/v1/deliveries'],
      ['POST', '/embedkit/v1/clock'],
      ['POST', '/embedkit/v1/sessions'],
    ] as const) {
      const answer = await raw(server.port, method, path, { host: host(), origin: `http://127.0.0.1:${server.port + 1000}` });
      expect(answer.status, path).toBe(403);
      expect(answer.headers['access-control-allow-origin'], path).toBeUndefined();
    }
  });

  it('serves the host’s own calls from its origins (localhost and the demo origin)', async () => {
    for (const origin of [server.baseUrl, server.demoOrigin]) {
      const answer = await raw(
        server.port,
        'POST',
        '/embedkit/v1/sessions',
        { host: host(), origin, 'sec-fetch-site': origin === server.baseUrl ? 'same-origin' : 'cross-site' },
        { userId: ALICE, channelId: CHANNEL_1.id, scopes: ['profile'], context: { type: 'utou', chatId: UTOU } },
      );
      expect(answer.status, origin).toBe(200);
    }
  });

  it('answers the platform calls of an app page from the apps’ origins', async () => {
    const session = await raw(
      server.port,
      'POST',
      '/embedkit/v1/sessions',
      { host: host() },
      { userId: ALICE, channelId: CHANNEL_1.id, scopes: ['profile', 'chat_message.write'], context: { type: 'utou', chatId: UTOU } },
    );
    const token = (JSON.parse(session.text) as { access_token: string }).access_token;
    for (const origin of [server.demoOrigin, 'https://my-app.example', 'http://localhost:5173']) {
      const browser = { host: host(), origin, 'sec-fetch-site': 'cross-site', authorization: `Bearer ${token}` };
      expect((await raw(server.port, 'GET', '/v2/profile', browser)).status, origin).toBe(200);
      expect((await raw(server.port, 'GET', '/friendship/v1/status', browser)).status, origin).toBe(200);
      const share = await raw(server.port, 'POST', '/message/v3/share', browser, { messages: [{ type: 'text', text: 'from the app' }] });
      expect(share.status, origin).toBe(200);
      const sdk = await raw(server.port, 'GET', '/sdk/v1/sdk.js', { host: host(), origin, 'sec-fetch-site': 'cross-site' });
      expect(sdk.status).toBe(200);
      expect(sdk.headers['access-control-allow-origin']).toBe('*');
      const picture = await raw(server.port, 'GET', `/embedkit/v1/users/${ALICE}/picture`, {
        host: host(),
        'sec-fetch-site': 'cross-site',
      });
      expect(picture.status).toBe(200);
      const login = await raw(
        server.port,
        'GET',
        `/oauth2/v2.1/authorize?response_type=code&client_id=${CHANNEL_1.id}&redirect_uri=${encodeURIComponent(`${server.demoOrigin}/demo/login/`)}&state=s&scope=profile`,
        { host: host(), 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      );
      expect(login.status).toBeLessThan(500);
      expect(login.status).not.toBe(403);
    }
  });
});
