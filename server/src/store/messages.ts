/** SQL for chat messages. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, MessageTable } from './schema.js';

export type MessageRow = Selectable<MessageTable>;

/** A message to store: `body` is the message object, stored as JSON text. */
export interface NewMessage {
  chatId: string;
  senderType: 'user' | 'bot';
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

  /** Messages of a chat, oldest first, at most `limit` of the newest. */
  async listByChat(chatId: string, limit = 200): Promise<MessageRow[]> {
    const rows = await this.db
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', chatId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }
}
