// The team sandbox: `embedkit start --host 0.0.0.0` (the built CLI, as a team runs it) requires the
// admin token it prints on its ready line. Reached here on 127.0.0.1 with `Host: 127.0.0.1`, as
// the team reaches it by the machine's address.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI, startCli, stopCli, type Child } from '../reliability/child.js';
import { raw } from './helpers.js';

const run = promisify(execFile);
const ALICE = 'U0a11ce0000000000000000000000a11c';

let sandbox: Child;
let token: string;
const host = () => ({ host: `127.0.0.1:${sandbox.port}` });

beforeAll(async () => {
  sandbox = await startCli(['--port', '0', '--in-memory', '--host', '0.0.0.0']);
  const line = /admin token {5}http:\/\/localhost:(\d+)\/\?token=([A-Za-z0-9_-]+) /.exec(sandbox.output());
  expect(line, sandbox.output()).not.toBeNull();
  expect(Number(line![1])).toBe(sandbox.port);
  token = line![2]!;
}, 30_000);
afterAll(() => stopCli(sandbox));

it('refuses the simulator API and the host page without the token: 401 {message}', async () => {
  for (const path of ['/embedkit/v1/world', '/']) {
    const res = await raw(sandbox.port, 'GET', path, host());
    expect(res.status, path).toBe(401);
    expect(JSON.parse(res.text).message).toMatch(/admin token/);
  }
  expect((await raw(sandbox.port, 'GET', '/embedkit/v1/world', { ...host(), authorization: 'Bearer wrong-token-0123456789' })).status).toBe(
    401,
  );
});

it('signs a browser in with the link: a cookie (HttpOnly, SameSite=Strict), the token dropped, then the host and its API answer', async () => {
  const link = await raw(sandbox.port, 'GET', `/?token=${token}&app=x`, host());
  expect([302, 303]).toContain(link.status);
  expect(link.headers.location).toBe('/?app=x');
  const setCookie = String(link.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  const cookie = setCookie.split(';')[0]!;
  expect((await raw(sandbox.port, 'GET', '/', { ...host(), cookie })).status).toBe(200);
  const world = await raw(sandbox.port, 'GET', '/embedkit/v1/world', { ...host(), cookie });
  expect(world.status).toBe(200);
  expect(JSON.parse(world.text).users.length).toBeGreaterThan(0);
  // The host page's own calls (same origin) carry the cookie: a session and a message.
  const say = await raw(
    sandbox.port,
    'POST',
    `/embedkit/v1/chats/${ALICE}/messages`,
    { ...host(), cookie, origin: `http://127.0.0.1:${sandbox.port}` },
    { userId: ALICE, message: { type: 'text', text: 'hi' } },
  );
  expect(say.status).not.toBe(401);
});

it('serves the CLI commands that send EMBEDKIT_ADMIN_TOKEN', async () => {
  const url = `http://127.0.0.1:${sandbox.port}`;
  const env = { ...process.env, DATABASE_URL: '', EMBEDKIT_ADMIN_TOKEN: '' };
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-sandbox-'));
  const file = join(dir, 'world.json');
  const refused = await run(process.execPath, [CLI, 'export', file, '--url', url], { env }).catch(
    (e: { code: number; stderr: string }) => e,
  );
  expect((refused as { code: number }).code).toBe(1);
  expect((refused as { stderr: string }).stderr).toMatch(/401.*EMBEDKIT_ADMIN_TOKEN/);
  await run(process.execPath, [CLI, 'export', file, '--url', url], { env: { ...env, EMBEDKIT_ADMIN_TOKEN: token } });
  expect(JSON.parse(readFileSync(file, 'utf8')).channels.length).toBeGreaterThan(0);
  rmSync(dir, { recursive: true, force: true });
  const apps = await run(process.execPath, [CLI, 'apps', 'list', '--url', url], { env: { ...env, EMBEDKIT_ADMIN_TOKEN: token } });
  expect(apps.stderr).toBe('');
  // Three CLI processes, each starting Node and reading the world.
}, 30_000);

it('leaves the platform APIs to their own authentication: a bot’s token and push need no admin token', async () => {
  const issued = await raw(
    sandbox.port,
    'POST',
    '/v2/oauth/accessToken',
    { ...host(), 'content-type': 'application/x-www-form-urlencoded' },
    'grant_type=client_credentials&client_id=1650000001&client_secret=0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f',
  );
  expect(issued.status).toBe(200);
  const push = await raw(
    sandbox.port,
    'POST',
    '/v2/bot/message/push',
    { ...host(), authorization: `Bearer ${JSON.parse(issued.text).access_token}` },
    { to: ALICE, messages: [{ type: 'text', text: 'hello team' }] },
  );
  expect(push.status).toBe(200);
});

it('exec passes a given admin token to the command and requires it on loopback', async () => {
  const given = 'exec-token-0123456789abcdef';
  const check = `const r = await fetch(process.env.EMBEDKIT_URL + '/embedkit/v1/world'); const a = await fetch(process.env.EMBEDKIT_URL + '/embedkit/v1/world', { headers: { authorization: 'Bearer ' + process.env.EMBEDKIT_ADMIN_TOKEN } }); process.exit(r.status === 401 && a.status === 200 && process.env.EMBEDKIT_ADMIN_TOKEN === '${given}' ? 0 : 3);`;
  await run(process.execPath, [CLI, 'exec', '--admin-token', given, '--', process.execPath, '--input-type=module', '-e', check], {
    env: { ...process.env, DATABASE_URL: '', EMBEDKIT_ADMIN_TOKEN: '' },
  });
}, 30_000);
