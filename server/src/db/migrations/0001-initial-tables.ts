/** Migration `0001_initial`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * The first schema: channels, users, chats and their members, embedded apps, channel and user
 * access tokens (kept as SHA-256 only), messages, and a key-value `meta` table.
 */
export async function createInitialTables(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
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
    .addColumn('has_picture', T.int, (c) => c.notNull().defaultTo(0))
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
    .addColumn('seq', T.serial, T.autoId)
    .addColumn('embed_id', 'text', (c) => c.notNull().unique())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('view_type', 'text', (c) => c.notNull())
    .addColumn('view_url', 'text', (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('apps_channel').on('apps').column('channel_id').execute();
  await db.schema
    .createTable('channel_tokens')
    .addColumn('seq', T.serial, T.autoId)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id'))
    .addColumn('issued_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
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
    .addColumn('issued_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('messages')
    .addColumn('id', T.serial, T.autoId)
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.chat_id'))
    .addColumn('sender_type', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_chat').on('messages').columns(['chat_id', 'id']).execute();
  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
