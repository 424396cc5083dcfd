/**
 * `embedkit export` and `embedkit start --import`: today's world as a scenario file,
 * and back into a new data directory, where the same world shows. Runs the built CLI.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { readScenario } from '../../../src/scenario/load.js';
import { channelToken } from '../../helpers.js';

const run = promisify(execFile);
const CLI = resolve('server/dist/bin/embedkit.js');
/** The CLI's file-based behaviour is tested: its processes use the embedded database even in the PostgreSQL pass. */
const env = { ...process.env, DATABASE_URL: '' };
let dir: string;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'embedkit-export-'));
  server = await startServer({ port: 0, inMemory: true, logger: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The parts of `GET /embedkit/v1/world` a scenario carries. */
async function worldOf(base: string) {
  const w = (await request(base).get('/embedkit/v1/world')).body;
  return {
    channels: w.channels,
    // Picture URLs name the server's own origin: compare their paths.
    users: w.users.map((u: { pictureUrl?: string }) => ({ ...u, ...(u.pictureUrl ? { pictureUrl: new URL(u.pictureUrl).pathname } : {}) })),
    chats: w.chats,
    apps: w.apps.map((a: { embedId: string; view: { type: string; url: string } }) => ({
      embedId: a.embedId,
      type: a.view.type,
      path: new URL(a.view.url).pathname,
    })),
  };
}

describe('embedkit export / start --import', { timeout: 60_000 }, () => {
  it('writes the world (changed since the start) as a valid scenario, and a new start with it shows the same world', async () => {
    const token = await channelToken(server.embedkit);
    await request(server.baseUrl)
      .post('/embed/v1/apps')
      .set('Authorization', `Bearer ${token}`)
      .send({ view: { type: 'full', url: 'https://app.example.com/' } })
      .expect(200);
    await request(server.baseUrl)
      .post('/embedkit/v1/chats/R0000000000000000000000000000000a/bots')
      .send({ channelId: '1650000001', userId: 'U0a11ce0000000000000000000000a11c' })
      .expect(200);
    await request(server.baseUrl).put('/embedkit/v1/channels/1650000001/webhook').send({ url: 'http://127.0.0.1:4999/hook' }).expect(200);

    const file = join(dir, 'world.json');
    const out = await run(process.execPath, [CLI, 'export', file, '--url', server.baseUrl]);
    expect(out.stdout).toMatch(/^wrote .*world\.json: 3 channels, 3 users, 12 chats, 5 apps/);
    const scenario = await readScenario(file);
    expect(scenario.apps.find((a) => a.embedId === '1650000001-demoapp1')!.view.url).toBe('{demo_origin}/demo/app/');
    expect(scenario.chats.find((c) => c.chatId === 'R0000000000000000000000000000000a')!.bots).toEqual(['1650000001']);
    expect(scenario.channels[0]!.webhookUrl).toBe('http://127.0.0.1:4999/hook');

    const data = join(dir, 'copy');
    const child = spawn(process.execPath, [CLI, 'start', '--import', file, '--data', data, '--port', '0'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const base = await new Promise<string>((ok, fail) => {
        let text = '';
        child.stdout!.on('data', (c: Buffer) => {
          text += c.toString();
          const m = /embedkit ready: (http:\/\/localhost:\d+)\//.exec(text);
          if (m) ok(m[1]!);
        });
        child.once('exit', () => fail(new Error(`exited: ${text}`)));
      });
      expect(await worldOf(base)).toEqual(await worldOf(server.baseUrl));
    } finally {
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    }
    // That data directory holds a world now: a second import into it is refused, saying what to do.
    const again = await run(process.execPath, [CLI, 'start', '--import', file, '--data', data, '--port', '0'], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((again as { code: number }).code).toBe(1);
    expect((again as { stderr: string }).stderr).toContain('already holds a world: import into a new one with --data <dir>');
  });

  it('says what to do when nothing answers, or the file is missing', async () => {
    const none = await run(process.execPath, [CLI, 'export', join(dir, 'x.json'), '--url', 'http://127.0.0.1:9']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((none as { stderr: string }).stderr).toContain('no embedkit answers at http://127.0.0.1:9');
    mkdirSync(join(dir, 'empty'), { recursive: true });
    writeFileSync(join(dir, 'empty', '.keep'), '');
    const missing = await run(process.execPath, [CLI, 'start', '--import', join(dir, 'nope.json'), '--data', join(dir, 'empty')], {
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((missing as { stderr: string }).stderr.trim()).toBe(`embedkit: --import ${join(dir, 'nope.json')}: no such file`);
  });

  it('every field export writes is in the scenario table of docs/guide/scenarios.md', async () => {
    await request(server.baseUrl).put('/embedkit/v1/channels/1650000001/webhook').send({ url: 'http://127.0.0.1:4999/hook' }).expect(200);
    const file = join(dir, 'fields.json');
    await run(process.execPath, [CLI, 'export', file, '--url', server.baseUrl]);
    const keys = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (v === null || typeof v !== 'object') return;
      for (const [k, child] of Object.entries(v)) {
        if (k !== '$schema') keys.add(k);
        walk(child);
      }
    };
    walk(JSON.parse(readFileSync(file, 'utf8')));
    expect([...keys]).toEqual(expect.arrayContaining(['webhookUrl', 'botName']));
    const page = readFileSync('docs/guide/scenarios.md', 'utf8');
    const start = page.indexOf('| key | fields |');
    const table = page.slice(start, page.indexOf('\n\n', start));
    // The words inside the table's code spans: `channels[]`, `{tokenType, name, meta?}`, `{family-name, ...}`, ...
    const documented = new Set([...table.matchAll(/`([^`]+)`/g)].flatMap(([, code]) => code!.match(/[A-Za-z_$][\w$-]*/g) ?? []));
    expect([...keys].filter((k) => !documented.has(k))).toEqual([]);
  });
});
