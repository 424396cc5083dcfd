/**
 * Turns event drafts into a stored webhook delivery: reply tokens for repliable events, the body
 * `{events: [...]}`, its signature; then wakes the dispatcher. Called by every rule that makes an
 * event (a user's message, follow, join, postback, ...).
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { DeliveryStore } from '../../store/deliveries.js';
import type { ReplyTokenStore } from '../../store/reply-tokens.js';
import type { WorldStore } from '../../store/world.js';
import type { LiveHub } from '../live.js';
import { hashToken } from '../secrets.js';
import type { WebhookDispatcher } from './dispatcher.js';
import { finishEvent, isRepliable, type DraftEvent } from './events.js';
import { signBody } from './signature.js';

/** Default life of a reply token: one minute (the spec says "a period"; the platform said about a minute). */
export const DEFAULT_REPLY_TOKEN_LIFE_MS = 60_000;

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

  constructor(private readonly o: EmitterOptions) {
    this.replyTokenLifeMs = o.replyTokenLifeMs ?? DEFAULT_REPLY_TOKEN_LIFE_MS;
  }

  /**
   * Stores one delivery with the events, in order, for the channel's bot. Each repliable event gets
   * a new reply token (32 hex digits) that replies into `chatId`, valid for the reply token life.
   * Without a webhook URL the delivery is stored as `skipped` (visible in the panel, never sent).
   * @param orderKey deliveries with the same key are sent in order: the chat's id
   * @returns the delivery id, or null when there was nothing to send
   */
  async emit(channelId: string, chatId: string, drafts: DraftEvent[]): Promise<number | null> {
    if (drafts.length === 0) return null;
    const channel = await this.o.world.channel(channelId);
    if (!channel) throw new Error(`unknown channel ${channelId}`);
    const now = this.o.clock.now();
    // Expired tokens can never be used again; an hour of grace keeps the table small.
    await this.o.replyTokens.deleteExpired(now - 3_600_000);
    const events: Record<string, unknown>[] = [];
    for (const draft of drafts) {
      let replyToken: string | undefined;
      if (isRepliable(draft)) {
        replyToken = randomBytes(16).toString('hex');
        await this.o.replyTokens.insert({
          token_hash: hashToken(replyToken),
          channel_id: channelId,
          chat_id: chatId,
          issued_at: now,
          expires_at: now + this.replyTokenLifeMs,
        });
      }
      events.push(finishEvent(draft, now, replyToken, channel.webhook_extra_property === 1));
    }
    const body = JSON.stringify({ events });
    const id = await this.o.deliveries.insert({
      channelId,
      orderKey: chatId,
      eventTypes: drafts.map((d) => d.type),
      body,
      signature: signBody(channel.secret, body),
      status: channel.webhook_url ? 'pending' : 'skipped',
      createdAt: now,
    });
    this.o.live.publish({ type: 'delivery', channelId, id, status: channel.webhook_url ? 'pending' : 'skipped' });
    this.o.dispatcher.kick();
    return id;
  }
}
