/**
 * User access tokens: issued to the host's signed-in user through the social login flow of spec
 * part C (`login.ts`), and checked on every user call (`/v2/profile`, friendship
 * status, sendMessages).
 */
import type { Clock } from '../../clock/clock.js';
import { ApiError, accessDenied, authenticationFailed, badRequest, invalidBody, notAMember, unknownUser } from '../../http/errors.js';
import { checkSessionBody } from './session-schemas.js';
import type { UserTokenRow, UserTokenStore } from '../../tokens/user-token-store.js';
import type { WorldStore } from '../../world/world-store.js';
import { bearerToken } from '../../tokens/channel-tokens.js';
import { hashToken } from '../../tokens/secrets.js';
import type { SocialLoginService, TokenResponse } from './login.js';

/**
 * The answer of simulator route `createSession`: the token response of spec part C (with
 * `refresh_token`, and `id_token` when the scopes have `openid`), as the login flow issues it.
 */
export type UserTokenResponse = TokenResponse;

export class UserTokenService {
  constructor(
    private readonly tokens: UserTokenStore,
    private readonly world: WorldStore,
    private readonly clock: Clock,
    private readonly login: SocialLoginService,
  ) {}

  /**
   * Signs a scenario user in on a channel and binds the token to the chat an app was opened from.
   * The token comes from the social login's code → token path ({@link SocialLoginService.signIn}),
   * so it has a refresh token, expires after 30 days on the clock, and can be verified and revoked.
   * @param body `{userId, channelId, scopes, context?: {type, chatId?}}` (docs/project/simulator-api.md)
   * @throws ApiError 400 for an invalid body, an unknown user, channel or chat, a chat of another
   *   type, a chat the user is not a member of, or an inactive channel.
   */
  async issue(body: unknown): Promise<UserTokenResponse> {
    const details = checkSessionBody(body);
    if (details) throw invalidBody(details);
    const { userId, channelId, scopes, context } = body as {
      userId: string;
      channelId: string;
      scopes: string[];
      context?: { type: string; chatId?: string };
    };
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
      return await this.login.signIn({ channel, userId, scopes: [...new Set(scopes)], context: { type: contextType, chatId } });
    } catch (e) {
      if (e instanceof ApiError && e.body.error === 'unauthorized_client') throw badRequest(`The channel ${channelId} is inactive`);
      throw e;
    }
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
}
