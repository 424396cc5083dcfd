/** Migration `0012_quote_tokens`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Messages gain the platform's quote token (an opaque string a bot passes back in `quoteToken` to
 * quote the message; published `webhook.yml` and `messaging-api.yml`) and the time a person unsent
 * them (null while they stand).
 */
export async function addQuoteTokensAndUnsend(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema.alterTable('messages').addColumn('quote_token', 'text').execute();
  await db.schema.alterTable('messages').addColumn('unsent_at', T.int).execute();
  await db.schema.createIndex('messages_quote_token').on('messages').column('quote_token').execute();
}
