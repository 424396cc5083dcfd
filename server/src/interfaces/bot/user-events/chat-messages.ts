/**
 * Chat messages and media (events `message`, `unsend`): users' messages stored in a chat reach its
 * bots, a person sends a file from the host, a person unsends a message of theirs.
 */
import type { PersonBody } from '#contract/requests.js';
import { simulatorPath } from '#contract/simulator-api.js';
import { ApiError, badRequest, notFound } from '../../../http/errors.js';
import { draftOf } from '#contract/event-types.js';
import { messageOfEvent, sourceOf } from '../../../webhooks/events.js';
import type { ChatRow, WorldStore } from '../../../world/world-store.js';
import { markAsReadToken } from '../indicators/rules.js';
import type { MediaQuery } from '#contract/requests.js';
import type { BotEventContext } from './context.js';
import { parseMessageId } from '../../../messages/message-id.js';

/** Largest media file a user may send from the host, in bytes. */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;

/** A message as the host reads it (same shape as the chat list answers). */
export interface StoredUserMessage {
  id: string;
  chatId: string;
  sender: { type: 'user'; id: string; displayName: string };
  message: Record<string, unknown>;
  timestamp: number;
}

/** The rules of users' messages, media and unsends. */
export class ChatMessageEvents {
  constructor(private readonly c: BotEventContext) {}

  /**
   * Users' messages were stored in a chat (the host's composer, a `message` action, sendMessages):
   * every bot of the chat gets a `message` event per message the webhook carries. In a room the
   * bot was added to, a `join` event comes first. Also tells the host's live feed.
   * @param stored the messages with their ids and quote tokens, in order
   */
  async userMessages(chat: ChatRow, userId: string, stored: { id: number; body: unknown; quoteToken?: string }[]): Promise<void> {
    const d = this.c.d;
    d.live.publish({ type: 'chat', chatId: chat.chat_id });
    const messages = stored
      .map((m) => messageOfEvent(String(m.id), (m.body ?? {}) as Record<string, unknown>, m.quoteToken))
      .filter((m): m is Record<string, unknown> => m !== null);
    if (messages.length === 0) return;
    // Looked up only when a bot hears the chat: most sendMessages calls go to chats without one.
    let user: ReturnType<WorldStore['user']> | undefined;
    await this.c.toBotsOfChat(chat, async (bot) => {
      const u = await (user ??= d.world.user(userId));
      const source = sourceOf({ chatId: chat.chat_id, type: chat.type }, u ? { userId, agreed: u.agreed === 1 } : null, true);
      if (chat.type !== 'utou') return messages.map((m) => draftOf('message', source, m));
      // In a 1:1 chat each message carries the token that marks it read (the platform's markAsReadToken).
      const secret = (await d.world.channel(bot.channelId))?.secret ?? '';
      return messages.map((m) =>
        draftOf('message', source, { ...m, markAsReadToken: markAsReadToken(secret, chat.chat_id, String(m.id)) }),
      );
    });
  }

  /**
   * A user sends an image, video, audio or file from the host: the binary is kept for the content
   * endpoint and the message shows in the chat (its URL is the simulator's content URL).
   * @param query `{userId, type, fileName?, duration?}`, checked at the door (`MediaQuerySchema`)
   * @throws ApiError 400 for an empty or too large body, an unknown user or a user
   *   who is not a member; 404 for an unknown chat.
   */
  async sendMedia(chatId: string, q: MediaQuery, contentType: string | undefined, data: Buffer): Promise<StoredUserMessage> {
    const d = this.c.d;
    const chat = await this.c.memberChat(chatId, q.userId);
    if (data.length === 0) throw badRequest('The file is empty');
    if (data.length > MAX_MEDIA_BYTES) throw new ApiError(413, { message: `The file is too large (max ${MAX_MEDIA_BYTES} bytes)` });
    const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';
    if (q.type !== 'file' && !mime.startsWith(`${q.type}/`))
      throw badRequest(`The content type, ${mime}, is not supported for ${q.type} messages`);
    const fileName = q.fileName?.trim() || `${q.type}-${d.clock.now()}`;
    const now = d.clock.now();
    const base = d.baseUrl();
    // The message's id and its events in the chat's order (webhooks/chat-order.ts).
    const { id, body } = await d.emitter.inChatOrder(chatId, async () => {
      const stored = await d.contents.insertMessage({
        chatId,
        userId: q.userId,
        type: q.type,
        contentType: mime,
        fileName: q.type === 'file' ? fileName : null,
        data,
        createdAt: now,
        body: (messageId) =>
          mediaBody(q.type, base + simulatorPath('content', { messageId: String(messageId) }), messageId, {
            fileName,
            size: data.length,
            duration: Number(q.duration ?? 0),
          }),
      });
      await this.userMessages(chat, q.userId, [{ id: stored.id, body: stored.body, quoteToken: stored.quoteToken }]);
      return stored;
    });
    const user = await d.world.user(q.userId);
    return {
      id: String(id),
      chatId,
      sender: { type: 'user', id: q.userId, displayName: user?.display_name ?? q.userId },
      message: body,
      timestamp: now,
    };
  }

  /**
   * A person unsends a message they sent: the chat shows "<name> unsent a message" in its place,
   * and every bot of the chat gets `unsend` with `unsend.messageId` (published `webhook.yml`
   * UnsendEvent; the source names the person in a group or room too).
   * @param body `{userId}`: the person, who must be the message's sender
   * @throws ApiError 400 for a user who is not a member; 404 for an unknown chat,
   *   or a message that is not a standing message of theirs in the chat.
   */
  async unsend(chatId: string, messageId: string, body: PersonBody): Promise<{ delivered: number }> {
    const d = this.c.d;
    const { userId } = body;
    const chat = await this.c.memberChat(chatId, userId);
    const id = parseMessageId(messageId);
    if (id === undefined || !(await d.messages.markUnsent(chatId, id, userId, d.clock.now())))
      throw notFound(`No message ${messageId} of user ${userId} in chat ${chatId} to unsend`);
    d.live.publish({ type: 'chat', chatId });
    const user = await d.world.user(userId);
    const source = sourceOf({ chatId, type: chat.type }, user ? { userId, agreed: user.agreed === 1 } : null, true);
    return { delivered: await this.c.toBotsOfChat(chat, () => [draftOf('unsend', source, messageId)]) };
  }
}

/**
 * The stored message object of user-sent media: what the host renders (URLs of the simulator's
 * content endpoint) plus `contentId`, which marks that the binary is held here.
 */
function mediaBody(
  type: string,
  url: string,
  id: number,
  meta: { fileName: string; size: number; duration: number },
): Record<string, unknown> {
  switch (type) {
    case 'image':
      return { type, originalContentUrl: url, previewImageUrl: url, contentId: String(id) };
    case 'video':
      return { type, originalContentUrl: url, previewImageUrl: 'https://embedkit.invalid/samples/video-preview', contentId: String(id) };
    case 'audio':
      return {
        type,
        originalContentUrl: url,
        duration: Number.isFinite(meta.duration) && meta.duration > 0 ? Math.round(meta.duration) : 1,
        contentId: String(id),
      };
    default:
      return { type: 'file', fileName: meta.fileName, fileSize: meta.size, originalContentUrl: url, contentId: String(id) };
  }
}
