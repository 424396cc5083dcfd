// Shutdown: on SIGTERM the CLI stops accepting, lets the requests in flight finish,
// closes the database and exits 0; a write acknowledged during the drain is there after a restart.
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli, stopCli, type Child } from './child.js';

const CHANNEL = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' };
const dirs: string[] = [];
const running: Child[] = [];
afterAll(async () => {
  await Promise.all(running.map((c) => stopCli(c, 'SIGKILL')));
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function channelToken(base: string): Promise<string> {
  const res = await fetch(`${base}/v2/oauth/accessToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: CHANNEL.id, client_secret: CHANNEL.secret }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('SIGTERM', () => {
  // Two CLI processes start in turn (about 4 s on an idle machine): more than vitest's 5 s default on a loaded one.
  it('drains: a request in flight is answered and kept, new connections are refused, and the process exits 0', async () => {
    const data = mkdtempSync(join(tmpdir(), 'embedkit-drain-'));
    dirs.push(data);
    const first = await startCli(['--port', '0', '--data', data]);
    running.push(first);
    const token = await channelToken(first.baseUrl);
    const body = JSON.stringify({ view: { type: 'tall', url: 'https://example.com/registered-during-the-drain' } });

    // A registration whose body is still arriving when the signal comes. The signal waits for the
    // server's 100 Continue: Node sends it as it hands the request to the listener, so the request
    // is in (past the readiness gate) however loaded the machine, and never refused as arriving
    // during the drain.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${first.baseUrl}/embed/v1/apps`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.once('continue', () => {
        req.write(body.slice(0, 10));
        first.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      });
      req.flushHeaders();
    });
    const acked = await answer;
    expect(acked.status).toBe(200);
    const embedId = (JSON.parse(acked.body) as { embedId: string }).embedId;

    // No new connection while draining or after.
    await new Promise((r) => setTimeout(r, 100));
    await expect(fetch(`${first.baseUrl}/embedkit/v1/health`)).rejects.toThrow();
    expect(await first.exited).toBe(0);

    const second = await startCli(['--port', '0', '--data', data]);
    running.push(second);
    const list = await fetch(`${second.baseUrl}/embed/v1/apps`, {
      headers: { authorization: `Bearer ${await channelToken(second.baseUrl)}` },
    });
    const apps = ((await list.json()) as { apps: Array<{ embedId: string; view: { url: string } }> }).apps;
    expect(apps.find((a) => a.embedId === embedId)?.view.url).toBe('https://example.com/registered-during-the-drain');
    await stopCli(second);
    expect(await second.exited).toBe(0);
  }, 30_000);
});
