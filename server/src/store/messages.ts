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

  /** Stores all messages or none (one transaction), in order. @returns their ids. */
  insertAll(messages: NewMessage[]): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const m of messages) {
        const r = await trx
          .insertInto('messages')
          .values({
            chat_id: m.chatId,
            sender_type: m.senderType,
            sender_id: m.senderId,
            body: JSON.stringify(m.body),
            created_at: m.createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(r.id);
      }
      return ids;
    });
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
