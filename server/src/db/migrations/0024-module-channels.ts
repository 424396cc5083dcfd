/** Migration `0024_module_channels`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Module channels (published `module.yml`, `module-attach.yml`; docs/platform/module-channels.md): the
 * channels that are module channels; which bot (basic channel) each is attached to, with the
 * scopes the bot's admin granted; the authorization codes of the attach flow (SHA-256 hashes,
 * one use, expiry in ms on the simulated clock); who holds each chat's control (a module channel,
 * until `expires_at` ms or for ever when null; no row: the bot itself); and suspended bots.
 */
export async function addModuleChannels(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('module_channels')
    .addColumn('channel_id', 'text', (c) => c.primaryKey().references('channels.channel_id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('module_attachments')
    .addColumn('module_channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('bot_channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('attached_at', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('module_attachments_pk', ['module_channel_id', 'bot_channel_id'])
    .execute();
  await db.schema.createIndex('module_attachments_by_bot').on('module_attachments').columns(['bot_channel_id']).execute();
  await db.schema
    .createTable('module_auth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('module_channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('bot_channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('chat_controls')
    .addColumn('bot_channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('module_channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('acquired_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int)
    .addPrimaryKeyConstraint('chat_controls_pk', ['bot_channel_id', 'chat_id'])
    .execute();
  await db.schema
    .createTable('bot_suspensions')
    .addColumn('bot_channel_id', 'text', (c) => c.primaryKey().references('channels.channel_id').onDelete('cascade'))
    .addColumn('suspended_at', T.int, (c) => c.notNull())
    .execute();
}
