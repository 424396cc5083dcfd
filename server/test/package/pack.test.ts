// The package: `npm pack` of this repository installs in an empty project and works
// there with nothing else: the CLI (`npx embedkit`: help, exec, validate, start, apps),
// `embedkit/testing` and `embedkit/sdk/mock`. The README's "Use embedkit in your project" is
// walked as written, in a new CommonJS project and a new ES module project: its commands in its
// order (parsed from the README, so that a change there is tested) and its example files. Needs a
// build (npm test builds first) and the npm registry (the package's dependencies are installed).
// The SQLite driver installs as on the common platforms, from a prebuilt binary: the one this
// checkout's install built for this Node.js, offered where its installer looks first (its local
// prebuilds), since only the npm registry is reachable here and two builds from source took
// minutes (npm ci builds it from source in every CI run). Runs once, in the embedded-database pass.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const skip = Boolean(process.env.DATABASE_URL) || process.env.EMBEDKIT_SKIP_PACK === '1';

let dir: string;
let project: string;
let tarball: string;

/** A step of the README's section: a shell command, or an example file (a code block whose first line is `// <name>`). */
type Step = { kind: 'sh'; line: string } | { kind: 'file'; name: string; text: string };

/** The README's "Use embedkit in your project" (up to the next `## `), as steps in its order. */
function readmeSteps(readme: string): Step[] {
  const start = readme.indexOf('## Use embedkit in your project');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const steps: Step[] = [];
  for (const [, lang, body] of section.matchAll(/```(\w+)[^\n]*\n([\s\S]*?)```/g)) {
    if (lang === 'sh') {
      for (const raw of body!.split('\n')) {
        const line = raw.replace(/\s+#.*$/, '').trim();
        if (line && !line.startsWith('#')) steps.push({ kind: 'sh', line });
      }
    } else {
      const name = /^\/\/ ([\w.-]+\.(?:m?js|c?js|ts))\b/.exec(body!)?.[1];
      if (name) steps.push({ kind: 'file', name, text: body! });
    }
  }
  return steps;
}

/** The README's tarball path, replaced by the packed one. */
const README_TARBALL = '../embedkit/embedkit-0.1.0.tgz';

/** Words of a README command line (double-quoted words kept whole). */
const words = (line: string) => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);

/** npm from the cache where it can: the repository installed the same packages. */
const NPM_ENV: Record<string, string> = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };

/**
 * better-sqlite3's prebuilt binary for this Node.js, platform and CPU, made from this checkout's own
 * build and named as its installer (prebuild-install) names the download, in `folder`; returns the
 * npm setting that points the installer at it. On musl the name differs: nothing is offered, and
 * the driver builds from source as it would for a user there.
 */
async function offerPrebuiltSqlite(folder: string): Promise<Record<string, string>> {
  if (
    process.platform === 'linux' &&
    !(process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime
  )
    return {};
  const driver = join(ROOT, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(driver, 'package.json'), 'utf8')) as { version: string };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  mkdirSync(folder, { recursive: true });
  await run('tar', ['-czf', join(folder, name), '-C', driver, 'build/Release/better_sqlite3.node']);
  return { npm_config_better_sqlite3_local_prebuilds: folder };
}

/** Runs a command in a project (default the ES module one); resolves with its exit code and output (never rejects on a non-zero code). */
async function sh(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
  cwd = project,
  timeout = 120_000,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024, timeout }, (err, stdout, stderr) => {
      const killed = err && (err as { killed?: boolean }).killed ? `\n(stopped after ${timeout} ms)` : '';
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}${killed}` });
    });
  });
}

/** Waits for a started embedkit's ready line; resolves with its base URL. */
function readyUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no ready line:\n${out}`)), 30_000);
    const read = (c: Buffer) => {
      out += c.toString();
      const m = /embedkit ready: (http:\/\/localhost:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
  });
}

const steps = readmeSteps(readFileSync(join(ROOT, 'README.md'), 'utf8'));
/** How many tests the README's test files hold (each `it(` at the start of a line). */
const readmeTests = steps.reduce(
  (n, s) => n + (s.kind === 'file' && /\.test\.[mc]?[jt]s$/.test(s.name) ? (s.text.match(/^it\(/gm) ?? []).length : 0),
  0,
);
/** The projects the README is walked in, and what their npm commands printed. */
const projects: Record<'commonjs' | 'module', { dir: string; installs: Array<{ line: string; code: number; out: string }> }> = {
  commonjs: { dir: '', installs: [] },
  module: { dir: '', installs: [] },
};

beforeAll(async () => {
  if (skip) return;
  dir = mkdtempSync(join(tmpdir(), 'embedkit-pack-'));
  // The build is npm test's first step; --ignore-scripts leaves the prepack build out of the timing.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir, '--json'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  tarball = join(dir, (JSON.parse(stdout) as Array<{ filename: string }>)[0]!.filename);
  Object.assign(NPM_ENV, await offerPrebuiltSqlite(join(dir, 'prebuilds')));
  // A new project as `npm init -y` makes it (CommonJS), and one set to ES modules (at once); each
  // runs the README's npm commands in the README's order, each a command of its own (a later
  // install must work).
  await Promise.all(
    (['commonjs', 'module'] as const).map(async (type) => {
      const p = projects[type];
      p.dir = join(dir, `my-${type}-app`);
      mkdirSync(p.dir);
      await run('npm', ['init', '-y'], { cwd: p.dir });
      if (type === 'module') await run('npm', ['pkg', 'set', 'type=module'], { cwd: p.dir });
      for (const step of steps) {
        if (step.kind !== 'sh' || !step.line.startsWith('npm ')) continue;
        const args = words(step.line)
          .slice(1)
          .map((w) => (w === README_TARBALL ? tarball : w));
        p.installs.push({ line: step.line, ...(await sh('npm', args, NPM_ENV, p.dir, 1_500_000)) });
      }
    }),
  );
  project = projects.module.dir;
}, 3_200_000);

// The project holds a whole node_modules (a compiled better-sqlite3 among it): removing it takes a while on a busy machine.
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
}, 120_000);

describe.skipIf(skip)('the packed embedkit in a new project', { timeout: 120_000 }, () => {
  for (const type of ['commonjs', 'module'] as const)
    it(`the README walked in a new ${type} project: install, start, apps add, a bot behind the official middleware tested with vitest, exec`, async () => {
      const p = projects[type];
      expect(p.installs.map((i) => i.line).length, 'the README gives its npm commands').toBeGreaterThanOrEqual(2);
      for (const i of p.installs) expect(i.code, `${i.line}\n${i.out}`).toBe(0);
      // Once allowScripts names the SQLite driver, later installs do not warn about its install script.
      const allowed = p.installs.findIndex((i) => i.line.includes('allowScripts'));
      expect(allowed).toBeGreaterThan(0);
      for (const i of p.installs.slice(allowed + 1)) expect(i.out, i.line).not.toContain('not yet covered by allowScripts');
      let server: ChildProcess | undefined;
      let url = '';
      try {
        for (const step of steps) {
          if (step.kind === 'file') {
            writeFileSync(join(p.dir, step.name), step.text);
            continue;
          }
          if (step.line.startsWith('npm ')) continue;
          const [cmd, ...args] = words(step.line);
          if (cmd === 'npx' && args[0] === 'embedkit' && (args.length === 1 || args[1] === 'start' || args[1]!.startsWith('-'))) {
            // The README's port may be taken on this machine: a free one, and nothing written.
            server = spawn(join(p.dir, 'node_modules/.bin/embedkit'), [...args.slice(1), '--port', '0', '--in-memory'], {
              cwd: p.dir,
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            url = await readyUrl(server);
            continue;
          }
          const r = await sh(cmd!, args, url ? { EMBEDKIT_URL: url } : {}, p.dir);
          expect(r.code, `${step.line}\n${r.out}`).toBe(0);
          if (step.line.startsWith('npx embedkit apps add')) expect(r.out).toContain(`${url}/?app=`);
          // vitest colours its summary: compare the text.
          if (/^npx (embedkit exec -- npx )?vitest run/.test(step.line))
            expect(stripVTControlCharacters(r.out)).toMatch(new RegExp(`Tests\\s+${readmeTests} passed`));
        }
      } finally {
        if (server && server.exitCode === null) {
          server.kill('SIGTERM');
          await once(server, 'exit');
        }
      }
      expect(url, 'the README starts embedkit').not.toBe('');
    }, 900_000);

  it('installed alone first, a later install of vitest works (no stale @types/node of a dependency at the root)', async () => {
    // npm 11 crashed ("Cannot read properties of null (reading 'children')") when jimp's image-q put its
    // @types/node 16 at the root, against vitest's optional peer; resolving the tree is enough to see it.
    const alone = join(dir, 'installed-alone');
    mkdirSync(alone);
    await run('npm', ['init', '-y'], { cwd: alone });
    const lockOnly = ['install', '--package-lock-only', '--ignore-scripts', '--save-dev'];
    const first = await sh('npm', [...lockOnly, tarball], NPM_ENV, alone, 600_000);
    expect(first.code, first.out).toBe(0);
    const later = await sh('npm', [...lockOnly, 'vitest@4'], NPM_ENV, alone, 600_000);
    expect(later.out).not.toContain('Cannot read properties of null');
    expect(later.code, later.out).toBe(0);
  }, 1_200_000);

  it('ships the built server, host, SDK and demo, and no tests', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
    const files = stdout.split('\n');
    for (const f of [
      'package/server/dist/bin/embedkit.js',
      'package/server/dist/testing.js',
      'package/server/dist/testing.d.ts',
      // embedkit/vite, the Vite plugin (its module and its types).
      'package/server/dist/vite.js',
      'package/server/dist/vite.d.ts',
      // embedkit/next, the Next.js config wrapper.
      'package/server/dist/next.js',
      'package/server/dist/next.d.ts',
      // embedkit/nuxt, the Nuxt 2 module.
      'package/server/dist/nuxt.js',
      'package/server/dist/nuxt.d.ts',
      'package/sdk/dist/embed.js',
      'package/sdk/dist/embed.mjs',
      'package/sdk/dist/mock.mjs',
      'package/sdk/dist/types/mock.d.ts',
      'package/host/index.html',
      'package/host/dist/host.js',
      // jsqr for scanCodeV2 on a phone, loaded by the host at the first scan.
      'package/host/dist/qr-decoder.js',
      // The message kinds' stylesheets, joined by the build.
      'package/host/dist/messages.css',
      'package/demo/app/index.html',
      'package/demo/bot/dist/bots.js',
      'package/server/scenarios/default.json',
      // The README's picture, so that it shows inside node_modules too.
      'package/docs/host.png',
      // The manual, in its group folders, which a `docs/*.md` glob would leave out.
      'package/docs/README.md',
      'package/docs/guide/cli.md',
      'package/docs/platform/bot.md',
      'package/docs/project/architecture.md',
    ])
      expect(files, f).toContain(f);
    expect(files.filter((f) => /\/test\/|\.test\.|e2e\//.test(f))).toEqual([]);
    console.log(`package: ${files.length} files, ${(statSync(tarball).size / 1024).toFixed(0)} KB packed`);
  });

  it('npx embedkit --help lists the commands; a mistake says what to do', async () => {
    const help = await sh('npx', ['embedkit', '--help']);
    expect(help.code).toBe(0);
    for (const c of ['start', 'exec', 'validate', 'apps', 'send', 'trigger', 'export']) expect(help.out).toContain(c);
    const wrong = await sh('npx', ['embedkit', 'start', '--port', 'eighty']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.out).toContain('a port is an integer from 0 to 65535');
    expect(wrong.out).not.toMatch(/\n\s+at /);
  });

  it('exec runs a command against a fresh embedkit and exits with its code', async () => {
    writeFileSync(
      join(project, 'check.mjs'),
      `const res = await fetch(process.env.EMBEDKIT_URL + '/embedkit/v1/world');
const world = await res.json();
if (res.status !== 200 || !world.users.length || !process.env.EMBEDKIT_CHANNEL_SECRET) process.exit(9);
process.exit(Number(process.argv[2] ?? 0));\n`,
    );
    expect((await sh('npx', ['embedkit', 'exec', '--', 'node', 'check.mjs'])).code).toBe(0);
    expect((await sh('npx', ['embedkit', 'exec', '--', 'node', 'check.mjs', '3'])).code).toBe(3);
    expect((await sh('npx', ['embedkit', 'exec', '--', 'no-such-command-here'])).code).toBe(127);
  });

  it('validate: 0 for a good file, 1 with each error and its path for a bad one, 2 for a missing file', async () => {
    writeFileSync(join(project, 'good.json'), JSON.stringify([{ type: 'text', text: 'hi' }]));
    writeFileSync(join(project, 'bad.json'), JSON.stringify({ messages: [{ type: 'text' }, { type: 'sticker', packageId: 1 }] }));
    expect((await sh('npx', ['embedkit', 'validate', 'good.json'])).code).toBe(0);
    const bad = await sh('npx', ['embedkit', 'validate', 'bad.json']);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('messages[0].text');
    expect((await sh('npx', ['embedkit', 'validate', 'missing.json'])).code).toBe(2);
  });

  it('start serves the host from any directory, and apps add/list register the dev server', async () => {
    // The bin npx runs, started directly so that stopping it stops the server.
    const child = spawn(join(project, 'node_modules/.bin/embedkit'), ['--port', '0', '--in-memory'], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no ready line:\n${out}`)), 30_000);
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /embedkit ready: (http:\/\/localhost:\d+)\//.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
      });
      expect((await fetch(`${url}/`)).status).toBe(200);
      expect((await fetch(`${url}/sdk/v1/sdk.js`)).status).toBe(200);
      // The demo bots ship in the package and run inside it: the default channel's webhook points at them, and they check signatures.
      const hook = (await (await fetch(`${url}/embedkit/v1/channels/1650000001/webhook`)).json()) as { url: string };
      expect(hook.url).toMatch(/\/demo\/bot\/webhook$/);
      expect((await fetch(hook.url, { method: 'POST', body: '{}' })).status).toBe(403);
      // Every app of the default world opens: its page and the scripts it loads ship in the package.
      const world = (await (await fetch(`${url}/embedkit/v1/world`)).json()) as { apps: { embedId: string; view: { url: string } }[] };
      expect(world.apps.length).toBeGreaterThan(1);
      for (const app of world.apps) {
        const page = await fetch(app.view.url);
        expect(page.status, `${app.embedId}: ${app.view.url}`).toBe(200);
        const html = await page.text();
        for (const [, src] of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) {
          expect((await fetch(new URL(src!, app.view.url))).status, `${app.embedId}: ${src}`).toBe(200);
        }
      }
      const add = await sh('npx', ['embedkit', 'apps', 'add', 'http://localhost:5173/', '--view', 'tall'], { EMBEDKIT_URL: url });
      expect(add.code, add.out).toBe(0);
      const embedId = add.out.split('\n')[0]!;
      expect(add.out).toContain(`${url}/?app=${embedId}`);
      const list = await sh('npx', ['embedkit', 'apps', 'list', '--url', url]);
      expect(list.out).toContain(`${embedId}  tall     http://localhost:5173/`);
      // send: validated, then pushed as the bot; the chat shows it.
      writeFileSync(join(project, 'hello.json'), JSON.stringify({ type: 'text', text: 'sent by the CLI' }));
      const sent = await sh('npx', ['embedkit', 'send', 'hello.json', '--to', 'U0a11ce0000000000000000000000a11c', '--url', url]);
      expect(sent.code, sent.out).toBe(0);
      const chat = (await (await fetch(`${url}/embedkit/v1/chats/UBa11ce0000000000000000000000a11c/messages`)).json()) as {
        messages: Array<{ message: { text?: string } }>;
      };
      expect(chat.messages.at(-1)?.message.text).toBe('sent by the CLI');
      const invalid = await sh('npx', ['embedkit', 'send', 'bad.json', '--to', 'U0a11ce0000000000000000000000a11c', '--url', url]);
      expect(invalid.code).toBe(1);
      expect(invalid.out).toContain('messages[0].text');
      const refused = await sh('npx', ['embedkit', 'apps', 'add', 'http://example.com/', '--url', url]);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('the app was refused: 400');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    const none = await sh('npx', ['embedkit', 'apps', 'list', '--url', 'http://127.0.0.1:9']);
    expect(none.code).toBe(1);
    expect(none.out).toContain('no embedkit answers at http://127.0.0.1:9');
  });

  it('embedkit/testing and embedkit/sdk/mock import and work in the project', async () => {
    writeFileSync(
      join(project, 'unit.mjs'),
      `import assert from 'node:assert/strict';
import { startEmbedkit } from 'embedkit/testing';
import { createEmbedMock } from 'embedkit/sdk/mock';
const kit = await startEmbedkit();
const token = await kit.token();
const alice = kit.world.users.find((u) => u.displayName === 'Alice');
const res = await fetch(kit.url + '/v2/bot/message/push', { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body: JSON.stringify({ to: alice.userId, messages: [{ type: 'text', text: 'packed' }] }) });
assert.equal(res.status, 200);
await kit.stop();
const embed = createEmbedMock();
await new Promise((resolve, reject) => embed.init(resolve, reject));
await assert.rejects(embed.sendMessages([]), { code: 'INVALID_ARGUMENT' });
await embed.sendMessages([{ type: 'text', text: 'hi' }]);
assert.deepEqual(embed.sent, [{ type: 'text', text: 'hi' }]);
console.log('unit ok');\n`,
    );
    const unit = await sh('node', ['unit.mjs']);
    expect(unit.out).toContain('unit ok');
    expect(unit.code).toBe(0);
    // The types ship beside the code.
    expect(readdirSync(join(project, 'node_modules/embedkit/sdk/dist/types'))).toContain('mock.d.ts');
  });

  it('a CommonJS file loads every entry point with require() (Node >= 22.12 requires ES modules)', async () => {
    writeFileSync(
      join(project, 'unit.cjs'),
      `const assert = require('node:assert/strict');
const { startEmbedkit } = require('embedkit/testing');
const { createEmbedMock } = require('embedkit/sdk/mock');
assert.equal(typeof require('embedkit').startEmbedkit, 'function');
assert.equal(typeof require('embedkit/sdk').embed, 'object');
(async () => {
  const kit = await startEmbedkit();
  assert.ok(kit.world.users.length > 0);
  await kit.stop();
  const embed = createEmbedMock();
  await new Promise((resolve, reject) => embed.init(resolve, reject));
  await embed.sendMessages([{ type: 'text', text: 'hi' }]);
  assert.deepEqual(embed.sent, [{ type: 'text', text: 'hi' }]);
  console.log('cjs ok');
})().catch((e) => { console.error(e); process.exit(1); });\n`,
    );
    const unit = await sh('node', ['unit.cjs']);
    expect(unit.out).toContain('cjs ok');
    expect(unit.code).toBe(0);
  });

  it('a vitest file of the project uses embedkit/testing, embedkit/sdk/mock and the SDK’s message types', async () => {
    writeFileSync(
      join(project, 'types.test.ts'),
      `import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbedkit, type TestKit } from 'embedkit/testing';
import { createEmbedMock } from 'embedkit/sdk/mock';
import type { Message } from 'embedkit/sdk';

let kit: TestKit;
beforeAll(async () => (kit = await startEmbedkit()));
afterAll(() => kit.stop());

it('a push reaches Alice', async () => {
  const alice = kit.world.users.find((u) => u.displayName === 'Alice')!;
  const chat = kit.world.chats.find((c) => c.bot === kit.channel.id && c.memberIds.includes(alice.userId))!;
  const welcome: Message = { type: 'text', text: 'Welcome!' };
  const res = await fetch(kit.url + '/v2/bot/message/push', { method: 'POST', headers: { authorization: 'Bearer ' + (await kit.token()), 'content-type': 'application/json' }, body: JSON.stringify({ to: alice.userId, messages: [welcome] }) });
  expect(res.status).toBe(200);
  expect((await kit.messages(chat.chatId)).at(-1)?.message).toEqual(welcome);
});

it('the page sends what the mock checks', async () => {
  const embed = createEmbedMock();
  await new Promise((resolve, reject) => embed.init(resolve, reject));
  await embed.sendMessages([{ type: 'sticker', packageId: '446', stickerId: '1988' }]);
  expect(embed.sent).toHaveLength(1);
});
`,
    );
    const tests = await sh('npx', ['vitest', 'run', 'types.test.ts']);
    expect(tests.out).toMatch(/2 passed/);
    expect(tests.code, tests.out).toBe(0);
  });
});
