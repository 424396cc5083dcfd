/** Friendship (events `follow`, `unfollow`): a person adds, unblocks or blocks a bot. */
import { createHash } from 'node:crypto';
import { draftOf } from '#contract/event-types.js';
import { userSource } from '../../../webhooks/events.js';
import type { FriendState } from '../../../world/bots-in-chats-store.js';
import type { BotEventContext } from './context.js';

/** The rules of friendship changes. */
export class FriendshipEvents {
  constructor(private readonly c: BotEventContext) {}

  /**
   * A user's friendship with a bot changed (the social login's friendship service, calls
   * this after storing it; spec "States and transitions", Friendship): added or unblocked →
   * `follow`, creating the user's 1:1 chat with the bot when there is none; blocked after being a
   * friend → `unfollow`. A user who blocks a bot never added makes no event (the bot never knew them).
   */
  async friendshipChanged(change: { userId: string; channelId: string; from: FriendState | 'none'; to: FriendState }): Promise<void> {
    const d = this.c.d;
    const { userId, channelId } = change;
    let chatId = await d.botsInChats.botChatId(channelId, userId);
    if (!chatId && change.to === 'friend') {
      const channel = await d.world.channel(channelId);
      if (!channel) return;
      chatId = botChatIdOf(channelId, userId);
      await d.botsInChats.createBotChat(chatId, channelId, userId, channel.bot_name ?? channel.name);
    }
    chatId ??= botChatIdOf(channelId, userId);
    if (change.to === 'friend')
      await d.emitter.emit(channelId, chatId, [draftOf('follow', userSource(userId), change.from === 'blocked')], {
        unblock: change.from === 'blocked',
      });
    else if (change.from === 'friend') await d.emitter.emit(channelId, chatId, [draftOf('unfollow', userSource(userId))]);
    d.live.publish({ type: 'bots', channelId });
  }
}

/** The id of a 1:1 chat of a user with a bot created when the user adds it: `UB` + 31 hex digits. */
export function botChatIdOf(channelId: string, userId: string): string {
  return `UB${createHash('sha256').update(`${channelId}|${userId}`).digest('hex').slice(0, 31)}`;
}
