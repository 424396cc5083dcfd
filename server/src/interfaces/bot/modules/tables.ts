/**
 * The module channels' tables: module channels, attachments, the attach flow's codes, chat control, suspended bots, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */

declare module '../../../db/schema.js' {
  interface Database {
    module_channels: ModuleChannelTable;
    module_attachments: ModuleAttachmentTable;
    module_auth_codes: ModuleAuthCodeTable;
    chat_controls: ChatControlTable;
    bot_suspensions: BotSuspensionTable;
  }
}

/** A module channel (migration 0024; docs/platform/module-channels.md). */
export interface ModuleChannelTable {
  channel_id: string;
}

/** A module channel attached to a bot (basic channel), with the scopes granted, space-separated; `attached_at` ms. */
export interface ModuleAttachmentTable {
  module_channel_id: string;
  bot_channel_id: string;
  scopes: string;
  attached_at: number;
}

/** An authorization code of the attach flow: its SHA-256 hash, one use, expiry in ms on the simulated clock. */
export interface ModuleAuthCodeTable {
  code_hash: string;
  module_channel_id: string;
  bot_channel_id: string;
  scopes: string;
  redirect_uri: string;
  expires_at: number;
}

/** The module channel holding a bot's chat (internal chat ID), until `expires_at` ms, or for ever when null. */
export interface ChatControlTable {
  bot_channel_id: string;
  chat_id: string;
  module_channel_id: string;
  acquired_at: number;
  expires_at: number | null;
}

/** A suspended bot and since when (ms). */
export interface BotSuspensionTable {
  bot_channel_id: string;
  suspended_at: number;
}
