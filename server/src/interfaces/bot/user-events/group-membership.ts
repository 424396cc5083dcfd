/**
 * Group membership (events `join`, `leave`, `memberJoined`, `memberLeft`): a person invites a bot
 * to a group or room or removes it, a bot leaves, a person joins or leaves a group or room.
 */
import type { InviteBody, PersonBody } from '#contract/requests.js';
import { badRequest, noChannel, noChat, notAMember, notFound, unknownUser } from '../../../http/errors.js';
import { draftOf } from '#contract/event-types.js';
import { sourceOf } from '../../../webhooks/events.js';
import type { ChatRow } from '../../../world/world-store.js';
import type { BotEventContext } from './context.js';

/** The rules of bots and people entering and leaving groups and rooms. */
export class GroupMembershipEvents {
  constructor(private readonly c: BotEventContext) {}

  /**
   * A user invites the bot to a group (`join` at once) or adds it to a room (`join` with the first
   * event of the room after that, spec "Events").
   * @throws ApiError 400 for a 1:1 chat, a user who is not a member, or a bot that
   *   is already there; 404 for an unknown chat or channel.
   */
  async invite(chatId: string, body: InviteBody): Promise<{ state: 'joined' | 'pending' }> {
    const d = this.c.d;
    const { channelId, userId } = body;
    const chat = await this.c.memberChat(chatId, userId);
    if (chat.type === 'utou') throw badRequest('A bot can be invited to a group or a room only');
    const channel = await d.world.channel(channelId);
    if (!channel) throw noChannel(channelId);
    // The trial interface knows users only (spec part F: toType is only 1).
    if (channel.bot_interface === 'trial')
      throw badRequest(`The bot of channel ${channelId} uses the trial interface, which has no groups or rooms`);
    if (await d.botsInChats.botInChat(chatId, channelId)) throw badRequest(`The bot of channel ${channelId} is already in chat ${chatId}`);
    const now = d.clock.now();
    // A v1 bot hears of a room at once (operation 7, "added to room"); a v2 bot with its next event.
    await this.c.notice(chatId, `${channel.bot_name ?? channel.name} joined the ${chat.type}.`);
    if (chat.type === 'group' || channel.bot_interface === 'enterprise') {
      await d.botsInChats.setBotInChat(chatId, channelId, 'joined', now);
      await d.emitter.emit(channelId, chatId, [draftOf('join', sourceOf({ chatId, type: chat.type }, null, false))]);
    } else {
      await d.botsInChats.setBotInChat(chatId, channelId, 'pending', now);
    }
    d.live.publish({ type: 'bots', channelId });
    return { state: chat.type === 'group' || channel.bot_interface === 'enterprise' ? 'joined' : 'pending' };
  }

  /**
   * A user removes the bot from a group or room: `leave` (none when the bot had not joined yet).
   * @throws ApiError 404 when the bot is not in the chat.
   */
  async remove(chatId: string, channelId: string): Promise<void> {
    const chat = await this.c.d.world.chat(chatId);
    if (!chat) throw noChat(chatId);
    await this.leave(chat, channelId);
  }

  /**
   * The bot leaves a group or room (or is removed): the membership ends and a `leave` event is sent
   * when the bot had joined.
   * @throws ApiError 404 when the bot is not in the chat.
   */
  async leave(chat: ChatRow, channelId: string): Promise<void> {
    const d = this.c.d;
    const inChat = await d.botsInChats.botInChat(chat.chat_id, channelId);
    if (!inChat || !(await d.botsInChats.removeBotFromChat(chat.chat_id, channelId))) throw notFound('Not found');
    if (inChat.state === 'joined')
      await d.emitter.emit(channelId, chat.chat_id, [draftOf('leave', sourceOf({ chatId: chat.chat_id, type: chat.type }, null, false))]);
    const channel = await d.world.channel(channelId);
    await this.c.notice(chat.chat_id, `${channel?.bot_name ?? channel?.name ?? channelId} left the ${chat.type}.`);
    d.live.publish({ type: 'bots', channelId });
  }

  /**
   * A person joins a group or room: they become a member, the chat shows "<name> joined the
   * <group|room>.", and every bot in it gets `memberJoined` with `joined.members: [{type: "user",
   * userId}]` (published `webhook.yml` MemberJoinedEvent; repliable).
   * @param body `{userId}`
   * @throws ApiError 400 for an unknown user, a 1:1 chat, or a person already a
   *   member; 404 for an unknown chat.
   */
  async memberJoins(chatId: string, body: PersonBody): Promise<{ delivered: number }> {
    const d = this.c.d;
    const { userId } = body;
    const chat = await this.c.groupOrRoom(chatId);
    const user = await d.world.user(userId);
    if (!user) throw unknownUser(userId);
    if (!(await d.world.addMember(chatId, userId))) throw badRequest(`User ${userId} is already a member of chat ${chatId}`);
    await this.c.notice(chatId, `${user.display_name} joined the ${chat.type}.`);
    const source = sourceOf({ chatId, type: chat.type }, null, false);
    return { delivered: await this.c.toBotsOfChat(chat, () => [draftOf('memberJoined', source, [userId])]) };
  }

  /**
   * A person leaves a group or room: they stop being a member, the chat shows "<name> left the
   * <group|room>.", and every bot in it gets `memberLeft` with `left.members: [{type: "user",
   * userId}]` (published `webhook.yml` MemberLeftEvent; no reply token).
   * @throws ApiError 400 for a 1:1 chat or a person who is not a member; 404 for an unknown chat.
   */
  async memberLeaves(chatId: string, userId: string): Promise<{ delivered: number }> {
    const d = this.c.d;
    const chat = await this.c.groupOrRoom(chatId);
    if (!(await d.world.removeMember(chatId, userId))) throw notAMember(userId, chatId);
    const user = await d.world.user(userId);
    await this.c.notice(chatId, `${user?.display_name ?? userId} left the ${chat.type}.`);
    const source = sourceOf({ chatId, type: chat.type }, null, false);
    return { delivered: await this.c.toBotsOfChat(chat, () => [draftOf('memberLeft', source, [userId])]) };
  }
}
