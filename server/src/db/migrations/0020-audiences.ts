/** Migration `0020_audiences`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Audience groups of a channel (published `manage-audience.yml`): one row per audience with its
 * type (UPLOAD, CLICK, IMP), name, whether it holds IFAs, the request and URL a click or impression
 * audience was built from, and its times in ms on the simulated clock (created, ready, expires);
 * its members (user IDs or IFAs, any ID, friends or not); and the upload jobs of an UPLOAD
 * audience (`jobs[]` of getAudienceData).
 */
export async function addAudiences(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('audience_groups')
    .addColumn('audience_group_id', T.int, (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('is_ifa', T.int, (c) => c.notNull().defaultTo(0))
    .addColumn('request_id', 'text')
    .addColumn('click_url', 'text')
    .addColumn('created_at', T.int, (c) => c.notNull())
    .addColumn('ready_at', T.int, (c) => c.notNull())
    .addColumn('expires_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audience_groups_by_channel').on('audience_groups').columns(['channel_id', 'created_at']).execute();
  await db.schema
    .createTable('audience_members')
    .addColumn('audience_group_id', T.int, (c) => c.notNull().references('audience_groups.audience_group_id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audience_members_pk', ['audience_group_id', 'member_id'])
    .execute();
  await db.schema
    .createTable('audience_jobs')
    .addColumn('audience_group_job_id', T.serial, (c) => T.autoId(c))
    .addColumn('audience_group_id', T.int, (c) => c.notNull().references('audience_groups.audience_group_id').onDelete('cascade'))
    .addColumn('description', 'text')
    .addColumn('audience_count', T.int, (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .execute();
}
