/**
 * The message tables: messages in chats, their binary content, videos watched to the end, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Generated } from 'kysely';
import type { Nullable } from '../db/schema.js';

declare module '../db/schema.js' {
  interface Database {
    messages: MessageTable;
    contents: ContentTable;
    video_play_completes: VideoPlayCompleteTable;
  }
}

/** A message in a chat, sent by a user (sendMessages) or a bot. `body` is the message object as JSON. */
export interface MessageTable {
  id: Generated<number>;
  chat_id: string;
  sender_type: string;
  sender_id: string;
  body: string;
  created_at: number;
  /** The platform's quote token of the message (opaque, random); null on messages stored before it existed. */
  quote_token: string | null;
  /** When a person unsent the message (ms), null while it stands. */
  unsent_at: number | null;
  /** 1 for a notification message a bot sent by phone number (`POST /bot/pnp/push`), else 0 (migration 0023). */
  notification: Generated<number>;
}

/** Binary content of a user-sent image, video, audio or file message (content endpoint). */
export interface ContentTable {
  message_id: number;
  content_type: string;
  file_name: Nullable<string>;
  size: number;
  data: Buffer;
}

/** A person watched a bot's video message with a `trackingId` to its end (migration 0026): its event went once. */
export interface VideoPlayCompleteTable {
  message_id: number;
  user_id: string;
  /** When, ms on the simulated clock. */
  completed_at: number;
}
