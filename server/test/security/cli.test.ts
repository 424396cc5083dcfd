// `embedkit start --host 0.0.0.0 --allowed-hosts <name>`: the team reaches it by a name; the ready
// line says which names are served, and the listener serves those and refuses the others (the
// admin token a non-loopback start requires is given by the environment).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { raw } from './helpers.js';

const CLI = resolve('server/dist/bin/embedkit.js');
const TOKEN = 'team-token-0123456789abcdef';

it('a non-loopback start lists the allowed hosts on its ready line and serves only them', async () => {
  const child = spawn(process.execPath, [CLI, '--port', '0', '--in-memory', '--host', '0.0.0.0', '--allowed-hosts', 'dev.example.test'], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', EMBEDKIT_ADMIN_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  try {
    await new Promise<void>((ready, fail) => {
      const t = setTimeout(() => fail(new Error(`no ready line:\n${out}`)), 20_000);
      child.stdout!.on('data', () => out.includes('allowed hosts') && (clearTimeout(t), ready()));
      child.once('exit', () => (clearTimeout(t), fail(new Error(`exited:\n${out}`))));
    });
    expect(out).toContain('  allowed hosts   localhost, *.localhost, IP addresses, dev.example.test');
    const port = Number(/embedkit ready: http:\/\/localhost:(\d+)\//.exec(out)![1]);
    const bearer = `Bearer ${TOKEN}`;
    expect((await raw(port, 'GET', '/embedkit/v1/world', { host: `dev.example.test:${port}`, authorization: bearer })).status).toBe(200);
    expect((await raw(port, 'GET', '/embedkit/v1/world', { host: `other.example.test:${port}`, authorization: bearer })).status).toBe(403);
  } finally {
    await new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  }
}, 60_000);
