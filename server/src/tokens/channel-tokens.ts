/**
 * Channel access tokens (spec part B: `POST /v2/oauth/accessToken`, `POST /v2/oauth/revoke`;
 * "States and transitions", channel access token rows), and the other operations of the published
 * document `channel-access-token.yml`: v2.1 tokens by JWT assertion, stateless tokens, verify
 * (`docs/platform/channel-access-tokens.md`). Every kind authenticates the `/v2/bot` calls.
 */
import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import type { Clock } from '../clock/clock.js';
import { ApiError, authenticationFailed, invalidBody, oauthError, unknownChannel } from '../http/errors.js';
import type { ChannelTokenRow, ChannelTokenStore } from './channel-token-store.js';
import { ACCESS_TOKEN_LIFE_MS, MAX_CHANNEL_TOKENS } from '../limits.js';
import { hashToken, newToken } from './secrets.js';
import type { AssertionKeyStore } from './assertion-key-store.js';
import { AssertionVerifier, assertionKeyOf, MAX_TOKEN_EXP_S, PLATFORM_AUDIENCE } from './assertion.js';
import { STATELESS_TOKEN_LIFE_MS, StatelessTokens } from './stateless-tokens.js';
import type { KitSecretStore } from './kit-secret-store.js';

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

/** The answer of `issueChannelTokenByJWT` (`IssueChannelAccessTokenResponse`). */
export interface ChannelTokenV21Response extends ChannelTokenResponse {
  key_id: string;
}

/** The answer of the verify operations (`VerifyChannelAccessTokenResponse`). */
export interface ChannelTokenVerifyResponse {
  client_id: string;
  /** Seconds until the token expires. */
  expires_in: number;
  scope: string;
}

/** What the v2.1 and stateless operations need beside the token store (migration 0017's tables, the base URL). */
export interface ChannelTokenExtras {
  keys: AssertionKeyStore;
  secrets: KitSecretStore;
  /** embedkit's base URL, an `aud` taken beside the platform's. */
  baseUrl: () => string;
}

/** Most v2.1 tokens alive per channel, as the platform documents. */
export const MAX_V21_TOKENS = 30;

/**
 * The `scope` of the verify answers, as the published document's examples: `/v2/oauth/verify`
 * answers `P CM`, `/oauth2/v2.1/verify` `profile chat_message.write`.
 */
const V2_SCOPE = 'P CM';
const V21_SCOPE = 'profile chat_message.write';

export class ChannelTokenService {
  private readonly assertions: AssertionVerifier;
  private readonly stateless: StatelessTokens;
  private readonly keys: AssertionKeyStore;

  constructor(
    private readonly tokens: ChannelTokenStore,
    private readonly world: ChannelLookup,
    private readonly clock: Clock,
    extras: ChannelTokenExtras,
  ) {
    this.keys = extras.keys;
    this.stateless = new StatelessTokens(extras.secrets);
    this.assertions = new AssertionVerifier(extras.keys, world, clock, () => {
      const base = extras.baseUrl().replace(/\/+$/, '');
      return [PLATFORM_AUDIENCE, PLATFORM_AUDIENCE.slice(0, -1), base, `${base}/`];
    });
  }

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
   * Revokes a token. Revoking an invalid or unknown token is not an error (spec "Errors"); a
   * stateless token cannot be revoked (it stays valid until it expires) and is answered the same.
   * @throws ApiError 400 `invalid_request` when `access_token` is missing.
   */
  async revoke(form: Record<string, unknown>): Promise<void> {
    const token = form.access_token;
    if (typeof token !== 'string' || token === '') throw oauthError('invalid_request', "'access_token' must be specified");
    await this.tokens.delete(hashToken(token));
  }

  /**
   * `issueChannelTokenByJWT` (`POST /oauth2/v2.1/token`): a v2.1 token of the assertion's channel,
   * valid `token_exp` seconds (at most 30 days), with a key ID. At most 30 alive per channel.
   * @throws ApiError 400 in the OAuth format: `unsupported_grant_type`; `invalid_request` (missing
   *   field, `token_exp` missing or out of range, 30 v2.1 tokens alive); the assertion's errors
   *   ({@link AssertionVerifier.verify}).
   */
  async issueByJwt(form: Record<string, unknown>): Promise<ChannelTokenV21Response> {
    requireClientCredentials(form.grant_type);
    const { channelId, claims } = await this.assertions.verify(form);
    const tokenExp = claims.token_exp;
    if (typeof tokenExp !== 'number' || !Number.isInteger(tokenExp) || tokenExp < 1 || tokenExp > MAX_TOKEN_EXP_S)
      throw oauthError('invalid_request', `'token_exp' must be an integer from 1 to ${MAX_TOKEN_EXP_S} (seconds, at most 30 days)`);
    const token = newToken();
    const keyId = randomBytes(16).toString('base64url');
    const now = this.clock.now();
    const stored = await this.tokens.insertV21WithinLimit(
      { token_hash: hashToken(token), channel_id: channelId, issued_at: now, expires_at: now + tokenExp * 1000, key_id: keyId },
      MAX_V21_TOKENS,
      now,
    );
    if (!stored)
      throw oauthError(
        'invalid_request',
        `the channel already has ${MAX_V21_TOKENS} valid channel access tokens v2.1: revoke one before issuing another`,
      );
    return { access_token: token, expires_in: tokenExp, token_type: 'Bearer', key_id: keyId };
  }

  /**
   * `getsAllValidChannelAccessTokenKeyIds` (`GET /oauth2/v2.1/tokens/kid`): the key IDs of the
   * assertion's channel's alive v2.1 tokens.
   * @throws ApiError 400, the assertion's errors ({@link AssertionVerifier.verify}).
   */
  async keyIds(query: Record<string, unknown>): Promise<{ kids: string[] }> {
    const { channelId } = await this.assertions.verify(query);
    return { kids: await this.tokens.aliveKeyIds(channelId, this.clock.now()) };
  }

  /**
   * `issueStatelessChannelToken` (`POST /oauth2/v3/token`): by JWT assertion (when
   * `client_assertion` or `client_assertion_type` is sent) or by `client_id` and `client_secret`;
   * valid 15 minutes, not stored, not revocable.
   * @throws ApiError 400 in the OAuth format: `unsupported_grant_type`, `invalid_request`,
   *   `invalid_client` (unknown channel, wrong secret, the assertion's errors).
   */
  async issueStateless(form: Record<string, unknown>): Promise<ChannelTokenResponse> {
    requireClientCredentials(form.grant_type);
    let channelId: string;
    if (form.client_assertion !== undefined || form.client_assertion_type !== undefined) {
      channelId = (await this.assertions.verify(form)).channelId;
    } else {
      const { client_id, client_secret } = form;
      if (typeof client_id !== 'string' || client_id === '') throw oauthError('invalid_request', "'client_id' must be specified");
      if (typeof client_secret !== 'string' || client_secret === '')
        throw oauthError('invalid_request', "'client_secret' must be specified");
      const channel = await this.world.channel(client_id);
      if (!channel || channel.secret !== client_secret) throw oauthError('invalid_client', 'invalid client_id or client_secret');
      channelId = channel.channel_id;
    }
    const token = await this.stateless.issue(channelId, this.clock.now() + STATELESS_TOKEN_LIFE_MS);
    return { access_token: token, expires_in: STATELESS_TOKEN_LIFE_MS / 1000, token_type: 'Bearer' };
  }

  /**
   * `verifyChannelToken` (`POST /v2/oauth/verify`, form `access_token`) and
   * `verifyChannelTokenByJWT` (`GET /oauth2/v2.1/verify`, query `access_token`): the channel and
   * remaining seconds of any kind of channel access token.
   * @param via which operation answers (the `scope` differs, as in the published examples)
   * @throws ApiError 400 `invalid_request`: missing token, `invalid access token` (unknown,
   *   revoked, or a bad signature), `access token expired`.
   */
  async verify(fields: Record<string, unknown>, via: 'v2' | 'v2.1'): Promise<ChannelTokenVerifyResponse> {
    const token = fields.access_token;
    if (typeof token !== 'string' || token === '') throw oauthError('invalid_request', "'access_token' must be specified");
    const found = await this.lookup(token);
    if (!found) throw oauthError('invalid_request', 'invalid access token');
    const now = this.clock.now();
    if (found.expiresAt <= now) throw oauthError('invalid_request', 'access token expired');
    return {
      client_id: found.channelId,
      expires_in: Math.floor((found.expiresAt - now) / 1000),
      scope: via === 'v2' ? V2_SCOPE : V21_SCOPE,
    };
  }

  /**
   * `revokeChannelTokenByJWT` (`POST /oauth2/v2.1/revoke`): with the channel's ID and secret.
   * Revoking an unknown or expired token, or a stateless one (which cannot be revoked), is not an
   * error (RFC 7009).
   * @throws ApiError 400 `invalid_request` (missing field, a token of another channel),
   *   `invalid_client` (unknown channel or wrong secret).
   */
  async revokeV21(form: Record<string, unknown>): Promise<void> {
    const { access_token, client_id, client_secret } = form;
    for (const [name, value] of Object.entries({ client_id, client_secret, access_token }))
      if (typeof value !== 'string' || value === '') throw oauthError('invalid_request', `'${name}' must be specified`);
    const channel = await this.world.channel(client_id as string);
    if (!channel || channel.secret !== client_secret) throw oauthError('invalid_client', 'invalid client_id or client_secret');
    if (StatelessTokens.looksStateless(access_token as string)) return;
    const hash = hashToken(access_token as string);
    const row = await this.tokens.find(hash);
    if (row && row.channel_id !== channel.channel_id)
      throw oauthError('invalid_request', 'the access token was not issued to this channel');
    if (row) await this.tokens.delete(hash);
  }

  /**
   * True when `token` is a channel access token embedkit issued (any kind, even expired): the
   * social login's verify and revoke paths answer every other token.
   */
  async isChannelToken(token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || token === '') return false;
    if (StatelessTokens.looksStateless(token)) return true;
    return (await this.tokens.find(hashToken(token))) !== undefined;
  }

  /**
   * Registers a public key for a channel's JWT assertions, as the console does (simulator route
   * `addAssertionKey`). The kid is the JWK's own `kid`, else its RFC 7638 thumbprint; registering
   * the same key again answers the same kid.
   * @throws ApiError 404 unknown channel; 400 `{message, details}` when the JWK is not a public RSA
   *   key of 2048 bits or more; 409 when the channel has another key under that kid.
   */
  async registerAssertionKey(channelId: string, jwk: JWK): Promise<{ channelId: string; kid: string }> {
    if (!(await this.world.channel(channelId))) throw unknownChannel(channelId);
    let key;
    try {
      key = await assertionKeyOf(jwk);
    } catch (e) {
      throw invalidBody([{ message: (e as Error).message }]);
    }
    const row = await this.keys.add({ channel_id: channelId, kid: key.kid, jwk: JSON.stringify(key.jwk), created_at: this.clock.now() });
    const stored = JSON.parse(row.jwk) as JWK;
    if (stored.n !== key.jwk.n || stored.e !== key.jwk.e)
      throw new ApiError(409, { message: `The channel already has another assertion signing key with kid ${key.kid}` });
    return { channelId, kid: key.kid };
  }

  /** The channel and expiry of a channel token of any kind, or undefined. */
  private async lookup(token: string): Promise<{ channelId: string; expiresAt: number } | undefined> {
    if (StatelessTokens.looksStateless(token)) return this.stateless.read(token);
    const row: ChannelTokenRow | undefined = await this.tokens.find(hashToken(token));
    return row && { channelId: row.channel_id, expiresAt: row.expires_at };
  }

  /**
   * The channel a bearer token belongs to.
   * @param authorization the raw `Authorization` header
   * @throws ApiError 401 "Authentication failed due to the following reason: X".
   */
  async authenticate(authorization: string | undefined): Promise<string> {
    const token = bearerToken(authorization);
    if (StatelessTokens.looksStateless(token)) {
      const claims = await this.stateless.read(token);
      if (!claims) throw authenticationFailed('invalid token. Confirm that the access token in the authorization header is valid.');
      if (claims.expiresAt <= this.clock.now()) throw authenticationFailed('expired token. Issue a new channel access token.');
      return claims.channelId;
    }
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

/**
 * The grant type of the v2.1 and stateless issue operations.
 * @throws ApiError 400 `invalid_request` when missing, `unsupported_grant_type` for another.
 */
function requireClientCredentials(grantType: unknown): void {
  if (grantType === undefined || grantType === '') throw oauthError('invalid_request', "'grant_type' must be specified");
  if (grantType !== 'client_credentials') throw oauthError('unsupported_grant_type', `grant_type '${String(grantType)}' is not supported`);
}
