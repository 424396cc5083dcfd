/**
 * The kit's database and what lives beside it: where it is (the embedded file, or PostgreSQL with
 * a throwaway schema for an in-memory kit), the live hub (relayed across processes on PostgreSQL)
 * and the outage watch.
 */
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { lockDataFolder, type HolderDetails } from '../db/data-folder-lock.js';
import { openDatabase, startLock, type DatabaseLocation } from '../db/db.js';
import { DatabaseOutage } from '../db/outage.js';
import { dropSchema } from '../db/pg-schemas.js';
import type { Database } from '../db/schema.js';
import { LiveHub } from '../live/hub.js';
import { PostgresLiveRelay } from '../live/postgres-relay.js';

/** Where a kit keeps its state (part of `EmbedkitOptions`, `kit/embedkit.ts`). */
export interface DatabaseOptions {
  /** Data directory (the database file is `embedkit.sqlite` in it); ignored when `inMemory`. */
  dataDir?: string;
  /**
   * Keep everything in memory: nothing is written to disk. With `databaseUrl` and no
   * `databaseSchema`: a fresh PostgreSQL schema, dropped on close.
   */
  inMemory?: boolean;
  /**
   * `postgres://user:password@host:port/database`: the state lives in PostgreSQL instead of the
   * embedded database, and several servers on it behave as one.
   */
  databaseUrl?: string;
  /** PostgreSQL schema to use (created when missing); default the URL's search path (`public`). */
  databaseSchema?: string;
}

/** An open database with what lives beside it: the live hub (relayed across processes on PostgreSQL) and the outage watch. */
export interface KitDatabase {
  db: Kysely<Database>;
  live: LiveHub;
  outage: DatabaseOutage;
  /** Lets other servers starting on the same schema go on (call once the scenario is loaded). */
  unlock(): Promise<void>;
  /** Stops the outage watch and the relay, closes the database, and drops a throwaway schema. */
  close(): Promise<void>;
}

/**
 * Opens the database for a kit. The embedded database's folder is the kit's alone until it closes
 * (`db/data-folder-lock.ts`); PostgreSQL is shared by design (nothing of it is kept in memory),
 * and servers starting together on one schema take turns: one prepares it, the others start on
 * the result (`unlock` lets the next one go).
 * @param holder what a kit refused the same data folder is told of this one (its URL)
 * @throws DataFolderInUseError when another kit holds the data folder; Error when the database
 *   cannot be opened (the locks are released first)
 */
export async function openKitDatabase(options: DatabaseOptions, logger: Logger, holder: HolderDetails = {}): Promise<KitDatabase> {
  const location = databaseLocation(options);
  const folder = 'file' in location && location.file !== ':memory:' ? lockDataFolder(dirname(location.file), holder) : undefined;
  try {
    const opened = await openAt(options, location, logger);
    return {
      ...opened,
      close: async () => {
        try {
          await opened.close();
        } finally {
          folder?.release();
        }
      },
    };
  } catch (e) {
    folder?.release();
    throw e;
  }
}

/** {@link openKitDatabase} once the data folder, if any, is held. */
async function openAt(options: DatabaseOptions, location: DatabaseLocation, logger: Logger): Promise<KitDatabase> {
  const throwaway = options.databaseUrl !== undefined && options.inMemory && options.databaseSchema === undefined;
  const dropThrowaway = () => (throwaway && 'url' in location ? dropSchema(location.url, location.schema!) : Promise.resolve());
  const unlock = await startLock(location);
  const db = await openDatabase(location).catch(async (e: unknown) => {
    await unlock();
    await dropThrowaway().catch(() => undefined);
    throw e;
  });
  const live = new LiveHub();
  const outage = new DatabaseOutage(db as unknown as Kysely<never>, logger);
  let relay: PostgresLiveRelay | undefined;
  const close = async () => {
    outage.close();
    await relay?.close();
    await db.destroy();
    await dropThrowaway();
  };
  try {
    if ('url' in location) relay = await PostgresLiveRelay.start(location, live, logger);
  } catch (e) {
    await unlock();
    await close();
    throw e;
  }
  return { db, live, outage, unlock, close };
}

/** The embedded database file, or PostgreSQL (a fresh schema for an in-memory kit). */
function databaseLocation(options: DatabaseOptions): DatabaseLocation {
  if (options.databaseUrl === undefined)
    return { file: options.inMemory ? ':memory:' : join(options.dataDir ?? '.embedkit', 'embedkit.sqlite') };
  const schema = options.databaseSchema ?? (options.inMemory ? `t_${randomBytes(6).toString('hex')}` : undefined);
  // A throwaway kit (tests) needs few connections; a server sharing the sandbox more.
  return { url: options.databaseUrl, ...(schema !== undefined ? { schema } : {}), poolSize: options.inMemory ? 4 : 10 };
}
