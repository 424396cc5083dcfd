/** Migration `0017_channel_assertion_keys`. Once shipped, never edit it: add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Channel access tokens v2.1 and stateless ones (`docs/platform/channel-access-tokens.md`):
 * - `channel_assertion_keys`: the public keys (JWK, JSON text) a channel registered to verify the
 *   JWT assertions of its developer, by key ID (`kid`);
 * - `channel_tokens` gains its kind (`v2` short-lived, `v2.1` by JWT) and the v2.1 token's key ID,
 *   so the short-lived tokens' limit and the v2.1 tokens' limit are counted apart;
 * - `kit_secrets`: secrets made once per database, such as the HMAC key of stateless tokens (never
 *   part of a scenario).
 */
export async function addChannelAssertionKeys(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('channel_assertion_keys')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id'))
    .addColumn('kid', 'text', (c) => c.notNull())
    .addColumn('jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_assertion_keys_pk', ['channel_id', 'kid'])
    .execute();
  await db.schema
    .alterTable('channel_tokens')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('v2'))
    .execute();
  await db.schema.alterTable('channel_tokens').addColumn('key_id', 'text').execute();
  await db.schema.createIndex('channel_tokens_key_id').on('channel_tokens').column('key_id').execute();
  await db.schema
    .createTable('kit_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
