/** Migration `0007_demo_login_sessions`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * The demo login's sessions in the database, so that any server of a team sandbox serves them.
 */
export async function addDemoLoginSessions(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('demo_login_sessions')
    .addColumn('sid_hash', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .execute();
}
