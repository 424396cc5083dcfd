/** Migration `0014_retry_keys`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Retry keys a bot sent with push, multicast, narrowcast and broadcast (the platform's
 * `X-Line-Retry-Key`, published `messaging-api.yml`): one row per channel and key, claimed by the
 * request that is accepted, so that the same key again within 24 hours answers 409 on every server
 * sharing the database. `answer` is the accepted answer's JSON (null while the request runs).
 */
export async function addRetryKeys(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('retry_keys')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('retry_key', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('accepted_at', T.int, (c) => c.notNull())
    .addColumn('answer', 'text')
    .addPrimaryKeyConstraint('retry_keys_pk', ['channel_id', 'retry_key'])
    .execute();
}
