/**
 * Mission stickers (published `shop.yml`, `missionStickerV3`): a bot gives a user a sticker set as
 * a present. embedkit has no sticker shop; the present shows in the user's 1:1 chat with the bot as
 * a line of the chat itself (docs/platform/bot.md, "Mission stickers").
 */
import type { Static } from '@sinclair/typebox';
import type { Clock } from '../../../clock/clock.js';
import { unknownUser } from '../../../http/errors.js';
import type { LiveHub } from '../../../live/hub.js';
import type { MessageStore } from '../../../messages/message-store.js';
import type { BotsInChatsStore } from '../../../world/bots-in-chats-store.js';
import type { ChannelRow, WorldStore } from '../../../world/world-store.js';
import { presentNotice, type MissionStickerBody } from './rules.js';

export class MissionStickerService {
  constructor(
    private readonly d: { world: WorldStore; botsInChats: BotsInChatsStore; messages: MessageStore; live: LiveHub; clock: Clock },
  ) {}

  /**
   * Gives `to` the sticker set `productId`: a line of the chat itself ({@link presentNotice}) in the
   * user's 1:1 chat with the bot, when the user ever added the bot (the chat exists; a blocked bot's
   * chat gets it too, as a present is not a message of the bot). No webhook event follows.
   * @param body checked at the door ({@link MissionStickerBody})
   * @throws ApiError 400 `Unknown user <id>` for a user the world does not have
   */
  async send(channel: ChannelRow, { to, productId }: Static<typeof MissionStickerBody>): Promise<void> {
    if (!(await this.d.world.user(to))) throw unknownUser(to);
    const chatId = await this.d.botsInChats.botChatId(channel.channel_id, to);
    if (!chatId) return;
    const text = presentNotice(channel.bot_name ?? channel.name, productId);
    await this.d.messages.insertAll([
      { chatId, senderType: 'system', senderId: '', body: { type: 'system', text }, createdAt: this.d.clock.now() },
    ]);
    this.d.live.publish({ type: 'chat', chatId });
  }
}
