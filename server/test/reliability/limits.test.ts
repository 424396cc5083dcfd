// Limits against hostile clients: body size and JSON depth in each interface's format,
// slow clients cut off by the header and request timeouts, oversized headers.
import { connect, type Socket } from 'node:net';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../../src/http/body.js';
import { CHANNEL_1, channelToken, makeKit, TWO_CHANNELS } from '../helpers.js';

let kit: Embedkit;
let auth: { Authorization: string };
beforeAll(async () => {
  kit = await makeKit();
  auth = { Authorization: `Bearer ${await channelToken(kit)}` };
});
afterAll(() => kit.close());

const nested = (depth: number) => `${'{"a":['.repeat(depth / 2)}1${']}'.repeat(depth / 2)}`;

describe('request bodies', () => {
  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with 400 before any schema check`, async () => {
    const deep = await request(kit.app)
      .post('/embed/v1/apps')
      .set(auth)
      .set('Content-Type', 'application/json')
      .send(`{"view":${nested(MAX_JSON_DEPTH)}}`);
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ message: `Nesting depth must be at most ${MAX_JSON_DEPTH}` }],
    });
    // At the limit the body reaches the schema check, which names the wrong field.
    const atLimit = await request(kit.app)
      .post('/embed/v1/apps')
      .set(auth)
      .set('Content-Type', 'application/json')
      .send(`{"view":${nested(MAX_JSON_DEPTH - 2)}}`);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.message).toMatch(/^The request body has \d+ error\(s\)$/);
    expect(JSON.stringify(atLimit.body.details)).not.toContain('Nesting depth');
    // Brackets inside strings are text, not nesting.
    const inString = await request(kit.app)
      .post('/embed/v1/apps')
      .set(auth)
      .send({ view: { type: 'full', url: `https://example.com/${'['.repeat(500)}` } });
    expect(inString.status).toBe(200);
  });

  it('answers 413 for a body over the limit, in the format of each interface', async () => {
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    const json = await request(kit.app).post('/embed/v1/apps').set(auth).set('Content-Type', 'application/json').send(`{"a":"${big}"}`);
    expect(json.status).toBe(413);
    expect(json.body).toEqual({ message: `The request body is too large (max ${MAX_BODY_BYTES} bytes)` });
    const oauth = await request(kit.app).post('/v2/oauth/accessToken').type('form').send(`client_id=${CHANNEL_1.id}&x=${big}`);
    expect(oauth.status).toBe(413);
    expect(oauth.body).toEqual({
      error: 'invalid_request',
      error_description: `The request body is too large (max ${MAX_BODY_BYTES} bytes)`,
    });
    const v1 = await request(kit.app).post('/v1/oauth/accessToken').type('form').send(`x=${big}`);
    expect(v1.status).toBe(413);
    expect(v1.body).toEqual({ statusCode: '413', statusMessage: `The request body is too large (max ${MAX_BODY_BYTES} bytes)` });
  });
});

describe('slow and malformed clients', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      inMemory: true,
      scenarioFile: TWO_CHANNELS,
      logger: pino({ level: 'silent' }),
      headersTimeoutMs: 400,
      requestTimeoutMs: 800,
    });
  });
  afterAll(() => server.close());

  /** Opens a raw connection; resolves with everything the server sent once it closes the socket. */
  function rawClient(): { socket: Socket; closed: Promise<{ text: string; afterMs: number }> } {
    const socket = connect(server.port, '127.0.0.1');
    const started = Date.now();
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise<{ text: string; afterMs: number }>((resolve) =>
      socket.on('close', () => resolve({ text, afterMs: Date.now() - started })),
    );
    return { socket, closed };
  }

  it('closes the socket of a client that sends its headers too slowly (slowloris), with a 408', async () => {
    const { socket, closed } = rawClient();
    socket.write('GET /embedkit/v1/world HTTP/1.1\r\nHost: localhost\r\n');
    // One header line every 100 ms, never the blank line that ends the headers.
    let n = 0;
    const drip = setInterval(() => socket.writable && socket.write(`X-Slow-${n++}: 1\r\n`), 100);
    const { text, afterMs } = await closed;
    clearInterval(drip);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('{"message":"The request was not received in time"}');
    expect(afterMs).toBeLessThan(5_000);
  });

  it('closes the socket of a client that sends its body too slowly', async () => {
    const { socket, closed } = rawClient();
    socket.write(
      'POST /embedkit/v1/messages/validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":"',
    );
    const drip = setInterval(() => socket.writable && socket.write('x'), 100);
    const { afterMs } = await closed;
    clearInterval(drip);
    expect(afterMs).toBeLessThan(5_000);
  });

  it('keeps answering others while slow clients hang on', async () => {
    const slow = rawClient();
    slow.socket.write('GET / HTTP/1.1\r\n');
    const res = await fetch(`http://127.0.0.1:${server.port}/embedkit/v1/world`);
    expect(res.status).toBe(200);
    slow.socket.destroy();
  });

  it('answers headers over 16 KB with 431 {message}, and malformed HTTP with 400 {message}', async () => {
    const big = rawClient();
    big.socket.write(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const a = await big.closed;
    expect(a.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(a.text).toContain('{"message":"The request headers are too large"}');
    const bad = rawClient();
    bad.socket.write('NOT HTTP AT ALL\r\n\r\n');
    const b = await bad.closed;
    expect(b.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(b.text).toContain('{"message":"The request could not be parsed as HTTP"}');
  });

  it('answers a HEAD request whose headers are over 16 KB with 431 and no content, as HEAD answers are', async () => {
    const big = rawClient();
    big.socket.write(`HEAD /v2/bot/group/${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const a = await big.closed;
    expect(a.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(a.text.endsWith('\r\n\r\n')).toBe(true);
    expect(a.text).not.toContain('{"message"');
  });
});
