/** SQL for chat messages. */
import type { Kysely, Selectable } from 'kysely';
import { prepared } from '../db/prepared.js';
import type { Database, MessageTable } from '../db/schema.js';

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

export class MessageStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores all messages or none, in order. One multi-row INSERT: atomic without a transaction,
   * and one statement instead of three or more on the hot path of sendMessages.
   * @returns their ids, in the order of `messages`
   */
  async insertAll(messages: NewMessage[]): Promise<number[]> {
    if (messages.length === 0) return [];
    if (messages.length === 1) {
      // The common case (one message of sendMessages or a bot): a statement compiled once.
      const m = messages[0]!;
      const [row] = await this.insertOne(m.chatId, m.senderType, m.senderId, JSON.stringify(m.body), m.createdAt);
      return [Number(row!.id)];
    }
    const rows = await this.db
      .insertInto('messages')
      .values(
        messages.map((m) => ({
          chat_id: m.chatId,
          sender_type: m.senderType,
          sender_id: m.senderId,
          body: JSON.stringify(m.body),
          created_at: m.createdAt,
        })),
      )
      .returning('id')
      .execute();
    // Ids grow with insertion order; RETURNING itself promises no order.
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  private readonly insertOne = prepared(
    () => this.db,
    (chatId: string, senderType: string, senderId: string, body: string, createdAt: number) =>
      this.db
        .insertInto('messages')
        .values({ chat_id: chatId, sender_type: senderType, sender_id: senderId, body, created_at: createdAt })
        .returning('id'),
  );

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
