// `npm start` right after an `npm install` made by another Node.js (or against another one's
// headers) rebuilds the SQLite driver instead of failing when the server opens its database.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the build, without types
import { abiMismatchOf, nodedirOf } from '../native-module.mjs';

/** The machine's own Node.js, when it is another major than the one running the tests (as on CI). */
const otherNode = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => {
  if (!existsSync(p)) return false;
  const v = spawnSync(p, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout.trim();
  return v !== '' && v !== process.versions.modules;
});

describe('the SQLite driver built for another Node.js', () => {
  it.skipIf(!otherNode)("reads Node.js's own refusal: built for this Node.js, needed by the other", () => {
    const run = spawnSync(otherNode!, ['-e', "require('better-sqlite3')(':memory:')"], {
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    const needed = spawnSync(otherNode!, ['-p', 'process.versions.modules'], { encoding: 'utf8' });
    expect(abiMismatchOf(run.stderr)).toEqual({
      built: Number(process.versions.modules),
      needed: Number(needed.stdout.trim()),
    });
  });

  it('another failure to load is not taken for a version mismatch', () => {
    expect(abiMismatchOf("Cannot find module 'better-sqlite3'")).toBeUndefined();
  });

  it("builds against the running Node.js's own headers when its install has them", () => {
    const prefix = mkdtempSync(join(tmpdir(), 'embedkit-nodedir-'));
    try {
      mkdirSync(join(prefix, 'include', 'node'), { recursive: true });
      expect(nodedirOf(join(prefix, 'bin', 'node'))).toBeUndefined();
      writeFileSync(join(prefix, 'include', 'node', 'node.h'), '');
      expect(nodedirOf(join(prefix, 'bin', 'node'))).toBe(prefix);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});
