/** Migration `0002_social_login`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Social login v2.1 and v1: per-channel login settings, pending consent requests, authorization
 * codes, refresh tokens and invalidated user tokens. Codes, requests and tokens are stored as
 * SHA-256 only, like access tokens. Friendships live in `bot_friends` ({@link addBotMessaging}).
 */
export async function addSocialLogin(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('channel_login')
    .addColumn('channel_id', 'text', (c) => c.primaryKey().references('channels.channel_id').onDelete('cascade'))
    .addColumn('application_type', 'text', (c) => c.notNull().defaultTo('WEB'))
    .addColumn('callback_urls', 'text')
    .addColumn('active', T.int, (c) => c.notNull().defaultTo(1))
    .addColumn('bot_linked', T.int, (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('authorization_requests')
    .addColumn('request_hash', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text')
    .addColumn('created_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('authorization_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text')
    .addColumn('context_type', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text')
    .addColumn('issued_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .addColumn('used_at', T.int)
    .addColumn('access_hash', 'text')
    .execute();
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('access_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('context_type', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text')
    .addColumn('issued_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_access').on('refresh_tokens').column('access_hash').execute();
  await db.schema
    .createTable('token_invalidations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('invalidated_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_tokens_user_channel').on('user_tokens').columns(['user_id', 'channel_id']).execute();
}
