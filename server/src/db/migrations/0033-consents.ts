/** Migration `0033_consents`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * The LINE MINI App authorization flow (docs/platform/authorization-flow.md): what each person
 * granted each channel (the scopes as a JSON array, when first granted: ms on the simulated clock);
 * each person's agreement to the channel consent simplification (once per person, for every MINI
 * App: when); the consent screens shown to people (their kind, person, app and channel, the app's
 * name, the scopes asked, the add-friend option offered as JSON or null, their state `pending`,
 * `allowed` or `denied`, whether the friend was added, when opened and answered); and on
 * `mini_apps` each MINI App's settings of the flow: the console's "Channel consent
 * simplification" switch (0 or 1), its region (`JP`, `TW`, `TH`) and its channel's creation date
 * (`YYYY-MM-DD`), which decide whether the simplification is in effect.
 */
export async function addConsents(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('consent_grants')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('granted_at', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('consent_grants_pk', ['user_id', 'channel_id'])
    .execute();
  await db.schema
    .createTable('consent_simplification_agreements')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
    .addColumn('agreed_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('consent_screens')
    .addColumn('id', T.serial, T.autoId)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('embed_id', 'text', (c) => c.notNull().references('apps.embed_id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('add_friend', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('friend_added', T.int)
    .addColumn('opened_at', T.int, (c) => c.notNull())
    .addColumn('answered_at', T.int)
    .execute();
  await db.schema.createIndex('consent_screens_by_user').on('consent_screens').columns(['user_id', 'state']).execute();
  await db.schema
    .alterTable('mini_apps')
    .addColumn('consent_simplification', T.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('mini_apps')
    .addColumn('consent_region', 'text', (c) => c.notNull().defaultTo('JP'))
    .execute();
  await db.schema
    .alterTable('mini_apps')
    .addColumn('consent_channel_created_at', 'text', (c) => c.notNull().defaultTo('2025-12-01'))
    .execute();
}
