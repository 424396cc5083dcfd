/**
 * SQL that reads the world's own tables back (`embedkit export`): channels with their login
 * settings and assertion keys, users, chats with their members and bots. The world's
 * scenario slice (`scenario.ts`) turns them into the file's channels, users and chats.
 */
import type { Kysely } from 'kysely';
import { isPostgres } from '../db/db.js';
import type { Database } from '../db/schema.js';

/** The rows of the world's tables, each in a stable order. */
export async function readWorldRows(db: Kysely<Database>) {
  const order = (isPostgres(db) ? 'seq' : 'rowid') as never;
  const [channels, logins, users, chats, members, botsInChats, assertionKeys] = await Promise.all([
    db.selectFrom('channels').selectAll().orderBy('channel_id').execute(),
    db.selectFrom('channel_login').selectAll().execute(),
    db.selectFrom('users').selectAll().orderBy('user_id').execute(),
    db.selectFrom('chats').select(['chat_id', 'type', 'name', 'bot_channel_id']).orderBy(order).execute(),
    db.selectFrom('chat_members').selectAll().execute(),
    db.selectFrom('bot_memberships').selectAll().orderBy('channel_id').execute(),
    db.selectFrom('channel_assertion_keys').selectAll().orderBy('channel_id').orderBy('created_at').orderBy('kid').execute(),
  ]);
  return { channels, logins, users, chats, members, botsInChats, assertionKeys };
}

/** What {@link readWorldRows} answers. */
export type WorldRows = Awaited<ReturnType<typeof readWorldRows>>;
