/**
 * The authorization request of social login v2.1 (spec part C) and its consent: the client, the
 * redirect_uri and the request's parameters checked, the pending request the consent page answers,
 * and the single-use authorization codes a consent (or the host's own sign-in) issues. The codes
 * are redeemed by the token operation (`token-grants.ts`).
 *
 * Lifetimes: a pending request 10 minutes, an authorization code 10 minutes (see limits.ts). All
 * times come from the Clock.
 */
import type { Clock } from '../../clock/clock.js';
import { AUTH_CODE_LIFE_MS, AUTH_REQUEST_LIFE_MS } from '../../limits.js';
import { hashToken, newToken } from '../../tokens/secrets.js';
import type { ChannelLoginStore } from '../../world/channel-login-store.js';
import type { ChannelRow, UserRow, WorldStore } from '../../world/world-store.js';
import type { AuthCodeStore } from './auth-code-store.js';
import { readChallenge } from './pkce.js';
import { checkRedirectUri, withQuery } from './redirect-uri.js';
import { SCOPES } from '#contract/requests.js';
import type { AuthorizeQuery, ConsentForm } from './rules.js';

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

/** RFC 6749 §4.1.2.1 text of a denied consent. */
const DENIED = 'The resource owner denied the request.';

/** Longest `state` and `nonce` accepted (embedkit's bound; the spec gives none). */
const MAX_PARAM_LENGTH = 1000;

/** Dependencies of {@link AuthorizationService}. */
export interface AuthorizationDeps {
  world: WorldStore;
  logins: ChannelLoginStore;
  codes: AuthCodeStore;
  clock: Clock;
  /** What `{demo_origin}` in a scenario's callback URLs stands for. */
  demoOrigin: () => string;
  /**
   * The endpoint URLs (`view_url`) of the channel's embedded apps, and under `--lan` the same URLs
   * at their apps' proxy origins (docs/guide/phones.md): where a public client (PKCE) may be sent back.
   */
  appViewUrls: (channelId: string) => Promise<string[]>;
}

/** The authorization request, its consent and the codes of spec part C; see the module comment for lifetimes. */
export class AuthorizationService {
  constructor(private readonly d: AuthorizationDeps) {}

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
   * @param query the request's query, as given (`response_type`, `client_id`, `redirect_uri`,
   *   `state`, `scope`, `nonce`, `code_challenge`, `code_challenge_method`; each a string, or
   *   strings when repeated): read here in the order above, as its refusals are published
   */
  async authorize(query: AuthorizeQuery): Promise<AuthorizeOutcome> {
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
    for (const name of ['response_type', 'state', 'scope', 'nonce'] as const) {
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
   * @param form `request` (the pending request id of the page), `decision`, `userId`, as given
   * @returns a redirect, or an error page for an unknown, answered or expired request.
   */
  async decide(form: ConsentForm): Promise<AuthorizeOutcome> {
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
    const code = await this.issueCode({
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
   * Issues an authorization code (10 minutes, single use): after a consent, or for the host's own
   * sign-in (`user-tokens.ts`), which skips the consent page.
   * @returns the code
   */
  async issueCode(c: {
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

/** An error page of the authorization request (400): for a client or redirect_uri that cannot be trusted with a redirect. */
function pageError(message: string): AuthorizeOutcome {
  return { kind: 'error', status: 400, message };
}
