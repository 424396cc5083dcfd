/**
 * Client of the simulator API for bots (docs/project/simulator-api.md): what the user does with a bot
 * from the phone (media, postbacks, inviting, beacons, account links), the webhook settings and
 * deliveries. Calls the routes by name through the contract's client; errors are `HttpError`.
 */
import type { SimulatorInputs } from '#contract/client.js';
import type {
  BotInfo,
  ChatControlState,
  ChatMessage,
  Delivery,
  MembershipPlanView,
  ModuleChannels,
  WebhookSettings,
} from '#contract/wire.js';
import type { IapOrder } from '#contract/iap.js';
import type { LinePayRegKey, LinePayTransaction } from '#contract/simulator-api/line-pay.js';
import { hostClient, type Fetch, type SimulatorClient } from './client.js';

// The panels (bot tools, webhooks) and the delivery notice read the wire types from here.
export type {
  BotInfo,
  ChatControlState,
  Delivery,
  DeliveryAttempt,
  MembershipPlanView,
  ModuleChannels,
  WebhookSettings,
} from '#contract/wire.js';

/** What a postback carries (spec "Events", postback); `channelId`: the bot whose message held the action, every bot of the chat when absent. */
export type PostbackRequest = SimulatorInputs['postback']['body'];

/** Media a user sends: `type` picks the message type; `file` is the binary. */
export interface MediaUpload {
  userId: string;
  type: 'image' | 'video' | 'audio' | 'file';
  file: Blob;
  fileName?: string;
  /** Audio length in ms. */
  durationMs?: number;
}

/** The bot routes of the simulator API, one method each. */
export class BotApi {
  private readonly client: SimulatorClient;

  /**
   * @param from the page's shared client, or the base URL of a client of its own ("" for the page's origin)
   * @param fetchFn answers in place of the network (tests), for a client of its own
   */
  constructor(from: SimulatorClient | string = '', fetchFn?: Fetch) {
    this.client = hostClient(from, fetchFn);
  }

  /** Every channel's bot, friends and chats (route `bots`). */
  async bots(): Promise<BotInfo[]> {
    return (await this.client.call('bots')).bots;
  }

  /** The user sends an image, video, audio or file, the file as the body (route `sendMedia`). */
  sendMedia(chatId: string, upload: MediaUpload): Promise<ChatMessage> {
    const duration = upload.durationMs !== undefined && upload.durationMs > 0 ? String(Math.round(upload.durationMs)) : undefined;
    return this.client.call('sendMedia', {
      params: { chatId },
      query: { userId: upload.userId, type: upload.type, ...(upload.fileName ? { fileName: upload.fileName } : {}), duration },
      body: upload.file,
      contentType: upload.file.type,
    });
  }

  /** A postback event for the chat's bots (route `postback`). */
  postback(chatId: string, body: PostbackRequest): Promise<{ delivered: number }> {
    return this.client.call('postback', { params: { chatId }, body });
  }

  /** The user invites the bot (route `inviteBot`; group: join; room: join with the next event). */
  invite(chatId: string, userId: string, channelId: string): Promise<{ state: 'joined' | 'pending' }> {
    return this.client.call('inviteBot', { params: { chatId }, body: { userId, channelId } });
  }

  /** The user removes the bot (route `removeBot`; event leave). */
  async remove(chatId: string, channelId: string): Promise<void> {
    await this.client.call('removeBot', { params: { chatId, channelId } });
  }

  /** The user enters or leaves a beacon's range or taps its banner (route `beacon`). */
  async beacon(channelId: string, body: { userId: string; hwid: string; type: 'enter' | 'leave' | 'banner'; dm?: string }): Promise<void> {
    await this.client.call('beacon', { params: { channelId }, body });
  }

  /** The user links their account (route `accountLink`). */
  async accountLink(channelId: string, body: { userId: string; nonce: string; result: 'ok' | 'failed' }): Promise<void> {
    await this.client.call('accountLink', { params: { channelId }, body });
  }

  /** A bot's membership plans with the person's subscription of each (route `membershipPlans`). */
  async membershipPlans(channelId: string, userId: string): Promise<MembershipPlanView[]> {
    return (await this.client.call('membershipPlans', { params: { channelId }, query: { userId } })).memberships;
  }

  /** The person joins or leaves a membership plan (routes `joinMembership`, `leaveMembership`; event membership). */
  membership(kind: 'join' | 'leave', membershipId: number, userId: string): Promise<MembershipPlanView> {
    const params = { membershipId: String(membershipId), userId };
    return kind === 'join' ? this.client.call('joinMembership', { params }) : this.client.call('leaveMembership', { params });
  }

  /** The person's in-app purchase orders with a channel's MINI App, newest first (route `iapOrders`). */
  async iapOrders(channelId: string, userId: string): Promise<IapOrder[]> {
    return (await this.client.call('iapOrders', { query: { channelId, userId } })).orders;
  }

  /** The person's LINE Pay payments with every merchant, newest first (route `linePayTransactions`). */
  async linePayTransactions(userId: string): Promise<LinePayTransaction[]> {
    return (await this.client.call('linePayTransactions', { query: { userId } })).transactions;
  }

  /** The merchant refunds a captured LINE Pay payment, all that is left (route `refundLinePayPayment`). */
  refundLinePayPayment(transactionId: string): Promise<LinePayTransaction> {
    return this.client.call('refundLinePayPayment', { params: { transactionId }, body: {} });
  }

  /** The LINE Pay sandbox's regKeys (route `linePay`). */
  async linePayRegKeys(): Promise<LinePayRegKey[]> {
    return (await this.client.call('linePay')).regKeys;
  }

  /** Expires a regKey: its payments then answer 1190 (route `expireLinePayRegKey`). */
  expireLinePayRegKey(regKey: string): Promise<LinePayRegKey> {
    return this.client.call('expireLinePayRegKey', { params: { regKey } });
  }

  /** Refunds a paid order: the MINI App's webhook gets `refundComplete` (route `refundIapOrder`). */
  refundIapOrder(orderId: string): Promise<IapOrder> {
    return this.client.call('refundIapOrder', { params: { orderId } });
  }

  /**
   * The module channels, the bots each is attached to, and the suspended bots (route
   * `moduleChannels`; docs/platform/module-channels.md).
   */
  moduleChannels(): Promise<ModuleChannels> {
    return this.client.call('moduleChannels');
  }

  /** Which channel holds a bot's chat (route `chatControl`); `chatId` is the host's chat. */
  chatControl(channelId: string, chatId: string): Promise<ChatControlState> {
    return this.client.call('chatControl', { params: { channelId, chatId } });
  }

  /**
   * Hands a bot's chat to an attached module channel (`ttl` seconds, `expired: false` for no time
   * limit) or back to the bot (`moduleChannelId: null`) (route `setChatControl`; events activated, deactivated).
   */
  setChatControl(channelId: string, chatId: string, body: SimulatorInputs['setChatControl']['body']): Promise<ChatControlState> {
    return this.client.call('setChatControl', { params: { channelId, chatId }, body });
  }

  /** The bot's admin authorizes a module channel's attachment: a one-use code for `POST /module/auth/v1/token` (route `authorizeModule`). */
  authorizeModule(moduleChannelId: string, body: SimulatorInputs['authorizeModule']['body']): Promise<{ code: string; expiresAt: number }> {
    return this.client.call('authorizeModule', { params: { moduleChannelId }, body });
  }

  /** The bot's side detaches a module channel (route `detachModuleFromBot`; event module, detached). */
  async detachModule(moduleChannelId: string, botChannelId: string): Promise<boolean> {
    return (await this.client.call('detachModuleFromBot', { params: { moduleChannelId }, body: { botChannelId } })).detached;
  }

  /** Suspends or resumes a bot for its module channels (route `setBotSuspended`; events botSuspended, botResumed). */
  async setBotSuspended(channelId: string, suspended: boolean): Promise<boolean> {
    return (await this.client.call('setBotSuspended', { params: { channelId }, body: { suspended } })).suspended;
  }

  /** Sets the channel's webhook settings (route `setWebhook`); a field left out keeps its value. */
  setWebhook(channelId: string, settings: Partial<WebhookSettings>): Promise<WebhookSettings> {
    return this.client.call('setWebhook', { params: { channelId }, body: settings });
  }

  /** Turns a v1 bot's block and unblock operations on or off (route `patchChannel` with `{blockOperations}`). */
  async setBlockOperations(channelId: string, on: boolean): Promise<boolean> {
    // The answer carries `blockOperations` whenever the body set it.
    return (await this.client.call('patchChannel', { params: { channelId }, body: { blockOperations: on } })).blockOperations as boolean;
  }

  /** The user shares another user's contact (route `shareContact`). */
  shareContact(chatId: string, userId: string, mid: string): Promise<ChatMessage> {
    return this.client.call('shareContact', { params: { chatId }, body: { userId, mid } });
  }

  /** The person unsends their own message (route `unsend`). */
  async unsend(chatId: string, messageId: string, userId: string): Promise<void> {
    await this.client.call('unsend', { params: { chatId, messageId }, body: { userId } });
  }

  /** A person joins a group or room (route `joinChat`). */
  async joinChat(chatId: string, userId: string): Promise<void> {
    await this.client.call('joinChat', { params: { chatId }, body: { userId } });
  }

  /** A person leaves a group or room (route `leaveChat`). */
  async leaveChat(chatId: string, userId: string): Promise<void> {
    await this.client.call('leaveChat', { params: { chatId, userId } });
  }

  /** Webhook deliveries, newest first, of one channel when given (route `deliveries`). */
  async deliveries(channelId?: string, limit = 50): Promise<Delivery[]> {
    return (await this.client.call('deliveries', { query: { limit, ...(channelId ? { channelId } : {}) } })).deliveries;
  }

  /** Sends a delivery again now, with the same body and signature (route `redeliver`). */
  redeliver(id: number): Promise<Delivery> {
    return this.client.call('redeliver', { params: { id: String(id) } });
  }
}
