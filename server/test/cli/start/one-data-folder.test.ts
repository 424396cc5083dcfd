/**
 * One data folder, one embedkit, with real processes of the built CLI: a second `embedkit start` on
 * a folder in use is refused, told which process holds it, where it answers and how to point the
 * commands at it; the commands act on the running one over HTTP and leave its folder alone; a
 * holder killed with SIGKILL does not block the next start, and one stopped with Ctrl-C gives the
 * folder back.
 */
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE_BOT } from '../../bot/helpers.js';
import { ALICE, CHANNEL_1 as CHANNEL, freePort } from '../../helpers.js';
import { cli, startCli, type StartedCli } from '../run-cli.js';

/** The embedded database, also in the PostgreSQL pass (`npm run test:pg`): the folder is what is tested. */
const env = { DATABASE_URL: '' };

let dir: string;
/** The data folder, at the default place (`.embedkit` in the directory the commands run in). */
let data: string;
const started: StartedCli[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'embedkit-one-folder-'));
  data = join(dir, '.embedkit');
});
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const start = async (args: string[] = []) => {
  const s = await startCli(['--port', '0', '--data', data, '--no-demo-bot', ...args], { cwd: dir, env });
  started.push(s);
  return s;
};

async function issueToken(url: string): Promise<string> {
  const res = await fetch(`${url}/v2/oauth/accessToken`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: CHANNEL.id, client_secret: CHANNEL.secret }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const botInfoStatus = async (url: string, token: string) =>
  (await fetch(`${url}/v2/bot/info`, { headers: { Authorization: `Bearer ${token}` } })).status;

describe('one data folder, one embedkit', { timeout: 120_000 }, () => {
  let first: StartedCli;
  let revoked: string;

  it('a second start on a folder in use is refused: which process holds it, its URL, how to point the commands at it', async () => {
    first = await start();
    // A token revoked on the first: no other server on the folder can go on accepting it.
    revoked = await issueToken(first.url);
    expect(await botInfoStatus(first.url, revoked)).toBe(200);
    const revoke = await fetch(`${first.url}/v2/oauth/revoke`, { method: 'POST', body: new URLSearchParams({ access_token: revoked }) });
    expect(revoke.status).toBe(200);
    expect(await botInfoStatus(first.url, revoked)).toBe(401);

    const port = await freePort();
    const second = await cli(['start', '--port', String(port), '--data', data, '--no-demo-bot'], { cwd: dir, env });
    expect(second.code).toBe(1);
    expect(second.stdout).not.toContain('embedkit ready');
    expect(second.stderr).toContain(`embedkit: the data folder ${data} is in use by another embedkit (pid ${first.child.pid},`);
    expect(second.stderr).toContain(`, at ${first.url}/`);
    expect(second.stderr).toContain(`--url ${first.url} or EMBEDKIT_URL=${first.url}`);
    expect(second.stderr).toContain(`kill ${first.child.pid}`);
    expect(second.stderr).toContain('--data <dir>');
    expect(second.stderr).not.toMatch(/\n\s+at /);
    // It never listened: nothing answers at its port, so the revoked token has nowhere to be accepted.
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    expect(await botInfoStatus(first.url, revoked)).toBe(401);

    // The default folder (a second `npx embedkit` in the same project).
    const again = await cli(['start', '--port', String(await freePort())], { cwd: dir, env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`the data folder ${data} is in use by another embedkit (pid ${first.child.pid},`);
    // --import into it: refused the same way, the world in it untouched.
    const imported = await cli(['start', '--port', '0', '--data', data, '--import', join('server', 'scenarios', 'default.json')], {
      env,
    });
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain(`is in use by another embedkit (pid ${first.child.pid},`);
  });

  it('the commands act on the running one over HTTP and leave its folder alone', async () => {
    const files = readdirSync(data).sort();
    const holder = readFileSync(join(data, 'embedkit.lock.json'), 'utf8');
    const said = await cli(['say', '--as', ALICE, '--in', ALICE_BOT, 'through the running one', '--url', first.url], { cwd: dir, env });
    expect(said.code, said.stderr).toBe(0);
    const exported = await cli(['export', 'world.json', '--url', first.url], { cwd: dir, env });
    expect(exported.code, exported.stderr).toBe(0);
    const messages = (await (await fetch(`${first.url}/embedkit/v1/chats/${ALICE_BOT}/messages`)).json()) as {
      messages: Array<{ message: { text?: string } }>;
    };
    expect(messages.messages.at(-1)?.message.text).toBe('through the running one');
    // The folder is as the running one keeps it: no other process's file, the same holder.
    expect(readdirSync(data).sort()).toEqual(files);
    expect(readFileSync(join(data, 'embedkit.lock.json'), 'utf8')).toBe(holder);
  });

  it('a holder killed with SIGKILL does not block the next start; one stopped with Ctrl-C gives the folder back', async () => {
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    const third = await start();
    // The same world: the token revoked on the first stays refused.
    expect(await botInfoStatus(third.url, revoked)).toBe(401);
    third.child.kill('SIGINT');
    const [code] = (await once(third.child, 'exit')) as [number | null];
    expect(code).toBe(0);
    const fourth = await start();
    expect(fourth.output()).toContain(`embedkit ready: ${fourth.url}/`);
    await fourth.stop();
  });
});
