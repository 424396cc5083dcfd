/**
 * The social unit's tables: sign-ins waiting on consent, authorization codes, refresh tokens, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Nullable } from '../../db/schema.js';
import type { UserGrantColumns } from '../../tokens/tables.js';

declare module '../../db/schema.js' {
  interface Database {
    authorization_requests: AuthorizationRequestTable;
    authorization_codes: AuthorizationCodeTable;
    refresh_tokens: RefreshTokenTable;
  }
}

/** A sign-in waiting on the consent page (`GET /oauth2/v2.1/authorize`). SHA-256 of its id only. */
export interface AuthorizationRequestTable {
  request_hash: string;
  channel_id: string;
  redirect_uri: string;
  state: string;
  /** Space-separated scopes asked for. */
  scope: string;
  nonce: string | null;
  /** The PKCE code challenge (RFC 7636, S256), null for a confidential client. */
  code_challenge: Nullable<string>;
  created_at: number;
  expires_at: number;
}

/** An authorization code (spec part C): single use, short lived, bound to client_id and redirect_uri. */
export interface AuthorizationCodeTable {
  code_hash: string;
  channel_id: string;
  user_id: string;
  redirect_uri: string;
  scope: string;
  nonce: string | null;
  /** The PKCE code challenge of the request (RFC 7636, S256), null for a confidential client. */
  code_challenge: Nullable<string>;
  /** The chat the host opened an app from (`none` for a web login), carried to the token. */
  context_type: string;
  chat_id: string | null;
  issued_at: number;
  expires_at: number;
  /** When the code was exchanged; null: not yet. */
  used_at: Nullable<number>;
  /** The access token the code was exchanged for (revoked when the code is replayed). */
  access_hash: Nullable<string>;
}

/** A refresh token (spec part C), the grant of the access token issued with it: valid until 10 days after that token expires. SHA-256 only. */
export interface RefreshTokenTable extends UserGrantColumns {
  token_hash: string;
  /** The access token issued with it: v1 reissue checks the pair, revoke removes both. */
  access_hash: string;
}
