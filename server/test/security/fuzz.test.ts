// Property-based: foreign Host and Origin values against a listening server. A Host that is not
// localhost, a *.localhost name, an IP literal or an allowed name is refused (403) on every port and
// every path, whatever the method; any Host value gets no 5xx; a request a rule refuses never gets a
// 200. On the simulator API, an Origin that is not one of embedkit's own is refused without an
// Access-Control-Allow-Origin. FUZZ_RUNS sets the number of requests of each property (default 200).
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { isHostAllowed, parseAllowedHosts } from '../../src/http/guards/host-check.js';
import { CHANNEL_1, onTestDatabase, TWO_CHANNELS, UTOU } from '../helpers.js';
import { capturingLogger, raw } from './helpers.js';

const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 200), 5_000);
const ALLOWED = ['dev.example.test'];

/** Paths of every kind: the simulator API, the platform APIs of each interface, pages, unknown. */
const PATHS = [
  '/embedkit/v1/world',
  '/embedkit/v1/scenario',
  '/embedkit/v1/sessions',
  '/embedkit/v1/deliveries',
  `/embedkit/v1/chats/${UTOU}/messages`,
  `/embedkit/v1/channels/${CHANNEL_1.id}/webhook`,
  '/embedkit/v1/events/stream',
  '/v2/oauth/accessToken',
  '/v2/bot/message/push',
  '/v2/profile',
  '/embed/v1/apps',
  '/v1/events',
  '/v1/wallets',
  '/',
  '/sdk/v1/sdk.js',
  '/no/such/path',
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'];

let server: RunningServer;
const ports = () => [server.port, ...Object.values(server.ports)];
beforeAll(async () => {
  server = await startServer(
    onTestDatabase({ port: 0, inMemory: true, scenarioFile: TWO_CHANNELS, logger: capturingLogger().logger, allowedHosts: ALLOWED }),
  );
});
afterAll(() => server.close());

/** A host name of another site: a domain that is neither a localhost name nor an allowed one. */
const foreignName = fc
  .domain()
  .filter((d) => d !== 'localhost' && !d.endsWith('.localhost') && !ALLOWED.includes(d.toLowerCase()) && !/^[0-9.]+$/.test(d));
/** Any Host value a client can send: printable ASCII without spaces at its ends. */
const anyHost = fc.string({ minLength: 0, maxLength: 60, unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) });
const request = fc.record({
  portIndex: fc.nat({ max: 3 }),
  method: fc.constantFrom(...METHODS),
  path: fc.constantFrom(...PATHS),
  port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
});

describe('foreign Host values', () => {
  it('a name of another site is refused with 403 on every port, path and method', async () => {
    await fc.assert(
      fc.asyncProperty(foreignName, request, async (name, r) => {
        const host = r.port === undefined ? name : `${name}:${r.port}`;
        const answer = await raw(ports()[r.portIndex]!, r.method, r.path, { host, 'content-type': 'text/plain' }, '{}');
        expect(answer.status, `${r.method} ${r.path} Host ${host}`).toBe(403);
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  it('any Host value gets no 5xx, and a refused one never a 200', async () => {
    const allowed = parseAllowedHosts(ALLOWED);
    await fc.assert(
      fc.asyncProperty(anyHost, request, async (host, r) => {
        const answer = await raw(ports()[r.portIndex]!, r.method, r.path, { host });
        expect(answer.status, `${r.method} ${r.path} Host ${host}`).toBeLessThan(500);
        if (!isHostAllowed(host, allowed)) expect(answer.status, `Host ${host}`).not.toBe(200);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('foreign Origin values on the simulator API', () => {
  /** Origins of other sites and of other ports of this machine, and values no browser sends. */
  const foreignOrigin = fc.oneof(
    fc.webUrl({ withFragments: false, withQueryParameters: false }).map((u) => new URL(u).origin),
    fc.integer({ min: 1, max: 65535 }).map((p) => `http://127.0.0.1:${p}`),
    fc.constant('null'),
    anyHost,
  );
  const own = () => [server.urls.base, server.urls.deprecated, server.urls.trialbot, server.urls.blockchain, server.demoOrigin];

  it('refuses every Origin that is not embedkit’s own, with no CORS header and no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        foreignOrigin.filter((o) => !own().includes(o) && o !== `http://localhost:${server.port}`),
        fc.constantFrom(...PATHS.filter((p) => p.startsWith('/embedkit/'))),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        async (origin, path, method) => {
          const answer = await raw(
            server.port,
            method,
            path,
            { host: `localhost:${server.port}`, origin, 'content-type': 'text/plain' },
            '{}',
          );
          expect(answer.status, `${method} ${path} Origin ${origin}`).toBe(403);
          expect(answer.headers['access-control-allow-origin']).toBeUndefined();
        },
      ),
      { numRuns: RUNS },
    );
  });
});
