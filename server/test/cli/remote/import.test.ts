/**
 * `embedkit import <file>` and `embedkit reset` against a running embedkit: the world replaced by
 * a scenario file (an export of it here), or by the scenario it started with; a broken file is
 * refused with its problems before the world is touched. Runs the built CLI.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { SimulatorClient } from '#contract/client.js';
import { ALICE, BOB, GROUP, onTestDatabase } from '../../helpers.js';

const run = promisify(execFile);
const CLI = resolve('server/dist/bin/embedkit.js');
let dir: string;
let server: RunningServer;
let client: SimulatorClient;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'embedkit-import-'));
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, logger: pino({ level: 'silent' }) }));
  client = new SimulatorClient({ baseUrl: server.baseUrl });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const say = (text: string) =>
  client.call('sendMessage', { params: { chatId: GROUP }, body: { userId: ALICE, message: { type: 'text', text } } });
const texts = async () =>
  (await client.call('chatMessages', { params: { chatId: GROUP } })).messages.map((m) => (m.message as { text?: string }).text);
const cli = (...args: string[]) => run(process.execPath, [CLI, ...args, '--url', server.baseUrl]);

describe('embedkit import / reset', { timeout: 60_000 }, () => {
  it('imports a file: a person left out is gone, and an export imported again brings them back with nothing said', async () => {
    const file = join(dir, 'world.json');
    await cli('export', file);
    const scenario = JSON.parse(readFileSync(file, 'utf8')) as { users: { userId: string }[]; chats: { members: string[] }[] };
    await say('before the import');

    const smaller = join(dir, 'smaller.json');
    scenario.users = scenario.users.filter((u) => u.userId !== BOB);
    scenario.chats = scenario.chats.filter((c) => !c.members.includes(BOB));
    writeFileSync(smaller, JSON.stringify(scenario));
    const out = await cli('import', smaller);
    expect(out.stdout).toMatch(
      new RegExp(`^loaded .*smaller\\.json: \\d+ channels, ${scenario.users.length} users, ${scenario.chats.length} chats, \\d+ apps\\n$`),
    );
    expect((await client.call('world')).users.map((u) => u.userId)).not.toContain(BOB);

    await cli('import', file);
    expect((await client.call('world')).users.map((u) => u.userId)).toContain(BOB);
    expect(await texts()).toEqual([]);
  });

  it('refuses a broken file with its problems, and the world stays', async () => {
    await say('kept');
    const file = join(dir, 'broken.json');
    const broken = JSON.parse(JSON.stringify(await client.call('scenario'))) as { chats: { members: string[] }[] };
    broken.chats[0]!.members = ['Unobody'];
    writeFileSync(file, JSON.stringify(broken));
    const e = (await cli('import', file).catch((err: unknown) => err)) as { code: number; stderr: string };
    expect(e.code).toBe(1);
    expect(e.stderr).toContain('is not a valid scenario (the world is unchanged)');
    expect(e.stderr).toContain('chats[0].members[0]: unknown user Unobody');
    const missing = (await cli('import', join(dir, 'none.json')).catch((err: unknown) => err)) as { stderr: string };
    expect(missing.stderr).toMatch(/^embedkit import: could not read .*none\.json/);
    expect(await texts()).toContain('kept');
  });

  it('reset loads the scenario the server started with', async () => {
    await say('before the reset');
    const out = await cli('reset');
    expect(out.stdout).toMatch(/^reset the world to .*default\.json: 3 channels, 3 users, \d+ chats, \d+ apps\n$/);
    expect(await texts()).toEqual([]);
  });
});
