/** Migration `0003_bot_messaging`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Bot messaging and webhooks: webhook settings and the bot's name per channel, the users'
 * agreement to the official account terms, bots in chats, reply tokens, stored webhook deliveries
 * (so none is lost across a restart) and the binary content of user-sent media.
 */
export async function addBotMessaging(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema.alterTable('channels').addColumn('webhook_url', 'text').execute();
  await db.schema
    .alterTable('channels')
    .addColumn('webhook_extra_property', T.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('channels').addColumn('bot_name', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('agreed', T.int, (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('chats').addColumn('bot_channel_id', 'text').execute();
  await db.schema
    .createTable('bot_memberships')
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.chat_id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('since', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_memberships_pk', ['chat_id', 'channel_id'])
    .execute();
  await db.schema
    .createTable('bot_friends')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('since', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_friends_pk', ['channel_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('reply_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('issued_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .addColumn('used_at', T.int)
    .execute();
  await db.schema.createIndex('reply_tokens_expiry').on('reply_tokens').column('expires_at').execute();
  await db.schema
    .createTable('deliveries')
    .addColumn('id', T.serial, T.autoId)
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('order_key', 'text', (c) => c.notNull())
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', T.int, (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', T.int)
    .addColumn('created_at', T.int, (c) => c.notNull())
    .addColumn('delivered_at', T.int)
    .execute();
  await db.schema.createIndex('deliveries_due').on('deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('deliveries_channel').on('deliveries').columns(['channel_id', 'id']).execute();
  await db.schema
    .createTable('delivery_attempts')
    .addColumn('id', T.serial, T.autoId)
    .addColumn('delivery_id', T.int, (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('started_at', T.int, (c) => c.notNull())
    .addColumn('status_code', T.int)
    .addColumn('error', 'text')
    .addColumn('latency_ms', T.int, (c) => c.notNull())
    .addColumn('response_body', 'text')
    .execute();
  await db.schema.createIndex('delivery_attempts_delivery').on('delivery_attempts').columns(['delivery_id', 'id']).execute();
  await db.schema
    .createTable('contents')
    .addColumn('message_id', T.int, (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('size', T.int, (c) => c.notNull())
    .addColumn('data', T.blob, (c) => c.notNull())
    .execute();
}
