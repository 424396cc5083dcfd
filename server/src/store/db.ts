/**
 * Opens the embedded database (SQLite through better-sqlite3) behind Kysely and brings its schema
 * up to date. Kysely is the seam that lets a PostgreSQL dialect take over later.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from './migrations.js';
import type { Database } from './schema.js';

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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    await db.destroy();
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return db;
}
