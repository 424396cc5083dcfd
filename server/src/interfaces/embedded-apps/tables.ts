/**
 * The embedded-apps unit's tables: the app registry and the share target picker's tickets, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Generated } from 'kysely';
import type { ViewType } from '#contract/wire.js';

declare module '../../db/schema.js' {
  interface Database {
    apps: AppTable;
    share_picker_tickets: SharePickerTicketTable;
  }
}

/** An embedded app of the registry (spec part D "app"). */
export interface AppTable {
  embed_id: string;
  channel_id: string;
  name: string;
  view_type: ViewType;
  view_url: string;
  created_at: number;
  /** Insertion order, so lists are stable. */
  seq: Generated<number>;
  /** LIFF server API settings (liff.yml `LiffApp`; migration 0018): booleans as 0 or 1. */
  module_mode: Generated<number>;
  feature_ble: Generated<number>;
  feature_qr_code: Generated<number>;
  /** Always `concat` (the only published value). */
  permanent_link_pattern: Generated<string>;
  /** JSON array of scope names (`openid`, `email`, `profile`, `chat_message.write`). */
  scopes: Generated<string>;
  /** `normal`, `aggressive` or `none`. */
  bot_prompt: Generated<string>;
}

/** A one-time ticket of the share target picker outside the messenger (migration 0032). SHA-256 only. */
export interface SharePickerTicketTable {
  ticket_hash: string;
  user_id: string;
  channel_id: string;
  /** The app (LIFF ID) the ticket was bought for. */
  liff_id: string;
  /** ms on the simulated clock. */
  expires_at: number;
}
