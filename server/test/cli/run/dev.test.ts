// `embedkit dev -- <command>`: the command gets embedkit's environment, the app is registered at
// the URL it prints under the LIFF ID of its .env (or a new one the command gets), Ctrl-C reaches
// the command first and embedkit stops after it, with its exit code.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, cli } from '../run-cli.js';

/** A dev server: answers its environment's embedkit variables as JSON, prints its URL as Next.js does, exits with argv[2] on Ctrl-C. */
const SERVER = `import { createServer } from 'node:http';
const names = ['EMBEDKIT_URL', 'NEXT_PUBLIC_EMBEDKIT_URL', 'VITE_EMBEDKIT_URL', 'NEXT_PUBLIC_LIFF_ID', 'VITE_LIFF_ID', 'LIFF_ID'];
const env = Object.fromEntries(names.map((n) => [n, process.env[n] ?? null]));
const server = createServer((req, res) => res.end(JSON.stringify(env)));
process.on('SIGINT', () => { console.log('the dev server got SIGINT'); process.exit(Number(process.argv[2] ?? 0)); });
server.listen(0, '127.0.0.1', () => console.log('  - Local:        http://127.0.0.1:' + server.address().port));
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'embedkit-dev-'));
  writeFileSync(join(dir, 'server.mjs'), SERVER);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('embedkit dev', () => {
  it('registers the app under the LIFF ID of its .env at the URL it prints; Ctrl-C stops it, then embedkit, with its code', async () => {
    writeFileSync(join(dir, '.env.local'), 'NEXT_PUBLIC_LIFF_ID=1650000001-NextApp1\n');
    const dev = spawn(process.execPath, [CLI, 'dev', '--port', '0', '--', process.execPath, 'server.mjs', '7'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = once(dev, 'exit');
    const [, appUrl, link] = await new Promise<RegExpExecArray>((done, fail) => {
      const read = (c: Buffer) => {
        out += c.toString();
        const m = /(http:\/\/127\.0\.0\.1:\d+\/) is app 1650000001-NextApp1: open (http:\/\/localhost:\d+\/\?app=1650000001-NextApp1)/.exec(
          out,
        );
        if (m) done(m);
      };
      dev.stdout.on('data', read);
      dev.stderr.on('data', read);
      void exited.then(() => fail(new Error(`embedkit dev ended early:\n${out}`)));
    });
    const base = new URL(link!).origin;
    // The dev server's environment: embedkit's URL; its own LIFF ID left to its .env.
    expect(await (await fetch(appUrl!)).json()).toEqual({
      EMBEDKIT_URL: base,
      NEXT_PUBLIC_EMBEDKIT_URL: base,
      VITE_EMBEDKIT_URL: base,
      NEXT_PUBLIC_LIFF_ID: null,
      VITE_LIFF_ID: null,
      LIFF_ID: null,
    });
    const world = (await (await fetch(`${base}/embedkit/v1/world`)).json()) as {
      apps: { embedId: string; channelId: string; view: { url: string } }[];
    };
    expect(world.apps.find((a) => a.embedId === '1650000001-NextApp1')).toMatchObject({
      channelId: '1650000001',
      view: { url: appUrl, type: 'full' },
    });
    dev.kill('SIGINT');
    const [code] = await exited;
    expect(out).toContain('the dev server got SIGINT');
    expect(code).toBe(7);
    await expect(fetch(`${base}/embedkit/v1/world`)).rejects.toThrow();
  });

  it('gives an app without a LIFF ID a new one, registered at --app-url; the command’s exit ends embedkit with its code', async () => {
    writeFileSync(join(dir, 'print.mjs'), `console.log('VITE_LIFF_ID=' + process.env.VITE_LIFF_ID); process.exit(3);\n`);
    const r = await cli(['dev', '--port', '0', '--app-url', 'http://localhost:5999/', '--', process.execPath, 'print.mjs'], { cwd: dir });
    expect(r.code).toBe(3);
    const given = /VITE_LIFF_ID=(1650000001-[A-Za-z0-9]{8})\n/.exec(r.stdout)?.[1];
    expect(given, r.stdout + r.stderr).toBeDefined();
    expect(r.stdout).toContain(`http://localhost:5999/ is app ${given}: open http://localhost:`);
  });

  it('a command that cannot be started ends with 127', async () => {
    const r = await cli(['dev', '--port', '0', '--', 'no-such-dev-server-here'], { cwd: dir });
    expect(r.code).toBe(127);
    expect(r.stderr).toContain('embedkit dev: could not run no-such-dev-server-here: command not found');
  });

  it('a LIFF ID not of the published shape is a usage error', async () => {
    const r = await cli(['dev', '--liff-id', 'my-app', '--', 'true'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('a LIFF ID is <channel ID>-<letters and digits>');
  });
});
