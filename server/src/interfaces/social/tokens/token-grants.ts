/**
 * The token operation of social login v2.1 (spec part C; "States and transitions", social access
 * token rows): the code and refresh grants, verify and revoke. Every user access token embedkit
 * issues comes from here, the host's too (`user-tokens.ts` signs in through a code); the codes come
 * from the authorization request (`authorization.ts`).
 *
 * Lifetimes: access token 30 days, refresh token until 10 days after its access token expired,
 * ID token 1 hour (see limits.ts). All times come from the Clock.
 */
import type { Clock } from '../../../clock/clock.js';
import { oauthError } from '../../../http/errors.js';
import { ACCESS_TOKEN_LIFE_MS, REFRESH_GRACE_MS } from '../../../limits.js';
import { hashToken, newToken } from '../../../tokens/secrets.js';
import type { UserTokenStore } from '../../../tokens/user-token-store.js';
import type { ChannelLoginStore } from '../../../world/channel-login-store.js';
import type { ChannelRow, WorldStore } from '../../../world/world-store.js';
import type { AuthCodeStore, AuthorizationCodeRow } from '../auth-code-store.js';
import type { TokenContext } from '../authorization.js';
import { signIdToken } from './id-token.js';
import { s256 } from '../pkce.js';
import { grantOf, type CodeGrant, type RefreshGrant, type RevokeForm, type TokenForm } from '../rules.js';
import type { Static } from '@sinclair/typebox';
import type { RefreshTokenRow, RefreshTokenStore, TokenPair } from './refresh-token-store.js';
import type { TokenInvalidationStore } from './token-invalidation-store.js';

/** Token response of spec part C; `id_token` only when the scope has `openid`. */
export interface TokenResponse {
  access_token: string;
  /** Seconds from issue to expiry. */
  expires_in: number;
  id_token?: string;
  refresh_token: string;
  /** Space-separated scopes. */
  scope: string;
  token_type: 'Bearer';
}

/** Refresh response of spec part C. */
export interface RefreshResponse {
  access_token: string;
  token_type: 'Bearer';
  refresh_token: string;
  expires_in: number;
  scope: string;
}

/** Verify response of spec part C. */
export interface VerifyResponse {
  scope: string;
  /** The channel ID. */
  client_id: string;
  /** Seconds left at call time. */
  expires_in: number;
}

/** Dependencies of {@link TokenGrantService}. */
export interface TokenGrantDeps {
  world: WorldStore;
  logins: ChannelLoginStore;
  codes: AuthCodeStore;
  tokens: UserTokenStore;
  refreshTokens: RefreshTokenStore;
  invalidations: TokenInvalidationStore;
  clock: Clock;
  /** The server's public origin: where the ID token's `picture` is served (its `iss` is the platform's, `ID_TOKEN_ISSUER`). */
  baseUrl: () => string;
}

/** The token operation of spec part C; see the module comment for lifetimes. */
export class TokenGrantService {
  constructor(private readonly d: TokenGrantDeps) {}

  /**
   * `POST /oauth2/v2.1/token`: `grant_type=authorization_code` or `refresh_token`.
   * @param form checked at the door ({@link TokenForm}: the fields each grant needs, given once)
   * @throws ApiError 400 `{error, error_description}`: `invalid_request` (neither `client_secret`
   *   nor `code_verifier`, or no secret for a WEB channel), `unsupported_grant_type`,
   *   `invalid_client` (unknown channel, wrong secret),
   *   `unauthorized_client` (inactive channel), `invalid_grant` (bad, used or expired code or
   *   refresh token; redirect_uri that differs from the code's; a PKCE code_verifier that is
   *   missing, wrong, or given for a code without a challenge).
   */
  async token(form: TokenForm): Promise<TokenResponse | RefreshResponse> {
    const grant = grantOf(form);
    if (grant?.type === 'authorization_code') return this.exchangeCode(grant.fields);
    if (grant?.type === 'refresh_token') return this.refresh(grant.fields);
    throw oauthError('unsupported_grant_type', `grant_type '${form.grant_type}' is not supported`);
  }

  /**
   * The authorization code grant: a single-use code, not expired, of this client and this
   * redirect_uri, gives a token pair (and an ID token when the scope has `openid`). Using a code
   * twice fails and revokes the tokens it gave (RFC 6749 §4.1.2).
   *
   * The client proves itself with `client_secret` (a confidential client), or with `code_verifier`
   * alone (a public client, RFC 7636 §4.5): then the code must come from a request with a
   * `code_challenge`, and `BASE64URL(SHA256(code_verifier))` must equal it (§4.6). A code whose
   * request had a challenge needs the verifier whoever redeems it; a verifier for a code without
   * one is refused (no downgrade).
   * @param form the grant's fields (a verifier, when given, has the shape of one: the door checked it)
   */
  async exchangeCode(form: CodeGrant): Promise<TokenResponse> {
    const { code, redirect_uri, client_id } = form;
    const secret = form.client_secret || undefined;
    const verifier = form.code_verifier || undefined;
    if (secret === undefined && verifier === undefined) throw oauthError('invalid_request', "'client_secret' must be specified");
    const channel = secret === undefined ? await this.publicClient(client_id) : await this.authenticateClient(client_id, secret);
    const row = await this.d.codes.findCode(hashToken(code));
    if (!row || row.channel_id !== channel.channel_id) throw oauthError('invalid_grant', 'invalid authorization code');
    if (row.used_at !== null) {
      if (row.access_hash) await this.d.refreshTokens.revokeAccess(row.access_hash);
      throw oauthError('invalid_grant', 'authorization code already used');
    }
    const now = this.d.clock.now();
    if (row.expires_at <= now) throw oauthError('invalid_grant', 'authorization code expired');
    if (row.redirect_uri !== redirect_uri) throw oauthError('invalid_grant', 'redirect_uri does not match');
    if (row.code_challenge !== null) {
      if (verifier === undefined)
        throw oauthError('invalid_grant', "'code_verifier' is required: the authorization request had a code_challenge");
      if (s256(verifier) !== row.code_challenge) throw oauthError('invalid_grant', 'code_verifier does not match the code_challenge');
    } else if (verifier !== undefined) {
      throw oauthError('invalid_grant', 'code_verifier was given but the authorization request had no code_challenge');
    }
    const user = await this.d.world.user(row.user_id);
    if (!user) throw oauthError('invalid_grant', 'invalid authorization code');

    const issued = newPair(row, { type: row.context_type, chatId: row.chat_id }, now);
    if (!(await this.d.refreshTokens.redeemCode(row.code_hash, now, issued.pair))) {
      throw oauthError('invalid_grant', 'authorization code already used');
    }
    // Key order as the spec's token response lists them.
    const scopes = row.scope.split(' ');
    const idToken = scopes.includes('openid')
      ? await signIdToken({ channel, user, nonce: row.nonce, scopes, now, issuer: this.d.baseUrl() })
      : undefined;
    return {
      access_token: issued.accessToken,
      expires_in: ACCESS_TOKEN_LIFE_MS / 1000,
      ...(idToken === undefined ? {} : { id_token: idToken }),
      refresh_token: issued.refreshToken,
      scope: row.scope,
      token_type: 'Bearer',
    };
  }

  /**
   * The refresh token grant: a new access token and a new refresh token; the old refresh token
   * stops working (the old access token keeps working until its own expiry). `client_secret` is
   * required when the channel's application type is WEB, and checked whenever it is given.
   */
  async refresh(form: RefreshGrant): Promise<RefreshResponse> {
    const { refresh_token, client_id } = form;
    const channel = await this.d.world.channel(client_id);
    if (!channel) throw oauthError('invalid_client', 'invalid client_id');
    const login = await this.d.logins.get(client_id);
    const secret = form.client_secret;
    if (!secret) {
      if (login.applicationType === 'WEB')
        throw oauthError('invalid_request', "'client_secret' must be specified for a channel of application type WEB");
    } else if (secret !== channel.secret) {
      throw oauthError('invalid_client', 'invalid client_id or client_secret');
    }
    if (!login.active) throw oauthError('unauthorized_client', 'the channel is inactive');
    const old = await this.d.refreshTokens.find(hashToken(refresh_token));
    if (!old || old.channel_id !== channel.channel_id) throw oauthError('invalid_grant', 'invalid refresh token');
    const now = this.d.clock.now();
    if (old.expires_at <= now) throw oauthError('invalid_grant', 'refresh token expired');
    if (await this.d.invalidations.reasonOf(old.access_hash)) throw oauthError('invalid_grant', 'invalid refresh token');
    const issued = newPair(old, { type: old.context_type, chatId: old.chat_id }, now);
    if (!(await this.d.refreshTokens.rotate(old, issued.pair, false))) throw oauthError('invalid_grant', 'invalid refresh token');
    return {
      access_token: issued.accessToken,
      token_type: 'Bearer',
      refresh_token: issued.refreshToken,
      expires_in: ACCESS_TOKEN_LIFE_MS / 1000,
      scope: old.scope,
    };
  }

  /**
   * Rotates a pair for the v1 reissue: the old access and refresh tokens both stop working.
   * The caller has checked the pair, the channel and the refresh window.
   * @returns the new tokens, or null when the refresh token was used concurrently.
   */
  async reissuePair(old: RefreshTokenRow): Promise<{ accessToken: string; refreshToken: string; expiresAt: number } | null> {
    const now = this.d.clock.now();
    const issued = newPair(old, { type: old.context_type, chatId: old.chat_id }, now);
    if (!(await this.d.refreshTokens.rotate(old, issued.pair, true))) return null;
    return { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: issued.pair.access.expires_at };
  }

  /**
   * `GET /oauth2/v2.1/verify?access_token=`.
   * @param token the query's `access_token` (the door refuses a request without one)
   * @throws ApiError 400 `invalid_request`: `invalid access token` (unknown, revoked or
   *   invalidated), `access token expired`.
   */
  async verify(token: string): Promise<VerifyResponse> {
    const row = await this.d.tokens.findWithState(hashToken(token));
    if (!row || row.invalidated) throw oauthError('invalid_request', 'invalid access token');
    const now = this.d.clock.now();
    if (row.expires_at <= now) throw oauthError('invalid_request', 'access token expired');
    return { scope: row.scope, client_id: row.channel_id, expires_in: Math.floor((row.expires_at - now) / 1000) };
  }

  /**
   * `POST /oauth2/v2.1/revoke`: revokes an access token and its refresh token. An unknown,
   * expired or already revoked token is not an error (RFC 7009).
   * @param form checked at the door ({@link RevokeForm}: every field given once)
   * @throws ApiError 400 `invalid_request` (a token of another channel), `invalid_client` (unknown
   *   channel or wrong secret).
   */
  async revoke(form: Static<typeof RevokeForm>): Promise<void> {
    const { access_token, client_id, client_secret } = form;
    const channel = await this.d.world.channel(client_id);
    if (!channel || channel.secret !== client_secret) throw oauthError('invalid_client', 'invalid client_id or client_secret');
    const hash = hashToken(access_token);
    const row = await this.d.tokens.find(hash);
    if (row && row.channel_id !== client_id) throw oauthError('invalid_request', 'the access token was not issued to this channel');
    await this.d.refreshTokens.revokeAccess(hash);
  }

  /**
   * A public client of a token operation: the channel exists and is active (its proof is the code verifier).
   * @throws ApiError 400 `invalid_client`, or `unauthorized_client` for an inactive channel.
   */
  private async publicClient(clientId: string): Promise<ChannelRow> {
    const channel = await this.d.world.channel(clientId);
    if (!channel) throw oauthError('invalid_client', 'invalid client_id');
    if (!(await this.d.logins.get(clientId)).active) throw oauthError('unauthorized_client', 'the channel is inactive');
    return channel;
  }

  /**
   * Checks `client_id` and `client_secret` of a token operation.
   * @throws ApiError 400 `invalid_client`, or `unauthorized_client` for an inactive channel.
   */
  private async authenticateClient(clientId: string, secret: string): Promise<ChannelRow> {
    const channel = await this.d.world.channel(clientId);
    if (!channel || channel.secret !== secret) throw oauthError('invalid_client', 'invalid client_id or client_secret');
    if (!(await this.d.logins.get(clientId)).active) throw oauthError('unauthorized_client', 'the channel is inactive');
    return channel;
  }
}

/** A new access token (30 days) and refresh token (until 10 days after it expires) for the same grant. */
function newPair(
  grant: Pick<AuthorizationCodeRow, 'user_id' | 'channel_id' | 'scope'>,
  context: TokenContext,
  now: number,
): { accessToken: string; refreshToken: string; pair: TokenPair } {
  const accessToken = newToken();
  const refreshToken = newToken();
  const accessHash = hashToken(accessToken);
  const expiresAt = now + ACCESS_TOKEN_LIFE_MS;
  // Both tokens carry the grant they were issued for.
  const granted = {
    user_id: grant.user_id,
    channel_id: grant.channel_id,
    scope: grant.scope,
    context_type: context.type,
    chat_id: context.chatId,
    issued_at: now,
  };
  return {
    accessToken,
    refreshToken,
    pair: {
      access: { token_hash: accessHash, ...granted, expires_at: expiresAt },
      refresh: { token_hash: hashToken(refreshToken), access_hash: accessHash, ...granted, expires_at: expiresAt + REFRESH_GRACE_MS },
    },
  };
}
