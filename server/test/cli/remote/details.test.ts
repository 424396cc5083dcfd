/**
 * The CLI's details: `apps update` changes only what it is given; `apps list` shows every setting;
 * a 400's details are printed;
 * `exec` says where a command's own options go; exit code 2 for a wrong command line, 1 for a
 * refusal; the top-level help lists the server's options. Runs the built CLI.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { onTestDatabase } from '../../helpers.js';
import { cli } from '../run-cli.js';

let server: RunningServer;
let dir: string;
beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, logger: pino({ level: 'silent' }) }));
  dir = mkdtempSync(join(tmpdir(), 'embedkit-cli-details-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const withUrl = (...args: string[]) => [...args, '--url', server.baseUrl];

describe('embedkit CLI details', { timeout: 60_000 }, () => {
  it('apps update changes only what is given: --view alone keeps the URL, --app-url alone keeps the view', async () => {
    const add = await cli(withUrl('apps', 'add', 'http://localhost:5173/', '--view', 'compact'));
    expect(add.code, add.stderr).toBe(0);
    const embedId = add.stdout.split('\n')[0]!;
    const view = await cli(withUrl('apps', 'update', embedId, '--view', 'tall'));
    expect(view.code, view.stderr).toBe(0);
    expect((await cli(withUrl('apps', 'list'))).stdout).toContain(`${embedId}  tall     http://localhost:5173/`);
    const url = await cli(withUrl('apps', 'update', embedId, '--app-url', 'http://localhost:5174/'));
    expect(url.code, url.stderr).toBe(0);
    expect((await cli(withUrl('apps', 'list'))).stdout).toContain(`${embedId}  tall     http://localhost:5174/`);
    const nothing = await cli(withUrl('apps', 'update', embedId));
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('nothing to change: give --app-url <url>, --view <type>, --scope <scope...> or more than one');
  });

  it('apps list shows the LIFF settings beside the embed ID and view, for apps of either API', async () => {
    const added = await cli(withUrl('apps', 'add', 'http://localhost:5175/', '--view', 'tall'));
    const embedId = added.stdout.split('\n')[0]!;
    const issued = await fetch(`${server.baseUrl}/v2/oauth/accessToken`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: '1650000001',
        client_secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f',
      }),
    });
    const token = ((await issued.json()) as { access_token: string }).access_token;
    const liff = await fetch(`${server.baseUrl}/liff/v1/apps`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        view: { type: 'compact', url: 'https://example.com/shop', moduleMode: true },
        description: 'Shop',
        features: { qrCode: true },
        scope: ['openid', 'chat_message.write'],
        botPrompt: 'aggressive',
      }),
    });
    const { liffId } = (await liff.json()) as { liffId: string };
    const list = (await cli(withUrl('apps', 'list'))).stdout;
    expect(list).toContain(
      `${embedId}  tall     http://localhost:5175/\n` +
        `    description: ${embedId} · scope: profile chat_message.write · botPrompt: none · features: ble off, qrCode off · permanentLinkPattern: concat · moduleMode: off\n`,
    );
    expect(list).toContain(
      `${liffId}  compact  https://example.com/shop\n` +
        '    description: Shop · scope: openid chat_message.write · botPrompt: aggressive · features: ble off, qrCode on · permanentLinkPattern: concat · moduleMode: on\n',
    );
  });

  it('apps add --scope registers the scopes an app asks for, and apps update --scope replaces them', async () => {
    const add = await cli(withUrl('apps', 'add', 'http://localhost:5176/', '--scope', 'openid', 'profile', 'commonprofile.name'));
    expect(add.code, add.stderr).toBe(0);
    const embedId = add.stdout.split('\n')[0]!;
    expect(add.stdout).toContain(`open it: ${server.baseUrl}/?app=${embedId}`);
    const listed = (await cli(withUrl('apps', 'list'))).stdout;
    expect(listed).toContain(`${embedId}  full     http://localhost:5176/\n`);
    expect(listed).toContain(`scope: openid profile commonprofile.name · `);
    const update = await cli(withUrl('apps', 'update', embedId, '--scope', 'profile', 'commonprofile.email', '--view', 'compact'));
    expect(update.code, update.stderr).toBe(0);
    const after = (await cli(withUrl('apps', 'list'))).stdout;
    expect(after).toContain(`${embedId}  compact  http://localhost:5176/\n`);
    expect(after).toContain(`scope: profile commonprofile.email · `);
    const unknown = await cli(withUrl('apps', 'add', 'http://localhost:5177/', '--scope', 'commonprofile.shoe-size'));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('the app was refused: 400');
    const missing = await cli(withUrl('apps', 'update', '1650000001-nosuchapp', '--scope', 'profile'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no app 1650000001-nosuchapp in channel 1650000001: see npx embedkit apps list');
  });

  it('a refusal prints the details of the 400', async () => {
    const refused = await cli(withUrl('apps', 'add', 'http://example.com/'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the app was refused: 400 The request body has 1 error(s)');
    expect(refused.stderr).toContain('must use https (http is accepted for loopback hosts only)');
  });

  it('exec with an option of the command before -- says to put it after --, as a usage error (2)', async () => {
    const r = await cli(['exec', 'npx', 'vitest', 'run', '--reporter=dot']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--reporter=dot'");
    expect(r.stderr).toContain('go after --: npx embedkit exec -- npx vitest run --reporter=dot');
  });

  it('validate: 1 for an invalid file, 2 for a wrong option or a missing file', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ type: 'text' }));
    expect((await cli(['validate', bad])).code).toBe(1);
    const wrong = await cli(['validate', '--strict', bad]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("unknown option '--strict'");
    expect((await cli(['validate'])).code).toBe(2);
    expect((await cli(['validate', join(dir, 'missing.json')])).code).toBe(2);
    expect((await cli(['start', '--port', 'eighty'])).code).toBe(2);
  });

  it('the top-level help lists the options of start, the default command, and the exit codes', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    for (const o of ['--port <port>', '--data <dir>', '--in-memory', '--scenario <file>', '--header-prefix <prefix>', '--quiet'])
      expect(help.stdout).toContain(o);
    expect(help.stdout).toMatch(/Exit codes: 0 .*1 refused.*2 a wrong command line/);
  });
});
