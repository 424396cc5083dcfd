/**
 * `embedkit.config.json(c)`: read by `exec` and `start` from the current directory:
 * scenario (path or inline), apps registered at start, webhook URLs, fault rules, the port; a wrong file is
 * refused naming the field, without a stack trace. Runs the built CLI.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers.js';

const run = promisify(execFile);
const CLI = resolve('server/dist/bin/embedkit.js');
/** The CLI's file-based behaviour is tested: its processes use the embedded database even in the PostgreSQL pass. */
const env = { ...process.env, DATABASE_URL: '' };
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'embedkit-config-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a project folder with a config file and a script that prints what the server holds. */
function project(name: string, config: string, file = 'embedkit.config.jsonc'): string {
  const folder = mkdtempSync(join(dir, `${name}-`));
  writeFileSync(join(folder, file), config);
  writeFileSync(
    join(folder, 'check.mjs'),
    `const base = process.env.EMBEDKIT_URL;
const world = await (await fetch(base + '/embedkit/v1/world')).json();
const bots = await (await fetch(base + '/embedkit/v1/bots')).json();
const faults = await (await fetch(base + '/embedkit/v1/faults')).json();
console.log(JSON.stringify({ users: world.users.map((u) => u.displayName), apps: world.apps.map((a) => a.view.url), webhooks: Object.fromEntries(bots.bots.map((b) => [b.channelId, b.webhookUrl])), faults: faults.faults.map((f) => [f.operation, f.kind, f.remaining]) }));`,
  );
  return folder;
}

async function exec(cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, 'exec', '--', process.execPath, 'check.mjs'], { cwd, env });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const WORLD = JSON.parse(readFileSync('server/scenarios/default.json', 'utf8'));

describe('embedkit.config.json', { timeout: 60_000 }, () => {
  it('exec: an inline scenario, apps registered at start and webhook URLs (JSON with comments)', async () => {
    const scenario = { ...WORLD, users: [...WORLD.users, { userId: 'U00000000000000000000000000000d0e', displayName: 'Dave' }] };
    const folder = project(
      'inline',
      `{
  // the dev server of this project
  "apps": [{ "url": "http://localhost:5173/", "view": "full" }],
  "webhooks": { "1650000001": "http://127.0.0.1:4000/hook" },
  // the bot's retry on a rate limit, tried on every run
  "faults": [{ "operation": "pushMessage", "kind": "rateLimited", "times": 1 }],
  "scenario": ${JSON.stringify(scenario)},
}`,
    );
    const r = await exec(folder);
    expect(r.code, r.stderr).toBe(0);
    const seen = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(seen.users).toContain('Dave');
    expect(seen.apps).toContain('http://localhost:5173/');
    expect(seen.webhooks['1650000001']).toBe('http://127.0.0.1:4000/hook');
    expect(seen.faults).toEqual([['pushMessage', 'rateLimited', 1]]);
  });

  it('exec: headerPrefix from the file, --header-prefix wins; the command gets EMBEDKIT_HEADER_PREFIX', async () => {
    const folder = project('prefix', '{ "headerPrefix": "X-Line-" }', 'embedkit.config.json');
    writeFileSync(
      join(folder, 'prefix.mjs'),
      `const world = await (await fetch(process.env.EMBEDKIT_URL + '/embedkit/v1/world')).json();
console.log(JSON.stringify({ env: process.env.EMBEDKIT_HEADER_PREFIX, world: world.headerPrefix }));`,
    );
    const prefixOf = async (...flags: string[]) => {
      const { stdout } = await run(process.execPath, [CLI, 'exec', ...flags, '--', process.execPath, 'prefix.mjs'], { cwd: folder, env });
      return JSON.parse(stdout.trim().split('\n').at(-1)!);
    };
    expect(await prefixOf()).toEqual({ env: 'X-Line-', world: 'X-Line-' });
    expect(await prefixOf('--header-prefix', 'X-Acme-')).toEqual({ env: 'X-Acme-', world: 'X-Acme-' });
    const bad = await run(process.execPath, [CLI, 'exec', '--header-prefix', 'X-Line', '--', 'true'], { cwd: folder, env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad.stderr).toContain('ending with a hyphen');
    expect(bad.stderr).not.toContain('    at ');
  });

  it('exec: a scenario path relative to the config file', async () => {
    const folder = project('path', '{ "scenario": "world.json" }', 'embedkit.config.json');
    writeFileSync(
      join(folder, 'world.json'),
      JSON.stringify({ ...WORLD, users: [...WORLD.users, { userId: 'U00000000000000000000000000000e0e', displayName: 'Erin' }] }),
    );
    const r = await exec(folder);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!).users).toContain('Erin');
  });

  it('refuses a wrong file naming the field, and a wrong inline scenario naming its path; no stack trace', async () => {
    const bad = await exec(project('bad', '{ "port": "8080", "apps": [{ "url": "ftp://x" }] }'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      'embedkit.config.jsonc is invalid:\n  port: Must be an integer\n  apps[0].url: must match pattern "^https?://"',
    );
    expect(bad.stderr).not.toMatch(/\n\s+at /);
    const badScenario = await exec(project('bad-scenario', '{ "scenario": { "channels": [], "users": [], "chats": [], "apps": [] } }'));
    expect(badScenario.code).toBe(1);
    expect(badScenario.stderr).toContain('scenario.channels');
    const notJson = await exec(project('not-json', '{ "port": '));
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toContain('not valid JSON');
  });

  it('start: takes the port from the file (a flag wins) and prints the app’s host link; a second start does not register the app twice', async () => {
    const port = await freePort();
    const folder = project('start', `{ "port": ${port}, "apps": [{ "url": "http://localhost:5173/" }] }`);
    for (let round = 0; round < 2; round++) {
      const child = spawn(
        process.execPath,
        [CLI, '--data', join(folder, '.embedkit'), '--deprecated-port', '0', '--trialbot-port', '0', '--blockchain-port', '0'],
        { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      await new Promise<void>((ready, fail) => {
        const t = setTimeout(() => fail(new Error(`no ready line:\n${out}`)), 20_000);
        child.stdout!.on('data', () => out.includes('  app ') && (clearTimeout(t), ready()));
        child.once('exit', () => (clearTimeout(t), fail(new Error(`exited:\n${out}`))));
      });
      expect(out).toContain(`embedkit ready: http://localhost:${port}/`);
      expect(out).toMatch(/app {13}http:\/\/localhost:5173\/ → http:\/\/localhost:\d+\/\?app=1650000001-/);
      const apps = (await request(`http://127.0.0.1:${port}`).get('/embedkit/v1/world')).body.apps.filter(
        (a: { view: { url: string } }) => a.view.url === 'http://localhost:5173/',
      );
      expect(apps).toHaveLength(1);
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    }
  }, 60_000);

  it('is published as a JSON Schema', async () => {
    const { createEmbedkit } = await import('../../../src/kit/embedkit.js');
    const { pino } = await import('pino');
    const kit = await createEmbedkit({ inMemory: true, logger: pino({ level: 'silent' }) });
    try {
      const res = await request(kit.app).get('/schemas/v1/config.json');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/schema+json');
      const schema = JSON.parse(res.text);
      expect(Object.keys(schema.properties)).toEqual([
        '$schema',
        'port',
        'scenario',
        'apps',
        'webhooks',
        'faults',
        'allowedHosts',
        'headerPrefix',
        'lan',
        'demoBot',
      ]);
    } finally {
      await kit.close();
    }
  });
});
