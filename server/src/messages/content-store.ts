/**
 * SQL for the binary content of messages users sent from the host (images, video, audio, files),
 * served by `GET /v2/bot/message/<id>/content`. A message and its content are written together.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ContentTable } from './tables.js';
import { newQuoteToken } from './quote-token.js';

export type ContentRow = Selectable<ContentTable>;

/** A user-sent media message to store. */
export interface NewMediaMessage {
  chatId: string;
  userId: string;
  /** `image`, `video`, `audio` or `file`. */
  type: string;
  contentType: string;
  fileName: string | null;
  data: Buffer;
  createdAt: number;
  /** Builds the stored message object once the message id is known (it names the content URL). */
  body(id: number): Record<string, unknown>;
}

export class ContentStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores the message (with a new quote token, as every stored message has) and its content in one
   * transaction. @returns the message id, object and quote token.
   */
  insertMessage(m: NewMediaMessage): Promise<{ id: number; body: Record<string, unknown>; quoteToken: string }> {
    const quoteToken = newQuoteToken();
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('messages')
        .values({
          chat_id: m.chatId,
          sender_type: 'user',
          sender_id: m.userId,
          body: '{}',
          created_at: m.createdAt,
          quote_token: quoteToken,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const body = m.body(id);
      await trx
        .updateTable('messages')
        .set({ body: JSON.stringify(body) })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('contents')
        .values({ message_id: id, content_type: m.contentType, file_name: m.fileName, size: m.data.length, data: m.data })
        .execute();
      return { id, body, quoteToken };
    });
  }

  /** The content of a message with the message's chat, or undefined. */
  get(messageId: number): Promise<(ContentRow & { chat_id: string }) | undefined> {
    return this.db
      .selectFrom('contents')
      .innerJoin('messages', 'messages.id', 'contents.message_id')
      .select(['contents.message_id', 'contents.content_type', 'contents.file_name', 'contents.size', 'contents.data', 'messages.chat_id'])
      .where('contents.message_id', '=', messageId)
      .executeTakeFirst();
  }
}
