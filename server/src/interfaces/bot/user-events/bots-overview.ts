/**
 * Reply tokens for `embedkit trigger`, the bots as the host's bot tools show them, and a channel's
 * webhook settings: what the host and the CLI read of the bots besides their events.
 */
import type { ReplyTokenBodySchema, WebhookSettingsBody } from '#contract/requests.js';
import type { Static } from '@sinclair/typebox';
import type { BotInfo } from '#contract/wire.js';
import { badRequest, invalidBody, noChannel } from '../../../http/errors.js';
import type { FriendState } from '../../../world/bots-in-chats-store.js';
import type { BotEventContext } from './context.js';
import { basicIdOf } from '../../../world/bot-user-id.js';

/** A channel's bot in the host's bot tools (the contract's shape). */
export type BotView = BotInfo;

/** Reply tokens, the bots overview and webhook settings. */
export class BotsOverview {
  constructor(private readonly c: BotEventContext) {}

  /**
   * A reply token for an event `embedkit trigger` posts itself: into the user's 1:1 chat
   * with the bot (`{userId}`), or a group or room the bot is in (`{chatId}`).
   * @param body one of the two, checked at the simulator API's door (`ReplyTokenBodySchema`)
   * @throws ApiError 400 for a user who is not a friend, or a chat the bot is not in; 404 for an
   *   unknown channel.
   */
  async replyTokenFor(channelId: string, body: Static<typeof ReplyTokenBodySchema>): Promise<{ replyToken: string; expiresAt: number }> {
    const d = this.c.d;
    // The union's branches let other properties through: `{userId, chatId: 5}` passes as `{userId}`,
    // so a chat is named only by a chatId that is a string.
    if ('chatId' in body && typeof body.chatId === 'string') {
      if (!(await d.world.channel(channelId))) throw noChannel(channelId);
      if (!(await d.botsInChats.botInChat(body.chatId, channelId)))
        throw badRequest(`The bot of channel ${channelId} is not in chat ${body.chatId}`);
      return d.emitter.replyToken(channelId, body.chatId);
    }
    // Past the door, a body without a string chatId is the `{userId}` branch.
    if (!('userId' in body)) throw badRequest('Name the chat by chatId or userId');
    return d.emitter.replyToken(channelId, await this.c.friendChat(channelId, body.userId));
  }

  /**
   * Every channel's bot as the host's bot tools show it: name, plan, webhook settings, the users'
   * friendships (with their 1:1 chat) and the groups and rooms the bot is in.
   */
  async overview(): Promise<{ bots: BotView[] }> {
    const d = this.c.d;
    const [channels, friends, botsInChats, chats] = await Promise.all([
      d.world.channels(),
      d.botsInChats.allFriends(),
      d.botsInChats.allBotsInChats(),
      d.world.chats(),
    ]);
    return {
      bots: channels.map((c) => ({
        channelId: c.channel_id,
        name: c.bot_name ?? c.name,
        basicId: basicIdOf(c.channel_id),
        plan: c.plan,
        webhookUrl: c.webhook_url,
        unknownProperty: c.webhook_extra_property === 1,
        botInterface: c.bot_interface,
        channelMid: c.channel_mid,
        blockOperations: c.block_operations === 1,
        friends: friends
          .filter((f) => f.channel_id === c.channel_id)
          .map((f) => {
            const chat = chats.find((x) => x.bot_channel_id === c.channel_id && x.memberIds.includes(f.user_id));
            return { userId: f.user_id, state: f.state as FriendState, ...(chat ? { chatId: chat.chat_id } : {}) };
          }),
        chats: botsInChats
          .filter((m) => m.channel_id === c.channel_id)
          .map((m) => ({ chatId: m.chat_id, state: m.state as 'joined' | 'pending' })),
      })),
    };
  }

  /** The channel's webhook settings. @throws ApiError 404 for an unknown channel. */
  async webhookSettings(channelId: string): Promise<{ url: string | null; unknownProperty: boolean }> {
    const channel = await this.c.d.world.channel(channelId);
    if (!channel) throw noChannel(channelId);
    return { url: channel.webhook_url, unknownProperty: channel.webhook_extra_property === 1 };
  }

  /**
   * Changes the webhook URL (null or "" removes it) and the unknown-property option; a field left
   * out keeps its value.
   * @throws ApiError 400 for a URL that is not absolute http or https; 404 for an unknown channel.
   */
  async setWebhookSettings(channelId: string, body: WebhookSettingsBody): Promise<{ url: string | null; unknownProperty: boolean }> {
    const d = this.c.d;
    const b = body;
    if (!(await d.world.channel(channelId))) throw noChannel(channelId);
    if (typeof b.url === 'string' && b.url !== '' && !isHttpUrl(b.url))
      throw invalidBody([{ message: 'Must be an absolute http or https URL', property: 'url' }]);
    await d.botsInChats.setWebhookSettings(channelId, {
      ...(b.url !== undefined ? { url: b.url || null } : {}),
      ...(b.unknownProperty !== undefined ? { unknownProperty: b.unknownProperty } : {}),
    });
    if (b.url) await d.emitter.retryChannelNow(channelId);
    d.live.publish({ type: 'bots', channelId });
    return this.webhookSettings(channelId);
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
