/**
 * Opens the database behind Kysely and brings its schema up to date: the embedded database
 * (SQLite through better-sqlite3, the default, nothing to install) or PostgreSQL (a team
 * sandbox: several servers on one state).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  sql,
  type MigrationProvider,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import type * as Pg from 'pg';
import { migrationsFor } from './migrations/index.js';
import { loadPg, type PgModule } from './pg-driver.js';
import { registerDirectRunner, TrackedSqliteDialect } from './sqlite-direct.js';
import { registerTableWrites, TableWrites } from './table-writes.js';
import type { Database } from './schema.js';

/** Prepared statements kept per SQL text; beyond this many distinct texts the cache starts over. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * On Node 24 and later, better-sqlite3 12 (the last version that runs on Node 20) aborts the whole
 * process when a statement object is garbage-collected outside JavaScript (its destructor asks
 * for a Node environment that is not there: "Assertion failed: (env) != nullptr" in
 * RemoveEnvironmentCleanupHook, SIGABRT), and so does a closed database object collected while a
 * worker thread or process tears its environment down. better-sqlite3 13 fixes it (and needs Node
 * 22, which embedkit now requires too; docs/project/development.md says why 12 stays for now). So
 * there, no statement and no database object is ever left to the garbage collector: the
 * statements the cache lets go, those of a closed database (already finalized by its close, a few
 * hundred bytes each) and the closed database itself stay referenced here until the process ends,
 * which is safe.
 */
const RETAIN_STATEMENTS = Number(process.versions.node.split('.')[0]) >= 24;
const retained: Array<SQLite.Statement | SQLite.Database> = [];

/**
 * Kysely prepares every query anew; preparing costs more than running a small query. Queries are
 * few and repeat, so their statements are kept and reused. Safe because Kysely's SQLite driver
 * runs one query at a time on its single connection.
 */
function withStatementCache(sqlite: SQLite.Database, writes: TableWrites): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  const letGo = () => {
    if (RETAIN_STATEMENTS) retained.push(...cache.values());
    cache.clear();
  };
  return {
    close: () => {
      try {
        closeSqlite(sqlite);
      } finally {
        letGo();
      }
    },
    // Called right before each statement runs, by Kysely's driver and the direct runner alike.
    prepare(sql: string) {
      writes.note(sql);
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) letGo();
        statement = sqlite.prepare(sql);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Closes a better-sqlite3 database: on Node 24 and later the closed object then stays referenced
 * until the process ends ({@link RETAIN_STATEMENTS} says why). For every database this process
 * opens, the kit's and the data folder's lock (`data-folder-lock.ts`) alike.
 * @throws what better-sqlite3's `close` throws (the object is kept all the same)
 */
export function closeSqlite(sqlite: SQLite.Database): void {
  try {
    sqlite.close();
  } finally {
    if (RETAIN_STATEMENTS) retained.push(sqlite);
  }
}

/**
 * A SQLite file as Kysely's SQLite dialect takes it, under the same care as the kit's own database
 * (statements cached, and on Node 24 none of its objects left to the garbage collector), for a
 * Kysely of another schema than this version's (the tests that migrate a database as earlier
 * versions shipped it).
 */
export function sqliteFile(file: string): SqliteDatabase {
  return withStatementCache(new SQLite(file), new TableWrites());
}

/**
 * Where the data lives: a file path, or `:memory:` for a database that dies with the process; or a
 * PostgreSQL URL (`postgres://user:password@host:port/db`) with an optional schema (created when
 * missing; default: the URL's search path, usually `public`).
 */
export type DatabaseLocation = { file: string } | { url: string; schema?: string; poolSize?: number };

/** True when the database is PostgreSQL (shared by several processes: rows are locked, not memory). */
export function isPostgres(db: Kysely<unknown> | Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Inside a transaction on PostgreSQL: locks the channel's row until the transaction ends, so that
 * count-then-write rules of the channel (30 apps, 30 tokens) hold across processes. Nothing to do
 * on SQLite, whose single connection already runs one transaction at a time.
 */
export async function lockChannel(trx: Kysely<Database>, channelId: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('channels').select('channel_id').where('channel_id', '=', channelId).forUpdate().execute();
}

/** A schema name we create and put in `search_path`: plain lower-case identifiers only. */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** int8 (`count(*)`, bigint columns) comes back from pg as a string; embedkit's numbers fit a double. */
function pgTypes(pg: PgModule): Pg.CustomTypesConfig {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === 20 && format !== 'binary') return (v: string) => Number(v);
      return pg.types.getTypeParser(oid, format);
    },
  } as Pg.CustomTypesConfig;
}

/** Opens a pool on PostgreSQL with the schema first in `search_path`, creating the schema. */
async function openPostgres(url: string, schema: string | undefined, poolSize: number): Promise<Kysely<Database>> {
  const pg = await loadPg();
  if (schema !== undefined) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`database schema ${JSON.stringify(schema)}: use lower-case letters, digits and _`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${schema}`);
    } catch (e) {
      // Two processes starting together may both create it; the loser sees a unique violation.
      if ((e as { code?: string }).code !== '23505') throw e;
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes(pg),
    ...(schema !== undefined ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withoutNul(pool) }) });
}

/**
 * PostgreSQL text cannot hold U+0000 (SQLite's can): a request naming `%00` would fail with a 500.
 * String parameters have it replaced by U+FFFD, so such a lookup finds nothing and such a name is
 * stored with a visible replacement character.
 */
function withoutNul(pool: Pg.Pool): PostgresPool {
  const clean = (v: unknown) => (typeof v === 'string' && v.includes('\u0000') ? v.replaceAll('\u0000', '\uFFFD') : v);
  return {
    end: () => pool.end(),
    connect: async () => {
      const client = await pool.connect();
      return {
        query: ((text: string, params?: unknown[]) => client.query(text, params?.map(clean))) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
  };
}

/**
 * Pool settings for another client on the same PostgreSQL database and schema (the live feed's
 * LISTEN connection); `pg` as {@link loadPg} gives it.
 */
export function postgresClientConfig(pg: PgModule, location: { url: string; schema?: string }): Pg.ClientConfig {
  return {
    connectionString: location.url,
    types: pgTypes(pg),
    ...(location.schema !== undefined ? { options: `-c search_path=${location.schema}` } : {}),
  };
}

/**
 * Opens (creating when missing) the database and runs pending migrations.
 * @throws when the file cannot be opened or a migration fails (the error names the migration).
 */
export async function openDatabase(location: DatabaseLocation): Promise<Kysely<Database>> {
  let db: Kysely<Database>;
  if ('url' in location) {
    db = await openPostgres(location.url, location.schema, location.poolSize ?? 10);
  } else {
    if (location.file !== ':memory:') mkdirSync(dirname(location.file), { recursive: true });
    const sqlite = new SQLite(location.file);
    // WAL with synchronous=NORMAL survives a killed process without losing committed writes.
    // exec, not pragma(): pragma() prepares a statement object, left to the garbage collector.
    sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000');
    const writes = new TableWrites();
    const dialect = new TrackedSqliteDialect({ database: withStatementCache(sqlite, writes) });
    db = new Kysely<Database>({ dialect });
    registerDirectRunner(db, dialect.runner);
    registerTableWrites(db, writes);
  }
  const migrations = migrationsFor(isPostgres(db) ? 'postgres' : 'sqlite');
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // On PostgreSQL the migration tables live in our schema: named explicitly, or Kysely would find
  // those of other schemas of the database and then not reach them.
  const migrationTableSchema = isPostgres(db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const { error, results } = await new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    await db.destroy();
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return db;
}

/**
 * Several servers starting at once on one new PostgreSQL schema: the first to take this
 * lock runs the migrations and loads the scenario; the others wait, then find both done. A
 * session-level advisory lock on its own connection, keyed by the schema's name, so it spans the
 * migrations' own transactions. On the embedded database (one process) there is nothing to lock.
 * @returns the function that releases the lock (and closes its connection)
 * @throws when PostgreSQL cannot be reached
 */
export async function startLock(location: DatabaseLocation): Promise<() => Promise<void>> {
  if (!('url' in location)) return async () => undefined;
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: location.url });
  client.on('error', () => undefined);
  await client.connect();
  const key = `embedkit:start:${location.schema ?? 'public'}`;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
  return async () => {
    // Ending the session releases the lock too; unlock first so waiting servers go on at once.
    await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  };
}
