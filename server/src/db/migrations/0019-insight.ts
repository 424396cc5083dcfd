/** Migration `0019_insight`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * What the insight figures are computed from (published `insight.yml`, docs/platform/insight.md): each
 * message-sending request (push, multicast, broadcast, narrowcast) with the chat messages it
 * stored and who they went to, what people saw and tapped of them as the host reports it, the
 * custom aggregation units channels used, the history of friendships, and the taps and views of
 * rich menus. History, like deliveries: a scenario export keeps none of it.
 */
export async function addInsight(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  const channel = (c: ColumnDefinitionBuilder) => c.notNull().references('channels.channel_id').onDelete('cascade');
  await db.schema
    .createTable('insight_requests')
    .addColumn('channel_id', 'text', channel)
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', T.int, (c) => c.notNull())
    .addColumn('unit', 'text')
    .addPrimaryKeyConstraint('insight_requests_pk', ['channel_id', 'request_id'])
    .execute();
  await db.schema.createIndex('insight_requests_unit').on('insight_requests').columns(['channel_id', 'unit', 'sent_at']).execute();
  // One row per stored chat message and person it reached: `seq` is the message's place (1-based)
  // in the request's messages. A message to a group reaches each member.
  await db.schema
    .createTable('insight_sent')
    .addColumn('message_id', T.int, (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('seq', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_sent_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema.createIndex('insight_sent_request').on('insight_sent').columns(['channel_id', 'request_id']).execute();
  // A person saw a message: once per person and message.
  await db.schema
    .createTable('insight_impressions')
    .addColumn('message_id', T.int, (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('at', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_impressions_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('insight_clicks')
    .addColumn('id', T.serial, T.autoId)
    .addColumn('message_id', T.int, (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('at', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('insight_clicks_message').on('insight_clicks').columns(['message_id']).execute();
  // The custom aggregation units a channel used, with the first use (the monthly limit, the list).
  await db.schema
    .createTable('insight_units')
    .addColumn('channel_id', 'text', channel)
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('first_used_at', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_units_pk', ['channel_id', 'month', 'unit'])
    .execute();
  await db.schema
    .createTable('insight_friend_changes')
    .addColumn('id', T.serial, T.autoId)
    .addColumn('channel_id', 'text', channel)
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('at', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('insight_friend_changes_channel').on('insight_friend_changes').columns(['channel_id', 'at']).execute();
  // A rich menu shown (`area` null) or one of its areas tapped (`area` its index).
  await db.schema
    .createTable('insight_rich_menu_events')
    .addColumn('id', T.serial, T.autoId)
    .addColumn('channel_id', 'text', channel)
    .addColumn('rich_menu_id', 'text', (c) => c.notNull())
    .addColumn('area', T.int)
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('at', T.int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('insight_rich_menu_events_menu').on('insight_rich_menu_events').columns(['rich_menu_id', 'at']).execute();
}
