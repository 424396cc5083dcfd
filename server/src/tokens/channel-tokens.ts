/**
 * Channel access tokens (spec part B: `POST /v2/oauth/accessToken`, `POST /v2/oauth/revoke`;
 * "States and transitions", channel access token rows).
 */
import type { Clock } from '../clock/clock.js';
import { authenticationFailed, oauthError } from '../http/errors.js';
import type { ChannelTokenStore } from './channel-token-store.js';
import { ACCESS_TOKEN_LIFE_MS, MAX_CHANNEL_TOKENS } from '../limits.js';
import { hashToken, newToken } from './secrets.js';

/** The token response of the client-credentials operation (spec part B "Channel access token response"). */
export interface ChannelTokenResponse {
  access_token: string;
  /** Seconds from issue to expiry. */
  expires_in: number;
  token_type: 'Bearer';
}

/** What issuing a token reads of a channel: its ID and secret (the world's channels, `world/world-store.ts`). */
export interface ChannelLookup {
  channel(channelId: string): Promise<{ channel_id: string; secret: string } | undefined>;
}

export class ChannelTokenService {
  constructor(
    private readonly tokens: ChannelTokenStore,
    private readonly world: ChannelLookup,
    private readonly clock: Clock,
  ) {}

  /**
   * Issues a short-lived token (30 days). When more than 30 are alive, the earliest are revoked.
   * @throws ApiError 400 `unsupported_grant_type`, `invalid_request` (missing field) or
   *   `invalid_client` (unknown channel or wrong secret), in the OAuth error format.
   */
  async issue(form: Record<string, unknown>): Promise<ChannelTokenResponse> {
    const { grant_type, client_id, client_secret } = form;
    if (grant_type === undefined || grant_type === '') throw oauthError('invalid_request', "'grant_type' must be specified");
    if (grant_type !== 'client_credentials')
      throw oauthError('unsupported_grant_type', `grant_type '${String(grant_type)}' is not supported`);
    if (typeof client_id !== 'string' || client_id === '') throw oauthError('invalid_request', "'client_id' must be specified");
    if (typeof client_secret !== 'string' || client_secret === '') throw oauthError('invalid_request', "'client_secret' must be specified");
    const channel = await this.world.channel(client_id);
    if (!channel || channel.secret !== client_secret) throw oauthError('invalid_client', 'invalid client_id or client_secret');
    const token = newToken();
    const now = this.clock.now();
    await this.tokens.insertKeepingNewest(
      { token_hash: hashToken(token), channel_id: channel.channel_id, issued_at: now, expires_at: now + ACCESS_TOKEN_LIFE_MS },
      MAX_CHANNEL_TOKENS,
      now,
    );
    return { access_token: token, expires_in: ACCESS_TOKEN_LIFE_MS / 1000, token_type: 'Bearer' };
  }

  /**
   * Revokes a token. Revoking an invalid or unknown token is not an error (spec "Errors").
   * @throws ApiError 400 `invalid_request` when `access_token` is missing.
   */
  async revoke(form: Record<string, unknown>): Promise<void> {
    const token = form.access_token;
    if (typeof token !== 'string' || token === '') throw oauthError('invalid_request', "'access_token' must be specified");
    await this.tokens.delete(hashToken(token));
  }

  /**
   * The channel a bearer token belongs to.
   * @param authorization the raw `Authorization` header
   * @throws ApiError 401 "Authentication failed due to the following reason: X".
   */
  async authenticate(authorization: string | undefined): Promise<string> {
    const token = bearerToken(authorization);
    const row = await this.tokens.find(hashToken(token));
    if (!row) throw authenticationFailed('invalid token. Confirm that the access token in the authorization header is valid.');
    if (row.expires_at <= this.clock.now()) throw authenticationFailed('expired token. Issue a new channel access token.');
    return row.channel_id;
  }
}

/**
 * The token of an `Authorization: Bearer <token>` header.
 * @throws ApiError 401 when the header is missing or uses another scheme.
 */
export function bearerToken(authorization: string | undefined): string {
  if (!authorization) throw authenticationFailed('missing authorization header. Send Authorization: Bearer <access token>.');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) throw authenticationFailed('invalid authorization header. Send Authorization: Bearer <access token>.');
  return match[1];
}
