/**
 * Turns event drafts into a stored webhook delivery: reply tokens for repliable events, the body
 * `{destination, events: [...]}`, its signature; then wakes the dispatcher. Called by every rule that makes an
 * event (a user's message, follow, join, postback, ...).
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock/clock.js';
import type { DeliveryStore } from './delivery-store.js';
import type { ReplyTokenStore } from './reply-token-store.js';
import type { ChannelRow, WorldStore } from '../world/world-store.js';
import { v1Events } from './v1-callbacks.js';
import type { LiveHub } from '../live/hub.js';
import { hashToken } from '../tokens/secrets.js';
import type { WebhookDispatcher } from './dispatcher.js';
import { callbackBody, finishEvent, isRepliable, type DraftEvent, type EventMode } from './events.js';
import { botUserId } from '../world/bot-user-id.js';
import { signBody } from './signature.js';
import { ChatOrder } from './chat-order.js';

/** Default life of a reply token: one minute (the spec says "a period"; the platform said about a minute). */
export const DEFAULT_REPLY_TOKEN_LIFE_MS = 60_000;

/**
 * Who holds a bot's chat (docs/platform/module-channels.md): the module channel's ID, or null when the bot
 * itself is the chat's active channel.
 */
export type ChatControlLookup = (botChannelId: string, chatId: string) => Promise<string | null>;

export interface EmitterOptions {
  deliveries: DeliveryStore;
  replyTokens: ReplyTokenStore;
  world: WorldStore;
  clock: Clock;
  live: LiveHub;
  dispatcher: WebhookDispatcher;
  /** Life of a reply token in ms; default {@link DEFAULT_REPLY_TOKEN_LIFE_MS}. */
  replyTokenLifeMs?: number;
}

export class WebhookEmitter {
  readonly replyTokenLifeMs: number;
  private readonly order: ChatOrder;
  private control: ChatControlLookup | undefined;

  constructor(private readonly o: EmitterOptions) {
    this.replyTokenLifeMs = o.replyTokenLifeMs ?? DEFAULT_REPLY_TOKEN_LIFE_MS;
    this.order = new ChatOrder(o.deliveries);
  }

  /**
   * The channel's webhook URL changed: deliveries waiting for their next retry are sent at once
   * (to the new URL), so a person who starts their bot or sets its URL in the Webhooks panel does
   * not wait out the backoff (up to 64 s) behind events that already failed.
   */
  async retryChannelNow(channelId: string): Promise<void> {
    if ((await this.o.deliveries.retryChannelNow(channelId, this.o.clock.now())) > 0) this.o.dispatcher.kick();
  }

  /**
   * Runs a write of the chat (storing its messages, then the events they cause) as one step of
   * the chat's order (chat-order.ts): a bot then gets the chat's events in the order the chat
   * lists its messages, with one server or several on one PostgreSQL database.
   * @returns what `fn` returns
   */
  inChatOrder<T>(chatId: string, fn: () => Promise<T>): Promise<T> {
    return this.order.run(chatId, fn);
  }

  /**
   * Stores one delivery with the events, in order, for the channel's bot: the body
   * `{destination: <bot user ID>, events}`, each event with its own `webhookEventId` (made here and
   * kept in the stored body, so retries and Redeliver send the same). Each repliable event gets
   * a new reply token (32 hex digits) that replies into `chatId`, valid for the reply token life.
   * Without a webhook URL the delivery is stored as `skipped` (visible in the panel, never sent).
   * A v1 channel (enterprise or trial) gets the v1 envelope `{result: [...]}` instead,
   * without reply tokens (`v1-callbacks.ts`); `meta.unblock` marks a follow that ends a block.
   * @param chatId deliveries of the same chat are sent in order
   * @returns the delivery id, or null when there was nothing to send
   */
  async emit(channelId: string, chatId: string, drafts: DraftEvent[], meta: { unblock?: boolean } = {}): Promise<number | null> {
    if (drafts.length === 0) return null;
    // Stored in the chat's order (at once when the write that caused the events already holds it).
    return this.inChatOrder(chatId, () => this.emitNow(channelId, chatId, drafts, meta));
  }

  private async emitNow(channelId: string, chatId: string, drafts: DraftEvent[], meta: { unblock?: boolean }): Promise<number | null> {
    const channel = await this.o.world.channel(channelId);
    if (!channel) throw new Error(`unknown channel ${channelId}`);
    const now = this.o.clock.now();
    if (channel.bot_interface !== 'messaging' && channel.channel_mid) {
      // A v1 bot (spec parts E and F): its own envelope, no reply tokens.
      const { events, kinds } = v1Events(
        drafts,
        {
          channelId,
          mid: channel.channel_mid,
          botInterface: channel.bot_interface as 'enterprise' | 'trial',
          blockOperations: channel.block_operations === 1,
        },
        { now, nextId: () => randomBytes(8).toString('hex'), revision: now, ...meta },
      );
      return events.length ? this.store(channel, chatId, JSON.stringify({ result: events }), kinds, now) : null;
    }
    // The bot messaging interface has no contact message (a v1 content type): its bots never see one.
    drafts = drafts.filter((d) => d.type !== 'message' || d.fields.message.type !== 'contact');
    if (drafts.length === 0) return null;
    // Expired tokens can never be used again; an hour of grace keeps the table small.
    await this.o.replyTokens.deleteExpired(now - 3_600_000);
    const holder = this.control ? await this.control(channelId, chatId) : null;
    if (holder) {
      // A module channel holds the chat: it is the active channel (reply tokens are its own), the
      // bot gets the same events in standby mode, without reply tokens (docs/platform/module-channels.md).
      const module = await this.o.world.channel(holder);
      if (module) await this.storeV2(module, chatId, drafts, { destination: botUserId(channelId), mode: 'active', now });
      return this.storeV2(channel, chatId, drafts, { destination: botUserId(channelId), mode: 'standby', now });
    }
    return this.storeV2(channel, chatId, drafts, { destination: botUserId(channelId), mode: 'active', now });
  }

  /**
   * Stores the events of a bot for its module channel (docs/platform/module-channels.md): `module`,
   * `activated`, `deactivated`, `botSuspended`, `botResumed`, with `destination` the bot's user ID,
   * in active mode, in the order of `orderKey` (the chat's ID for a chat's events).
   * @returns the delivery id
   * @throws Error for a module channel the world does not have
   */
  async emitToModule(moduleChannelId: string, botChannelId: string, orderKey: string, drafts: DraftEvent[]): Promise<number | null> {
    if (drafts.length === 0) return null;
    return this.inChatOrder(orderKey, async () => {
      const module = await this.o.world.channel(moduleChannelId);
      if (!module) throw new Error(`unknown channel ${moduleChannelId}`);
      return this.storeV2(module, orderKey, drafts, { destination: botUserId(botChannelId), mode: 'active', now: this.o.clock.now() });
    });
  }

  /**
   * Sends a bot's chat events to the module channel holding the chat (docs/platform/module-channels.md):
   * `lookup` answers the holder of a bot's chat, or null when the bot itself holds it.
   */
  routeThrough(lookup: ChatControlLookup): void {
    this.control = lookup;
  }

  /**
   * Stores one delivery of the bot messaging interface: each event finished in `mode`, a reply token
   * of `channel` for each repliable one in active mode (a standby channel cannot reply).
   */
  private async storeV2(
    channel: ChannelRow,
    chatId: string,
    drafts: DraftEvent[],
    o: { destination: string; mode: EventMode; now: number },
  ): Promise<number> {
    const events: Record<string, unknown>[] = [];
    for (const draft of drafts) {
      const repliable = o.mode === 'active' && isRepliable(draft);
      const replyToken = repliable ? await this.issueReplyToken(channel.channel_id, chatId, o.now) : undefined;
      events.push(finishEvent(draft, o.now, replyToken, channel.webhook_extra_property === 1, undefined, o.mode));
    }
    return this.store(
      channel,
      chatId,
      callbackBody(o.destination, events),
      drafts.map((d) => d.type),
      o.now,
    );
  }

  /**
   * Stores one delivery whose body is an event object of its own, not the bot envelope (a LINE MINI
   * App's in-app purchase events, docs/platform/mini-apps.md), signed with the channel secret as
   * every delivery and sent in the order of `orderKey`; where it goes is the dispatcher's
   * `routeUrls` lookup's answer.
   * @param hasUrl false: stored as skipped (visible in the panel, never sent)
   * @returns the delivery id
   * @throws Error for a channel the world does not have
   */
  async emitOwn(channelId: string, orderKey: string, body: string, eventType: string, hasUrl: boolean): Promise<number> {
    const channel = await this.o.world.channel(channelId);
    if (!channel) throw new Error(`unknown channel ${channelId}`);
    return this.store(channel, orderKey, body, [eventType], this.o.clock.now(), hasUrl);
  }

  /**
   * A reply token for an event made outside embedkit (`embedkit trigger`): replies with
   * it go into `chatId`, within the reply token life, once.
   */
  async replyToken(channelId: string, chatId: string): Promise<{ replyToken: string; expiresAt: number }> {
    const now = this.o.clock.now();
    const replyToken = await this.issueReplyToken(channelId, chatId, now);
    return { replyToken, expiresAt: now + this.replyTokenLifeMs };
  }

  /** A new reply token for the chat, stored as its hash, valid for the reply token life from `now` (ms). */
  private async issueReplyToken(channelId: string, chatId: string, now: number): Promise<string> {
    const replyToken = randomBytes(16).toString('hex');
    await this.o.replyTokens.insert({
      token_hash: hashToken(replyToken),
      channel_id: channelId,
      chat_id: chatId,
      issued_at: now,
      expires_at: now + this.replyTokenLifeMs,
    });
    return replyToken;
  }

  /** Stores a signed delivery (pending, or skipped without a webhook URL) and wakes the dispatcher. */
  private async store(
    channel: ChannelRow,
    chatId: string,
    body: string,
    eventTypes: string[],
    now: number,
    hasUrl = !!channel.webhook_url,
  ): Promise<number> {
    const channelId = channel.channel_id;
    const id = await this.o.deliveries.insert({
      channelId,
      orderKey: chatId,
      eventTypes,
      body,
      signature: signBody(channel.secret, body),
      status: hasUrl ? 'pending' : 'skipped',
      createdAt: now,
    });
    this.o.live.publish({ type: 'delivery', channelId, id, status: hasUrl ? 'pending' : 'skipped' });
    this.o.dispatcher.kick();
    return id;
  }
}
