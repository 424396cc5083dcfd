/**
 * SQL for which bots are in which chats: bots in groups and rooms (`bot_memberships`), users'
 * friendships with bots (`bot_friends`, spec "States and transitions": friend or blocked) and the
 * 1:1 chats of users with bots (`chats.bot_channel_id`). The people in a chat are the world's
 * (`world-store.ts`); a bot's membership plans are the bot unit's (`interfaces/bot/memberships/`).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { BotMembershipTable } from './tables.js';
import { KeptUntilWritten } from '../db/kept-until-written.js';
import { prepared } from '../db/prepared.js';

export type BotInChatRow = Selectable<BotMembershipTable>;

/** A bot's state in a group or room: `joined`, or `pending` (added to a room; join event not sent yet). */
export type BotInChatState = 'joined' | 'pending';
/** A user's friendship with a bot: `friend` (added, not blocked) or `blocked`; none when never added. */
export type FriendState = 'friend' | 'blocked';

export class BotsInChatsStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Writes the bots of a scenario: `bot` on a utou chat makes its user a friend of that bot; `bots`
   * on a group or room makes them joined members.
   */
  async seed(chats: { chatId: string; members: string[]; bot?: string; bots?: string[] }[], now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const c of chats) {
        if (c.bot) {
          for (const user_id of c.members)
            await trx
              .insertInto('bot_friends')
              .values({ channel_id: c.bot, user_id, state: 'friend', since: now })
              .onConflict((oc) => oc.doNothing())
              .execute();
        }
        for (const channel_id of new Set(c.bots ?? []))
          await trx.insertInto('bot_memberships').values({ chat_id: c.chatId, channel_id, state: 'joined', since: now }).execute();
      }
    });
  }

  /** The bot's place in a group or room (joined or pending), or undefined. */
  botInChat(chatId: string, channelId: string): Promise<BotInChatRow | undefined> {
    return this.db
      .selectFrom('bot_memberships')
      .selectAll()
      .where('chat_id', '=', chatId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
  }

  /** Bots of a group or room. */
  botsOfChat(chatId: string): Promise<BotInChatRow[]> {
    return this.db.selectFrom('bot_memberships').selectAll().where('chat_id', '=', chatId).orderBy('channel_id').execute();
  }

  /** Every bot in every group and room (for the world answer). */
  allBotsInChats(): Promise<BotInChatRow[]> {
    return this.db.selectFrom('bot_memberships').selectAll().execute();
  }

  /** Adds the bot to a group or room, or changes its state. */
  async setBotInChat(chatId: string, channelId: string, state: BotInChatState, now: number): Promise<void> {
    await this.db
      .insertInto('bot_memberships')
      .values({ chat_id: chatId, channel_id: channelId, state, since: now })
      .onConflict((oc) => oc.columns(['chat_id', 'channel_id']).doUpdateSet({ state, since: now }))
      .execute();
  }

  /**
   * Turns a bot `pending` in a room into `joined`.
   * @returns true when this call did it (so that exactly one caller sends the join event).
   */
  async claimPendingJoin(chatId: string, channelId: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('bot_memberships')
      .set({ state: 'joined', since: now })
      .where('chat_id', '=', chatId)
      .where('channel_id', '=', channelId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Removes the bot from a group or room. @returns false when it was not a member. */
  async removeBotFromChat(chatId: string, channelId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('bot_memberships')
      .where('chat_id', '=', chatId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The user's friendship with the bot, or undefined when the user never added it. */
  friendState(channelId: string, userId: string): Promise<FriendState | undefined> {
    return this.friendStates.get(`${channelId} ${userId}`);
  }

  // Read on every push, reply and profile call: kept until a friendship changes (any of them).
  private readonly friendStates = new KeptUntilWritten(
    () => this.db,
    ['bot_friends'],
    async (key: string) => {
      const [channelId, userId] = key.split(' ') as [string, string];
      return (await this.friendStateOf(channelId, userId))[0]?.state as FriendState | undefined;
    },
    (state) => state,
    10_000,
  );

  private readonly friendStateOf = prepared(
    () => this.db,
    (channelId: string, userId: string) =>
      this.db.selectFrom('bot_friends').select('state').where('channel_id', '=', channelId).where('user_id', '=', userId),
  );

  /** Every friendship row (for the world answer). */
  allFriends(): Promise<{ channel_id: string; user_id: string; state: string }[]> {
    return this.db.selectFrom('bot_friends').select(['channel_id', 'user_id', 'state']).execute();
  }

  /** Sets the user's friendship with the bot. */
  async setFriendState(channelId: string, userId: string, state: FriendState, now: number): Promise<void> {
    await this.db
      .insertInto('bot_friends')
      .values({ channel_id: channelId, user_id: userId, state, since: now })
      .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doUpdateSet({ state, since: now }))
      .execute();
  }

  /** Sets the channel's webhook URL and unknown-property option; a field left out is kept. */
  async setWebhookSettings(channelId: string, settings: { url?: string | null; unknownProperty?: boolean }): Promise<void> {
    const set: { webhook_url?: string | null; webhook_extra_property?: number } = {};
    if (settings.url !== undefined) set.webhook_url = settings.url;
    if (settings.unknownProperty !== undefined) set.webhook_extra_property = settings.unknownProperty ? 1 : 0;
    if (Object.keys(set).length) await this.db.updateTable('channels').set(set).where('channel_id', '=', channelId).execute();
  }

  /** The 1:1 chat of a user with a bot, or undefined. */
  botChatId(channelId: string, userId: string): Promise<string | undefined> {
    return this.botChats.get(`${channelId} ${userId}`);
  }

  // Read on every push and reply: kept until a chat or a chat's members are written (any of them).
  private readonly botChats = new KeptUntilWritten(
    () => this.db,
    ['chats', 'chat_members'],
    async (key: string) => {
      const [channelId, userId] = key.split(' ') as [string, string];
      return (await this.botChatIdOf(channelId, userId))[0]?.chat_id;
    },
    (chatId) => chatId,
    10_000,
  );

  private readonly botChatIdOf = prepared(
    () => this.db,
    (channelId: string, userId: string) =>
      this.db
        .selectFrom('chats')
        .innerJoin('chat_members', 'chat_members.chat_id', 'chats.chat_id')
        .select('chats.chat_id')
        .where('chats.bot_channel_id', '=', channelId)
        .where('chat_members.user_id', '=', userId)
        .limit(1),
  );

  /** Creates the 1:1 chat of a user with a bot (when the user adds a bot for the first time). */
  async createBotChat(chatId: string, channelId: string, userId: string, name: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('chats').values({ chat_id: chatId, type: 'utou', name, bot_channel_id: channelId }).execute();
      await trx.insertInto('chat_members').values({ chat_id: chatId, user_id: userId }).execute();
    });
  }
}
