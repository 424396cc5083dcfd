#!/usr/bin/env node
// Builds what is missing or whose sources changed (by content: build-stale.mjs), so `npm start`
// works right after `npm install` and costs nothing when everything is already built, also after
// `npm pack` or a checkout that touched files without changing them. `--force` rebuilds all.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { isStale, markBuilt } from './build-stale.mjs';

const force = process.argv.includes('--force');
const bin = (name) => join('node_modules', '.bin', name);

/** Where the stamps of built steps are kept (see build-stale.mjs). */
const STAMPS = join('node_modules', '.cache', 'embedkit-build');

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
  if (!force && !isStale(step, STAMPS)) continue;
  const started = Date.now();
  process.stderr.write(`building ${step.name}...`);
  step.run();
  markBuilt(step, STAMPS);
  process.stderr.write(` ${Date.now() - started} ms\n`);
}
