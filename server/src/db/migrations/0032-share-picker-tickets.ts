/** Migration `0032_share_picker_tickets`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * The one-time tickets of the share target picker outside the messenger
 * (`GET /liff/v2/apps/{liffId}/ott`, docs/guide/liff.md): SHA-256 only, like tokens, with the
 * person, channel and app they were issued to and when they expire (ms on the simulated clock).
 * In the database, so that every process on one PostgreSQL serves a picker another one opened.
 */
export async function addSharePickerTickets(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('share_picker_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('liff_id', 'text', (c) => c.notNull().references('apps.embed_id').onDelete('cascade'))
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .execute();
}
