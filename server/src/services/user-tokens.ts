/**
 * User access tokens: issued to the host's signed-in user (a stand-in for the social login flow
 * of spec part C) and checked on every user call (`/v2/profile`, sendMessages).
 */
import type { Clock } from '../clock.js';
import { accessDenied, authenticationFailed, badRequest, invalidBody } from '../http/errors.js';
import { checkSessionBody } from '../schemas/simulator.js';
import type { UserTokenRow, UserTokenStore } from '../store/user-tokens.js';
import type { WorldStore } from '../store/world.js';
import { bearerToken } from './channel-tokens.js';
import { ACCESS_TOKEN_LIFE_MS } from './limits.js';
import { hashToken, newToken } from './secrets.js';

/** Token response of spec part C (without `refresh_token` and `id_token`, which the login flow adds). */
export interface UserTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds from issue to expiry. */
  expires_in: number;
  /** Space-separated scopes. */
  scope: string;
}

export class UserTokenService {
  constructor(
    private readonly tokens: UserTokenStore,
    private readonly world: WorldStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Signs a scenario user in on a channel and binds the token to the chat an app was opened from.
   * @param body `{userId, channelId, scopes, context?: {type, chatId?}}` (docs/simulator-api.md)
   * @throws ApiError 400 for an invalid body, an unknown user, channel or chat, a chat of another
   *   type, or a chat the user is not a member of.
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
    if (!(await this.world.user(userId))) throw badRequest(`Unknown user ${userId}`);
    if (!(await this.world.channel(channelId))) throw badRequest(`Unknown channel ${channelId}`);
    const contextType = context?.type ?? 'none';
    const chatId = contextType === 'none' ? null : (context?.chatId ?? null);
    if (contextType !== 'none') {
      if (!chatId) throw invalidBody([{ message: 'must be specified', property: 'context.chatId' }]);
      const chat = await this.world.chat(chatId);
      if (!chat || chat.type !== contextType) throw badRequest(`No ${contextType} chat ${chatId}`);
      if (!chat.memberIds.includes(userId)) throw badRequest(`User ${userId} is not a member of chat ${chatId}`);
    }
    const scope = [...new Set(scopes)].join(' ');
    const token = newToken();
    const now = this.clock.now();
    await this.tokens.insert({
      token_hash: hashToken(token),
      user_id: userId,
      channel_id: channelId,
      scope,
      context_type: contextType,
      chat_id: chatId,
      issued_at: now,
      expires_at: now + ACCESS_TOKEN_LIFE_MS,
    });
    return { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_LIFE_MS / 1000, scope };
  }

  /**
   * Checks a user access token and the scope a call needs.
   * @param authorization the raw `Authorization` header
   * @throws ApiError 401 (missing, malformed, unknown or expired token), 403 (scope missing).
   */
  async authenticate(authorization: string | undefined, scope: string): Promise<UserTokenRow> {
    const token = bearerToken(authorization);
    const row = await this.tokens.find(hashToken(token));
    if (!row) throw authenticationFailed('invalid token. Confirm that the access token in the authorization header is valid.');
    if (row.expires_at <= this.clock.now()) throw authenticationFailed('The access token expired');
    if (!row.scope.split(' ').includes(scope)) throw accessDenied(`The access token does not have the required scope: ${scope}`);
    return row;
  }
}
