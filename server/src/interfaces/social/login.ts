/**
 * Social login v2.1 (spec part C; "States and transitions", social access token rows): the
 * authorization request and its consent, authorization codes, the token operation (code and
 * refresh grants), verify and revoke. Every user access token embedkit issues comes from here,
 * the host's too (see {@link SocialLoginService.signIn}).
 *
 * Lifetimes: access token 30 days, refresh token until 10 days after its access token expired,
 * authorization code 10 minutes, ID token 1 hour (see limits.ts). All times come from the Clock.
 */
import type { Clock } from '../../clock/clock.js';
import { oauthError } from '../../http/errors.js';
import { SCOPES } from './session-schemas.js';
import type { AuthCodeStore, AuthorizationCodeRow } from './auth-code-store.js';
import type { ChannelLoginStore } from '../../world/channel-login-store.js';
import type { RefreshTokenRow, RefreshTokenStore, TokenPair } from './refresh-token-store.js';
import type { TokenInvalidationStore } from './token-invalidation-store.js';
import type { UserTokenStore } from '../../tokens/user-token-store.js';
import type { ChannelRow, UserRow, WorldStore } from '../../world/world-store.js';
import { ACCESS_TOKEN_LIFE_MS, AUTH_CODE_LIFE_MS, AUTH_REQUEST_LIFE_MS, ID_TOKEN_LIFE_S, REFRESH_GRACE_MS } from '../../limits.js';
import { pictureUrl } from '../../world/profiles.js';
import { checkRedirectUri, withQuery } from './redirect-uri.js';
import { hashToken, newToken } from '../../tokens/secrets.js';
import { isVerifierShape, readChallenge, s256 } from './pkce.js';

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

/** What `GET /oauth2/v2.1/authorize` leads to. */
export type AuthorizeOutcome =
  /** Show the consent page for this pending request. */
  | { kind: 'consent'; requestId: string; channel: ChannelRow; scopes: string[]; redirectUri: string; users: UserRow[] }
  /** Redirect to the (checked) redirect_uri, with `code` or `error`. */
  | { kind: 'redirect'; location: string }
  /** Show an error page: the client or redirect_uri cannot be trusted with a redirect. */
  | { kind: 'error'; status: number; message: string };

/** The chat an app was opened from, carried from the code to the token (the host's sessions). */
export interface TokenContext {
  type: string;
  chatId: string | null;
}

/** The redirect_uri of codes issued for the host's own sign-in: not an http(s) URL, so no request can name it. */
const HOST_REDIRECT_URI = 'embedkit:host';

/** RFC 6749 §4.1.2.1 text of a denied consent. */
const DENIED = 'The resource owner denied the request.';

/** Longest `state` and `nonce` accepted (embedkit's bound; the spec gives none). */
const MAX_PARAM_LENGTH = 1000;

/** Dependencies of {@link SocialLoginService}. */
export interface SocialLoginDeps {
  world: WorldStore;
  logins: ChannelLoginStore;
  codes: AuthCodeStore;
  tokens: UserTokenStore;
  refreshTokens: RefreshTokenStore;
  invalidations: TokenInvalidationStore;
  clock: Clock;
  /** The server's public origin: the ID token's `iss`, and where pictures are served. */
  baseUrl: () => string;
  /** What `{demo_origin}` in a scenario's callback URLs stands for. */
  demoOrigin: () => string;
  /**
   * The endpoint URLs (`view_url`) of the channel's embedded apps, and under `--lan` the same URLs
   * at their apps' proxy origins (docs/guide/phones.md): where a public client (PKCE) may be sent back.
   */
  appViewUrls: (channelId: string) => Promise<string[]>;
}

/** The rules of spec part C; see the module comment for lifetimes. */
export class SocialLoginService {
  constructor(private readonly d: SocialLoginDeps) {}

  /**
   * `GET /oauth2/v2.1/authorize`. The client and redirect_uri are checked first: when either is
   * wrong the answer is an error page (never a redirect to an unchecked URI). Then
   * `response_type=code`, `state` and `scope` (known scopes only) are checked, and a failure is
   * redirected as `error=invalid_request | unsupported_response_type | invalid_scope` with `state`.
   *
   * A public client's request (PKCE, RFC 7636: `code_challenge` with `code_challenge_method=S256`,
   * see ./pkce.ts) may only be sent back to the origin of one of the channel's embedded apps (the
   * app's registered endpoint URL, as the platform's LIFF login, or that app's proxy origin under
   * `--lan`) or to a registered callback URL:
   * no secret backs it, so its redirect_uri is never open.
   * @param query the request's query (`response_type`, `client_id`, `redirect_uri`, `state`, `scope`, `nonce`, `code_challenge`, `code_challenge_method`)
   */
  async authorize(query: Record<string, unknown>): Promise<AuthorizeOutcome> {
    const clientId = query.client_id;
    if (Array.isArray(clientId)) return pageError('client_id is given more than once.');
    if (typeof clientId !== 'string' || clientId === '') return pageError('client_id is missing.');
    const channel = await this.d.world.channel(clientId);
    if (!channel) return pageError(`Unknown client_id ${clientId}: no channel has this ID.`);
    const login = await this.d.logins.get(clientId);
    if (!login.active) return pageError(`The channel ${clientId} is inactive.`);
    const redirectUri = query.redirect_uri;
    if (Array.isArray(redirectUri)) return pageError('redirect_uri is given more than once.');
    if (typeof redirectUri !== 'string' || redirectUri === '') return pageError('redirect_uri is missing.');
    const callbackUrls = login.callbackUrls?.map((u) => u.replaceAll('{demo_origin}', this.d.demoOrigin())) ?? null;
    const isPublic = query.code_challenge !== undefined || query.code_challenge_method !== undefined;
    const uriProblem = isPublic
      ? await this.publicRedirectProblem(clientId, redirectUri, callbackUrls)
      : checkRedirectUri(redirectUri, callbackUrls);
    if (uriProblem) return pageError(`Invalid redirect_uri: ${uriProblem}.`);

    const state = typeof query.state === 'string' ? query.state : undefined;
    const back = (error: string, description: string): AuthorizeOutcome => ({
      kind: 'redirect',
      location: withQuery(redirectUri, { error, error_description: description, state }),
    });
    for (const name of ['response_type', 'state', 'scope', 'nonce']) {
      if (Array.isArray(query[name])) return back('invalid_request', `${name} is given more than once`);
    }
    if (query.response_type === undefined || query.response_type === '') return back('invalid_request', 'response_type is required');
    if (query.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code');
    if (!state) return back('invalid_request', 'state is required');
    if (state.length > MAX_PARAM_LENGTH) return back('invalid_request', `state is longer than ${MAX_PARAM_LENGTH} characters`);
    const nonce = typeof query.nonce === 'string' && query.nonce !== '' ? query.nonce : null;
    if (nonce && nonce.length > MAX_PARAM_LENGTH) return back('invalid_request', `nonce is longer than ${MAX_PARAM_LENGTH} characters`);
    if (typeof query.scope !== 'string' || query.scope.trim() === '') return back('invalid_request', 'scope is required');
    const scopes = parseScope(query.scope);
    if (typeof scopes === 'string') return back('invalid_scope', scopes);
    const pkce = readChallenge(query);
    if (pkce && 'problem' in pkce) return back('invalid_request', pkce.problem);

    const requestId = newToken();
    const now = this.d.clock.now();
    await this.d.codes.insertRequest(
      {
        request_hash: hashToken(requestId),
        channel_id: clientId,
        redirect_uri: redirectUri,
        state,
        scope: scopes.join(' '),
        nonce,
        code_challenge: pkce?.challenge ?? null,
        created_at: now,
        expires_at: now + AUTH_REQUEST_LIFE_MS,
      },
      now,
    );
    return { kind: 'consent', requestId, channel, scopes, redirectUri, users: await this.d.world.users() };
  }

  /**
   * `POST /oauth2/v2.1/authorize/consent`: the consent page's answer. `decision=approve` with a
   * scenario user's `userId` redirects with `code` and `state`; `decision=deny` with
   * `error=access_denied`. A request is answered once.
   * @param form `request` (the pending request id of the page), `decision`, `userId`
   * @returns a redirect, or an error page for an unknown, answered or expired request.
   */
  async decide(form: Record<string, unknown>): Promise<AuthorizeOutcome> {
    const id = form.request;
    const gone = pageError('This sign-in request is unknown, was already answered, or expired. Start the sign-in again from the app.');
    if (typeof id !== 'string' || id === '') return gone;
    const request = await this.d.codes.findRequest(hashToken(id));
    if (!request) return gone;
    const now = this.d.clock.now();
    if (request.expires_at <= now) {
      await this.d.codes.takeRequest(request.request_hash);
      return gone;
    }
    const decision = form.decision;
    if (decision !== 'approve' && decision !== 'deny') return pageError('decision must be approve or deny.');
    let user: UserRow | undefined;
    if (decision === 'approve') {
      user = typeof form.userId === 'string' ? await this.d.world.user(form.userId) : undefined;
      if (!user) return pageError("Pick one of the scenario's users to sign in as.");
      if (!(await this.d.logins.get(request.channel_id)).active) return pageError(`The channel ${request.channel_id} is inactive.`);
    }
    if (!(await this.d.codes.takeRequest(request.request_hash))) return gone;
    if (!user) {
      return {
        kind: 'redirect',
        location: withQuery(request.redirect_uri, { error: 'access_denied', error_description: DENIED, state: request.state }),
      };
    }
    const code = await this.createCode({
      channelId: request.channel_id,
      userId: user.user_id,
      redirectUri: request.redirect_uri,
      scope: request.scope,
      nonce: request.nonce,
      codeChallenge: request.code_challenge,
      context: { type: 'none', chatId: null },
    });
    return { kind: 'redirect', location: withQuery(request.redirect_uri, { code, state: request.state }) };
  }

  /**
   * `POST /oauth2/v2.1/token`: `grant_type=authorization_code` or `refresh_token`.
   * @throws ApiError 400 `{error, error_description}`: `invalid_request` (missing field),
   *   `unsupported_grant_type`, `invalid_client` (unknown channel, wrong secret),
   *   `unauthorized_client` (inactive channel), `invalid_grant` (bad, used or expired code or
   *   refresh token; redirect_uri that differs from the code's; a PKCE code_verifier that is
   *   missing, wrong, or given for a code without a challenge).
   */
  async token(form: Record<string, unknown>): Promise<TokenResponse | RefreshResponse> {
    const grantType = form.grant_type;
    if (grantType === undefined || grantType === '') throw oauthError('invalid_request', "'grant_type' must be specified");
    if (grantType === 'authorization_code') return this.exchangeCode(form);
    if (grantType === 'refresh_token') return this.refresh(form);
    throw oauthError('unsupported_grant_type', `grant_type '${String(grantType)}' is not supported`);
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
   */
  async exchangeCode(form: Record<string, unknown>): Promise<TokenResponse> {
    const { code, redirect_uri, client_id } = requireFields(form, ['code', 'redirect_uri', 'client_id']);
    const secret = typeof form.client_secret === 'string' && form.client_secret !== '' ? form.client_secret : undefined;
    const verifier = typeof form.code_verifier === 'string' && form.code_verifier !== '' ? form.code_verifier : undefined;
    if (secret === undefined && verifier === undefined) throw oauthError('invalid_request', "'client_secret' must be specified");
    if (verifier !== undefined && !isVerifierShape(verifier))
      throw oauthError('invalid_request', "'code_verifier' must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~");
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
    const idToken = row.scope.split(' ').includes('openid') ? await this.idToken(channel, user, row.nonce, now) : undefined;
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
  async refresh(form: Record<string, unknown>): Promise<RefreshResponse> {
    const { refresh_token, client_id } = requireFields(form, ['refresh_token', 'client_id']);
    const channel = await this.d.world.channel(client_id);
    if (!channel) throw oauthError('invalid_client', 'invalid client_id');
    const login = await this.d.logins.get(client_id);
    const secret = form.client_secret;
    if (secret === undefined || secret === '') {
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
   * @throws ApiError 400 `invalid_request`: missing token, `invalid access token` (unknown,
   *   revoked or invalidated), `access token expired`.
   */
  async verify(query: Record<string, unknown>): Promise<VerifyResponse> {
    const token = query.access_token;
    if (typeof token !== 'string' || token === '') throw oauthError('invalid_request', "'access_token' must be specified");
    const row = await this.d.tokens.findWithState(hashToken(token));
    if (!row || row.invalidated) throw oauthError('invalid_request', 'invalid access token');
    const now = this.d.clock.now();
    if (row.expires_at <= now) throw oauthError('invalid_request', 'access token expired');
    return { scope: row.scope, client_id: row.channel_id, expires_in: Math.floor((row.expires_at - now) / 1000) };
  }

  /**
   * `POST /oauth2/v2.1/revoke`: revokes an access token and its refresh token. An unknown,
   * expired or already revoked token is not an error (RFC 7009).
   * @throws ApiError 400 `invalid_request` (missing field, or a token of another channel),
   *   `invalid_client` (unknown channel or wrong secret).
   */
  async revoke(form: Record<string, unknown>): Promise<void> {
    const { access_token, client_id, client_secret } = requireFields(form, ['access_token', 'client_id', 'client_secret']);
    const channel = await this.d.world.channel(client_id);
    if (!channel || channel.secret !== client_secret) throw oauthError('invalid_client', 'invalid client_id or client_secret');
    const hash = hashToken(access_token);
    const row = await this.d.tokens.find(hash);
    if (row && row.channel_id !== client_id) throw oauthError('invalid_request', 'the access token was not issued to this channel');
    await this.d.refreshTokens.revokeAccess(hash);
  }

  /**
   * Signs a user in without the consent page, through the same code → token path: the host's
   * simulator route `createSession`. The token is bound to the chat the app was opened from.
   * @throws ApiError 400 as {@link exchangeCode} (for example an inactive channel).
   */
  async signIn(opts: {
    channel: ChannelRow;
    userId: string;
    scopes: string[];
    context: TokenContext;
    nonce?: string;
  }): Promise<TokenResponse> {
    const code = await this.createCode({
      channelId: opts.channel.channel_id,
      userId: opts.userId,
      redirectUri: HOST_REDIRECT_URI,
      scope: opts.scopes.join(' '),
      nonce: opts.nonce ?? null,
      codeChallenge: null,
      context: opts.context,
    });
    return this.exchangeCode({
      grant_type: 'authorization_code',
      code,
      redirect_uri: HOST_REDIRECT_URI,
      client_id: opts.channel.channel_id,
      client_secret: opts.channel.secret,
    });
  }

  /** Issues an authorization code (10 minutes, single use). @returns the code. */
  private async createCode(c: {
    channelId: string;
    userId: string;
    redirectUri: string;
    scope: string;
    nonce: string | null;
    codeChallenge: string | null;
    context: TokenContext;
  }): Promise<string> {
    const code = newToken();
    const now = this.d.clock.now();
    await this.d.codes.insertCode(
      {
        code_hash: hashToken(code),
        channel_id: c.channelId,
        user_id: c.userId,
        redirect_uri: c.redirectUri,
        scope: c.scope,
        nonce: c.nonce,
        code_challenge: c.codeChallenge,
        context_type: c.context.type,
        chat_id: c.context.chatId,
        issued_at: now,
        expires_at: now + AUTH_CODE_LIFE_MS,
      },
      now,
    );
    return code;
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
   * The redirect_uri rule of a public client's request: an http(s) URL (https, or http on a
   * loopback host) equal to a registered callback URL or on the origin of one of the channel's
   * apps' endpoint URLs. @returns why it is refused, or null.
   */
  private async publicRedirectProblem(channelId: string, uri: string, callbackUrls: string[] | null): Promise<string | null> {
    const shape = checkRedirectUri(uri, null);
    if (shape) return shape;
    if (callbackUrls !== null && checkRedirectUri(uri, callbackUrls) === null) return null;
    const origin = new URL(uri).origin;
    const origins = (await this.d.appViewUrls(channelId)).flatMap((u) => (URL.canParse(u) ? [new URL(u).origin] : []));
    if (origins.includes(origin)) return null;
    return "a PKCE request's redirect_uri must be on the origin of one of the channel's apps (its endpoint URL, or its proxy under --lan) or a registered callback URL";
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

  /**
   * The ID token: a JWT signed with HS256 and the channel secret, with `iss` (the server's
   * origin), `sub` (user ID), `aud` (channel ID), `exp` (1 hour), `iat`, `nonce` (when the
   * request had one), `name` and `picture` (when the user has one). Times are simulated seconds.
   */
  private async idToken(channel: ChannelRow, user: UserRow, nonce: string | null, now: number): Promise<string> {
    // Loaded at the first sign-in, not at start (a server that signs no one in never holds its memory).
    const { SignJWT } = await import('jose');
    const iat = Math.floor(now / 1000);
    const claims: Record<string, unknown> = {};
    if (nonce) claims.nonce = nonce;
    claims.name = user.display_name;
    if (user.has_picture) claims.picture = pictureUrl(this.d.baseUrl(), user.user_id);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.d.baseUrl())
      .setSubject(user.user_id)
      .setAudience(channel.channel_id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ID_TOKEN_LIFE_S)
      .sign(new TextEncoder().encode(channel.secret));
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

/**
 * Space-separated scopes of an authorization request, deduplicated, in the order asked.
 * @returns the scopes, or a message naming the first unknown scope.
 */
export function parseScope(scope: string): string[] | string {
  const asked = [...new Set(scope.split(/\s+/).filter(Boolean))];
  const unknown = asked.find((s) => !(SCOPES as readonly string[]).includes(s));
  return unknown === undefined ? asked : `unknown scope: ${unknown} (known: ${SCOPES.join(', ')})`;
}

function pageError(message: string): AuthorizeOutcome {
  return { kind: 'error', status: 400, message };
}

/**
 * The named form fields as strings, in order.
 * @throws ApiError 400 `invalid_request` "'<name>' must be specified" for the first missing one.
 */
function requireFields<K extends string>(form: Record<string, unknown>, names: K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const v = form[name];
    if (typeof v !== 'string' || v === '') throw oauthError('invalid_request', `'${name}' must be specified`);
    out[name] = v;
  }
  return out;
}
