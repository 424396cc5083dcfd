/** SQL for the bot's sent-message counters and narrowcast requests. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { prepared } from '../../../db/prepared.js';

export class BotCounterStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds `n` messages of `kind` on `day` (one upsert). */
  async add(channelId: string, kind: string, day: string, n: number): Promise<void> {
    if (n <= 0) return;
    await this.addCount(channelId, kind, day, n);
  }

  // Written after every reply, push and multicast: compiled once (db/prepared.ts).
  private readonly addCount = prepared(
    () => this.db,
    (channelId: string, kind: string, day: string, n: number) =>
      this.db
        .insertInto('bot_sent_counts')
        .values({ channel_id: channelId, kind, day, messages: n })
        .onConflict((oc) => oc.columns(['channel_id', 'kind', 'day']).doUpdateSet({ messages: sql`bot_sent_counts.messages + ${n}` })),
  );

  /** Messages of `kind` on `day`; 0 when none. */
  async get(channelId: string, kind: string, day: string): Promise<number> {
    const r = await this.db
      .selectFrom('bot_sent_counts')
      .select('messages')
      .where('channel_id', '=', channelId)
      .where('kind', '=', kind)
      .where('day', '=', day)
      .executeTakeFirst();
    return Number(r?.messages ?? 0);
  }

  /** Messages of the kinds given whose day starts with `monthPrefix` (yyyyMM). */
  async month(channelId: string, kinds: readonly string[], monthPrefix: string): Promise<number> {
    const r = await this.db
      .selectFrom('bot_sent_counts')
      .select((eb) => eb.fn.sum<string | number>('messages').as('total'))
      .where('channel_id', '=', channelId)
      .where('kind', 'in', kinds)
      .where('day', 'like', `${monthPrefix}%`)
      .executeTakeFirst();
    return Number(r?.total ?? 0);
  }

  async insertNarrowcast(requestId: string, channelId: string, successCount: number, acceptedAt: number): Promise<void> {
    await this.db
      .insertInto('narrowcasts')
      .values({ request_id: requestId, channel_id: channelId, success_count: successCount, accepted_at: acceptedAt })
      .execute();
  }

  async narrowcast(channelId: string, requestId: string): Promise<{ success_count: number; accepted_at: number } | undefined> {
    const r = await this.db
      .selectFrom('narrowcasts')
      .select(['success_count', 'accepted_at'])
      .where('channel_id', '=', channelId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    return r ? { success_count: Number(r.success_count), accepted_at: Number(r.accepted_at) } : undefined;
  }

  /** User IDs that are friends of the channel's bot, sorted. */
  /** The bot's friends with the time they became friends (ms) and their demographics JSON, by user ID. */
  friendsWithDemographics(channelId: string): Promise<{ user_id: string; since: number; demographics: string | null }[]> {
    return this.db
      .selectFrom('bot_friends')
      .innerJoin('users', 'users.user_id', 'bot_friends.user_id')
      .select(['bot_friends.user_id', 'bot_friends.since', 'users.demographics'])
      .where('bot_friends.channel_id', '=', channelId)
      .where('bot_friends.state', '=', 'friend')
      .orderBy('bot_friends.user_id')
      .execute();
  }

  async friends(channelId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('bot_friends')
      .select('user_id')
      .where('channel_id', '=', channelId)
      .where('state', '=', 'friend')
      .orderBy('user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }
}
