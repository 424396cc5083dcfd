/**
 * The token tables: channel access tokens, assertion keys, the kit's secrets, user access tokens and their invalidations, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { ColumnType, Generated } from 'kysely';

declare module '../db/schema.js' {
  interface Database {
    channel_tokens: ChannelTokenTable;
    channel_assertion_keys: ChannelAssertionKeyTable;
    kit_secrets: KitSecretTable;
    user_tokens: UserTokenTable;
    token_invalidations: TokenInvalidationTable;
  }
}

/** A channel access token (spec part B). Only the SHA-256 of the token is stored. */
export interface ChannelTokenTable {
  token_hash: string;
  channel_id: string;
  issued_at: number;
  expires_at: number;
  seq: Generated<number>;
  /** `v2` (short-lived, by channel secret) or `v2.1` (by JWT assertion); migration 0017. */
  kind: ColumnType<string, string | undefined, string>;
  /** The key ID of a v2.1 token (`key_id` of its issue answer), null for `v2`. */
  key_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A public key a channel registered for its JWT assertions: the JWK as JSON text, by key ID. Times in ms. */
export interface ChannelAssertionKeyTable {
  channel_id: string;
  kid: string;
  jwk: string;
  created_at: number;
}

/** A secret made once per database (the stateless tokens' HMAC key), by name. */
export interface KitSecretTable {
  name: string;
  value: string;
}

/**
 * What a user granted a channel, as a user token carries it (and the refresh token issued with
 * it): scopes and the chat an app was opened from. Times in ms since 1970.
 */
export interface UserGrantColumns {
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

/** A user access token (spec part C), bound to a channel, scopes and the chat an app was opened from. */
export interface UserTokenTable extends UserGrantColumns {
  token_hash: string;
}

/** A user access token invalidated before its expiry: `platform` (v1 `expired(1)`) or `unlinked` (`expired(2)`). */
export interface TokenInvalidationTable {
  token_hash: string;
  reason: string;
  invalidated_at: number;
}
