/** SQL for the scenario's world: channels, users, chats and memberships, and the meta table. */
import type { Kysely, Selectable } from 'kysely';
import { isPostgres } from '../db/db.js';
import { FoundOnce } from '../db/found-once.js';
import { prepared } from '../db/prepared.js';
import type { ChannelTable, ChatTable, Database, UserTable } from '../db/schema.js';

export type ChannelRow = Selectable<ChannelTable>;
export type UserRow = Selectable<UserTable>;
export type ChatRow = Selectable<ChatTable> & { memberIds: string[] };

/** Most chats {@link WorldStore.chat} keeps in memory (then it starts again from none). */
const CHAT_CACHE_SIZE = 10_000;

/** The chat columns of both dialects (PostgreSQL has a `seq` column more). */
const CHAT_COLUMNS = ['chat_id', 'type', 'name', 'bot_channel_id'] as const;

export class WorldStore {
  constructor(private readonly db: Kysely<Database>) {}

  channel(channelId: string): Promise<ChannelRow | undefined> {
    return this.db.selectFrom('channels').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
  }

  channels(): Promise<ChannelRow[]> {
    return this.db.selectFrom('channels').selectAll().orderBy('channel_id').execute();
  }

  async user(userId: string): Promise<UserRow | undefined> {
    return (await this.userById(userId))[0];
  }

  private readonly userById = prepared(
    () => this.db,
    (id: string) => this.db.selectFrom('users').selectAll().where('user_id', '=', id),
  );

  users(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('display_name').execute();
  }

  /**
   * One chat with its member ids, or undefined. Runs on every sendMessages call, so a chat once
   * found is answered from memory after ({@link FoundOnce}): chats and their members are only ever
   * inserted (the scenario, a user adding a bot), never updated or deleted.
   */
  chat(chatId: string): Promise<ChatRow | undefined> {
    return this.chatsFound.get(chatId);
  }

  private readonly chatsFound = new FoundOnce<string, ChatRow>(
    async (chatId) => {
      // One query, a row per member (one row with a null member for an empty chat).
      const rows = await this.chatWithMembers(chatId);
      const first = rows[0];
      if (!first) return undefined;
      const { user_id: _member, ...chat } = first;
      return { ...chat, memberIds: rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])) };
    },
    (chat) => ({ ...chat, memberIds: [...chat.memberIds] }),
    CHAT_CACHE_SIZE,
  );

  private readonly chatWithMembers = prepared(
    () => this.db,
    (id: string) =>
      this.db
        .selectFrom('chats')
        .leftJoin('chat_members', 'chat_members.chat_id', 'chats.chat_id')
        .select(CHAT_COLUMNS.map((c) => `chats.${c}` as const))
        .select('chat_members.user_id')
        .where('chats.chat_id', '=', id),
  );

  /** Every chat with its member ids, in insertion order. */
  async chats(): Promise<ChatRow[]> {
    // SQLite keeps insertion order in rowid; PostgreSQL in a numbered column (migration 0004).
    const order = isPostgres(this.db) ? 'seq' : 'rowid';
    const chats = await this.db
      .selectFrom('chats')
      .select(CHAT_COLUMNS)
      .orderBy(order as never)
      .execute();
    const members = await this.db.selectFrom('chat_members').selectAll().execute();
    return chats.map((c) => ({ ...c, memberIds: members.filter((m) => m.chat_id === c.chat_id).map((m) => m.user_id) }));
  }

  /** Writes a whole world in one transaction; used once, when a scenario is loaded. */
  insertWorld(world: { channels: ChannelRow[]; users: UserRow[]; chats: ChatRow[] }): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      if (world.channels.length) await trx.insertInto('channels').values(world.channels).execute();
      if (world.users.length) await trx.insertInto('users').values(world.users).execute();
      for (const { memberIds, ...chat } of world.chats) {
        await trx.insertInto('chats').values(chat).execute();
        if (memberIds.length)
          await trx
            .insertInto('chat_members')
            .values(memberIds.map((user_id) => ({ chat_id: chat.chat_id, user_id })))
            .execute();
      }
    });
  }

  async getMeta(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
