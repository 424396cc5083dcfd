/** Videos watched to their end (event `videoPlayComplete`). */
import type { PersonBody } from '#contract/requests.js';
import { notFound } from '../../../http/errors.js';
import { draftOf } from '#contract/event-types.js';
import { sourceOf } from '../../../webhooks/events.js';
import type { BotEventContext } from './context.js';
import { parseMessageId } from '../../../messages/message-id.js';

/** The rule of videos watched to the end. */
export class VideoEvents {
  constructor(private readonly c: BotEventContext) {}

  /**
   * A person watched a bot's video message to its end in the host: when the message has a
   * `trackingId` (published `VideoMessage.trackingId`), the bot that sent it gets
   * `videoPlayComplete: {trackingId}` (published `webhook.yml` VideoPlayCompleteEvent), once per
   * person and message: watching it again sends nothing. A video without `trackingId` sends nothing.
   * @param body `{userId}`: the person, a member of the chat
   * @returns `{delivered}`: 1 when the bot was sent the event, else 0
   * @throws ApiError 400 for a user who is not a member; 404 for an unknown chat,
   *   or a message that is not a standing video message of a bot in the chat.
   */
  async videoPlayComplete(chatId: string, messageId: string, body: PersonBody): Promise<{ delivered: number }> {
    const d = this.c.d;
    const { userId } = body;
    const chat = await this.c.memberChat(chatId, userId);
    const id = parseMessageId(messageId);
    const row = id === undefined ? undefined : await d.messages.inChat(chatId, id);
    const message = row && row.sender_type === 'bot' && row.unsent_at === null ? parse(row.body) : undefined;
    if (!row || message?.type !== 'video') throw notFound(`No video message ${messageId} of a bot in chat ${chatId}`);
    const trackingId = message.trackingId;
    if (typeof trackingId !== 'string' || trackingId === '') return { delivered: 0 };
    if (!(await d.messages.markVideoPlayComplete(row.id, userId, d.clock.now()))) return { delivered: 0 };
    const user = await d.world.user(userId);
    const source = sourceOf({ chatId, type: chat.type }, user ? { userId, agreed: user.agreed === 1 } : null, true);
    const delivered = await this.c.toBotsOfChat(chat, () => [draftOf('videoPlayComplete', source, trackingId)], row.sender_id);
    return { delivered };
  }
}

/** A stored message body, or undefined when it is not a JSON object. */
function parse(body: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(body);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
