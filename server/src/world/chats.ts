/** Chats and their messages: what the host shows, and sendMessages (spec part D). */
import type { ChatMessage } from '#contract/wire.js';
import type { ContactBodySchema, UserMessageRequestSchema } from '#contract/requests.js';
import type { Static } from '@sinclair/typebox';
import type { Clock } from '../clock/clock.js';
import { accessDenied, badRequest, invalidBody, noChat, notAMember, unknownUser } from '../http/errors.js';
import { checkUserMessageBody, type ShareBodySchema } from '../messages/bodies.js';

/** A sendMessages body, checked at the door. */
type ShareBody = Static<typeof ShareBodySchema>;
import type { MessageStore } from '../messages/message-store.js';
import type { UserTokenRow } from '../tokens/user-token-store.js';
import type { ChatRow, WorldStore } from './world-store.js';

/** A message as the host reads it (the contract's shape): the message object as it was sent. */
export type { ChatMessage };

/** The body of the host's composer (simulator route `sendMessage`), checked at the simulator API's door. */
export type UserMessageRequest = Static<typeof UserMessageRequestSchema>;
/** The body of simulator route `shareContact`, checked at the simulator API's door. */
export type ContactBody = Static<typeof ContactBodySchema>;

/** A message ID as text (the IDs this kit gives: 1 to 16 digits, no leading zero). */
const MESSAGE_ID = /^[1-9][0-9]{0,15}$/;

/**
 * Whether a bot may hear what is said in a chat: a group or room (bots join and leave them), or a
 * 1:1 chat of a person with a bot. A 1:1 chat of two people has no bot, now or later (a chat's row
 * never changes), so no webhook event comes of it (spec part B: events come from a bot's chats).
 */
function botsMayHear(chat: Pick<ChatRow, 'type' | 'bot_channel_id'>): boolean {
  return chat.type !== 'utou' || chat.bot_channel_id !== null;
}

/** The most messages one page of a chat holds. */
export const MAX_PAGE = 200;

/** Called after users' messages are stored (the bots' webhook events, the host's live feed). */
export interface ChatHooks {
  /** `stored`: the messages with their ids and quote tokens, in order. */
  userMessagesStored?(chat: ChatRow, userId: string, stored: { id: number; body: unknown; quoteToken?: string }[]): Promise<void>;
  /**
   * Runs a write of the chat (its messages stored, then {@link userMessagesStored}) as one step of
   * the chat's order, so that the bots get the chat's events in the order the chat lists them.
   */
  inChatOrder?<T>(chatId: string, write: () => Promise<T>): Promise<T>;
}

export class ChatService {
  constructor(
    private readonly messages: MessageStore,
    private readonly world: WorldStore,
    private readonly clock: Clock,
    private readonly hooks: ChatHooks = {},
  ) {}

  /**
   * sendMessages' first rule, before its body is read: the app was opened from a chat.
   * @throws ApiError 403 when the token's context is `none` (spec part D: sendMessages needs a chat)
   */
  checkShareContext(token: UserTokenRow): asserts token is UserTokenRow & { chat_id: string } {
    if (token.context_type === 'none' || !token.chat_id)
      throw accessDenied('Access to this API is not available for your account: the app was not opened from a chat (context type none)');
  }

  /**
   * sendMessages: posts 1 to 5 messages into the chat the token was issued for, as its user.
   * All are stored or none.
   * @param body checked at the door (`checkShareBody`: 1 to 5 messages, no `quoteToken`)
   * @throws ApiError 403 when the app was not opened from a chat (context `none`) or the user left the chat
   */
  async share(token: UserTokenRow, body: ShareBody): Promise<void> {
    this.checkShareContext(token);
    const chat = await this.world.chat(token.chat_id);
    if (!chat || !chat.memberIds.includes(token.user_id))
      throw accessDenied('Access to this API is not available for your account: the user is not a member of the chat');
    await this.storeShared(chat, token.user_id, body.messages);
  }

  /** Every chat of the world with its members, in the world's order (a share target picker picks among a person's). */
  chats(): Promise<ChatRow[]> {
    return this.world.chats();
  }

  /**
   * A user shares messages into the chats they picked (`liff.shareTargetPicker` outside the
   * messenger), each chat as `share` writes the token's one: in order, seen by every member.
   * @param body checked by the sendMessages rules (`checkShareBody`)
   * @throws ApiError 404 for an unknown chat, 403 when the user is not a member of one
   */
  async shareInto(userId: string, chatIds: readonly string[], body: ShareBody): Promise<void> {
    const chats: ChatRow[] = [];
    for (const chatId of chatIds) {
      const chat = await this.world.chat(chatId);
      if (!chat) throw noChat(chatId);
      if (!chat.memberIds.includes(userId))
        throw accessDenied('Access to this API is not available for your account: the user is not a member of the chat');
      chats.push(chat);
    }
    for (const chat of chats) await this.storeShared(chat, userId, body.messages);
  }

  /** Stores a user's shared messages in one chat, in the chat's order, and tells the hooks. */
  private async storeShared(chat: ChatRow, userId: string, messages: ShareBody['messages']): Promise<void> {
    const now = this.clock.now();
    await this.inChatOrder(chat, async () => {
      const refs = await this.messages.insertAllRefs(
        messages.map((m) => ({ chatId: chat.chat_id, senderType: 'user' as const, senderId: userId, body: m, createdAt: now })),
      );
      await this.hooks.userMessagesStored?.(
        chat,
        userId,
        refs.map((r, i) => ({ id: r.id, body: messages[i], quoteToken: r.quoteToken })),
      );
    });
  }

  /**
   * Runs a write of the chat in the chat's order (the hook), or just runs it: without a hook, and
   * in a chat no bot can hear, whose writes cause no event to keep in order.
   */
  private inChatOrder<T>(chat: ChatRow, write: () => Promise<T>): Promise<T> {
    return this.hooks.inChatOrder && botsMayHear(chat) ? this.hooks.inChatOrder(chat.chat_id, write) : write();
  }

  /**
   * A user of the scenario sends one message into a chat from the host (the phone's composer, or
   * a `message` action). `quotedMessageId` (optional, beside `userId` and `message`): the text or
   * sticker quotes that message of the chat, as the messenger's reply-to does; the stored body
   * carries it (`quotedMessageId`), so the chat shows the quote and the bot's event names it
   * (published `webhook.yml`: only text and sticker messages quote).
   * @param body its shape checked at the simulator API's door; its message here, by the message
   *   validator (`checkUserMessageBody`: the message object's own rules, which the contract's
   *   schema leaves to it)
   * @returns the stored message
   * @throws ApiError 400 for an invalid message, an unknown user, a user who is not a member, or a
   *   quoted message that is not a standing message of the chat; 404 for an unknown chat.
   */
  async sendAsUser(chatId: string, body: UserMessageRequest, stored?: Record<string, unknown>): Promise<ChatMessage> {
    const chat = await this.world.chat(chatId);
    if (!chat) throw noChat(chatId);
    const { quotedMessageId, ...rest } = body;
    const details = checkUserMessageBody(rest);
    if (details) throw invalidBody(details);
    const { userId } = rest;
    // `stored`: a message the composer builds itself (a contact), checked through a stand-in.
    let message: Record<string, unknown> = stored ?? rest.message;
    const user = await this.world.user(userId);
    if (!user) throw unknownUser(userId);
    if (!chat.memberIds.includes(userId)) throw notAMember(userId, chatId);
    if (quotedMessageId !== undefined) message = await this.quoting(chatId, message, quotedMessageId);
    const now = this.clock.now();
    const id = await this.inChatOrder(chat, async () => {
      const [ref] = await this.messages.insertAllRefs([{ chatId, senderType: 'user', senderId: userId, body: message, createdAt: now }]);
      await this.hooks.userMessagesStored?.(chat, userId, [{ id: ref!.id, body: message, quoteToken: ref!.quoteToken }]);
      return ref!.id;
    });
    return {
      id: String(id),
      chatId,
      sender: { type: 'user', id: userId, displayName: user.display_name },
      message,
      timestamp: now,
    };
  }

  /**
   * The message with `quotedMessageId` added, once checked: a text or sticker, quoting a standing
   * message of the same chat.
   * @throws ApiError 400 otherwise
   */
  private async quoting(chatId: string, message: Record<string, unknown>, quotedMessageId: string): Promise<Record<string, unknown>> {
    // The contract types it a string; the form of this kit's message IDs is checked here.
    if (!MESSAGE_ID.test(quotedMessageId)) throw invalidBody([{ message: 'must be a message id', property: 'quotedMessageId' }]);
    if (message.type !== 'text' && message.type !== 'sticker')
      throw badRequest(`A ${String(message.type)} message cannot quote another: only text and sticker messages can`);
    const quoted = await this.messages.inChat(chatId, Number(quotedMessageId));
    if (!quoted || quoted.sender_type === 'system') throw badRequest(`No message ${quotedMessageId} in chat ${chatId}`);
    if (quoted.unsent_at !== null) throw badRequest(`Message ${quotedMessageId} was unsent and cannot be quoted`);
    return { ...message, quotedMessageId };
  }

  /**
   * A user shares a contact (another user of the scenario) into a chat from the host's composer:
   * a `{type: "contact", mid, displayName}` message. v1 bots receive it as contentType
   * 10 (spec "Received message content"); v2 bots never see it (the bot messaging interface has no
   * contact message).
   * @param b `{userId, mid}`: the sender, and the MID (user ID) of the shared user, checked at the
   *   simulator API's door
   * @throws ApiError 400 for an unknown user or a sender who is not a member; 404 for an unknown chat.
   */
  async shareContact(chatId: string, b: ContactBody): Promise<ChatMessage> {
    const shared = await this.world.user(b.mid);
    if (!shared) throw badRequest(`Unknown user ${b.mid}: only users of the scenario can be shared`);
    return this.sendAsUser(
      chatId,
      { userId: b.userId, message: { type: 'text', text: shared.display_name } },
      { type: 'contact', mid: shared.user_id, displayName: shared.display_name },
    );
  }

  /**
   * A page of a chat's messages, oldest first (the host opens a chat on the newest page and loads
   * older ones as the user scrolls up). `more`: messages exist beyond the page, older ones (newest
   * page, `before`) or newer ones (`after`).
   * @param page `limit` 1 to 200 (default 200), `before` / `after`: a message id (not both)
   * @throws ApiError 404 for an unknown chat
   */
  async list(
    chatId: string,
    page: { limit?: number; before?: number; after?: number } = {},
  ): Promise<{ messages: ChatMessage[]; more: boolean }> {
    if (!(await this.world.chat(chatId))) throw noChat(chatId);
    const { rows, more } = await this.messages.pageOfChat(chatId, page.limit ?? MAX_PAGE, page);
    const users = new Map((await this.world.users()).map((u) => [u.user_id, u.display_name]));
    const channels = new Map((await this.world.channels()).map((c) => [c.channel_id, c.bot_name ?? c.name]));
    return {
      messages: rows.map((r) => {
        const type = r.sender_type === 'bot' ? 'bot' : r.sender_type === 'system' ? 'system' : 'user';
        const names = type === 'bot' ? channels : users;
        return {
          id: String(r.id),
          chatId: r.chat_id,
          sender: { type, id: r.sender_id, displayName: names.get(r.sender_id) ?? r.sender_id },
          message: JSON.parse(r.body) as Record<string, unknown>,
          timestamp: r.created_at,
          ...(r.unsent_at !== null && r.unsent_at !== undefined ? { unsentAt: r.unsent_at } : {}),
          ...(Number(r.notification) === 1 ? { notification: true } : {}),
        };
      }),
      more,
    };
  }
}
