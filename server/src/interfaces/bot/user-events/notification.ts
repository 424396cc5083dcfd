/** Notification messages (event `delivery`): a bot's message sent by phone number reaches the person. */
import { draftOf } from '#contract/event-types.js';
import { userSource } from '../../../webhooks/events.js';
import type { BotEventContext } from './context.js';

/** The rule of the delivery completion event (published `webhook.yml` PnpDeliveryCompletionEvent). */
export class NotificationEvents {
  constructor(private readonly c: BotEventContext) {}

  /**
   * A notification message reached the person (`POST /bot/pnp/push`, once it is stored in their
   * chat with the bot): the bot gets `delivery: {data}`, whether or not the person is its friend
   * (the platform sends it to every sender of a notification message), in that chat's order.
   * @param data the hashed phone number the bot named, or its delivery tag
   * @returns the delivery's id, or null when none was stored
   */
  async notificationDelivered(channelId: string, chatId: string, userId: string, data: string): Promise<number | null> {
    return this.c.d.emitter.emit(channelId, chatId, [draftOf('delivery', userSource(userId), data)]);
  }
}
