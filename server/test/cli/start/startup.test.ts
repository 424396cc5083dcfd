/**
 * `embedkit start` at start-up: a failed `--import` leaves no database behind (the retry works);
 * a scenario that does not exist is refused naming it, one a used data directory ignores gets a
 * warning; errors are plain text without a terminal; started by npm (`npx embedkit`), it stops when
 * npm is killed. Runs the built CLI.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cli, startCli } from '../run-cli.js';

/** The CLI's file-based behaviour: the embedded database even in the PostgreSQL pass. */
const env = { DATABASE_URL: '' };
const WORLD = JSON.parse(readFileSync('server/scenarios/default.json', 'utf8')) as { users: Array<{ displayName: string }> };
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'embedkit-startup-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedkit start: start-up', { timeout: 90_000 }, () => {
  it('a failed --import leaves no database behind: the retry with a good file starts', async () => {
    const data = join(dir, 'imported');
    const bad = join(dir, 'bad-world.json');
    writeFileSync(bad, JSON.stringify({ channels: [], users: 'nobody' }));
    const failed = await cli(['start', '--port', '0', '--import', bad, '--data', data], { env });
    expect(failed.code).toBe(1);
    expect(existsSync(join(data, 'embedkit.sqlite'))).toBe(false);
    const good = join(dir, 'good-world.json');
    writeFileSync(
      good,
      JSON.stringify({ ...WORLD, users: [...WORLD.users, { userId: 'U00000000000000000000000000000d0e', displayName: 'Dave' }] }),
    );
    const kit = await startCli(['--port', '0', '--import', good, '--data', data], { env });
    try {
      const world = (await (await fetch(`${kit.url}/embedkit/v1/world`)).json()) as { users: Array<{ displayName: string }> };
      expect(world.users.map((u) => u.displayName)).toContain('Dave');
    } finally {
      await kit.stop();
    }
  });

  it('errors are plain text without a terminal (not log JSON), like every other refusal', async () => {
    const bad = join(dir, 'bad-again.json');
    writeFileSync(bad, JSON.stringify({ channels: [] }));
    const failed = await cli(['start', '--port', '0', '--in-memory', '--import', bad], { env });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^embedkit: /);
    expect(failed.stdout + failed.stderr).not.toContain('"level"');
  });

  it('a scenario that does not exist is refused naming it; one the data directory ignores gets a warning', async () => {
    const missing = await cli(['start', '--port', '0', '--in-memory', '--scenario', 'no-such-world.json'], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('embedkit: --scenario no-such-world.json: no such file');
    const execMissing = await cli(['exec', '--scenario', 'no-such-world.json', '--', 'true'], { env });
    expect(execMissing.code).toBe(1);
    expect(execMissing.stderr).toContain('embedkit exec: --scenario no-such-world.json: no such file');
    const project = mkdtempSync(join(dir, 'config-'));
    writeFileSync(join(project, 'embedkit.config.json'), JSON.stringify({ scenario: 'world.json' }));
    const fromConfig = await cli(['start', '--port', '0', '--in-memory'], { cwd: project, env });
    expect(fromConfig.code).toBe(1);
    expect(fromConfig.stderr).toMatch(/embedkit\.config\.json: scenario: no such file \(.*world\.json\)/);
    // A data directory that holds a world already: the scenario is not loaded, and the terminal says so.
    const data = join(dir, 'used');
    const first = await startCli(['--port', '0', '--data', data], { env });
    await first.stop();
    writeFileSync(join(dir, 'other.json'), JSON.stringify(WORLD));
    const again = await startCli(['--port', '0', '--data', data, '--scenario', join(dir, 'other.json')], { env });
    await again.stop();
    expect(again.output()).toMatch(/warning: --scenario .*other\.json is not loaded: the data directory .*used already holds a world/);
  });

  it('started by npm (npx embedkit), it stops when npm is killed: the port is free again', async () => {
    // npm exec runs it as npx does: npm, then sh -c, then node.
    const npm = spawn('npm', ['exec', '--', 'node', CLI, 'start', '--port', '0', '--in-memory'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line:\n${out}`)), 60_000);
      npm.stdout.on('data', () => {
        const m = /embedkit ready: (http:\/\/localhost:\d+)\//.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
    });
    expect((await fetch(`${url}/`)).status).toBe(200);
    npm.kill('SIGTERM');
    await once(npm, 'exit');
    const until = Date.now() + 20_000;
    let free = false;
    while (!free && Date.now() < until) {
      free = await fetch(`${url}/`).then(
        () => false,
        () => true,
      );
      if (!free) await new Promise((r) => setTimeout(r, 200));
    }
    expect(free, `${url} still answers after npm was killed`).toBe(true);
  });
});
