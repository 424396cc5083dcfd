/** Migration `0028_mini_apps`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * LINE MINI Apps and their service messages (LINE MINI App API reference, "Service Messages";
 * docs/platform/mini-apps.md): which app is a MINI App (one per channel: its channel is the MINI
 * App channel), verified or not and on which internal channel (`developing` or `published`); the
 * channel's service message templates (the full template name, its place in the scenario's list,
 * the template as JSON); the service notification tokens (one per LIFF access token: the SHA-256
 * hashes of both, the current token's null once it can no longer be renewed; the person, expiry
 * in ms on the simulated clock, sends left); and the service messages sent, each kept as the card
 * the person sees (JSON) for the "LINE MINI App Notice" chat.
 */
export async function addMiniApps(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('mini_apps')
    .addColumn('embed_id', 'text', (c) => c.primaryKey().references('apps.embed_id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull().unique().references('channels.channel_id').onDelete('cascade'))
    .addColumn('verified', T.int, (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('service_message_templates')
    .addColumn('embed_id', 'text', (c) => c.notNull().references('mini_apps.embed_id').onDelete('cascade'))
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('position', T.int, (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_message_templates_pk', ['embed_id', 'template_name'])
    .execute();
  await db.schema
    .createTable('service_notification_tokens')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('liff_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('embed_id', 'text', (c) => c.notNull().references('mini_apps.embed_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('issued_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .addColumn('remaining_count', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('service_messages')
    .addColumn('id', T.serial, (c) => T.autoId(c))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('embed_id', 'text', (c) => c.notNull().references('mini_apps.embed_id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('notice', 'text', (c) => c.notNull())
    .addColumn('sent_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('service_messages_by_user').on('service_messages').columns(['user_id', 'id']).execute();
}
