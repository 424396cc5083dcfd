/**
 * The account link feature's table: link tokens, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Nullable } from '../../../db/schema.js';

declare module '../../../db/schema.js' {
  interface Database {
    link_tokens: LinkTokenTable;
  }
}

/** An account link token: single use, bound to a channel and a user; SHA-256 only. */
export interface LinkTokenTable {
  token_hash: string;
  channel_id: string;
  user_id: string;
  issued_at: number;
  expires_at: number;
  used_at: Nullable<number>;
}
