/**
 * SQL that empties the world (`resetWorld`, docs/guide/scenarios.md): every table the migrations made,
 * found in the database itself so a table added by a later migration is emptied too, except the
 * migrations' own bookkeeping, the kit's own secrets, and the clock's offset in `meta`.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/db.js';
import { joinedTransaction } from '../db/joined-transaction.js';
import type { Database } from '../db/schema.js';

/**
 * Tables a reset leaves alone: Kysely's record of the migrations run, and `kit_secrets` (the kit's
 * signing keys: a bot that fetched their public keys keeps verifying what the kit signs).
 */
const KEPT_TABLES = new Set(['kysely_migration', 'kysely_migration_lock', 'kit_secrets']);

/** Meta keys a reset keeps: the clock's offset (simulated time never goes back). */
const KEPT_META = ['clock_offset_ms'];

/** The tables of the kit's schema (PostgreSQL: the current schema only; other kits may share the cluster). */
async function worldTables(db: Kysely<Database>): Promise<string[]> {
  const rows = isPostgres(db)
    ? await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows.rows.map((r) => r.name).filter((name) => !KEPT_TABLES.has(name));
}

/**
 * Empties the world and calls `load` in the same transaction, on a database view of it that
 * stores can be built on ({@link joinedTransaction}): all of it commits, or none.
 * @throws whatever `load` throws (the transaction rolled back)
 */
export async function replaceWorld(db: Kysely<Database>, load: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const joined = joinedTransaction(trx);
    await emptyWorld(joined);
    await load(joined);
  });
}

/**
 * Empties every world table, inside a transaction (`trx`). Ids drawn from sequences are not
 * restarted: a bot sees no message ID twice.
 */
async function emptyWorld(trx: Kysely<Database>): Promise<void> {
  const kept = await trx.selectFrom('meta').selectAll().where('key', 'in', KEPT_META).execute();
  const tables = await worldTables(trx);
  if (isPostgres(trx)) {
    // One statement for all: foreign keys between the tables are satisfied at once.
    if (tables.length) await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
  } else {
    // Checked at commit, when the new world's rows reference each other again.
    await sql`pragma defer_foreign_keys = on`.execute(trx);
    for (const t of tables) await sql`delete from ${sql.table(t)}`.execute(trx);
  }
  if (kept.length) await trx.insertInto('meta').values(kept).execute();
}
