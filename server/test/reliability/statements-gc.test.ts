// better-sqlite3 12 on Node 24 aborts the process (SIGABRT, "Assertion failed: (env) != nullptr")
// when one of its statement objects is garbage-collected outside JavaScript. embedkit keeps them
// referenced there (`db/db.ts`). A process that opens, uses and closes many databases, then
// allocates enough for the collector to run, must exit normally. Meaningful on Node 24 and later
// (the CI runs the server suite on Node 24 too: scripts/test-node.sh).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const DB = pathToFileURL(resolve('server/dist/db/db.js')).href;

describe('statements of the embedded database and the garbage collector', () => {
  it('a process that opened and closed 200 databases outlives the collections that follow', () => {
    const code = `
      const { openDatabase } = await import(${JSON.stringify(DB)});
      for (let i = 0; i < 200; i++) {
        const db = await openDatabase({ file: ':memory:' });
        await db.selectFrom('channels').selectAll().execute();
        await db.destroy();
      }
      await new Promise((r) => setTimeout(r, 20));
      let garbage = [];
      for (let i = 0; i < 3_000_000; i++) garbage.push({ i });
      garbage = null;
      await new Promise((r) => setTimeout(r, 50));
      process.stdout.write('done');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).not.toContain('Assertion failed');
    expect({ status: run.status, signal: run.signal, stdout: run.stdout }).toEqual({ status: 0, signal: null, stdout: 'done' });
  }, 70_000);
});
