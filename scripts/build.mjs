#!/usr/bin/env node
// Builds what is missing or whose sources changed (by content: build-stale.mjs), so `npm start`
// works right after `npm install` and costs nothing when everything is already built, also after
// `npm pack` or a checkout that touched files without changing them. `--force` rebuilds all.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { isStale, markBuilt } from './build-stale.mjs';
import { ensureNativeModule } from './native-module.mjs';

// Every npm script that runs embedkit or its tests builds first: an older Node.js stops here, with
// the fix, instead of failing later in the native SQLite module or a test runner.
const engines = JSON.parse(readFileSync('package.json', 'utf8')).engines.node;
if (!semver.satisfies(process.versions.node, engines)) {
  console.error(
    `embedkit is developed on Node.js 24 (and runs on ${engines}); this is Node.js ${process.versions.node}.\n` +
      `Put Node.js 24 first on PATH (nvm install 24, or from the npm registry:\n` +
      `  export PATH="$(bash scripts/node-install.sh 24):$PATH" npm_config_nodedir="$PWD/.cache/node/24"\n` +
      `), then npm rebuild better-sqlite3 if node_modules was installed with another Node.js.`,
  );
  process.exit(1);
}
ensureNativeModule(process.cwd());

const force = process.argv.includes('--force');
const bin = (name) => join('node_modules', '.bin', name);

/** Where the stamps of built steps are kept (see build-stale.mjs). */
const STAMPS = join('node_modules', '.cache', 'embedkit-build');

/** Where each message kind keeps its stylesheet (`<kind>/style.css`), beside the rules they share. */
const KINDS_DIR = join('host', 'src', 'phone', 'messages');

/**
 * The kinds' stylesheets in the order they reach the page: the cascade decides between rules of
 * equal weight by this order, so it is the order the rules had in the one stylesheet they came from
 * and the screenshots stay as they are. The shared rules come first.
 */
const MESSAGE_STYLES = [
  'common.css',
  ...[
    'text',
    'video',
    'audio',
    'location',
    'template',
    'sticker',
    'imagemap',
    'flex',
    'coupon',
    'link',
    'contact',
    'system',
    'text-v2',
  ].map((k) => `${k}/style.css`),
];

/**
 * The host page's stylesheets in the order the page had them as separate links: one file reaches
 * the page in one request (a phone waits for every stylesheet before its first paint), and the
 * cascade stays what it was. `messages.css` is the kinds' stylesheets joined (below).
 */
const HOST_STYLES = [
  'host/static/styles.css',
  'host/static/sim-panel.css',
  'host/dist/messages.css',
  'host/static/chat-screen.css',
  'host/static/bots.css',
  'host/static/blockchain.css',
  'host/static/rich-menu.css',
  'host/static/mini-app-frame.css',
  'host/static/phone.css',
];

/** `host/dist/messages.css`, the kinds' stylesheets joined, then `host/dist/host.css`, the page's; a kind's stylesheet missing from the order stops the build. */
function buildHostStyles() {
  buildMessageStyles();
  const css = HOST_STYLES.map((f) => `/* ${f} */\n${readFileSync(f, 'utf8')}`).join('\n');
  writeFileSync(join('host', 'dist', 'host.css'), css);
}

/** `host/dist/messages.css`: the kinds' stylesheets joined; a kind's stylesheet missing from the order stops the build. */
function buildMessageStyles() {
  const found = readdirSync(KINDS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(KINDS_DIR, e.name, 'style.css')))
    .map((e) => `${e.name}/style.css`);
  const unlisted = found.filter((f) => !MESSAGE_STYLES.includes(f));
  if (unlisted.length) throw new Error(`scripts/build.mjs: add ${unlisted.join(', ')} to MESSAGE_STYLES (in cascade order)`);
  const css = MESSAGE_STYLES.map((f) => `/* ${f} */\n${readFileSync(join(KINDS_DIR, f), 'utf8')}`).join('\n');
  mkdirSync(join('host', 'dist'), { recursive: true });
  writeFileSync(join('host', 'dist', 'messages.css'), css);
}

/** tsc on a project whose output folder is emptied first: a module moved or removed leaves no stale file to run or to pack. */
const tscClean = (project, outDir) => () => {
  rmSync(outDir, { recursive: true, force: true });
  execFileSync(bin('tsc'), ['-p', project], { stdio: 'inherit' });
};

const steps = [
  {
    // The server, host and SDK build on it (package.json "imports": #contract/*).
    name: 'contract',
    inputs: ['contract/src', 'contract/tsconfig.json', 'tsconfig.json'],
    outputs: ['contract/dist/wire.js', 'contract/dist/wire.d.ts'],
    run: tscClean('contract/tsconfig.json', 'contract/dist'),
  },
  {
    name: 'browser bundles (sdk, host, demo)',
    inputs: [
      'contract/src',
      'sdk/src',
      'host/src',
      'demo/app/src',
      'demo/login/src',
      'demo/liff-app/src',
      'rollup.config.mjs',
      'scripts/rollup',
      'package-lock.json',
    ],
    outputs: [
      'sdk/dist/embed.js',
      'sdk/dist/embed.mjs',
      'sdk/dist/mock.mjs',
      'sdk/dist/liff.mjs',
      'sdk/dist/liff.js',
      'host/dist/host.js',
      'host/dist/qr-decoder.js',
      'demo/app/dist/app.js',
      'demo/login/dist/login.js',
      'demo/liff-app/dist/app.js',
    ],
    run: () => {
      // The host's chunks are named by their content: the ones of an earlier build would pile up.
      rmSync(join('host', 'dist', 'chunks'), { recursive: true, force: true });
      execFileSync(bin('rollup'), ['-c', 'rollup.config.mjs', '--silent'], { stdio: 'inherit' });
    },
  },
  {
    name: 'host stylesheet',
    inputs: [KINDS_DIR, 'host/static', 'scripts/build.mjs'],
    outputs: ['host/dist/messages.css', 'host/dist/host.css'],
    run: buildHostStyles,
  },
  {
    // They name the contract's declarations (#contract/bridge/*), which the contract step writes.
    name: 'sdk type declarations',
    inputs: ['sdk/src', 'contract/src'],
    outputs: ['sdk/dist/types/index.d.ts'],
    run: tscClean('sdk/tsconfig.json', 'sdk/dist/types'),
  },
  {
    name: 'server',
    inputs: ['server/src', 'contract/src', 'server/tsconfig.build.json', 'tsconfig.json'],
    outputs: ['server/dist/cli.js', 'server/dist/serve/start.js'],
    run: tscClean('server/tsconfig.build.json', 'server/dist'),
  },
  {
    // After the server: its tsc step empties server/dist, the bundle with it (a missing output runs this step again).
    name: 'command bundle',
    inputs: ['server/src', 'contract/src', 'scripts/bundle-cli.mjs', 'package-lock.json'],
    outputs: ['server/dist/bin/embedkit.js'],
    run: async () => (await import('./bundle-cli.mjs')).bundleCli(),
  },
  {
    name: 'demo bot',
    inputs: ['demo/bot/src', 'demo/bot/tsconfig.json', 'tsconfig.json'],
    outputs: ['demo/bot/dist/main.js', 'demo/bot/dist/bots.js'],
    run: () => execFileSync(bin('tsc'), ['-p', 'demo/bot/tsconfig.json'], { stdio: 'inherit' }),
  },
];

for (const step of steps) {
  if (!force && !isStale(step, STAMPS)) continue;
  const started = Date.now();
  process.stderr.write(`building ${step.name}...`);
  await step.run();
  markBuilt(step, STAMPS);
  process.stderr.write(` ${Date.now() - started} ms\n`);
}
