/**
 * What the rules of every family of users' events share: their dependencies, which bots hear a
 * chat, sending drafts to them (a room's pending join first), and the checks of a chat, a member
 * and a friend that each refusal words the same way.
 */
import type { Clock } from '../../../clock/clock.js';
import { badRequest, noChannel, noChat, notAMember, unknownUser } from '../../../http/errors.js';
import type { LiveHub } from '../../../live/hub.js';
import type { ContentStore } from '../../../messages/content-store.js';
import type { MessageStore } from '../../../messages/message-store.js';
import type { WebhookEmitter } from '../../../webhooks/emitter.js';
import { draftOf, type DraftEvent } from '#contract/event-types.js';
import { sourceOf } from '../../../webhooks/events.js';
import type { BotsInChatsStore } from '../../../world/bots-in-chats-store.js';
import type { ChatRow, WorldStore } from '../../../world/world-store.js';

/** What the users' event rules are built on. */
export interface BotEventDeps {
  world: WorldStore;
  botsInChats: BotsInChatsStore;
  messages: MessageStore;
  contents: ContentStore;
  emitter: WebhookEmitter;
  live: LiveHub;
  clock: Clock;
  baseUrl: () => string;
}

/** A bot in a chat, as the event rules see it. */
export interface BotInChat {
  channelId: string;
  /** Added to a room, join event not sent yet: the next event of the room sends it first. */
  pendingJoin: boolean;
}

/** The shared part of the users' event rules (one per service, handed to each family). */
export class BotEventContext {
  constructor(readonly d: BotEventDeps) {}

  /**
   * Sends the events made by `build` to every bot of the chat that can hear it: the bot of a 1:1
   * chat while the user is its friend; the bots in a group or room (a room's pending join first).
   * @param only one channel's bot only
   * @returns the number of deliveries made
   */
  async toBotsOfChat(chat: ChatRow, build: (bot: BotInChat) => DraftEvent[] | Promise<DraftEvent[]>, only?: string): Promise<number> {
    let n = 0;
    for (const bot of await this.botsOf(chat)) {
      if (only !== undefined && bot.channelId !== only) continue;
      const drafts = await build(bot);
      if (bot.pendingJoin && (await this.d.botsInChats.claimPendingJoin(chat.chat_id, bot.channelId, this.d.clock.now())))
        drafts.unshift(draftOf('join', sourceOf({ chatId: chat.chat_id, type: chat.type }, null, false)));
      if ((await this.d.emitter.emit(bot.channelId, chat.chat_id, drafts)) !== null) n++;
    }
    return n;
  }

  /** The bots that hear what happens in a chat. */
  private async botsOf(chat: ChatRow): Promise<BotInChat[]> {
    if (chat.type === 'utou') {
      if (!chat.bot_channel_id) return [];
      const userId = chat.memberIds[0];
      const state = userId ? await this.d.botsInChats.friendState(chat.bot_channel_id, userId) : undefined;
      return state === 'friend' ? [{ channelId: chat.bot_channel_id, pendingJoin: false }] : [];
    }
    return (await this.d.botsInChats.botsOfChat(chat.chat_id)).map((m) => ({
      channelId: m.channel_id,
      pendingJoin: m.state === 'pending',
    }));
  }

  /**
   * The chat, checked to exist and to have the user as a member.
   * @throws ApiError 404 for an unknown chat, 400 for an unknown user or one who is not a member
   */
  async memberChat(chatId: string, userId: string): Promise<ChatRow> {
    const chat = await this.d.world.chat(chatId);
    if (!chat) throw noChat(chatId);
    if (!(await this.d.world.user(userId))) throw unknownUser(userId);
    if (!chat.memberIds.includes(userId)) throw notAMember(userId, chatId);
    return chat;
  }

  /**
   * The user's 1:1 chat with the bot, checked that the user is a friend of the bot now.
   * @throws ApiError 404 for an unknown channel, 400 for an unknown user or one who is not a friend
   */
  async friendChat(channelId: string, userId: string): Promise<string> {
    if (!(await this.d.world.channel(channelId))) throw noChannel(channelId);
    if (!(await this.d.world.user(userId))) throw unknownUser(userId);
    const chatId = await this.d.botsInChats.botChatId(channelId, userId);
    if (!chatId || (await this.d.botsInChats.friendState(channelId, userId)) !== 'friend')
      throw badRequest(`User ${userId} is not a friend of the bot of channel ${channelId}`);
    return chatId;
  }

  /** A group or room. @throws ApiError 404 for an unknown chat, 400 for a 1:1 chat. */
  async groupOrRoom(chatId: string): Promise<ChatRow> {
    const chat = await this.d.world.chat(chatId);
    if (!chat) throw noChat(chatId);
    if (chat.type === 'utou') throw badRequest('People join and leave groups and rooms only');
    return chat;
  }

  /** A line of the chat itself, as the messenger shows a bot joining or leaving (no event). */
  async notice(chatId: string, text: string): Promise<void> {
    await this.d.messages.insertAll([
      { chatId, senderType: 'system', senderId: '', body: { type: 'system', text }, createdAt: this.d.clock.now() },
    ]);
    this.d.live.publish({ type: 'chat', chatId });
  }
}
