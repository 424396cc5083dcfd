// The SQLite driver is a native module built for one Node.js ABI. node_modules installed by another
// Node.js (or by an npm whose `nodedir` points at another one's headers, as Debian's does) fails
// only when the server opens its database, with a dlopen message; `npm start` right after
// `npm install` should work instead, so the build checks the driver first and rebuilds it once.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Reads Node.js's refusal of a native module built for another ABI.
 * @param {string} message the error's message (`ERR_DLOPEN_FAILED`)
 * @returns {{ built: number, needed: number } | undefined} the two NODE_MODULE_VERSIONs, or
 *   undefined when the message is another failure
 */
export function abiMismatchOf(message) {
  const m = /NODE_MODULE_VERSION (\d+)[\s\S]*?requires[\s\S]*?NODE_MODULE_VERSION (\d+)/.exec(message);
  return m ? { built: Number(m[1]), needed: Number(m[2]) } : undefined;
}

/**
 * The headers node-gyp should build against for the running Node.js: its own install prefix when
 * that holds them (an official build, nvm, `scripts/node-install.sh`), else undefined (npm's own
 * setting stays).
 * @param {string} execPath the running node binary (`process.execPath`)
 * @returns {string | undefined} a folder with `include/node/node.h`
 */
export function nodedirOf(execPath) {
  const prefix = dirname(dirname(execPath));
  return existsSync(join(prefix, 'include', 'node', 'node.h')) ? prefix : undefined;
}

/**
 * Loads better-sqlite3 from `root`; when it was built for another Node.js, rebuilds it with this
 * one's headers and loads it again. Writes what it does to stderr.
 * @param {string} root the project folder (where node_modules is)
 * @throws {Error} when it fails to load for another reason (the loader's message), or still fails
 *   after the rebuild (the rebuild's output above says why)
 */
export function ensureNativeModule(root) {
  // In a child process: a Database object left in this one aborts it at exit on Node.js 24
  // (better-sqlite3 12's destructor), and a failed load would stay cached here by path.
  const load = () =>
    spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
      cwd: root,
      encoding: 'utf8',
    });
  const first = load();
  if (first.status === 0) return;
  const mismatch = abiMismatchOf(first.stderr);
  if (!mismatch) throw new Error(`better-sqlite3 does not load:\n${first.stderr}`);
  console.error(
    `better-sqlite3 was built for another Node.js (NODE_MODULE_VERSION ${mismatch.built}; ` +
      `Node.js ${process.versions.node} needs ${mismatch.needed}): rebuilding it, once...`,
  );
  const nodedir = nodedirOf(process.execPath);
  const npm = process.env.npm_execpath;
  const [cmd, args] = npm ? [process.execPath, [npm, 'rebuild', 'better-sqlite3']] : ['npm', ['rebuild', 'better-sqlite3']];
  execFileSync(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...(nodedir ? { npm_config_nodedir: nodedir } : {}) },
  });
  const again = load();
  if (again.status !== 0) throw new Error(`better-sqlite3 still does not load after the rebuild:\n${again.stderr}`);
}
