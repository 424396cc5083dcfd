/** SQL for chat messages. */
import type { Kysely, Selectable } from 'kysely';
import { prepared } from '../db/prepared.js';
import { newQuoteToken } from './quote-token.js';
import type { Database } from '../db/schema.js';
import type { MessageTable } from './tables.js';

export type MessageRow = Selectable<MessageTable>;

/** A message to store: `body` is the message object, stored as JSON text. */
export interface NewMessage {
  chatId: string;
  /** `system`: a notice of the chat itself (a bot joined or left). */
  senderType: 'user' | 'bot' | 'system';
  senderId: string;
  body: unknown;
  createdAt: number;
}

/** A stored message's id and its quote token. */
export interface StoredMessageRef {
  id: number;
  /** The platform's quote token: what a bot passes as `quoteToken` to quote this message. */
  quoteToken: string;
}

export class MessageStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores all messages or none, in order.
   * @returns their ids, in the order of `messages`
   */
  async insertAll(messages: NewMessage[]): Promise<number[]> {
    return (await this.insertAllRefs(messages)).map((r) => r.id);
  }

  /**
   * Stores all messages or none, in order, each with a new quote token. One multi-row INSERT:
   * atomic without a transaction, and one statement instead of three or more on the hot path of
   * sendMessages.
   * @returns their ids and quote tokens, in the order of `messages`
   */
  async insertAllRefs(messages: NewMessage[]): Promise<StoredMessageRef[]> {
    if (messages.length === 0) return [];
    if (messages.length === 1) {
      // The common case (one message of sendMessages or a bot): a statement compiled once.
      const m = messages[0]!;
      const quoteToken = newQuoteToken();
      const [row] = await this.insertOne(m.chatId, m.senderType, m.senderId, JSON.stringify(m.body), m.createdAt, quoteToken);
      return [{ id: Number(row!.id), quoteToken }];
    }
    return this.insertRows(messages, 0);
  }

  /**
   * Stores a bot's notification messages (sent by phone number), all or none, in order, each with
   * a new quote token and marked `notification` (one multi-row INSERT, atomic).
   * @returns their ids and quote tokens, in the order of `messages`
   */
  async insertNotificationRefs(messages: NewMessage[]): Promise<StoredMessageRef[]> {
    if (messages.length === 0) return [];
    return this.insertRows(messages, 1);
  }

  /** One multi-row INSERT (atomic), each message with a new quote token; ids in insertion order. */
  private async insertRows(messages: NewMessage[], notification: 0 | 1): Promise<StoredMessageRef[]> {
    const tokens = messages.map(() => newQuoteToken());
    const rows = await this.db
      .insertInto('messages')
      .values(
        messages.map((m, i) => ({
          chat_id: m.chatId,
          sender_type: m.senderType,
          sender_id: m.senderId,
          body: JSON.stringify(m.body),
          created_at: m.createdAt,
          quote_token: tokens[i]!,
          ...(notification ? { notification } : {}),
        })),
      )
      .returning(['id', 'quote_token'])
      .execute();
    // Ids grow with insertion order; RETURNING itself promises no order.
    return rows.map((r) => ({ id: Number(r.id), quoteToken: r.quote_token! })).sort((a, b) => a.id - b.id);
  }

  private readonly insertOne = prepared(
    () => this.db,
    (chatId: string, senderType: string, senderId: string, body: string, createdAt: number, quoteToken: string) =>
      this.db
        .insertInto('messages')
        .values({ chat_id: chatId, sender_type: senderType, sender_id: senderId, body, created_at: createdAt, quote_token: quoteToken })
        .returning('id'),
  );

  /**
   * The message a quote token names, if it is in `chatId` and still stands (the platform refuses
   * a quote token of another chat or of an unsent message).
   */
  async byQuoteToken(chatId: string, quoteToken: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('messages')
      .selectAll()
      .where('quote_token', '=', quoteToken)
      .where('chat_id', '=', chatId)
      .where('unsent_at', 'is', null)
      .executeTakeFirst();
  }

  /** A message of `chatId` by its id, or undefined (also for a message of another chat). */
  async inChat(chatId: string, id: number): Promise<MessageRow | undefined> {
    return this.db.selectFrom('messages').selectAll().where('id', '=', id).where('chat_id', '=', chatId).executeTakeFirst();
  }

  /**
   * Marks a message unsent at `at` (ms) if it was sent by `senderId` in `chatId` and still stands.
   * @returns whether it was marked (false: no such message, another sender's, or already unsent)
   */
  async markUnsent(chatId: string, id: number, senderId: string, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('messages')
      .set({ unsent_at: at })
      .where('id', '=', id)
      .where('chat_id', '=', chatId)
      .where('sender_type', '=', 'user')
      .where('sender_id', '=', senderId)
      .where('unsent_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Records that `userId` watched the video message `messageId` to its end at `at` (ms).
   * @returns true the first time for this person and message, false after (published
   *   VideoPlayCompleteEvent: the bot hears it once)
   */
  async markVideoPlayComplete(messageId: number, userId: string, at: number): Promise<boolean> {
    const r = await this.db
      .insertInto('video_play_completes')
      .values({ message_id: messageId, user_id: userId, completed_at: at })
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * A page of a chat's messages, oldest first: the newest `limit` (with `before`: the newest older
   * than that id; with `after`: the oldest newer than that id). One more row is read to tell
   * whether the page has neighbours beyond it. An index seek (`messages_chat`): the cost does not
   * grow with the chat's history.
   * @returns the rows and `more`: true when messages beyond the page exist in the direction read
   */
  async pageOfChat(
    chatId: string,
    limit: number,
    cursor: { before?: number; after?: number } = {},
  ): Promise<{ rows: MessageRow[]; more: boolean }> {
    let q = this.db.selectFrom('messages').selectAll().where('chat_id', '=', chatId);
    if (cursor.after !== undefined) {
      const rows = await q
        .where('id', '>', cursor.after)
        .orderBy('id', 'asc')
        .limit(limit + 1)
        .execute();
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    }
    if (cursor.before !== undefined) q = q.where('id', '<', cursor.before);
    const rows = await q
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return { rows: rows.slice(0, limit).reverse(), more: rows.length > limit };
  }
}
