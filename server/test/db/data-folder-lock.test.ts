/**
 * One data folder, one kit, in one process: a kit keeps rows in memory until it writes them, so a
 * second kit on the folder of a running one is refused as a second process is (cli/start/one-data-folder.test.ts
 * runs the processes), told who holds it; a kit that closes, or fails to start, gives the folder
 * back. Kits in memory (the testing API's) and on PostgreSQL hold no folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDataFolderFree, DataFolderInUseError, HOLDER_FILE, lockDataFolder } from '../../src/db/data-folder-lock.js';
import { dropSchema } from '../../src/db/pg-schemas.js';
import { createEmbedkit, type Embedkit, type EmbedkitOptions } from '../../src/kit/embedkit.js';
import { startServer } from '../../src/serve/start.js';
import { startEmbedkit } from '../../src/testing.js';
import { freePort, onTestDatabase, TEST_DATABASE_URL, TWO_CHANNELS } from '../helpers.js';

const dirs: string[] = [];
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const k of open.splice(0).reverse()) await k.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'embedkit-folder-lock-'));
  dirs.push(d);
  return d;
};

/** A kit on the embedded database in `dataDir` (never PostgreSQL: the folder is what is tested). */
async function kitOn(dataDir: string, more: EmbedkitOptions = {}): Promise<Embedkit> {
  const kit = await createEmbedkit({ inMemory: false, dataDir, scenarioFile: TWO_CHANNELS, logger: pino({ level: 'silent' }), ...more });
  open.push(kit);
  return kit;
}

/** The ID of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('a data folder held by a kit of this process', () => {
  it('refuses a second kit, naming this process and where the first answers; free again once the first closes', async () => {
    const dataDir = tempDir();
    const first = await kitOn(dataDir, { baseUrl: 'http://localhost:9999' });
    const refused = await kitOn(dataDir).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataFolderInUseError);
    expect((refused as DataFolderInUseError).holder).toMatchObject({ pid: process.pid, url: 'http://localhost:9999' });
    expect((refused as Error).message).toContain(
      `the data folder ${dataDir} is in use by another kit of this process (pid ${process.pid}), at http://localhost:9999/`,
    );
    expect(() => checkDataFolderFree(dataDir)).toThrow(DataFolderInUseError);

    await first.close();
    open.splice(open.indexOf(first), 1);
    expect(() => checkDataFolderFree(dataDir)).not.toThrow();
    await kitOn(dataDir);
  });

  it('refuses a second server after closing the port it bound', async () => {
    const dataDir = tempDir();
    const options = { inMemory: false, dataDir, logger: pino({ level: 'silent' }) };
    const first = await startServer({ port: 0, ...options });
    open.push(first);
    const port = await freePort();
    const refused = await startServer({ port, ...options }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataFolderInUseError);
    expect((refused as DataFolderInUseError).holder?.url).toBe(first.baseUrl);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('is given back by a kit that fails to start', async () => {
    const dataDir = tempDir();
    const bad = join(dataDir, '..', `${Date.now()}-not-a-scenario.json`);
    writeFileSync(bad, JSON.stringify({ channels: 'none' }));
    try {
      const failed = await kitOn(dataDir, { scenarioFile: bad }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(Error);
      expect(failed).not.toBeInstanceOf(DataFolderInUseError);
    } finally {
      rmSync(bad, { force: true });
    }
    await kitOn(dataDir);
  });
});

describe('the lock of a data folder', () => {
  it('is not held by a holder file its process left behind (killed): the next kit takes the folder', () => {
    const dataDir = tempDir();
    writeFileSync(
      join(dataDir, HOLDER_FILE),
      JSON.stringify({ pid: deadPid(), url: 'http://localhost:1', startedAt: '2020-01-01T00:00:00.000Z' }),
    );
    expect(() => checkDataFolderFree(dataDir)).not.toThrow();
    const lock = lockDataFolder(dataDir, { url: 'http://localhost:2' });
    try {
      const refused = (() => {
        try {
          lockDataFolder(dataDir, {});
        } catch (e) {
          return e;
        }
      })();
      expect((refused as DataFolderInUseError).holder).toMatchObject({ pid: process.pid, url: 'http://localhost:2' });
    } finally {
      lock.release();
    }
  });

  it('held by a kit that has not written who it is yet: the refusal says another is starting', () => {
    const dataDir = tempDir();
    const lock = lockDataFolder(dataDir, {});
    try {
      writeFileSync(join(dataDir, HOLDER_FILE), JSON.stringify({ pid: deadPid(), startedAt: '2020-01-01T00:00:00.000Z' }));
      expect(() => lockDataFolder(dataDir, {})).toThrow(/in use by another embedkit, starting/);
    } finally {
      lock.release();
    }
    expect(() => checkDataFolderFree(dataDir)).not.toThrow();
  });

  it('a folder that does not exist is free, and looking does not make it', () => {
    const missing = join(tempDir(), 'not-made');
    expect(() => checkDataFolderFree(missing)).not.toThrow();
    expect(existsSync(missing)).toBe(false);
    lockDataFolder(missing, {}).release();
    expect(() => checkDataFolderFree(missing)).not.toThrow();
  });
});

describe('kits that hold no folder', () => {
  it('in memory (the testing API): any number run side by side', async () => {
    const [a, b] = await Promise.all([startEmbedkit(), startEmbedkit()]);
    open.push({ close: () => a.stop() }, { close: () => b.stop() });
    const tokens = await Promise.all([a.token(), b.token()]);
    expect(tokens.every((t) => typeof t === 'string')).toBe(true);
  });

  // Servers on one PostgreSQL database are one by design: nothing is kept in memory there.
  it.skipIf(!TEST_DATABASE_URL)('on PostgreSQL: two kits with the same data folder both start', async () => {
    const dataDir = tempDir();
    const options: EmbedkitOptions = onTestDatabase({
      inMemory: false,
      dataDir,
      scenarioFile: TWO_CHANNELS,
      logger: pino({ level: 'silent' }),
    });
    try {
      const a = await createEmbedkit(options);
      open.push(a);
      const b = await createEmbedkit(options);
      open.push(b);
      expect(() => checkDataFolderFree(dataDir)).not.toThrow();
    } finally {
      for (const k of open.splice(0).reverse()) await k.close();
      await dropSchema(TEST_DATABASE_URL!, options.databaseSchema!);
    }
  });
});
