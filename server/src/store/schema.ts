/**
 * Table shapes of the embedkit database, as Kysely sees them. Times are integers in ms since the
 * Unix epoch (from the server's clock); booleans are 0/1 integers (SQLite has no boolean).
 */
import type { Generated } from 'kysely';

/** A channel of the platform (spec part B: channel ID, channel secret; the plan sets limits). */
export interface ChannelTable {
  channel_id: string;
  name: string;
  secret: string;
  /** `developer-trial`, `verified` or `official`: the plan of the spec's "Limits" table. */
  plan: string;
}

/** A messenger user of the scenario (spec part B "User profile"). */
export interface UserTable {
  user_id: string;
  display_name: string;
  /** 1 when the user has a profile picture (served by the simulator API), else 0. */
  has_picture: number;
  status_message: string | null;
}

/** A chat: a 1:1 chat (`utou`), a room or a group. `chat_id` is the context's utouId/roomId/groupId. */
export interface ChatTable {
  chat_id: string;
  type: string;
  name: string;
}

/** Membership of users in chats. */
export interface ChatMemberTable {
  chat_id: string;
  user_id: string;
}

/** An embedded app of the registry (spec part D "app"). */
export interface AppTable {
  embed_id: string;
  channel_id: string;
  name: string;
  view_type: string;
  view_url: string;
  created_at: number;
  /** Insertion order, so lists are stable. */
  seq: Generated<number>;
}

/** A channel access token (spec part B). Only the SHA-256 of the token is stored. */
export interface ChannelTokenTable {
  token_hash: string;
  channel_id: string;
  issued_at: number;
  expires_at: number;
  seq: Generated<number>;
}

/** A user access token (spec part C), bound to a channel, scopes and the chat an app was opened from. */
export interface UserTokenTable {
  token_hash: string;
  user_id: string;
  channel_id: string;
  /** Space-separated scopes, as OAuth writes them. */
  scope: string;
  /** Context type the token was issued for: utou, room, group or none. */
  context_type: string;
  chat_id: string | null;
  issued_at: number;
  expires_at: number;
}

/** A message in a chat, sent by a user (sendMessages) or a bot. `body` is the message object as JSON. */
export interface MessageTable {
  id: Generated<number>;
  chat_id: string;
  sender_type: string;
  sender_id: string;
  body: string;
  created_at: number;
}

/** Small key/value facts about the database itself (scenario loaded, demo origin). */
export interface MetaTable {
  key: string;
  value: string;
}

/** The whole database, for Kysely. */
export interface Database {
  channels: ChannelTable;
  users: UserTable;
  chats: ChatTable;
  chat_members: ChatMemberTable;
  apps: AppTable;
  channel_tokens: ChannelTokenTable;
  user_tokens: UserTokenTable;
  messages: MessageTable;
  meta: MetaTable;
}
