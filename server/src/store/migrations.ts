/**
 * Schema migrations, run in order at start-up by Kysely's Migrator. Never edit a migration that
 * has shipped: add a new one.
 */
import type { Kysely, Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('channels')
        .addColumn('channel_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('users')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('has_picture', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status_message', 'text')
        .execute();
      await db.schema
        .createTable('chats')
        .addColumn('chat_id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('chat_members')
        .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.chat_id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
        .addPrimaryKeyConstraint('chat_members_pk', ['chat_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('apps')
        .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('embed_id', 'text', (c) => c.notNull().unique())
        .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('view_type', 'text', (c) => c.notNull())
        .addColumn('view_url', 'text', (c) => c.notNull())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('apps_channel').on('apps').column('channel_id').execute();
      await db.schema
        .createTable('channel_tokens')
        .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id'))
        .addColumn('issued_at', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('channel_tokens_channel').on('channel_tokens').column('channel_id').execute();
      await db.schema
        .createTable('user_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id'))
        .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id'))
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('context_type', 'text', (c) => c.notNull())
        .addColumn('chat_id', 'text')
        .addColumn('issued_at', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('messages')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.chat_id'))
        .addColumn('sender_type', 'text', (c) => c.notNull())
        .addColumn('sender_id', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('messages_chat').on('messages').columns(['chat_id', 'id']).execute();
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Bot messaging and webhooks (issue 6): webhook settings and the bot's name per channel, the
  // users' agreement to the official account terms, bots in chats, reply tokens, stored webhook
  // deliveries (so none is lost across a restart) and the binary content of user-sent media.
  '0003_bot_messaging': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('channels').addColumn('webhook_url', 'text').execute();
      await db.schema.alterTable('channels').addColumn('webhook_extra_property', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('channels').addColumn('bot_name', 'text').execute();
      await db.schema.alterTable('users').addColumn('agreed', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('chats').addColumn('bot_channel_id', 'text').execute();
      await db.schema
        .createTable('bot_memberships')
        .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.chat_id').onDelete('cascade'))
        .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('since', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('bot_memberships_pk', ['chat_id', 'channel_id'])
        .execute();
      await db.schema
        .createTable('bot_friends')
        .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('since', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('bot_friends_pk', ['channel_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('reply_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('chat_id', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .addColumn('used_at', 'integer')
        .execute();
      await db.schema.createIndex('reply_tokens_expiry').on('reply_tokens').column('expires_at').execute();
      await db.schema
        .createTable('deliveries')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('order_key', 'text', (c) => c.notNull())
        .addColumn('event_types', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'integer')
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .addColumn('delivered_at', 'integer')
        .execute();
      await db.schema.createIndex('deliveries_due').on('deliveries').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('deliveries_channel').on('deliveries').columns(['channel_id', 'id']).execute();
      await db.schema
        .createTable('delivery_attempts')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('delivery_id', 'integer', (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('started_at', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('latency_ms', 'integer', (c) => c.notNull())
        .addColumn('response_body', 'text')
        .execute();
      await db.schema.createIndex('delivery_attempts_delivery').on('delivery_attempts').columns(['delivery_id', 'id']).execute();
      await db.schema
        .createTable('contents')
        .addColumn('message_id', 'integer', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text')
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', 'blob', (c) => c.notNull())
        .execute();
    },
  },
  // Social login v2.1 and v1 (issue 5): per-channel login settings, pending consent requests,
  // authorization codes, refresh tokens and invalidated user tokens. Codes, requests and tokens
  // are stored as SHA-256 only, like access tokens. Friendships live in `bot_friends` (0003).
  '0002_social_login': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('channel_login')
        .addColumn('channel_id', 'text', (c) => c.primaryKey().references('channels.channel_id').onDelete('cascade'))
        .addColumn('application_type', 'text', (c) => c.notNull().defaultTo('WEB'))
        .addColumn('callback_urls', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('bot_linked', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable('authorization_requests')
        .addColumn('request_hash', 'text', (c) => c.primaryKey())
        .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text')
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
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
        .addColumn('issued_at', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .addColumn('used_at', 'integer')
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
        .addColumn('issued_at', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refresh_tokens_access').on('refresh_tokens').column('access_hash').execute();
      await db.schema
        .createTable('token_invalidations')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('invalidated_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('user_tokens_user_channel').on('user_tokens').columns(['user_id', 'channel_id']).execute();
    },
  },
};
