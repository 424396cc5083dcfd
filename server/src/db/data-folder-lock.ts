/**
 * One data folder, one embedkit. A kit on the embedded database keeps rows in memory until a
 * statement of its own writes their tables (`kept-until-written.ts`); a second kit on the same
 * folder, in another process or in this one, would not see the first one's writes and answer from
 * its memory (a token the first revoked, still accepted by the second). So the kit that opens a
 * folder's database holds the folder's lock until it closes, and another kit is refused, told who
 * holds it.
 *
 * The lock is the operating system's file lock, taken through SQLite: an exclusive transaction
 * kept open on `embedkit.lock`, an empty database. The system releases it when the process ends
 * however it ends (`kill -9`, a crash), so a dead holder never blocks a start, and no process ID is
 * trusted to tell whether the holder lives (containers restart with the same small IDs). The file
 * stays when released: deleting it would let a kit that opened it just before lock a file no
 * longer in the folder while a third locks the new one. Who holds it (process ID, URL, start time)
 * is written beside it in `embedkit.lock.json`, for the refusal's message only.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { closeSqlite } from './db.js';

/** The file whose lock is the folder's, in the data folder. */
export const LOCK_FILE = 'embedkit.lock';

/** Who holds the lock, in the data folder beside {@link LOCK_FILE}: a {@link DataFolderHolder} as JSON. */
export const HOLDER_FILE = 'embedkit.lock.json';

/**
 * How long taking the lock waits for another process that holds it for an instant, in ms: a
 * start's look before it listens ({@link checkDataFolderFree}) takes and gives it back at once.
 * A kit that holds it for good is waited for this long, then refused.
 */
const WAIT_MS = 250;

/** The kit holding a data folder, as {@link HOLDER_FILE} records it. */
export interface DataFolderHolder {
  /** Its process ID. */
  pid: number;
  /** Its `{base_url}` (`http://localhost:<port>`, the host page) when it listens; absent for a kit that does not. */
  url?: string;
  /** When it took the folder: an ISO 8601 date and time. */
  startedAt: string;
  /** True when its host page and simulator API require an admin token (the token itself is not written). */
  adminToken?: boolean;
}

/** What a kit says of itself when it takes a folder: its URL and whether it requires an admin token. */
export type HolderDetails = Pick<DataFolderHolder, 'url' | 'adminToken'>;

/** A data folder another kit holds: the folder (absolute) and its holder, undefined while that one has not written it yet. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: DataFolderHolder | undefined,
  ) {
    super(
      `the data folder ${folder} is in use by ${describeHolder(holder)}: one data folder serves one embedkit at a time ` +
        '(each keeps rows in memory); use that one, stop it first, or start this one on another folder or in memory',
    );
    this.name = 'DataFolderInUseError';
  }
}

/** A data folder's lock, held. */
export interface DataFolderLock {
  /** Gives the folder back (its holder file removed); calling it again does nothing. */
  release(): void;
}

/**
 * Takes a data folder for this kit (made when missing) and writes who holds it.
 * @param folder the data folder (the database file `embedkit.sqlite` is in it)
 * @param details what the refusal of another kit tells of this one
 * @throws DataFolderInUseError when another kit, of this process or another, holds it; what the file system
 *   throws when the folder cannot be made or written
 */
export function lockDataFolder(folder: string, details: HolderDetails): DataFolderLock {
  const dir = resolve(folder);
  mkdirSync(dir, { recursive: true });
  const sqlite = new SQLite(join(dir, LOCK_FILE), { timeout: WAIT_MS });
  try {
    takeLock(sqlite, dir);
    writeHolder(dir, { pid: process.pid, ...details, startedAt: new Date().toISOString() });
  } catch (e) {
    closeSqlite(sqlite);
    throw e;
  }
  let held = true;
  return {
    release: () => {
      if (!held) return;
      held = false;
      try {
        rmSync(join(dir, HOLDER_FILE), { force: true });
      } finally {
        closeSqlite(sqlite);
      }
    },
  };
}

/**
 * Tells whether a kit holds a data folder, without taking it for longer than a look (nothing is
 * made: a folder without a lock file is free). For a start to refuse before it listens, so that
 * the refusal names the folder's holder rather than a port it also holds.
 * @throws DataFolderInUseError when a kit holds it
 */
export function checkDataFolderFree(folder: string): void {
  const dir = resolve(folder);
  const file = join(dir, LOCK_FILE);
  if (!existsSync(file)) return;
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file, { timeout: WAIT_MS, fileMustExist: true });
  } catch (e) {
    // Gone since it was seen (the folder removed): nothing holds it.
    if ((e as { code?: unknown }).code === 'SQLITE_CANTOPEN') return;
    throw e;
  }
  try {
    takeLock(sqlite, dir);
    sqlite.exec('ROLLBACK');
  } finally {
    closeSqlite(sqlite);
  }
}

/**
 * Begins the exclusive transaction that is the lock (journal in memory: no journal file is made).
 * @throws DataFolderInUseError when another connection holds it
 */
function takeLock(sqlite: SQLite.Database, dir: string): void {
  try {
    sqlite.exec('PRAGMA journal_mode = MEMORY; BEGIN EXCLUSIVE');
  } catch (e) {
    if ((e as { code?: unknown }).code === 'SQLITE_BUSY') throw new DataFolderInUseError(dir, readHolder(dir));
    throw e;
  }
}

/** Writes the holder file whole (a reader never sees half of it): a temporary file renamed over it. */
function writeHolder(dir: string, holder: DataFolderHolder): void {
  const temp = join(dir, `${HOLDER_FILE}.${process.pid}.tmp`);
  writeFileSync(temp, `${JSON.stringify(holder, null, 2)}\n`);
  renameSync(temp, join(dir, HOLDER_FILE));
}

/**
 * The holder the folder's holder file names, or undefined when there is none, it is not a holder,
 * or its process is gone (a holder killed earlier left it, and the one holding the lock now has
 * not written its own yet).
 */
function readHolder(dir: string): DataFolderHolder | undefined {
  let holder: unknown;
  try {
    holder = JSON.parse(readFileSync(join(dir, HOLDER_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  const h = holder as Partial<DataFolderHolder> | null;
  if (typeof h?.pid !== 'number' || !Number.isInteger(h.pid) || typeof h.startedAt !== 'string') return undefined;
  return alive(h.pid) ? (h as DataFolderHolder) : undefined;
}

/** Whether a process of this ID runs (signal 0 checks without sending; EPERM: it runs as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder as the refusal names it. */
function describeHolder(holder: DataFolderHolder | undefined): string {
  if (!holder) return 'another embedkit, starting (its process ID and URL are not written yet)';
  const who = holder.pid === process.pid ? `another kit of this process (pid ${holder.pid})` : `another embedkit (pid ${holder.pid})`;
  return `${who}, ${holder.url ? `at ${holder.url}/` : 'not listening'}, since ${holder.startedAt}`;
}
