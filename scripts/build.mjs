#!/usr/bin/env node
// Builds what is missing or older than its sources, so `npm start` works right after
// `npm install` and costs nothing when everything is already built. `--force` rebuilds all.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const force = process.argv.includes('--force');
const bin = (name) => join('node_modules', '.bin', name);

/** Newest modification time (ms) of the files under the given paths; 0 when none exist. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const e of readdirSync(p)) walk(join(p, e));
    else max = Math.max(max, st.mtimeMs);
  };
  paths.forEach(walk);
  return max;
}

/** Oldest modification time (ms) of the outputs; 0 when any is missing. */
function oldest(files) {
  let min = Infinity;
  for (const f of files) {
    if (!existsSync(f)) return 0;
    min = Math.min(min, statSync(f).mtimeMs);
  }
  return min;
}

const steps = [
  {
    name: 'browser bundles (sdk, host, demo)',
    inputs: ['sdk/src', 'host/src', 'demo/app/src', 'demo/login/src', 'demo/liff-app/src', 'rollup.config.mjs', 'package-lock.json'],
    outputs: [
      'sdk/dist/embed.js',
      'sdk/dist/embed.mjs',
      'sdk/dist/mock.mjs',
      'sdk/dist/liff.mjs',
      'sdk/dist/liff.js',
      'host/dist/host.js',
      'demo/app/dist/app.js',
      'demo/login/dist/login.js',
      'demo/liff-app/dist/app.js',
    ],
    run: () => execFileSync(bin('rollup'), ['-c', 'rollup.config.mjs', '--silent'], { stdio: 'inherit' }),
  },
  {
    name: 'sdk type declarations',
    inputs: ['sdk/src'],
    outputs: ['sdk/dist/types/index.d.ts'],
    run: () => execFileSync(bin('tsc'), ['-p', 'sdk/tsconfig.json'], { stdio: 'inherit' }),
  },
  {
    name: 'server',
    inputs: ['server/src', 'server/tsconfig.build.json', 'tsconfig.json'],
    outputs: ['server/dist/cli.js', 'server/dist/app.js'],
    run: () => execFileSync(bin('tsc'), ['-p', 'server/tsconfig.build.json'], { stdio: 'inherit' }),
  },
  {
    name: 'demo bot',
    inputs: ['demo/bot/src', 'demo/bot/tsconfig.json', 'tsconfig.json'],
    outputs: ['demo/bot/dist/main.js', 'demo/bot/dist/bots.js'],
    run: () => execFileSync(bin('tsc'), ['-p', 'demo/bot/tsconfig.json'], { stdio: 'inherit' }),
  },
];

for (const step of steps) {
  if (!force && oldest(step.outputs) >= newest(step.inputs)) continue;
  const started = Date.now();
  process.stderr.write(`building ${step.name}...`);
  step.run();
  process.stderr.write(` ${Date.now() - started} ms\n`);
}
