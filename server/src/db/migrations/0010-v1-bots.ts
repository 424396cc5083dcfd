/** Migration `0010_v1_bots`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * The enterprise and trial bot interfaces (spec parts E and F): a channel's bot interface, its
 * channel MID (the `to` of its callbacks), whether block and unblock operations are sent, the
 * friend-list call's approval and permissions; link message templates.
 */
export async function addV1Bots(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('channels')
    .addColumn('bot_interface', 'text', (c) => c.notNull().defaultTo('messaging'))
    .execute();
  await db.schema.alterTable('channels').addColumn('channel_mid', 'text').execute();
  await db.schema
    .alterTable('channels')
    .addColumn('block_operations', T.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('channels')
    .addColumn('add_friend_approved', T.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('channels')
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('link_templates')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_templates_pk', ['channel_id', 'template_id'])
    .execute();
}
