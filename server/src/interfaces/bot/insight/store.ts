/**
 * SQL of the insight records (migration `0019_insight`): message-sending requests and whom their
 * messages reached, impressions and clicks the host reports, custom aggregation units, the history
 * of friendships and rich menu views and taps. Implements {@link MessageReach}.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { MessageReach } from './message-reach.js';
import { prepared } from '../../../db/prepared.js';

/** A recorded request as the rules read it. */
export interface RequestRecord {
  requestId: string;
  kind: string;
  /** ms. */
  sentAt: number;
  unit: string | null;
}

/** A stored message of a request and a person it reached, with what that person did with it. */
export interface ReachRow {
  requestId: string;
  messageId: number;
  seq: number;
  userId: string;
}

/** A reported view or tap of a rich menu (`area` null for a view; ms). */
export interface RichMenuEventRow {
  area: number | null;
  userId: string;
  at: number;
}

/** A change of a friendship (ms). */
export interface FriendChangeRow {
  userId: string;
  from: string;
  to: string;
  at: number;
}

export class InsightStore implements MessageReach {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a request once (a second call for the same ID keeps the first). */
  async addRequest(channelId: string, r: RequestRecord): Promise<void> {
    if (r.unit === null) await this.addRequestWithoutUnit(channelId, r.requestId, r.kind, r.sentAt);
    else await this.addRequestOfUnit(channelId, r.requestId, r.kind, r.sentAt, r.unit);
  }

  // Written on every push, reply and multicast: compiled once (db/prepared.ts), one statement per shape.
  private readonly addRequestWithoutUnit = prepared(
    () => this.db,
    (channelId: string, requestId: string, kind: string, sentAt: number) =>
      this.db
        .insertInto('insight_requests')
        .values({ channel_id: channelId, request_id: requestId, kind, sent_at: sentAt, unit: null })
        .onConflict((oc) => oc.doNothing()),
  );

  private readonly addRequestOfUnit = prepared(
    () => this.db,
    (channelId: string, requestId: string, kind: string, sentAt: number, unit: string) =>
      this.db
        .insertInto('insight_requests')
        .values({ channel_id: channelId, request_id: requestId, kind, sent_at: sentAt, unit })
        .onConflict((oc) => oc.doNothing()),
  );

  /** Records the stored messages of a request (`messageIds` in the request's order) as reaching `userIds`. */
  async addSent(channelId: string, requestId: string, messageIds: readonly number[], userIds: readonly string[]): Promise<void> {
    if (messageIds.length === 1 && userIds.length === 1) {
      await this.addOneSent(messageIds[0]!, userIds[0]!, channelId, requestId);
      return;
    }
    const values = messageIds.flatMap((message_id, i) =>
      userIds.map((user_id) => ({ message_id, user_id, channel_id: channelId, request_id: requestId, seq: i + 1 })),
    );
    if (values.length)
      await this.db
        .insertInto('insight_sent')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }

  // The common case (one message to one person): compiled once.
  private readonly addOneSent = prepared(
    () => this.db,
    (messageId: number, userId: string, channelId: string, requestId: string) =>
      this.db
        .insertInto('insight_sent')
        .values({ message_id: messageId, user_id: userId, channel_id: channelId, request_id: requestId, seq: 1 })
        .onConflict((oc) => oc.doNothing()),
  );

  /** The request and seq of a stored message as sent to a user, or undefined when it was not sent by a recorded request. */
  async sentMessage(messageId: number, userId: string): Promise<{ channelId: string; requestId: string; seq: number } | undefined> {
    const r = await this.db
      .selectFrom('insight_sent')
      .select(['channel_id', 'request_id', 'seq'])
      .where('message_id', '=', messageId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r ? { channelId: r.channel_id, requestId: r.request_id, seq: Number(r.seq) } : undefined;
  }

  /** Records that a person saw a message. @returns false when it was recorded before (nothing changes) */
  async impressedOnce(messageId: number, userId: string, at: number): Promise<boolean> {
    const r = await this.db
      .insertInto('insight_impressions')
      .values({ message_id: messageId, user_id: userId, at })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async addClick(messageId: number, userId: string, url: string, at: number): Promise<void> {
    await this.db.insertInto('insight_clicks').values({ message_id: messageId, user_id: userId, url, at }).execute();
  }

  /** Records a unit's use in a month (yyyyMM) unless the channel already used it that month. */
  async useUnit(channelId: string, month: string, unit: string, at: number): Promise<void> {
    await this.db
      .insertInto('insight_units')
      .values({ channel_id: channelId, month, unit, first_used_at: at })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The units a channel used in a month (yyyyMM), in order of first use. */
  async units(channelId: string, month: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('insight_units')
      .select('unit')
      .where('channel_id', '=', channelId)
      .where('month', '=', month)
      .orderBy('first_used_at')
      .orderBy('unit')
      .execute();
    return rows.map((r) => r.unit);
  }

  async addFriendChange(channelId: string, c: FriendChangeRow): Promise<void> {
    await this.db
      .insertInto('insight_friend_changes')
      .values({ channel_id: channelId, user_id: c.userId, from_state: c.from, to_state: c.to, at: c.at })
      .execute();
  }

  /** A channel's friendship changes, oldest first. */
  async friendChanges(channelId: string): Promise<FriendChangeRow[]> {
    const rows = await this.db
      .selectFrom('insight_friend_changes')
      .select(['user_id', 'from_state', 'to_state', 'at'])
      .where('channel_id', '=', channelId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ userId: r.user_id, from: r.from_state, to: r.to_state, at: Number(r.at) }));
  }

  /** Today's friendships of a channel (state and since, ms), with the users' demographics JSON. */
  async friendships(channelId: string): Promise<{ userId: string; state: string; since: number; demographics: string | null }[]> {
    const rows = await this.db
      .selectFrom('bot_friends')
      .innerJoin('users', 'users.user_id', 'bot_friends.user_id')
      .select(['bot_friends.user_id', 'bot_friends.state', 'bot_friends.since', 'users.demographics'])
      .where('bot_friends.channel_id', '=', channelId)
      .orderBy('bot_friends.user_id')
      .execute();
    return rows.map((r) => ({ userId: r.user_id, state: r.state, since: Number(r.since), demographics: r.demographics }));
  }

  async addRichMenuEvent(channelId: string, richMenuId: string, area: number | null, userId: string, at: number): Promise<void> {
    await this.db
      .insertInto('insight_rich_menu_events')
      .values({ channel_id: channelId, rich_menu_id: richMenuId, area, user_id: userId, at })
      .execute();
  }

  /** A rich menu's views and taps between two times (ms, `from` inclusive, `to` exclusive), oldest first. */
  async richMenuEvents(richMenuId: string, from: number, to: number): Promise<RichMenuEventRow[]> {
    const rows = await this.db
      .selectFrom('insight_rich_menu_events')
      .select(['area', 'user_id', 'at'])
      .where('rich_menu_id', '=', richMenuId)
      .where('at', '>=', from)
      .where('at', '<', to)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ area: r.area === null ? null : Number(r.area), userId: r.user_id, at: Number(r.at) }));
  }

  /** A rich menu of a channel: its body JSON, or undefined. */
  async richMenuBody(channelId: string, richMenuId: string): Promise<string | undefined> {
    const r = await this.db
      .selectFrom('rich_menus')
      .select('body')
      .where('channel_id', '=', channelId)
      .where('rich_menu_id', '=', richMenuId)
      .executeTakeFirst();
    return r?.body;
  }

  /** Requests of a channel, newest first: all, or those of a unit sent between two times (ms, `to` exclusive). */
  async requests(channelId: string, filter: { unit?: string; from?: number; to?: number; limit?: number } = {}): Promise<RequestRecord[]> {
    let q = this.db.selectFrom('insight_requests').select(['request_id', 'kind', 'sent_at', 'unit']).where('channel_id', '=', channelId);
    if (filter.unit !== undefined) q = q.where('unit', '=', filter.unit);
    if (filter.from !== undefined) q = q.where('sent_at', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('sent_at', '<', filter.to);
    q = q.orderBy('sent_at', 'desc').orderBy('request_id');
    if (filter.limit !== undefined) q = q.limit(filter.limit);
    const rows = await q.execute();
    return rows.map((r) => ({ requestId: r.request_id, kind: r.kind, sentAt: Number(r.sent_at), unit: r.unit }));
  }

  /** The messages and people of some requests, and the impressions and clicks on them. */
  async reach(
    channelId: string,
    requestIds: readonly string[],
  ): Promise<{
    sent: ReachRow[];
    impressions: { messageId: number; userId: string }[];
    clicks: { messageId: number; userId: string; url: string }[];
  }> {
    if (requestIds.length === 0) return { sent: [], impressions: [], clicks: [] };
    const sent = await this.db
      .selectFrom('insight_sent')
      .select(['request_id', 'message_id', 'seq', 'user_id'])
      .where('channel_id', '=', channelId)
      .where('request_id', 'in', requestIds)
      .execute();
    const ids = [...new Set(sent.map((s) => Number(s.message_id)))];
    const [impressions, clicks] = ids.length
      ? await Promise.all([
          this.db.selectFrom('insight_impressions').select(['message_id', 'user_id']).where('message_id', 'in', ids).execute(),
          this.db
            .selectFrom('insight_clicks')
            .select(['message_id', 'user_id', 'url'])
            .where('message_id', 'in', ids)
            .orderBy('id')
            .execute(),
        ])
      : [[], []];
    return {
      sent: sent.map((s) => ({ requestId: s.request_id, messageId: Number(s.message_id), seq: Number(s.seq), userId: s.user_id })),
      impressions: impressions.map((i) => ({ messageId: Number(i.message_id), userId: i.user_id })),
      clicks: clicks.map((c) => ({ messageId: Number(c.message_id), userId: c.user_id, url: c.url })),
    };
  }

  async request(channelId: string, requestId: string): Promise<{ kind: string; sentAt: number } | undefined> {
    const r = await this.db
      .selectFrom('insight_requests')
      .select(['kind', 'sent_at'])
      .where('channel_id', '=', channelId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    return r ? { kind: r.kind, sentAt: Number(r.sent_at) } : undefined;
  }

  async impressedUsers(channelId: string, requestId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('insight_sent')
      .innerJoin('insight_impressions', (j) =>
        j
          .onRef('insight_impressions.message_id', '=', 'insight_sent.message_id')
          .onRef('insight_impressions.user_id', '=', 'insight_sent.user_id'),
      )
      .select('insight_sent.user_id')
      .distinct()
      .where('insight_sent.channel_id', '=', channelId)
      .where('insight_sent.request_id', '=', requestId)
      .orderBy('insight_sent.user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }

  async clickedUsers(channelId: string, requestId: string, clickUrl?: string): Promise<string[]> {
    let q = this.db
      .selectFrom('insight_sent')
      .innerJoin('insight_clicks', (j) =>
        j.onRef('insight_clicks.message_id', '=', 'insight_sent.message_id').onRef('insight_clicks.user_id', '=', 'insight_sent.user_id'),
      )
      .select('insight_sent.user_id')
      .distinct()
      .where('insight_sent.channel_id', '=', channelId)
      .where('insight_sent.request_id', '=', requestId);
    if (clickUrl !== undefined) q = q.where('insight_clicks.url', '=', clickUrl);
    const rows = await q.orderBy('insight_sent.user_id').execute();
    return rows.map((r) => r.user_id);
  }

  async sentUsers(channelId: string, requestId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('insight_sent')
      .select('user_id')
      .distinct()
      .where('channel_id', '=', channelId)
      .where('request_id', '=', requestId)
      .orderBy('user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }
}
