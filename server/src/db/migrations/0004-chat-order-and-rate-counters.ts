/** Migration `0004_team_sandbox`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes, Dialect } from './dialect.js';

/**
 * The team sandbox on PostgreSQL. Chats are listed in insertion order: SQLite keeps it in `rowid`;
 * PostgreSQL has no such column, so chats get a numbered one there. Rate limit counters per
 * window, shared by every process on the database.
 */
export async function addChatOrderAndRateCounters(db: Kysely<unknown>, T: ColumnTypes, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`alter table chats add column seq bigserial`.execute(db);
  await db.schema
    .createTable('rate_counters')
    .addColumn('counter_key', 'text', (c) => c.notNull())
    .addColumn('window_start', T.int, (c) => c.notNull())
    .addColumn('used', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['counter_key', 'window_start'])
    .execute();
}
