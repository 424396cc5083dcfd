/**
 * HTTP client of the simulator API for bots (docs/simulator-api.md): what the user does with a
 * bot from the phone (media, postbacks, inviting, beacons, account links), the webhook settings
 * and deliveries. Same-origin JSON calls; errors are `ApiError` (api.ts).
 */
import { readAnswer, type ChatMessage, type Fetch } from './api.js';

/** A channel's bot as `GET /embedkit/v1/bots` lists it. */
export interface BotInfo {
  channelId: string;
  name: string;
  plan: string;
  webhookUrl: string | null;
  unknownProperty: boolean;
  /** `messaging` (spec part B), `enterprise` (E) or `trial` (F). */
  botInterface: 'messaging' | 'enterprise' | 'trial';
  /** Channel MID of a v1 (enterprise or trial) bot. */
  channelMid: string | null;
  /** A v1 bot gets block (8) and unblock (4) operations. */
  blockOperations: boolean;
  friends: { userId: string; state: 'friend' | 'blocked'; chatId?: string }[];
  /** Groups and rooms the bot is in; `pending`: added to a room, join not sent yet. */
  chats: { chatId: string; state: 'joined' | 'pending' }[];
}

/** One HTTP attempt of a webhook delivery. `statusCode` null: no answer (`error` says why). */
export interface DeliveryAttempt {
  url: string;
  startedAt: number;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  responseBody: string | null;
}

/** A webhook delivery: the exact body and headers sent, and every attempt. */
export interface Delivery {
  id: number;
  channelId: string;
  eventTypes: string[];
  /** `pending`, `delivered`, `failed` (retries used up) or `skipped` (no webhook URL). */
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  createdAt: number;
  deliveredAt: number | null;
  nextAttemptAt: number | null;
  body: string;
  headers: Record<string, string>;
  attempts: DeliveryAttempt[];
}

/** A channel's webhook settings. */
export interface WebhookSettings {
  url: string | null;
  unknownProperty: boolean;
}

/** What a postback carries (spec "Events", postback). */
export interface PostbackRequest {
  userId: string;
  data: string;
  displayText?: string;
  params?: { date?: string; time?: string; datetime?: string; newRichMenuAliasId?: string; status?: string };
  /** The bot whose message held the action; every bot of the chat when absent. */
  channelId?: string;
}

/** Media a user sends: `type` picks the message type; `file` is the binary. */
export interface MediaUpload {
  userId: string;
  type: 'image' | 'video' | 'audio' | 'file';
  file: Blob;
  fileName?: string;
  /** Audio length in ms. */
  durationMs?: number;
}

const enc = encodeURIComponent;

export class BotApi {
  constructor(
    private readonly baseUrl = '',
    private readonly fetchFn: Fetch = (input, init) => fetch(input, init),
  ) {}

  /** `GET /embedkit/v1/bots`. */
  async bots(): Promise<BotInfo[]> {
    return (await this.request<{ bots: BotInfo[] }>('GET', '/embedkit/v1/bots')).bots;
  }

  /** `POST /embedkit/v1/chats/<chatId>/media?userId&type&fileName&duration`, the file as the body. */
  sendMedia(chatId: string, upload: MediaUpload): Promise<ChatMessage> {
    const q = new URLSearchParams({ userId: upload.userId, type: upload.type });
    if (upload.fileName) q.set('fileName', upload.fileName);
    if (upload.durationMs !== undefined && upload.durationMs > 0) q.set('duration', String(Math.round(upload.durationMs)));
    return this.request<ChatMessage>('POST', `/embedkit/v1/chats/${enc(chatId)}/media?${q}`, {
      raw: upload.file,
      contentType: upload.file.type || 'application/octet-stream',
    });
  }

  /** `POST /embedkit/v1/chats/<chatId>/postbacks`: a postback event for the chat's bots. */
  postback(chatId: string, body: PostbackRequest): Promise<{ delivered: number }> {
    return this.request('POST', `/embedkit/v1/chats/${enc(chatId)}/postbacks`, { body });
  }

  /** `POST /embedkit/v1/chats/<chatId>/bots`: the user invites the bot (group: join; room: join with the next event). */
  invite(chatId: string, userId: string, channelId: string): Promise<{ state: 'joined' | 'pending' }> {
    return this.request('POST', `/embedkit/v1/chats/${enc(chatId)}/bots`, { body: { userId, channelId } });
  }

  /** `DELETE /embedkit/v1/chats/<chatId>/bots/<channelId>`: the user removes the bot (leave). */
  async remove(chatId: string, channelId: string): Promise<void> {
    await this.request('DELETE', `/embedkit/v1/chats/${enc(chatId)}/bots/${enc(channelId)}`);
  }

  /** `POST /embedkit/v1/channels/<channelId>/beacon`. */
  async beacon(channelId: string, body: { userId: string; hwid: string; type: 'enter' | 'leave' | 'banner'; dm?: string }): Promise<void> {
    await this.request('POST', `/embedkit/v1/channels/${enc(channelId)}/beacon`, { body });
  }

  /** `POST /embedkit/v1/channels/<channelId>/account-link`. */
  async accountLink(channelId: string, body: { userId: string; nonce: string; result: 'ok' | 'failed' }): Promise<void> {
    await this.request('POST', `/embedkit/v1/channels/${enc(channelId)}/account-link`, { body });
  }

  /** `PUT /embedkit/v1/channels/<channelId>/webhook`; a field left out keeps its value. */
  setWebhook(channelId: string, settings: Partial<WebhookSettings>): Promise<WebhookSettings> {
    return this.request('PUT', `/embedkit/v1/channels/${enc(channelId)}/webhook`, { body: settings });
  }

  /** `PATCH /embedkit/v1/channels/<channelId>` `{blockOperations}` (v1 bots: block and unblock operations). */
  async setBlockOperations(channelId: string, on: boolean): Promise<boolean> {
    return (
      await this.request<{ blockOperations: boolean }>('PATCH', `/embedkit/v1/channels/${enc(channelId)}`, {
        body: { blockOperations: on },
      })
    ).blockOperations;
  }

  /** `POST /embedkit/v1/chats/<chatId>/contacts`: the user shares another user's contact. */
  shareContact(chatId: string, userId: string, mid: string): Promise<ChatMessage> {
    return this.request('POST', `/embedkit/v1/chats/${enc(chatId)}/contacts`, { body: { userId, mid } });
  }

  /** `POST /embedkit/v1/chats/<chatId>/messages/<id>/unsend`: the person unsends their own message. */
  async unsend(chatId: string, messageId: string, userId: string): Promise<void> {
    await this.request('POST', `/embedkit/v1/chats/${enc(chatId)}/messages/${enc(messageId)}/unsend`, { body: { userId } });
  }

  /** `POST /embedkit/v1/chats/<chatId>/members`: a person joins a group or room. */
  async joinChat(chatId: string, userId: string): Promise<void> {
    await this.request('POST', `/embedkit/v1/chats/${enc(chatId)}/members`, { body: { userId } });
  }

  /** `DELETE /embedkit/v1/chats/<chatId>/members/<userId>`: a person leaves a group or room. */
  async leaveChat(chatId: string, userId: string): Promise<void> {
    await this.request('DELETE', `/embedkit/v1/chats/${enc(chatId)}/members/${enc(userId)}`);
  }

  /** `GET /embedkit/v1/deliveries?channelId&limit`, newest first. */
  async deliveries(channelId?: string, limit = 50): Promise<Delivery[]> {
    const q = new URLSearchParams({ limit: String(limit) });
    if (channelId) q.set('channelId', channelId);
    return (await this.request<{ deliveries: Delivery[] }>('GET', `/embedkit/v1/deliveries?${q}`)).deliveries;
  }

  /** `POST /embedkit/v1/deliveries/<id>/redeliver`: the same body and signature, now. */
  redeliver(id: number): Promise<Delivery> {
    return this.request('POST', `/embedkit/v1/deliveries/${id}/redeliver`);
  }

  private async request<T>(method: string, path: string, opts: { body?: unknown; raw?: Blob; contentType?: string } = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    // Same-origin credentials: the admin token's cookie of a server beyond loopback goes along.
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (opts.raw) {
      headers['Content-Type'] = opts.contentType ?? 'application/octet-stream';
      init.body = opts.raw;
    } else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(opts.body);
    }
    return readAnswer<T>(await this.fetchFn(this.baseUrl + path, init));
  }
}
