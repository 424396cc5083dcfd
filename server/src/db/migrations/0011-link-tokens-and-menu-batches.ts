/** Migration `0011_link_tokens`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Account link tokens (the platform's `POST /v2/bot/user/<userId>/linkToken`): single use, ten
 * minutes; only the SHA-256 is kept. Users' demographics for narrowcast filters. Rich menu batch
 * requests.
 */
export async function addLinkTokensAndMenuBatches(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('link_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('issued_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .addColumn('used_at', T.int)
    .execute();
  // Users' demographics (narrowcast filters): JSON, null when the scenario gives none.
  await db.schema.alterTable('users').addColumn('demographics', 'text').execute();
  // Rich menu batch requests: done at once, so their progress is final.
  await db.schema
    .createTable('rich_menu_batches')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('resume_key', 'text')
    .addColumn('accepted_at', T.int, (c) => c.notNull())
    .addColumn('completed_at', T.int, (c) => c.notNull())
    .execute();
}
