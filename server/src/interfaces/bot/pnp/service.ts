/**
 * LINE notification messages by phone number (published `messaging-api.yml` `pushMessagesByPhone`
 * and `getPNPMessageStatistics`, `webhook.yml` PnpDeliveryCompletionEvent): a bot names a person
 * by the SHA-256 of their E.164 phone number, and the messages reach that person's chat with the
 * bot whether or not they are its friend, marked as a notification message; the bot then gets a
 * `delivery` event. Choices are in docs/platform/phone-push.md.
 */
import type { Clock } from '../../../clock/clock.js';
import { accessDenied, ApiError, badRequest } from '../../../http/errors.js';
import type { LiveHub } from '../../../live/hub.js';
import type { MessageStore } from '../../../messages/message-store.js';
import type { BotsInChatsStore } from '../../../world/bots-in-chats-store.js';
import type { ChannelRow, WorldStore } from '../../../world/world-store.js';
import { platformDay } from '../broadcast/service.js';
import type { BotCounterStore } from '../broadcast/store.js';
import { botChatIdOf, type BotEventService } from '../user-events/service.js';
import type { RateLimiter } from '../rate-limits/service.js';
import type { PnpPushBody } from './rules.js';

/** The kind notification messages are counted under in the sent counters (`bot_sent_counts.kind`). */
export const PNP_KIND = 'pnp';
/** Plans that may send notification messages (the platform: corporate accounts that applied for it). */
export const PNP_PLANS: readonly string[] = ['verified', 'official'];
/** Length of a delivery tag (published `X-Line-Delivery-Tag`: 16 to 100 characters). */
export const DELIVERY_TAG_LENGTH = { min: 16, max: 100 } as const;

/** 422 "Failed to send messages": no person has the phone number (the published 422 of `pushMessagesByPhone`). */
export function notDeliverable(): ApiError {
  return new ApiError(422, { message: 'Failed to send messages' });
}

export class BotPnpService {
  constructor(
    private readonly d: {
      world: WorldStore;
      botsInChats: BotsInChatsStore;
      messages: MessageStore;
      events: BotEventService;
      counters: BotCounterStore;
      limits: RateLimiter;
      live: LiveHub;
      clock: Clock;
    },
  ) {}

  /** A plan with notification messages. @throws ApiError 403 for another plan (before the body is checked, as published). */
  checkPlan(channel: ChannelRow): void {
    if (!PNP_PLANS.includes(channel.plan)) throw accessDenied();
  }

  /**
   * Sends 1 to 5 messages to the person whose E.164 phone number hashes (SHA-256, hex) to `to`,
   * into their 1:1 chat with the bot (created when there is none), friend or not, as notification
   * messages; counts one message of the day (platform timezone) and sends the bot a `delivery`
   * event whose `data` is `deliveryTag`, else `to` as sent.
   * @param deliveryTag the request's `<prefix>Delivery-Tag`, if any
   * @param body checked at the door (`checkPnpBody` and `pnpPushFindings`), after the plan ({@link checkPlan})
   * @throws ApiError 400 a tag of the wrong length; 422 when no person has that number; 429 when
   *   the recipients of this minute are used up.
   */
  async push(channel: ChannelRow, body: PnpPushBody, deliveryTag: string | undefined, tagHeader: string): Promise<void> {
    if (deliveryTag !== undefined && (deliveryTag.length < DELIVERY_TAG_LENGTH.min || deliveryTag.length > DELIVERY_TAG_LENGTH.max))
      throw badRequest(`${tagHeader} must be ${DELIVERY_TAG_LENGTH.min} to ${DELIVERY_TAG_LENGTH.max} characters`);
    const { to, messages } = body;
    const hash = to.toLowerCase();
    const person = await this.d.world.userByPhoneNumberHash(hash);
    if (!person) throw notDeliverable();
    await this.d.limits.recipients(channel.channel_id, channel.plan, 1);
    const channelId = channel.channel_id;
    let chatId = await this.d.botsInChats.botChatId(channelId, person.user_id);
    if (!chatId) {
      chatId = botChatIdOf(channelId, person.user_id);
      await this.d.botsInChats.createBotChat(chatId, channelId, person.user_id, channel.bot_name ?? channel.name);
    }
    const now = this.d.clock.now();
    const target = chatId;
    await this.d.messages.insertNotificationRefs(
      messages.map((m) => ({ chatId: target, senderType: 'bot' as const, senderId: channelId, body: m, createdAt: now })),
    );
    await this.d.counters.add(channelId, PNP_KIND, platformDay(now), 1);
    this.d.live.publish({ type: 'chat', chatId });
    this.d.live.publish({ type: 'bots', channelId });
    await this.d.events.notificationDelivered(channelId, chatId, person.user_id, deliveryTag ?? to);
  }

  /**
   * Notification messages delivered on `date` (yyyyMMdd, platform timezone, UTC+9):
   * `{status: 'ready', success}` for a day that has ended, `{status: 'unready'}` for today or a
   * later day (the platform counts a day once it is over).
   * @param date checked at the door (`PnpStatisticsQuery`, rules.ts)
   * @throws ApiError 403 for a plan without notification messages
   */
  async statistics(channel: ChannelRow, date: string): Promise<{ status: 'ready' | 'unready'; success?: number }> {
    if (!PNP_PLANS.includes(channel.plan)) throw accessDenied();
    if (date >= platformDay(this.d.clock.now())) return { status: 'unready' };
    return { status: 'ready', success: await this.d.counters.get(channel.channel_id, PNP_KIND, date) };
  }
}
