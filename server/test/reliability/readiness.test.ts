// Start-up and drain: a request that reaches a listening server before it is ready is
// held and answered once it is, or answered 503 with Retry-After in its interface's format; never
// left hanging. Health answers at once; readiness says 503 until ready and while draining.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Readiness } from '../../src/http/readiness.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())))));
});

async function serve(listener: RequestListener): Promise<string> {
  const s = createServer(listener);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

const app: RequestListener = (req, res) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ served: req.url }));
};

describe('a server that is not ready yet', () => {
  it('holds a request and answers it once ready', async () => {
    const readiness = new Readiness(10_000);
    let ready: RequestListener | undefined;
    const url = await serve(readiness.listener(() => ready));
    const pending = fetch(`${url}/v2/bot/profile/U1`);
    const raced = await Promise.race([pending.then(() => 'answered'), new Promise((r) => setTimeout(() => r('held'), 200))]);
    expect(raced).toBe('held');
    ready = app;
    readiness.set('ready');
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ served: '/v2/bot/profile/U1' });
  });

  it('answers health at once, and readiness 503 with Retry-After until ready', async () => {
    const readiness = new Readiness(10_000);
    const url = await serve(readiness.listener(() => app));
    const health = await fetch(`${url}/embedkit/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'live', phase: 'starting' });
    const notReady = await fetch(`${url}/embedkit/v1/ready`);
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get('retry-after')).toBe('1');
    expect(await notReady.json()).toEqual({ ready: false, phase: 'starting' });
    readiness.set('ready');
    const ready = await fetch(`${url}/embedkit/v1/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, phase: 'ready' });
  });

  it('answers 503 with Retry-After in the interface format of the path when start-up takes longer than the hold', async () => {
    const readiness = new Readiness(100);
    const url = await serve(readiness.listener(() => undefined));
    const cases: Array<[string, RequestInit, unknown]> = [
      ['/v2/bot/message/push', { method: 'POST' }, { message: 'The server is starting; retry in 1 s' }],
      [
        '/v2/oauth/accessToken',
        { method: 'POST' },
        { error: 'temporarily_unavailable', error_description: 'The server is starting; retry in 1 s' },
      ],
      ['/v1/profiles?mids=u1', {}, { statusCode: '503', statusMessage: 'The server is starting; retry in 1 s' }],
    ];
    for (const [path, init, body] of cases) {
      const res = await fetch(`${url}${path}`, init);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual(body);
    }
  });

  it('refuses held requests with 503 when the start fails, and new ones while draining', async () => {
    const readiness = new Readiness(10_000);
    const url = await serve(readiness.listener(() => app));
    const held = fetch(`${url}/embed/v1/apps`);
    await new Promise((r) => setTimeout(r, 50));
    readiness.set('failed');
    expect((await held).status).toBe(503);
    readiness.set('draining');
    const res = await fetch(`${url}/embed/v1/apps`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'The server is shutting down; retry in 1 s' });
    expect((await fetch(`${url}/embedkit/v1/ready`)).status).toBe(503);
  });
});
