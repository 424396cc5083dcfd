/**
 * HTTP client of the embedkit server for the host: the simulator API (docs/project/simulator-api.md),
 * called through the contract's client by route name, and the platform calls the host makes on an
 * app's behalf with the user access token (`GET /v2/profile`, `POST /message/v3/share`,
 * `GET /friendship/v1/status`), which are not simulator routes.
 */
import type { Profile } from '#contract/bridge/protocol.js';
import { answerOrThrow, type SimulatorInputs } from '#contract/client.js';
import type {
  FriendshipView,
  BlockchainView,
  ChatMessage,
  ChatPage,
  IndicatorState,
  SessionToken,
  ValidationAnswer,
  World,
} from '#contract/wire.js';
import { hostClient, type Fetch, type SimulatorClient } from './client.js';

/** Body of a session (the simulator API's `createSession` route); `chatId` is omitted for `none`. */
export type SessionRequest = SimulatorInputs['createSession']['body'];

// Modules that show messages (phone/chat/, message-preview/) read the wire types from here.
export type { ChatMessage, IndicatorState, SessionToken, ValidationAnswer } from '#contract/wire.js';

/** Client of the server the host page was loaded from (same origin, so `baseUrl` is usually ""). */
export class SimulatorApi {
  /** The simulator API's client, shared with the other wrappers of the page (`BotApi`, the panels). */
  readonly client: SimulatorClient;

  constructor(
    private readonly baseUrl = '',
    private readonly fetchFn: Fetch = (input, init) => fetch(input, init),
  ) {
    this.client = hostClient(baseUrl, fetchFn);
  }

  /** The scenario's world (route `world`). */
  world(): Promise<World> {
    return this.client.call('world');
  }

  /** The Blockchain tab's view, no secret in it (route `blockchain`). */
  blockchain(): Promise<BlockchainView> {
    return this.client.call('blockchain');
  }

  /** Signs a user in to a channel without a login page (route `createSession`). */
  createSession(body: SessionRequest): Promise<SessionToken> {
    return this.client.call('createSession', { body });
  }

  /**
   * A page of the chat, oldest first (route `chatMessages`): the newest page, or the one `before` /
   * `after` a message id; `more`: messages exist beyond it that way.
   */
  async messages(chatId: string, page: { limit?: number; before?: string; after?: string } = {}): Promise<ChatPage> {
    const answer = await this.client.call('chatMessages', { params: { chatId }, query: page });
    // A fake server (tests, an older embedkit) may leave `more` out: no more then.
    return { messages: answer.messages, more: answer.more ?? false };
  }

  /**
   * `userId` sends one message from the phone (route `sendMessage`: the composer, a `message`
   * action, a picker), quoting `quotedMessageId` when given. Resolves with the stored message;
   * throws `HttpError` 400 (invalid message, unknown user, not a member, a message that cannot
   * be quoted) or 404 (unknown chat).
   */
  sendAsUser(chatId: string, userId: string, message: Record<string, unknown>, quotedMessageId?: string): Promise<ChatMessage> {
    return this.client.call('sendMessage', {
      params: { chatId },
      body: { userId, message, ...(quotedMessageId ? { quotedMessageId } : {}) },
    });
  }

  /**
   * The platform's message validator as data, for the message preview (route `validateMessages`):
   * `{valid: true}` or `{valid: false, message, details: [{message, property}]}`.
   */
  validateMessages(messages: unknown): Promise<ValidationAnswer> {
    return this.client.call('validateMessages', { body: { messages } });
  }

  /** `GET /v2/profile` with the user access token (scope `profile`). */
  profile(accessToken: string): Promise<Profile> {
    return this.platform<Profile>('GET', '/v2/profile', accessToken);
  }

  /** `POST /message/v3/share` with the user access token (scope `chat_message.write`): the SDK's sendMessages. */
  async share(accessToken: string, messages: unknown[]): Promise<void> {
    await this.platform<unknown>('POST', '/message/v3/share', accessToken, { messages });
  }

  /** `GET /friendship/v1/status` with the user access token (scope `profile`): whether the user is a friend of the channel's bot. */
  friendship(accessToken: string): Promise<{ friendFlag: boolean }> {
    return this.platform<{ friendFlag: boolean }>('GET', '/friendship/v1/status', accessToken);
  }

  /** A user's friendship with a channel's bot, and whether the channel has one (route `friendship`). */
  friendshipOf(userId: string, channelId: string): Promise<FriendshipView> {
    return this.client.call('friendship', { params: { userId, channelId } });
  }

  /** The user adds (`friend`) or blocks the channel's bot (route `setFriendship`). */
  async setFriendship(userId: string, channelId: string, state: 'friend' | 'blocked'): Promise<void> {
    await this.client.call('setFriendship', { params: { userId, channelId }, body: { state } });
  }

  /** The bot's loading indicator and read marks of a chat (route `indicators`). */
  indicators(chatId: string): Promise<IndicatorState> {
    return this.client.call('indicators', { params: { chatId } });
  }

  /**
   * Sends one call of the platform with the user access token; resolves with the parsed body (or
   * undefined when empty).
   * @throws HttpError on a non-2xx answer
   */
  private async platform<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // Same-origin credentials, as the simulator calls: the admin token's cookie goes along.
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (body !== undefined) init.body = JSON.stringify(body);
    return answerOrThrow<T>(await this.fetchFn(this.baseUrl + path, init));
  }
}
