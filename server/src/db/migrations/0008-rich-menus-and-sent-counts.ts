/** Migration `0008_bot_daily_calls`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Rich menus and a bot developer's daily calls: menus with their one image, the default menu per
 * channel, per-user menus and aliases (deleting a menu removes its links); messages sent per day
 * and kind; narrowcast requests.
 */
export async function addRichMenusAndSentCounts(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('rich_menus')
    .addColumn('rich_menu_id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .addColumn('image_type', 'text')
    .addColumn('image', T.blob)
    .execute();
  await db.schema.createIndex('rich_menus_channel').on('rich_menus').columns(['channel_id', 'created_at']).execute();
  await db.schema
    .createTable('rich_menu_defaults')
    .addColumn('channel_id', 'text', (c) => c.primaryKey().references('channels.channel_id').onDelete('cascade'))
    .addColumn('rich_menu_id', 'text', (c) => c.notNull().references('rich_menus.rich_menu_id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('rich_menu_links')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('rich_menu_id', 'text', (c) => c.notNull().references('rich_menus.rich_menu_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('rich_menu_links_pk', ['channel_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('rich_menu_aliases')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('alias_id', 'text', (c) => c.notNull())
    .addColumn('rich_menu_id', 'text', (c) => c.notNull().references('rich_menus.rich_menu_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('rich_menu_aliases_pk', ['channel_id', 'alias_id'])
    .execute();
  // Messages sent per channel, kind (reply, push, multicast, broadcast, narrowcast) and day
  // (yyyyMMdd in the platform's timezone, UTC+9), for the quota and delivery counters.
  await db.schema
    .createTable('bot_sent_counts')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('messages', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_sent_counts_pk', ['channel_id', 'kind', 'day'])
    .execute();
  // Narrowcast requests and their progress.
  await db.schema
    .createTable('narrowcasts')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('success_count', T.int, (c) => c.notNull())
    .addColumn('accepted_at', T.int, (c) => c.notNull())
    .execute();
}
