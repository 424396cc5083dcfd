// DNS rebinding: a page of another site whose name is made to resolve to 127.0.0.1 sends its
// requests with its own name in Host. Every port serves only localhost, *.localhost, IP literals
// and the allowed names, before anything else (also while the server starts), and a refused
// request changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { hostChecked, hostNameOf, isHostAllowed, parseAllowedHosts } from '../../src/http/guards/host-check.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALICE, CHANNEL_1, GROUP, onTestDatabase, TWO_CHANNELS, UTOU } from '../helpers.js';
import { capturingLogger, raw } from './helpers.js';

const ALLOWED = 'dev.example.test';

describe('the Host rule', () => {
  it('serves localhost, *.localhost, IP literals and the allowed names; nothing else', () => {
    const allowed = parseAllowedHosts([ALLOWED, '.team.test']);
    for (const host of [
      'localhost:8080',
      'LOCALHOST',
      'app.localhost:1',
      '127.0.0.1:8080',
      '10.0.0.7',
      '[::1]:8080',
      '[fe80::1]',
      'dev.example.test:9',
      'a.team.test',
      'team.test',
      'localhost.',
    ])
      expect(isHostAllowed(host, allowed), host).toBe(true);
    for (const host of ['evil.example.com:8080', 'localhost.evil.com', 'example.test', 'xdev.example.test', '127.1', '[::1', '', undefined])
      expect(isHostAllowed(host, allowed), String(host)).toBe(false);
    expect(isHostAllowed('evil.example.com', 'all')).toBe(true);
    expect(parseAllowedHosts(['a.test', 'all'])).toBe('all');
    expect(() => parseAllowedHosts(['http://a.test'])).toThrow(/not a host name/);
    expect(hostNameOf('[::1]:80')).toBe('[::1]');
  });
});

describe('a checked listener', () => {
  it('judges each request by its own Host, also when allowed and refused hosts alternate', () => {
    const served: string[] = [];
    const refused: string[] = [];
    const listener = hostChecked(
      (req) => served.push(req.headers.host ?? ''),
      parseAllowedHosts([]),
      (host) => refused.push(host ?? '(none)'),
    );
    const res = { writeHead: () => res, end: () => undefined } as unknown as ServerResponse;
    for (const host of ['localhost:1', 'localhost:1', 'evil.test', 'evil.test', 'localhost:1', undefined, 'evil.test', '127.0.0.1'])
      listener({ headers: { host } } as IncomingMessage, res);
    expect(served).toEqual(['localhost:1', 'localhost:1', 'localhost:1', '127.0.0.1']);
    expect(refused).toEqual(['evil.test', 'evil.test', '(none)', 'evil.test']);
  });
});

describe('every port', () => {
  let server: RunningServer;
  const log = capturingLogger();
  const ports = () => ({ base: server.port, ...server.ports });
  beforeAll(async () => {
    server = await startServer(
      onTestDatabase({ port: 0, inMemory: true, scenarioFile: TWO_CHANNELS, logger: log.logger, allowedHosts: [ALLOWED] }),
    );
  });
  afterAll(() => server.close());

  const HOSTS: Array<[string, number]> = [
    ['evil.example.com', 403],
    ['localhost', 200],
    ['127.0.0.1', 200],
    ['[::1]', 200],
    [ALLOWED, 200],
  ];

  it.each(HOSTS)('Host %s → %i on each port (GET)', async (name, status) => {
    for (const [origin, port] of Object.entries(ports())) {
      const answer = await raw(port, 'GET', '/embedkit/v1/health', { host: `${name}:${port}` });
      expect(answer.status, origin).toBe(status);
      if (status === 403) {
        expect(answer.headers['content-type']).toMatch(/^text\/plain/);
        expect(answer.text).toContain(`"${name}"`);
        expect(answer.text).toContain('--allowed-hosts');
      }
    }
    const world = await raw(server.port, 'GET', '/embedkit/v1/world', { host: `${name}:${server.port}` });
    expect(world.status).toBe(status);
  });

  it('logs one warning per refused request', async () => {
    const before = log.lines.length;
    await raw(server.port, 'GET', '/embedkit/v1/world', { host: 'logged.example.com' });
    const added = log.lines.slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ level: 40, host: 'logged.example.com', method: 'GET', url: '/embedkit/v1/world' });
  });

  /** The simulator API's state-changing routes, with a body each would accept. */
  const CHANGES: Array<[string, string, Record<string, unknown> | undefined]> = [
    [
      'POST',
      '/embedkit/v1/sessions',
      { userId: ALICE, channelId: CHANNEL_1.id, scopes: ['profile'], context: { type: 'utou', chatId: UTOU } },
    ],
    ['POST', `/embedkit/v1/chats/${GROUP}/messages`, { userId: ALICE, message: { type: 'text', text: 'hi' } }],
    ['POST', `/embedkit/v1/chats/${GROUP}/postbacks`, { userId: ALICE, data: 'x' }],
    ['POST', `/embedkit/v1/chats/${GROUP}/bots`, { channelId: CHANNEL_1.id }],
    ['DELETE', `/embedkit/v1/chats/${GROUP}/bots/${CHANNEL_1.id}`, undefined],
    ['PUT', `/embedkit/v1/channels/${CHANNEL_1.id}/webhook`, { url: 'http://127.0.0.1:9/hook' }],
    ['PATCH', `/embedkit/v1/channels/${CHANNEL_1.id}`, { active: true }],
    ['POST', '/embedkit/v1/clock', { advanceMs: 1000 }],
    ['PUT', `/embedkit/v1/users/${ALICE}/friendships/${CHANNEL_1.id}`, { status: 'friend' }],
    ['POST', '/embedkit/v1/tokens/invalidate', { userId: ALICE, channelId: CHANNEL_1.id, reason: 'logout' }],
    ['POST', '/embedkit/v1/deliveries/1/redeliver', undefined],
  ];

  it.each(HOSTS)('Host %s on the state-changing routes of the simulator API', async (name, status) => {
    for (const [method, path, body] of CHANGES) {
      const answer = await raw(server.port, method, path, { host: `${name}:${server.port}` }, body);
      if (status === 403) expect(answer.status, `${method} ${path}`).toBe(403);
      // Reached the route: whatever it answers, it is not the Host check's refusal.
      else expect(answer.text, `${method} ${path}`).not.toMatch(/^Blocked request/);
    }
  });
});

describe('the rebinding drill: the routes that once leaked', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: TWO_CHANNELS, logger: capturingLogger().logger }));
  });
  afterAll(() => server.close());
  const evil = () => ({ host: `evil.example.com:${server.port}` });
  const local = () => ({ host: `127.0.0.1:${server.port}` });

  it('refuses the scenario export, a session, the deliveries and a webhook change, and changes nothing', async () => {
    const webhookBefore = await raw(server.port, 'GET', `/embedkit/v1/channels/${CHANNEL_1.id}/webhook`, local());
    const tokensBefore = await server.embedkit.db
      .selectFrom('user_tokens')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();

    const scenario = await raw(server.port, 'GET', '/embedkit/v1/scenario', evil());
    expect(scenario.status).toBe(403);
    expect(scenario.text).not.toContain(CHANNEL_1.secret);
    const session = await raw(server.port, 'POST', '/embedkit/v1/sessions', evil(), {
      userId: ALICE,
      channelId: CHANNEL_1.id,
      scopes: ['profile'],
      context: { type: 'utou', chatId: UTOU },
    });
    expect(session.status).toBe(403);
    expect(session.text).not.toContain('access_token');
    expect((await raw(server.port, 'GET', '/embedkit/v1/deliveries', evil())).status).toBe(403);
    const put = await raw(server.port, 'PUT', `/embedkit/v1/channels/${CHANNEL_1.id}/webhook`, evil(), {
      url: 'http://169.254.169.254/latest',
    });
    expect(put.status).toBe(403);

    expect((await raw(server.port, 'GET', `/embedkit/v1/channels/${CHANNEL_1.id}/webhook`, local())).text).toBe(webhookBefore.text);
    const tokensAfter = await server.embedkit.db
      .selectFrom('user_tokens')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(tokensAfter.n)).toBe(Number(tokensBefore.n));
    // The same calls by an allowed name still work.
    expect((await raw(server.port, 'GET', '/embedkit/v1/scenario', local())).status).toBe(200);
  });
});

describe('while the server starts', () => {
  it('refuses a foreign Host at once instead of holding it', async () => {
    const log = capturingLogger();
    const starting = startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: TWO_CHANNELS, logger: log.logger }));
    const server = await starting;
    try {
      server.readiness.set('starting');
      const t0 = Date.now();
      const answer = await raw(server.port, 'GET', '/embedkit/v1/world', { host: 'evil.example.com' });
      expect(answer.status).toBe(403);
      expect(Date.now() - t0).toBeLessThan(1000);
      // The health check too: nothing answers a foreign name.
      expect((await raw(server.port, 'GET', '/embedkit/v1/health', { host: 'evil.example.com' })).status).toBe(403);
    } finally {
      server.readiness.set('ready');
      await server.close();
    }
  });
});
