/**
 * User access tokens: issued to the host's signed-in user through the social login flow of spec
 * part C (a code of `authorization.ts` redeemed by `token-grants.ts`, the consent page skipped),
 * and checked on every user call (`/v2/profile`, friendship status, sendMessages).
 */
import type { SessionBody } from '#contract/requests.js';
import type { Clock } from '../../../clock/clock.js';
import { ApiError, accessDenied, authenticationFailed, badRequest, invalidBody, notAMember, unknownUser } from '../../../http/errors.js';
import type { UserTokenRow, UserTokenStore } from '../../../tokens/user-token-store.js';
import type { ChannelRow, WorldStore } from '../../../world/world-store.js';
import { bearerToken } from '../../../tokens/channel-tokens.js';
import { hashToken } from '../../../tokens/secrets.js';
import type { AuthorizationService, TokenContext } from '../authorization.js';
import type { TokenGrantService, TokenResponse } from './token-grants.js';

/**
 * The answer of simulator route `createSession`: the token response of spec part C (with
 * `refresh_token`, and `id_token` when the scopes have `openid`), as the login flow issues it.
 */
export type UserTokenResponse = TokenResponse;

/** The redirect_uri of codes issued for the host's own sign-in: not an http(s) URL, so no request can name it. */
const HOST_REDIRECT_URI = 'embedkit:host';

export class UserTokenService {
  constructor(
    private readonly tokens: UserTokenStore,
    private readonly world: WorldStore,
    private readonly clock: Clock,
    private readonly login: { authorization: AuthorizationService; grants: TokenGrantService },
  ) {}

  /**
   * Signs a scenario user in on a channel and binds the token to the chat an app was opened from.
   * The token comes from the social login's code → token path ({@link UserTokenService.signIn}),
   * so it has a refresh token, expires after 30 days on the clock, and can be verified and revoked.
   * @param body `{userId, channelId, scopes, context?: {type, chatId?}}` (docs/project/simulator-api.md)
   * @throws ApiError 400 for an unknown user, channel or chat, a chat of another
   *   type, a chat the user is not a member of, or an inactive channel.
   */
  async issue(body: SessionBody): Promise<UserTokenResponse> {
    const { userId, channelId, scopes, context } = body;
    if (!(await this.world.user(userId))) throw unknownUser(userId);
    const channel = await this.world.channel(channelId);
    if (!channel) throw badRequest(`Unknown channel ${channelId}`);
    const contextType = context?.type ?? 'none';
    const chatId = contextType === 'none' ? null : (context?.chatId ?? null);
    if (contextType !== 'none') {
      if (!chatId) throw invalidBody([{ message: 'must be specified', property: 'context.chatId' }]);
      const chat = await this.world.chat(chatId);
      if (!chat || chat.type !== contextType) throw badRequest(`No ${contextType} chat ${chatId}`);
      if (!chat.memberIds.includes(userId)) throw notAMember(userId, chatId);
    }
    try {
      return await this.signIn({ channel, userId, scopes: [...new Set(scopes)], context: { type: contextType, chatId } });
    } catch (e) {
      if (e instanceof ApiError && e.body.error === 'unauthorized_client') throw badRequest(`The channel ${channelId} is inactive`);
      throw e;
    }
  }

  /**
   * Signs a user in without the consent page, through the same code → token path as a consent:
   * the host's simulator route `createSession`. The token is bound to the chat the app was opened from.
   * @throws ApiError 400 as {@link TokenGrantService.exchangeCode} (for example an inactive channel).
   */
  private async signIn(opts: { channel: ChannelRow; userId: string; scopes: string[]; context: TokenContext }): Promise<TokenResponse> {
    const code = await this.login.authorization.issueCode({
      channelId: opts.channel.channel_id,
      userId: opts.userId,
      redirectUri: HOST_REDIRECT_URI,
      scope: opts.scopes.join(' '),
      nonce: null,
      codeChallenge: null,
      context: opts.context,
    });
    return this.login.grants.exchangeCode({
      code,
      redirect_uri: HOST_REDIRECT_URI,
      client_id: opts.channel.channel_id,
      client_secret: opts.channel.secret,
    });
  }

  /**
   * Checks a user access token and the scope a call needs (`/v2/profile`, friendship status,
   * sendMessages).
   * @param authorization the raw `Authorization` header
   * @throws ApiError 401 (missing, malformed, unknown, revoked, invalidated or expired token),
   *   403 (scope missing).
   */
  async authenticate(authorization: string | undefined, scope: string): Promise<UserTokenRow> {
    const token = bearerToken(authorization);
    const row = await this.tokens.findWithState(hashToken(token));
    if (!row) throw authenticationFailed('invalid token. Confirm that the access token in the authorization header is valid.');
    if (row.invalidated) throw authenticationFailed('The access token was invalidated');
    if (row.expires_at <= this.clock.now()) throw authenticationFailed('The access token expired');
    if (!row.scope.split(' ').includes(scope)) throw accessDenied(`The access token does not have the required scope: ${scope}`);
    return row;
  }

  /**
   * A LIFF access token (what `liff.getAccessToken()` gives an app: a user access token of the
   * app's channel) handed to a server in a body, as the service notification token call takes it.
   * @returns its row while it is valid (issued, not revoked, invalidated or expired), else undefined
   */
  async liffAccessToken(token: string): Promise<UserTokenRow | undefined> {
    const row = await this.tokens.findWithState(hashToken(token));
    return row && !row.invalidated && row.expires_at > this.clock.now() ? row : undefined;
  }
}
