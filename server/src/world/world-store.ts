/** SQL for the scenario's world: channels, users, chats and the people in them, and the meta table. */
import type { Kysely, Selectable } from 'kysely';
import { isPostgres } from '../db/db.js';
import { FoundOnce } from '../db/found-once.js';
import { firstRowKept, KeptUntilWritten } from '../db/kept-until-written.js';
import { prepared } from '../db/prepared.js';
import type { Database } from '../db/schema.js';
import type { ChannelTable, ChatTable, UserTable } from './tables.js';

export type ChannelRow = Selectable<ChannelTable>;
export type UserRow = Selectable<UserTable>;
export type ChatRow = Selectable<ChatTable> & { memberIds: string[] };

/** Most chats {@link WorldStore.chat} keeps in memory (then it starts again from none). */
const CHAT_CACHE_SIZE = 10_000;

/** The chat columns of both dialects (PostgreSQL has a `seq` column more). */
const CHAT_COLUMNS = ['chat_id', 'type', 'name', 'bot_channel_id'] as const;

export class WorldStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One channel, or undefined. Read on every `/v2/bot` call: its plan and webhook may change, so
   * it is kept in memory only until the channels table is written (db/kept-until-written.ts).
   */
  channel(channelId: string): Promise<ChannelRow | undefined> {
    return this.channelsKept.get(channelId);
  }

  private readonly channelsKept = firstRowKept(
    () => this.db,
    ['channels'],
    (id: string) => this.channelById(id),
  );

  private readonly channelById = prepared(
    () => this.db,
    (id: string) => this.db.selectFrom('channels').selectAll().where('channel_id', '=', id),
  );

  channels(): Promise<ChannelRow[]> {
    return this.db.selectFrom('channels').selectAll().orderBy('channel_id').execute();
  }

  /** One person, or undefined. Read on every push and message event: kept until the users table is written. */
  user(userId: string): Promise<UserRow | undefined> {
    return this.usersKept.get(userId);
  }

  private readonly usersKept = firstRowKept(
    () => this.db,
    ['users'],
    (id: string) => this.userById(id),
  );

  private readonly userById = prepared(
    () => this.db,
    (id: string) => this.db.selectFrom('users').selectAll().where('user_id', '=', id),
  );

  users(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('display_name').execute();
  }

  /**
   * The person whose phone number has this SHA-256 hash (lowercase hex), or undefined (a scenario
   * gives a number to one person at most: `world/scenario.ts`).
   */
  userByPhoneNumberHash(hash: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone_number_hash', '=', hash).orderBy('user_id').limit(1).executeTakeFirst();
  }

  /**
   * One chat with its member ids, or undefined. Runs on every sendMessages call, so a chat row once
   * found is answered from memory after ({@link FoundOnce}): chat rows are only ever inserted (the
   * scenario, a user adding a bot). Its members change (people join and leave groups and rooms),
   * so they are read each time: one indexed query, right beside other servers on PostgreSQL too.
   */
  async chat(chatId: string): Promise<ChatRow | undefined> {
    const chat = await this.chatsFound.get(chatId);
    if (!chat) return undefined;
    return { ...chat, memberIds: (await this.membersKept.get(chatId))! };
  }

  private readonly chatsFound = new FoundOnce<string, Omit<ChatRow, 'memberIds'>>(
    (chatId) => this.chatById(chatId).then((rows) => rows[0]),
    (chat) => ({ ...chat }),
    CHAT_CACHE_SIZE,
  );

  private readonly chatById = prepared(
    () => this.db,
    (id: string) => this.db.selectFrom('chats').select(CHAT_COLUMNS).where('chat_id', '=', id),
  );

  // Kept until anyone joins or leaves any chat: on the embedded database (one process) that write is seen here.
  private readonly membersKept = new KeptUntilWritten(
    () => this.db,
    ['chat_members'],
    async (chatId: string) => (await this.membersOf(chatId)).map((r) => r.user_id),
    (ids) => [...ids],
    10_000,
  );

  private readonly membersOf = prepared(
    () => this.db,
    (id: string) => this.db.selectFrom('chat_members').select('user_id').where('chat_id', '=', id),
  );

  /**
   * Adds a person to a group or room.
   * @returns false when they were a member already
   */
  async addMember(chatId: string, userId: string): Promise<boolean> {
    const r = await this.db
      .insertInto('chat_members')
      .values({ chat_id: chatId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Takes a person out of a group or room.
   * @returns false when they were not a member
   */
  async removeMember(chatId: string, userId: string): Promise<boolean> {
    const r = await this.db.deleteFrom('chat_members').where('chat_id', '=', chatId).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

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
