/**
 * Installing embedkit, in seconds and MB on disk (`du -s` of node_modules), each named with its
 * heaviest packages:
 * - what the package costs a user's project: the packed tarball installed into an empty project
 *   with `--ignore-scripts` (no native build: the size and the package count are the point), target
 *   <= 90 MB;
 * - `npm install` in a clean clone (the tree of HEAD, as `git clone` gives it), with better-sqlite3
 *   built from source (`npm_config_build_from_source=true`: as where no prebuilt binary can be
 *   fetched), and that native build alone (`npm rebuild better-sqlite3`);
 * - `npm pack` of this checkout, then `npm install -D <tarball>` in a new project (also built from
 *   source).
 * Packages come from the npm registry through npm's cache (`--prefer-offline`): the figures are
 * npm's and the build's work, not the network's. Opt-in (`npm run bench -- --install`): minutes.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { formatEntries, heaviestPackages } from './du.js';
import type { Figure } from '../lib/report.js';
import { summarize } from '../lib/stats.js';

const run = promisify(execFile);
const MB = 1024 * 1024;
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund'];
const ENV = { ...process.env, npm_config_build_from_source: 'true' };

/** Seconds a command takes (it must succeed). */
async function seconds(command: string, args: string[], cwd: string): Promise<number> {
  const t0 = performance.now();
  await run(command, args, { cwd, env: ENV, maxBuffer: 64 * MB, timeout: 1_800_000 });
  const s = (performance.now() - t0) / 1000;
  // Progress: each step takes minutes.
  process.stderr.write(`bench install: ${command} ${args.slice(0, 2).join(' ')}: ${s.toFixed(1)} s\n`);
  return s;
}

/** MB on disk of node_modules, and its five heaviest packages as text. */
async function weigh(project: string): Promise<{ mb: number; heaviest: string }> {
  const nm = join(project, 'node_modules');
  const total = Number((await run('du', ['-s', '--block-size=1', nm])).stdout.split('\t')[0]);
  // A shell for the globs; du exits 1 when a glob (e.g. no scope) matches nothing, its output stays good.
  const { stdout } = await run('sh', ['-c', `du -s --block-size=1 ${nm}/* ${nm}/@*/* || true`], { maxBuffer: 16 * MB });
  return { mb: Math.round((total / MB) * 10) / 10, heaviest: formatEntries(heaviestPackages(stdout, 5)) };
}

/** Top-level packages in a node_modules (`name` and `@scope/name` folders). */
async function topLevelPackages(project: string): Promise<number> {
  const { stdout } = await run('sh', ['-c', `cd ${join(project, 'node_modules')} && ls -d [!@.]* @*/* 2>/dev/null || true`]);
  return stdout.split('\n').filter(Boolean).length;
}

/** Upper bound of the package in an empty project's node_modules, in MB on disk. */
const PACKAGE_INSTALL_MB = 90;

export async function installFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'embedkit-bench-install-'));
  try {
    const packing = await seconds('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], process.cwd());
    const tarball = (await run('sh', ['-c', `ls ${dir}/embedkit-*.tgz`])).stdout.trim();
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'package.json'), JSON.stringify({ name: 'p', private: true }));
    const bare = await seconds('npm', ['install', ...NPM_FLAGS, '--ignore-scripts', tarball], empty);
    const bareSize = await weigh(empty);
    const bareCount = await topLevelPackages(empty);
    const packageRow: Figure = {
      figure: `install: the packed tarball in an empty project, npm install --ignore-scripts (${bareCount} top-level packages, ${bare.toFixed(1)} s)`,
      unit: 'MB',
      embedkit: summarize([bareSize.mb]),
      target: `<= ${PACKAGE_INSTALL_MB} MB`,
      pass: bareSize.mb <= PACKAGE_INSTALL_MB,
      note: `heaviest: ${bareSize.heaviest}`,
    };
    if (process.env.EMBEDKIT_BENCH_INSTALL_QUICK === '1') return [packageRow];

    const clone = join(dir, 'clone');
    mkdirSync(clone);
    await run('sh', ['-c', `git archive --format=tar HEAD | tar -x -C ${clone}`]);
    const install = await seconds('npm', ['install', ...NPM_FLAGS], clone);
    const cloneSize = await weigh(clone);
    const nativeBuild = await seconds('npm', ['rebuild', 'better-sqlite3', ...NPM_FLAGS], clone);
    await run(process.execPath, ['-e', "require('better-sqlite3')(':memory:').close()"], { cwd: clone });

    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'p', private: true }));
    const projectInstall = await seconds('npm', ['install', ...NPM_FLAGS, '--save-dev', tarball], project);
    const projectSize = await weigh(project);
    return [
      packageRow,
      {
        figure: `install: npm install in a clean clone, better-sqlite3 built from source (node_modules ${cloneSize.mb} MB on disk)`,
        unit: 's',
        embedkit: summarize([install]),
        target: 'informational',
        pass: true,
        note: `the native build alone (npm rebuild better-sqlite3) ${nativeBuild.toFixed(0)} s; heaviest: ${cloneSize.heaviest}`,
      },
      {
        figure: `install: npm pack (${packing.toFixed(1)} s) + npm install -D <tarball> in a new project, built from source (node_modules ${projectSize.mb} MB on disk)`,
        unit: 's',
        embedkit: summarize([projectInstall]),
        target: 'informational',
        pass: true,
        note: `heaviest: ${projectSize.heaviest}`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
