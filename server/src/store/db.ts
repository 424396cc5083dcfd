/**
 * Opens the embedded database (SQLite through better-sqlite3) behind Kysely and brings its schema
 * up to date. Kysely is the seam that lets a PostgreSQL dialect take over later.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider, type SqliteDatabase } from 'kysely';
import { migrations } from './migrations.js';
import type { Database } from './schema.js';

/** Prepared statements kept per SQL text; beyond this many distinct texts the cache starts over. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running a small query. Queries are
 * few and repeat, so their statements are kept and reused. Safe because Kysely's SQLite driver
 * runs one query at a time on its single connection.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        statement = sqlite.prepare(sql);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Where the data lives: a file path, or `:memory:` for a database that dies with the process. */
export interface DatabaseLocation {
  file: string;
}

/**
 * Opens (creating when missing) the database and runs pending migrations.
 * @throws when the file cannot be opened or a migration fails (the error names the migration).
 */
export async function openDatabase(location: DatabaseLocation): Promise<Kysely<Database>> {
  if (location.file !== ':memory:') mkdirSync(dirname(location.file), { recursive: true });
  const sqlite = new SQLite(location.file);
  // WAL with synchronous=NORMAL survives a killed process without losing committed writes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    await db.destroy();
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return db;
}
