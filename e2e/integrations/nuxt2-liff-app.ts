/**
 * The project of the platform scaffolder's Nuxt template (`e2e/fixtures/create-liff-app/nuxtjs-ts/`,
 * Nuxt 2) as its users have it today: its own node_modules, installed from the fixture's lockfile
 * with `npm ci` (Nuxt 2 and webpack 4 are ~400 MB, 1,472 packages: never a dependency of this
 * checkout), and `embedkit` (this checkout) linked as `npm link` would.
 *
 * The install is kept in this checkout's `.cache/nuxt2-liff-app/` and reused while the fixture's
 * lockfile is the same (its SHA-256 is written beside it once `npm ci` succeeds).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The fixture's LIFF ID (its `.env`, `LIFF_ID`, as the scaffolder writes it for Nuxt): unknown to the default world. */
export const NUXT_FIXTURE_LIFF_ID = '2001234567-ClaNuxt2';

/** This checkout. */
const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURE = join(ROOT, 'e2e/fixtures/create-liff-app/nuxtjs-ts');
const PROJECT = join(ROOT, '.cache', 'nuxt2-liff-app');
/** `npm ci` took 71 s on a 2-core machine with a warm npm cache; a cold cache and a slow mirror take longer. */
const INSTALL_TIMEOUT_MS = 360_000;

/**
 * The environment Nuxt 2 needs on Node.js 17 and later: webpack 4 hashes with MD4, which OpenSSL 3
 * only offers from its legacy provider (without it: `error:0308010C:digital envelope routines::unsupported`).
 */
export const NUXT2_ENV = { NODE_OPTIONS: '--openssl-legacy-provider', NUXT_TELEMETRY_DISABLED: '1' } as const;

/**
 * The project folder, ready to run: the fixture's files over the kept install (installed first when
 * the lockfile changed or nothing is installed), no build output of an earlier run, `embedkit` linked.
 * @throws Error saying the npm registry must be reachable, with npm's last lines, when `npm ci` fails or times out
 */
export async function makeNuxt2LiffApp(): Promise<string> {
  const lock = readFileSync(join(FIXTURE, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const stamp = join(PROJECT, 'node_modules', '.embedkit-lock-sha256');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== hash) {
    rmSync(PROJECT, { recursive: true, force: true });
    mkdirSync(PROJECT, { recursive: true });
    cpSync(join(FIXTURE, 'package.json'), join(PROJECT, 'package.json'));
    cpSync(join(FIXTURE, 'package-lock.json'), join(PROJECT, 'package-lock.json'));
    try {
      // No install scripts: none of the project's packages needs one on Linux (core-js's prints a notice).
      await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
        cwd: PROJECT,
        timeout: INSTALL_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      const { stderr = '', killed } = error as { stderr?: string; killed?: boolean };
      const why = killed ? `did not finish in ${INSTALL_TIMEOUT_MS / 1000} s` : 'failed';
      throw new Error(
        `npm ci of the Nuxt 2 project (${PROJECT}) ${why}: the npm registry must be reachable to install it once.\n` +
          // npm's first lines say what failed (the code, the URL); its stack trace says nothing more.
          stderr
            .split('\n')
            .filter((line) => !/^npm error\s+at /.test(line))
            .slice(0, 10)
            .join('\n'),
        { cause: error },
      );
    }
    writeFileSync(stamp, hash);
  }
  cpSync(FIXTURE, PROJECT, { recursive: true });
  rmSync(join(PROJECT, '.nuxt'), { recursive: true, force: true });
  rmSync(join(PROJECT, 'node_modules', 'embedkit'), { recursive: true, force: true });
  symlinkSync(ROOT, join(PROJECT, 'node_modules', 'embedkit'));
  return PROJECT;
}
