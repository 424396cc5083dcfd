// `node --import embedkit/register app.js`: a process whose code writes the platform's hosts in
// (api.line.me, LINE Pay's sandbox...) reaches the running embedkit instead, with fetch, http and
// https; every other host is left alone. Each case runs a child Node.js process on the built module
// (server/dist/register.js, through the package's "exports"), so it needs a build.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { ALICE, CHANNEL_1, onTestDatabase } from '../helpers.js';
import { MERCHANT as LINE_PAY_MERCHANT } from '../line-pay/helpers.js';
import { authorizeQuery, consent, redirectParams, requestIdOf, REDIRECT } from '../social/helpers.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The default scenario's Taiwan LINE Pay merchant, as the fixture reads it. */
const MERCHANT = { CHANNEL_ID: LINE_PAY_MERCHANT.channelId, CHANNEL_SECRET: LINE_PAY_MERCHANT.secret };
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** A child `node --import embedkit/register <script>` (or through NODE_OPTIONS) in the repository, the package's own name resolving to it. */
async function runRegistered(
  script: string,
  args: string[],
  env: Record<string, string>,
  how: 'import' | 'NODE_OPTIONS' = 'import',
): Promise<{ stdout: string; stderr: string }> {
  const { NODE_OPTIONS: _ignored, ...parent } = process.env;
  return run(process.execPath, [...(how === 'import' ? ['--import', 'embedkit/register'] : []), fixture(script), ...args], {
    cwd: ROOT,
    env: { ...parent, ...env, ...(how === 'NODE_OPTIONS' ? { NODE_OPTIONS: '--import=embedkit/register' } : {}) },
    timeout: 30_000,
  });
}

/** A server on `host` that answers each request with what it got; `world` answers embedkit's world at `/embedkit/v1/world`. */
async function recorder(host: string, world?: (self: string) => unknown): Promise<{ server: Server; url: string }> {
  const server = createServer((req: IncomingMessage, res) => {
    const self = `http://${host}:${(server.address() as AddressInfo).port}`;
    if (world && req.url === '/embedkit/v1/world')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(world(self)));
    const t0 = Date.now();
    const body: [number, string][] = [];
    req.on('data', (c: Buffer) => body.push([Date.now() - t0, String(c)]));
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-answer': 'yes' });
      res.write(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
      // The answer's second part comes later: a client that reads a stream sees the first one before.
      setTimeout(() => res.end('\n-- end'), 400);
    });
  });
  server.listen(0, host);
  await once(server, 'listening');
  return { server, url: `http://${host}:${(server.address() as AddressInfo).port}` };
}

describe('against a running embedkit', () => {
  let kit: RunningServer;
  beforeAll(async () => {
    kit = await startServer(onTestDatabase({ port: 0, inMemory: true, logger: pino({ level: 'silent' }) }));
  });
  afterAll(() => kit.close());

  it('says on stderr, in one line, which host goes to which origin', async () => {
    const { stderr } = await runRegistered('requests.mjs', ['[]'], { EMBEDKIT_URL: kit.baseUrl });
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `embedkit/register: api.line.me, api-data.line.me, access.line.me → ${kit.urls.base}; ` +
        `trialbot-api.line.me → ${kit.urls.trialbot}; api.blockchain.line.me, test-api.blockchain.line.me → ${kit.urls.blockchain}; ` +
        `api-pay.line.me, sandbox-api-pay.line.me → ${kit.urls.linepay}; other hosts untouched`,
    );
  });

  it('@line/bot-sdk with no baseURL gets a channel token and pushes a message that lands in the chat', async () => {
    const { stdout } = await runRegistered('bot-push.mjs', [ALICE], {
      EMBEDKIT_URL: kit.baseUrl,
      CHANNEL_ID: CHANNEL_1.id,
      CHANNEL_SECRET: CHANNEL_1.secret,
    });
    expect(JSON.parse(stdout).sentMessages).toHaveLength(1);
    const world = (await request(kit.embedkit.app).get('/embedkit/v1/world')).body as {
      chats: { chatId: string; bot?: string; memberIds: string[] }[];
    };
    const chat = world.chats.find((c) => c.bot === CHANNEL_1.id && c.memberIds.includes(ALICE))!;
    const page = await request(kit.embedkit.app).get(`/embedkit/v1/chats/${chat.chatId}/messages`);
    expect(page.body.messages.at(-1)).toMatchObject({ message: { type: 'text', text: 'sent to api.line.me' } });
  });

  it('an app that verifies the ID token as the LINE Login docs say (iss https://access.line.me, aud its channel) passes', async () => {
    const q = authorizeQuery({ client_id: CHANNEL_1.id });
    const page = await request(kit.embedkit.app).get('/oauth2/v2.1/authorize').query(q);
    const answer = await consent(kit.embedkit, { request: requestIdOf(page.text), userId: ALICE, decision: 'approve' });
    const code = redirectParams(answer.headers.location, q.redirect_uri).get('code')!;
    const { stdout } = await runRegistered(
      'id-token-app.mjs',
      [],
      {
        EMBEDKIT_URL: kit.baseUrl,
        CODE: code,
        CHANNEL_ID: CHANNEL_1.id,
        CHANNEL_SECRET: CHANNEL_1.secret,
        REDIRECT_URI: REDIRECT,
        NONCE: q.nonce!,
      },
      'NODE_OPTIONS',
    );
    expect(JSON.parse(stdout)).toMatchObject({ iss: 'https://access.line.me', aud: CHANNEL_1.id, sub: ALICE, name: 'Alice' });
  });

  it('line-pay-merchant 0.9.0, unmodified, requests, is paid, confirms, refunds and reads the details on embedkit', async () => {
    const { stdout } = await runRegistered('line-pay.mjs', [], { EMBEDKIT_URL: kit.baseUrl, ...MERCHANT, USER_ID: ALICE });
    expect(JSON.parse(stdout)).toEqual({
      request: '0000',
      paid: 200,
      confirm: '0000',
      refund: '0000',
      details: '0000',
      payment: { transactionId: true, refunds: [-100] },
    });
  });

  it('line-pay-merchant with a wrong secret key gets 1106, the header error', async () => {
    const { stdout } = await runRegistered('line-pay.mjs', [], {
      EMBEDKIT_URL: kit.baseUrl,
      ...MERCHANT,
      USER_ID: ALICE,
      WRONG_SECRET: 'x'.repeat(32),
    });
    expect(JSON.parse(stdout)).toEqual({ error: '1106' });
  });
});

describe('what a routed request keeps', () => {
  let fake: { server: Server; url: string };
  let other: { server: Server; url: string };
  beforeAll(async () => {
    // An embedkit stand-in that serves every origin itself and answers each request with what it got.
    fake = await recorder('127.0.0.1', (self) => ({
      urls: { base: self, deprecated: self, trialbot: self, blockchain: self, linepay: self },
    }));
    other = await recorder('127.0.0.2');
  });
  afterAll(() => {
    fake.server.close();
    other.server.close();
  });

  const call = { method: 'POST', headers: { 'x-line-retry-key': 'k1', 'content-type': 'text/plain' }, body: ['first,', 'second'] };

  it.each(['fetch', 'https'] as const)(
    'by %s: method, path, query, headers, streamed body and answer; Host is embedkit’s, the original in X-Forwarded-Host',
    async (via) => {
      const { stdout } = await runRegistered(
        'requests.mjs',
        [JSON.stringify([{ ...call, via, url: 'https://sandbox-api-pay.line.me/v3/payments/request?a=1&b=%20' }])],
        { EMBEDKIT_URL: fake.url },
      );
      const [answer] = JSON.parse(stdout);
      expect(answer).toMatchObject({ status: 201, headers: { 'x-answer': 'yes' } });
      const chunks = answer.chunks as [number, string][];
      const got = JSON.parse(chunks[0]![1]);
      expect(got).toMatchObject({
        method: 'POST',
        url: '/v3/payments/request?a=1&b=%20',
        headers: {
          host: new URL(fake.url).host,
          'x-forwarded-host': 'sandbox-api-pay.line.me',
          'x-forwarded-proto': 'https',
          'x-line-retry-key': 'k1',
          'content-type': 'text/plain',
        },
      });
      // Streamed both ways: embedkit got the body's two parts (written 100 ms apart) one by one, not
      // gathered into one, and the client read the answer's first part before its last came.
      expect(got.body.map(([, s]: [number, string]) => s)).toEqual(['first,', 'second']);
      expect(chunks.at(-1)).toEqual([expect.any(Number), '\n-- end']);
      expect(chunks.at(-1)![0]).toBeGreaterThanOrEqual(200);
    },
  );

  it('leaves every other host alone: a request to 127.0.0.2 reaches it as sent', async () => {
    const { stdout, stderr } = await runRegistered(
      'requests.mjs',
      [
        JSON.stringify([
          { ...call, via: 'fetch', url: `${other.url}/x?y=1` },
          { ...call, via: 'http', url: `${other.url}/z` },
        ]),
      ],
      { EMBEDKIT_URL: fake.url },
    );
    expect(stderr).toContain('other hosts untouched');
    for (const [i, path] of ['/x?y=1', '/z'].entries()) {
      const got = JSON.parse(JSON.parse(stdout)[i].chunks[0][1]);
      expect(got.url).toBe(path);
      expect(got.headers.host).toBe(new URL(other.url).host);
      expect(got.headers['x-forwarded-host']).toBeUndefined();
    }
  });

  it('refuses a host whose origin the embedkit it found does not serve (an embedkit without LINE Pay), never sending it out', async () => {
    const older = await recorder('127.0.0.1', (self) => ({ urls: { base: self, deprecated: self, trialbot: self, blockchain: self } }));
    try {
      const { stdout, stderr } = await runRegistered(
        'requests.mjs',
        [JSON.stringify([{ via: 'fetch', method: 'GET', url: 'https://api-pay.line.me/v3/payments?orderId=1' }])],
        { EMBEDKIT_URL: older.url },
      );
      expect(stderr).toContain('api-pay.line.me, sandbox-api-pay.line.me → refused (this embedkit serves no linepay origin)');
      expect(JSON.parse(stdout)[0].cause).toBe(
        `embedkit/register: the embedkit at ${older.url} serves no linepay origin, so api-pay.line.me was not reached`,
      );
    } finally {
      older.server.close();
    }
  });

  it('with no embedkit answering, says so and fails a platform request rather than send it to the platform', async () => {
    const closed = await recorder('127.0.0.1');
    closed.server.close();
    const { stdout, stderr } = await runRegistered(
      'requests.mjs',
      [JSON.stringify([{ via: 'https', method: 'GET', url: 'https://api.line.me/v2/bot/info' }])],
      {
        EMBEDKIT_URL: closed.url,
      },
    );
    expect(stderr.trim()).toBe(
      `embedkit/register: no embedkit answers at ${closed.url}: start one (npx embedkit) or point EMBEDKIT_URL at it; ` +
        "the platform's hosts will go to it once it answers, other hosts untouched",
    );
    expect(JSON.parse(stdout)).toEqual([
      { error: `no embedkit answers at ${closed.url}: start one (npx embedkit) or point EMBEDKIT_URL at it` },
    ]);
  });
});
