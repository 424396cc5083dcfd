/**
 * HTTP client of the embedkit server for the host: the simulator API (docs/simulator-api.md) and
 * the two platform calls the host makes on an app's behalf with the user access token
 * (`GET /v2/profile`, `POST /message/v3/share`).
 */
import type { BlockchainView } from './blockchain/pane.js';
import type { Profile } from '../../sdk/src/protocol.js';
import type { SessionRequest } from './state.js';
import type { World } from './world.js';

/** A non-2xx answer: the HTTP status and the server's message (or the status text). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `POST /embedkit/v1/sessions` answer: a user access token bound to the chat the app was opened from. */
export interface SessionToken {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds. */
  expires_in: number;
  /** Space-separated scopes granted. */
  scope: string;
  /** The ID token (a JWT signed for the channel), present when the scopes have `openid`. */
  id_token?: string;
}

/** One message of a chat as `GET /embedkit/v1/chats/<chatId>/messages` answers it. */
/** The indicator state of a chat (`chat/indicators.ts`). */
export interface IndicatorState {
  loadingSince: number | null;
  loadingUntil: number | null;
  readAt: number | null;
}

export interface ChatMessage {
  id: string;
  chatId: string;
  /** `system`: a notice of the chat itself (a bot joined or left). */
  sender: { type: 'user' | 'bot' | 'system'; id: string; displayName: string };
  /** The message object as sent (spec part B message objects): at least a `type`. */
  message: Record<string, unknown>;
  /** When it was stored: milliseconds since the epoch, or an ISO 8601 string. */
  timestamp: number | string;
  /** When the sender unsent it (ms): the chat shows "<name> unsent a message" in its place. */
  unsentAt?: number;
}

/** `POST /embedkit/v1/messages/validate` answer. `property` is a path like `messages[0].template.text`. */
export type ValidationAnswer = { valid: true } | { valid: false; message: string; details?: { message: string; property?: string }[] };

/** A `fetch`-compatible function, so tests can answer without a server. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * The readable message of an error body, whichever interface answered: `{message}` (bot, social
 * and embedded interfaces), `{error_description}` / `{error}` (OAuth), `{statusMessage}` (v1).
 * Falls back to the status text, then to "HTTP <status>".
 */
export function errorMessageOf(body: unknown, status: number, statusText: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['message', 'error_description', 'error', 'statusMessage']) {
      const v = b[key];
      if (typeof v === 'string' && v) return key === 'message' ? v + detailsText(b.details) : v;
    }
  }
  return statusText || `HTTP ${status}`;
}

/**
 * The `details` of a platform error body as text appended to its message, so that an app sees
 * which property is wrong: `: messages[0].text: must be specified; ...` ("" without details).
 */
function detailsText(details: unknown): string {
  if (!Array.isArray(details) || details.length === 0) return '';
  const parts = details.map((d: { property?: unknown; message?: unknown }) =>
    typeof d?.property === 'string' && d.property ? `${d.property}: ${String(d.message)}` : String(d?.message),
  );
  return `: ${parts.join('; ')}`;
}

/** Client of the server the host page was loaded from (same origin, so `baseUrl` is usually ""). */
export class SimulatorApi {
  constructor(
    private readonly baseUrl = '',
    private readonly fetchFn: Fetch = (input, init) => fetch(input, init),
  ) {}

  /** `GET /embedkit/v1/world`. */
  world(): Promise<World> {
    return this.request<World>('GET', '/embedkit/v1/world');
  }

  /** `GET /embedkit/v1/blockchain`: the Blockchain tab's view (no secret in it). */
  blockchain(): Promise<BlockchainView> {
    return this.request<BlockchainView>('GET', '/embedkit/v1/blockchain');
  }

  /** `POST /embedkit/v1/sessions`: signs a user in to a channel without a login page. */
  createSession(body: SessionRequest): Promise<SessionToken> {
    return this.request<SessionToken>('POST', '/embedkit/v1/sessions', { body });
  }

  /**
   * `GET /embedkit/v1/chats/<chatId>/messages`: a page of the chat, oldest first (the newest page,
   * or the one `before` / `after` a message id); `more`: messages exist beyond it that way.
   */
  async messages(
    chatId: string,
    page: { limit?: number; before?: string; after?: string } = {},
  ): Promise<{ messages: ChatMessage[]; more: boolean }> {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(page)) if (v !== undefined) query.set(k, String(v));
    const q = query.size ? `?${query.toString()}` : '';
    const answer = await this.request<{ messages: ChatMessage[]; more?: boolean }>(
      'GET',
      `/embedkit/v1/chats/${encodeURIComponent(chatId)}/messages${q}`,
    );
    return { messages: answer.messages, more: answer.more ?? false };
  }

  /**
   * `POST /embedkit/v1/chats/<chatId>/messages`: `userId` sends one message from the phone (the
   * composer, a `message` action, a picker), quoting `quotedMessageId` when given. Resolves with
   * the stored message; throws {@link ApiError} 400 (invalid message, unknown user, not a member, a
   * message that cannot be quoted) or 404 (unknown chat).
   */
  sendAsUser(chatId: string, userId: string, message: Record<string, unknown>, quotedMessageId?: string): Promise<ChatMessage> {
    return this.request<ChatMessage>('POST', `/embedkit/v1/chats/${encodeURIComponent(chatId)}/messages`, {
      body: { userId, message, ...(quotedMessageId ? { quotedMessageId } : {}) },
    });
  }

  /**
   * `POST /embedkit/v1/messages/validate`: the platform's message validator as data, for the
   * message preview. `{valid: true}` or `{valid: false, message, details: [{message, property}]}`.
   */
  validateMessages(messages: unknown): Promise<ValidationAnswer> {
    return this.request<ValidationAnswer>('POST', '/embedkit/v1/messages/validate', { body: { messages } });
  }

  /** `GET /v2/profile` with the user access token (scope `profile`). */
  profile(accessToken: string): Promise<Profile> {
    return this.request<Profile>('GET', '/v2/profile', { token: accessToken });
  }

  /** `POST /message/v3/share` with the user access token (scope `chat_message.write`): the SDK's sendMessages. */
  async share(accessToken: string, messages: unknown[]): Promise<void> {
    await this.request<unknown>('POST', '/message/v3/share', { token: accessToken, body: { messages } });
  }

  /** `GET /friendship/v1/status` with the user access token (scope `profile`): whether the user is a friend of the channel's bot. */
  friendship(accessToken: string): Promise<{ friendFlag: boolean }> {
    return this.request<{ friendFlag: boolean }>('GET', '/friendship/v1/status', { token: accessToken });
  }

  /** `PUT /embedkit/v1/users/<userId>/friendships/<channelId>`: the user adds (`friend`) or blocks the channel's bot. */
  async setFriendship(userId: string, channelId: string, state: 'friend' | 'blocked'): Promise<void> {
    await this.request<unknown>('PUT', `/embedkit/v1/users/${encodeURIComponent(userId)}/friendships/${encodeURIComponent(channelId)}`, {
      body: { state },
    });
  }

  /** `GET /embedkit/v1/chats/<chatId>/indicators`: the bot's loading indicator and read marks. */
  indicators(chatId: string): Promise<IndicatorState> {
    return this.request<IndicatorState>('GET', `/embedkit/v1/chats/${encodeURIComponent(chatId)}/indicators`);
  }

  /** Sends one JSON request; resolves with the parsed body (or undefined when empty), throws {@link ApiError} on non-2xx. */
  private async request<T>(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    // Same-origin credentials: the admin token's cookie of a server beyond loopback goes along.
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (opts.body !== undefined) init.body = JSON.stringify(opts.body);
    return readAnswer<T>(await this.fetchFn(this.baseUrl + path, init));
  }
}

/**
 * The parsed JSON body of an answer (undefined when empty or not JSON).
 * @throws ApiError for a non-2xx answer, with the status and the body's readable message.
 */
export async function readAnswer<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) throw new ApiError(res.status, errorMessageOf(body, res.status, res.statusText));
  return body as T;
}
