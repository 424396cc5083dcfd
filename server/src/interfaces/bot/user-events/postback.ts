/** Postbacks (event `postback`): a person taps a postback action or picks a date. */
import type { PostbackBody } from '#contract/requests.js';
import { draftOf } from '#contract/event-types.js';
import { sourceOf } from '../../../webhooks/events.js';
import type { BotEventContext } from './context.js';

/** The rule of postbacks. */
export class PostbackEvents {
  constructor(private readonly c: BotEventContext) {}

  /**
   * A user taps a postback action (or picks a date in a datetime picker): a `postback` event for the
   * bot whose message held the action (`channelId`), or every bot of the chat when not given.
   * `displayText` shows in the chat as the user's message (no message event, as on the platform).
   * @param body `{userId, data, displayText?, params?, channelId?}`
   * @throws ApiError 400 for a user who is not a member; 404 for an unknown chat.
   */
  async postback(chatId: string, body: PostbackBody): Promise<{ delivered: number }> {
    const d = this.c.d;
    const b = body;
    const chat = await this.c.memberChat(chatId, b.userId);
    const user = await d.world.user(b.userId);
    const source = sourceOf({ chatId, type: chat.type }, user ? { userId: b.userId, agreed: user.agreed === 1 } : null, false);
    // The display text and the event in the chat's order (webhooks/chat-order.ts).
    const delivered = await d.emitter.inChatOrder(chatId, async () => {
      if (b.displayText) {
        await d.messages.insertAll([
          { chatId, senderType: 'user', senderId: b.userId, body: { type: 'text', text: b.displayText }, createdAt: d.clock.now() },
        ]);
        d.live.publish({ type: 'chat', chatId });
      }
      return this.c.toBotsOfChat(chat, () => [draftOf('postback', source, b.data, b.params)], b.channelId);
    });
    return { delivered };
  }
}
