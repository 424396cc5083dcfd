/** Migration `0035_calendars`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * People's calendars (`liff.calendar`, docs/guide/liff.md "Calendar and call activity"): each
 * event of a person (title, start and end in ms since 1970, all day 1 or 0), and whether the person
 * let LINE read their third-party calendars (1) or not (0, the default).
 */
export async function addCalendars(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('third_party_calendar_access', T.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('calendar_events')
    .addColumn('id', T.serial, T.autoId)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_time', T.int, (c) => c.notNull())
    .addColumn('end_time', T.int, (c) => c.notNull())
    .addColumn('all_day', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_events_user').on('calendar_events').columns(['user_id', 'start_time']).execute();
}
