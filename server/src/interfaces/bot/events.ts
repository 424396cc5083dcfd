/**
 * What users do with bots in the host, and the webhook events it makes (spec "Events"): messages,
 * postbacks, adding and blocking a bot (follow, unfollow), inviting and removing it (join, leave),
 * beacons and account links. Also the webhook settings of a channel.
 */
import type { BotInterface } from '../../contract/wire.js';
import { createHash } from 'node:crypto';
import type { Clock } from '../../clock/clock.js';
import { ApiError, badRequest, invalidBody, notFound } from '../../http/errors.js';
import {
  checkAccountLinkBody,
  checkBeaconBody,
  checkInviteBody,
  checkMediaQuery,
  checkPersonBody,
  checkPostbackBody,
  checkWebhookSettingsBody,
} from './simulator-schemas.js';
import type { MembershipStore, FriendState } from '../../world/membership-store.js';
import type { ContentStore } from '../../messages/content-store.js';
import type { MessageStore } from '../../messages/message-store.js';
import type { ChatRow, WorldStore } from '../../world/world-store.js';
import type { LiveHub } from '../../live/hub.js';
import type { WebhookEmitter } from '../../webhooks/emitter.js';
import { markAsReadToken } from './mark-as-read-token.js';
import {
  accountLinkEvent,
  beaconEvent,
  followEvent,
  memberEvent,
  messageEvent,
  messageOfEvent,
  postbackEvent,
  sourceOf,
  unsendEvent,
  userSource,
  type DraftEvent,
} from '../../webhooks/events.js';

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

/** A channel's bot in the host's bot tools (`GET /embedkit/v1/bots`). */
export interface BotView {
  channelId: string;
  /** The bot's name in chats. */
  name: string;
  plan: string;
  webhookUrl: string | null;
  unknownProperty: boolean;
  /** `messaging` (part B), `enterprise` (E) or `trial` (F). */
  botInterface: BotInterface;
  /** Channel MID of a v1 bot. */
  channelMid: string | null;
  /** Whether a v1 bot is sent block (8) and unblock (4) operations. */
  blockOperations: boolean;
  friends: { userId: string; state: FriendState; chatId?: string }[];
  /** Groups and rooms the bot is in; `pending`: added to a room, join event not sent yet. */
  chats: { chatId: string; state: 'joined' | 'pending' }[];
}

/** A bot in a chat, as the event rules see it. */
interface BotInChat {
  channelId: string;
  /** Added to a room, join event not sent yet: the next event of the room sends it first. */
  pendingJoin: boolean;
}

export interface BotEventDeps {
  world: WorldStore;
  memberships: MembershipStore;
  messages: MessageStore;
  contents: ContentStore;
  emitter: WebhookEmitter;
  live: LiveHub;
  clock: Clock;
  baseUrl: () => string;
}

export class BotEventService {
  constructor(private readonly d: BotEventDeps) {}

  /**
   * Users' messages were stored in a chat (the host's composer, a `message` action, sendMessages):
   * every bot of the chat gets a `message` event per message the webhook carries. In a room the
   * bot was added to, a `join` event comes first. Also tells the host's live feed.
   * @param stored the messages with their ids and quote tokens, in order
   */
  async userMessages(chat: ChatRow, userId: string, stored: { id: number; body: unknown; quoteToken?: string }[]): Promise<void> {
    this.d.live.publish({ type: 'chat', chatId: chat.chat_id });
    const messages = stored
      .map((m) => messageOfEvent(String(m.id), (m.body ?? {}) as Record<string, unknown>, m.quoteToken))
      .filter((m): m is Record<string, unknown> => m !== null);
    if (messages.length === 0) return;
    // Looked up only when a bot hears the chat: most sendMessages calls go to chats without one.
    let user: ReturnType<WorldStore['user']> | undefined;
    await this.toBotsOfChat(chat, async (bot) => {
      const u = await (user ??= this.d.world.user(userId));
      const source = sourceOf({ chatId: chat.chat_id, type: chat.type }, u ? { userId, agreed: u.agreed === 1 } : null, true);
      if (chat.type !== 'utou') return messages.map((m) => messageEvent(source, m));
      // In a 1:1 chat each message carries the token that marks it read (the platform's markAsReadToken).
      const secret = (await this.d.world.channel(bot.channelId))?.secret ?? '';
      return messages.map((m) => messageEvent(source, { ...m, markAsReadToken: markAsReadToken(secret, chat.chat_id, String(m.id)) }));
    });
  }

  /**
   * A user sends an image, video, audio or file from the host: the binary is kept for the content
   * endpoint and the message shows in the chat (its URL is the simulator's content URL).
   * @param query `{userId, type, fileName?, duration?}` (docs/simulator-api.md)
   * @throws ApiError 400 for a bad query, an empty or too large body, an unknown user or a user
   *   who is not a member; 404 for an unknown chat.
   */
  async sendMedia(chatId: string, query: unknown, contentType: string | undefined, data: Buffer): Promise<StoredUserMessage> {
    const details = checkMediaQuery(query);
    if (details) throw invalidBody(details);
    const q = query as { userId: string; type: 'image' | 'video' | 'audio' | 'file'; fileName?: string; duration?: string };
    const chat = await this.memberChat(chatId, q.userId);
    if (data.length === 0) throw badRequest('The file is empty');
    if (data.length > MAX_MEDIA_BYTES) throw new ApiError(413, { message: `The file is too large (max ${MAX_MEDIA_BYTES} bytes)` });
    const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';
    if (q.type !== 'file' && !mime.startsWith(`${q.type}/`))
      throw badRequest(`The content type, ${mime}, is not supported for ${q.type} messages`);
    const fileName = q.fileName?.trim() || `${q.type}-${this.d.clock.now()}`;
    const now = this.d.clock.now();
    const base = this.d.baseUrl();
    // The message's id and its events in the chat's order (webhooks/chat-order.ts).
    const { id, body } = await this.d.emitter.inChatOrder(chatId, async () => {
      const stored = await this.d.contents.insertMessage({
        chatId,
        userId: q.userId,
        type: q.type,
        contentType: mime,
        fileName: q.type === 'file' ? fileName : null,
        data,
        createdAt: now,
        body: (messageId) =>
          mediaBody(q.type, `${base}/embedkit/v1/contents/${messageId}`, messageId, {
            fileName,
            size: data.length,
            duration: Number(q.duration ?? 0),
          }),
      });
      await this.userMessages(chat, q.userId, [{ id: stored.id, body: stored.body, quoteToken: stored.quoteToken }]);
      return stored;
    });
    const user = await this.d.world.user(q.userId);
    return {
      id: String(id),
      chatId,
      sender: { type: 'user', id: q.userId, displayName: user?.display_name ?? q.userId },
      message: body,
      timestamp: now,
    };
  }

  /**
   * A user taps a postback action (or picks a date in a datetime picker): a `postback` event for the
   * bot whose message held the action (`channelId`), or every bot of the chat when not given.
   * `displayText` shows in the chat as the user's message (no message event, as on the platform).
   * @param body `{userId, data, displayText?, params?, channelId?}`
   * @throws ApiError 400 for an invalid body or a user who is not a member; 404 for an unknown chat.
   */
  async postback(chatId: string, body: unknown): Promise<{ delivered: number }> {
    const details = checkPostbackBody(body);
    if (details) throw invalidBody(details);
    const b = body as { userId: string; data: string; displayText?: string; params?: Record<string, string>; channelId?: string };
    const chat = await this.memberChat(chatId, b.userId);
    const user = await this.d.world.user(b.userId);
    const source = sourceOf({ chatId, type: chat.type }, user ? { userId: b.userId, agreed: user.agreed === 1 } : null, false);
    // The display text and the event in the chat's order (webhooks/chat-order.ts).
    const delivered = await this.d.emitter.inChatOrder(chatId, async () => {
      if (b.displayText) {
        await this.d.messages.insertAll([
          { chatId, senderType: 'user', senderId: b.userId, body: { type: 'text', text: b.displayText }, createdAt: this.d.clock.now() },
        ]);
        this.d.live.publish({ type: 'chat', chatId });
      }
      return this.toBotsOfChat(chat, () => [postbackEvent(source, b.data, b.params)], b.channelId);
    });
    return { delivered };
  }

  /**
   * A user's friendship with a bot changed (the social login's friendship service, calls
   * this after storing it; spec "States and transitions", Friendship): added or unblocked →
   * `follow`, creating the user's 1:1 chat with the bot when there is none; blocked after being a
   * friend → `unfollow`. A user who blocks a bot never added makes no event (the bot never knew them).
   */
  async friendshipChanged(change: { userId: string; channelId: string; from: FriendState | 'none'; to: FriendState }): Promise<void> {
    const { userId, channelId } = change;
    let chatId = await this.d.memberships.botChatId(channelId, userId);
    if (!chatId && change.to === 'friend') {
      const channel = await this.d.world.channel(channelId);
      if (!channel) return;
      chatId = botChatIdOf(channelId, userId);
      await this.d.memberships.createBotChat(chatId, channelId, userId, channel.bot_name ?? channel.name);
    }
    chatId ??= botChatIdOf(channelId, userId);
    if (change.to === 'friend')
      await this.d.emitter.emit(channelId, chatId, [followEvent(userSource(userId), change.from === 'blocked')], {
        unblock: change.from === 'blocked',
      });
    else if (change.from === 'friend') await this.d.emitter.emit(channelId, chatId, [{ type: 'unfollow', source: userSource(userId) }]);
    this.d.live.publish({ type: 'bots', channelId });
  }

  /**
   * A user invites the bot to a group (`join` at once) or adds it to a room (`join` with the first
   * event of the room after that, spec "Events").
   * @throws ApiError 400 for an invalid body, a 1:1 chat, a user who is not a member, or a bot that
   *   is already there; 404 for an unknown chat or channel.
   */
  async invite(chatId: string, body: unknown): Promise<{ state: 'joined' | 'pending' }> {
    const details = checkInviteBody(body);
    if (details) throw invalidBody(details);
    const { channelId, userId } = body as { channelId: string; userId: string };
    const chat = await this.memberChat(chatId, userId);
    if (chat.type === 'utou') throw badRequest('A bot can be invited to a group or a room only');
    const channel = await this.d.world.channel(channelId);
    if (!channel) throw notFound(`No channel ${channelId}`);
    // The trial interface knows users only (spec part F: toType is only 1).
    if (channel.bot_interface === 'trial')
      throw badRequest(`The bot of channel ${channelId} uses the trial interface, which has no groups or rooms`);
    if (await this.d.memberships.membership(chatId, channelId))
      throw badRequest(`The bot of channel ${channelId} is already in chat ${chatId}`);
    const now = this.d.clock.now();
    // A v1 bot hears of a room at once (operation 7, "added to room"); a v2 bot with its next event.
    await this.notice(chatId, `${channel.bot_name ?? channel.name} joined the ${chat.type}.`);
    if (chat.type === 'group' || channel.bot_interface === 'enterprise') {
      await this.d.memberships.setMembership(chatId, channelId, 'joined', now);
      await this.d.emitter.emit(channelId, chatId, [{ type: 'join', source: sourceOf({ chatId, type: chat.type }, null, false) }]);
    } else {
      await this.d.memberships.setMembership(chatId, channelId, 'pending', now);
    }
    this.d.live.publish({ type: 'bots', channelId });
    return { state: chat.type === 'group' || channel.bot_interface === 'enterprise' ? 'joined' : 'pending' };
  }

  /**
   * A user removes the bot from a group or room: `leave` (none when the bot had not joined yet).
   * @throws ApiError 404 when the bot is not in the chat.
   */
  async remove(chatId: string, channelId: string): Promise<void> {
    const chat = await this.d.world.chat(chatId);
    if (!chat) throw notFound(`No chat ${chatId}`);
    await this.leave(chat, channelId);
  }

  /**
   * The bot leaves a group or room (or is removed): the membership ends and a `leave` event is sent
   * when the bot had joined.
   * @throws ApiError 404 when the bot is not in the chat.
   */
  async leave(chat: ChatRow, channelId: string): Promise<void> {
    const membership = await this.d.memberships.membership(chat.chat_id, channelId);
    if (!membership || !(await this.d.memberships.removeMembership(chat.chat_id, channelId))) throw notFound('Not found');
    if (membership.state === 'joined')
      await this.d.emitter.emit(channelId, chat.chat_id, [
        { type: 'leave', source: sourceOf({ chatId: chat.chat_id, type: chat.type }, null, false) },
      ]);
    const channel = await this.d.world.channel(channelId);
    await this.notice(chat.chat_id, `${channel?.bot_name ?? channel?.name ?? channelId} left the ${chat.type}.`);
    this.d.live.publish({ type: 'bots', channelId });
  }

  /**
   * A person unsends a message they sent: the chat shows "<name> unsent a message" in its place,
   * and every bot of the chat gets `unsend` with `unsend.messageId` (published `webhook.yml`
   * UnsendEvent; the source names the person in a group or room too).
   * @param body `{userId}`: the person, who must be the message's sender
   * @throws ApiError 400 for an invalid body, or a user who is not a member; 404 for an unknown chat,
   *   or a message that is not a standing message of theirs in the chat.
   */
  async unsend(chatId: string, messageId: string, body: unknown): Promise<{ delivered: number }> {
    const details = checkPersonBody(body);
    if (details) throw invalidBody(details);
    const { userId } = body as { userId: string };
    const chat = await this.memberChat(chatId, userId);
    const id = /^[1-9][0-9]{0,15}$/.test(messageId) ? Number(messageId) : NaN;
    if (!Number.isSafeInteger(id) || !(await this.d.messages.markUnsent(chatId, id, userId, this.d.clock.now())))
      throw notFound(`No message ${messageId} of user ${userId} in chat ${chatId} to unsend`);
    this.d.live.publish({ type: 'chat', chatId });
    const user = await this.d.world.user(userId);
    const source = sourceOf({ chatId, type: chat.type }, user ? { userId, agreed: user.agreed === 1 } : null, true);
    return { delivered: await this.toBotsOfChat(chat, () => [unsendEvent(source, messageId)]) };
  }

  /**
   * A person joins a group or room: they become a member, the chat shows "<name> joined the
   * <group|room>.", and every bot in it gets `memberJoined` with `joined.members: [{type: "user",
   * userId}]` (published `webhook.yml` MemberJoinedEvent; repliable).
   * @param body `{userId}`
   * @throws ApiError 400 for an invalid body, an unknown user, a 1:1 chat, or a person already a
   *   member; 404 for an unknown chat.
   */
  async memberJoins(chatId: string, body: unknown): Promise<{ delivered: number }> {
    const details = checkPersonBody(body);
    if (details) throw invalidBody(details);
    const { userId } = body as { userId: string };
    const chat = await this.groupOrRoom(chatId);
    const user = await this.d.world.user(userId);
    if (!user) throw badRequest(`Unknown user ${userId}`);
    if (!(await this.d.world.addMember(chatId, userId))) throw badRequest(`User ${userId} is already a member of chat ${chatId}`);
    await this.notice(chatId, `${user.display_name} joined the ${chat.type}.`);
    const source = sourceOf({ chatId, type: chat.type }, null, false);
    return { delivered: await this.toBotsOfChat(chat, () => [memberEvent(source, 'joined', [userId])]) };
  }

  /**
   * A person leaves a group or room: they stop being a member, the chat shows "<name> left the
   * <group|room>.", and every bot in it gets `memberLeft` with `left.members: [{type: "user",
   * userId}]` (published `webhook.yml` MemberLeftEvent; no reply token).
   * @throws ApiError 400 for a 1:1 chat or a person who is not a member; 404 for an unknown chat.
   */
  async memberLeaves(chatId: string, userId: string): Promise<{ delivered: number }> {
    const chat = await this.groupOrRoom(chatId);
    if (!(await this.d.world.removeMember(chatId, userId))) throw badRequest(`User ${userId} is not a member of chat ${chatId}`);
    const user = await this.d.world.user(userId);
    await this.notice(chatId, `${user?.display_name ?? userId} left the ${chat.type}.`);
    const source = sourceOf({ chatId, type: chat.type }, null, false);
    return { delivered: await this.toBotsOfChat(chat, () => [memberEvent(source, 'left', [userId])]) };
  }

  /** A group or room. @throws ApiError 404 for an unknown chat, 400 for a 1:1 chat. */
  private async groupOrRoom(chatId: string): Promise<ChatRow> {
    const chat = await this.d.world.chat(chatId);
    if (!chat) throw notFound(`No chat ${chatId}`);
    if (chat.type === 'utou') throw badRequest('People join and leave groups and rooms only');
    return chat;
  }

  /** A line of the chat itself, as the messenger shows a bot joining or leaving (no event). */
  private async notice(chatId: string, text: string): Promise<void> {
    await this.d.messages.insertAll([
      { chatId, senderType: 'system', senderId: '', body: { type: 'system', text }, createdAt: this.d.clock.now() },
    ]);
    this.d.live.publish({ type: 'chat', chatId });
  }

  /**
   * A user enters or leaves a beacon's range, or taps its banner: `beacon` with `hwid`, `type` and
   * `dm` (device message, when given).
   * @throws ApiError 400 for an invalid body or a user who is not a friend of the bot.
   */
  async beacon(channelId: string, body: unknown): Promise<void> {
    const details = checkBeaconBody(body);
    if (details) throw invalidBody(details);
    const b = body as { userId: string; hwid: string; type: string; dm?: string };
    const chatId = await this.friendChat(channelId, b.userId);
    await this.d.emitter.emit(channelId, chatId, [beaconEvent(userSource(b.userId), b)]);
  }

  /**
   * A user links their account with the bot's service: `accountLink` with `link.result` and
   * `link.nonce`; a reply token only when the result is `ok`.
   * @throws ApiError 400 for an invalid body or a user who is not a friend of the bot.
   */
  async accountLink(channelId: string, body: unknown): Promise<void> {
    const details = checkAccountLinkBody(body);
    if (details) throw invalidBody(details);
    const b = body as { userId: string; nonce: string; result: 'ok' | 'failed' };
    const chatId = await this.friendChat(channelId, b.userId);
    await this.d.emitter.emit(channelId, chatId, [accountLinkEvent(userSource(b.userId), b.result, b.nonce)]);
  }

  /**
   * A reply token for an event `embedkit trigger` posts itself: into the user's 1:1 chat
   * with the bot (`{userId}`), or a group or room the bot is in (`{chatId}`).
   * @throws ApiError 400 for a body without either, a user who is not a friend, or a chat the bot
   *   is not in; 404 for an unknown channel.
   */
  async replyTokenFor(channelId: string, body: unknown): Promise<{ replyToken: string; expiresAt: number }> {
    const b = (typeof body === 'object' && body !== null ? body : {}) as { userId?: unknown; chatId?: unknown };
    if (typeof b.chatId === 'string') {
      if (!(await this.d.world.channel(channelId))) throw notFound(`No channel ${channelId}`);
      if (!(await this.d.memberships.membership(b.chatId, channelId)))
        throw badRequest(`The bot of channel ${channelId} is not in chat ${b.chatId}`);
      return this.d.emitter.replyToken(channelId, b.chatId);
    }
    if (typeof b.userId !== 'string') throw invalidBody([{ message: 'userId or chatId is required', property: 'userId' }]);
    return this.d.emitter.replyToken(channelId, await this.friendChat(channelId, b.userId));
  }

  /**
   * Every channel's bot as the host's bot tools show it: name, plan, webhook settings, the users'
   * friendships (with their 1:1 chat) and the groups and rooms the bot is in.
   */
  async overview(): Promise<{ bots: BotView[] }> {
    const [channels, friends, memberships, chats] = await Promise.all([
      this.d.world.channels(),
      this.d.memberships.allFriends(),
      this.d.memberships.allMemberships(),
      this.d.world.chats(),
    ]);
    return {
      bots: channels.map((c) => ({
        channelId: c.channel_id,
        name: c.bot_name ?? c.name,
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
        chats: memberships
          .filter((m) => m.channel_id === c.channel_id)
          .map((m) => ({ chatId: m.chat_id, state: m.state as 'joined' | 'pending' })),
      })),
    };
  }

  /** The channel's webhook settings. @throws ApiError 404 for an unknown channel. */
  async webhookSettings(channelId: string): Promise<{ url: string | null; unknownProperty: boolean }> {
    const channel = await this.d.world.channel(channelId);
    if (!channel) throw notFound(`No channel ${channelId}`);
    return { url: channel.webhook_url, unknownProperty: channel.webhook_extra_property === 1 };
  }

  /**
   * Changes the webhook URL (null or "" removes it) and the unknown-property option; a field left
   * out keeps its value.
   * @throws ApiError 400 for an invalid body (a URL must be absolute http or https); 404 for an unknown channel.
   */
  async setWebhookSettings(channelId: string, body: unknown): Promise<{ url: string | null; unknownProperty: boolean }> {
    const details = checkWebhookSettingsBody(body);
    if (details) throw invalidBody(details);
    const b = body as { url?: string | null; unknownProperty?: boolean };
    if (!(await this.d.world.channel(channelId))) throw notFound(`No channel ${channelId}`);
    if (typeof b.url === 'string' && b.url !== '' && !isHttpUrl(b.url))
      throw invalidBody([{ message: 'Must be an absolute http or https URL', property: 'url' }]);
    await this.d.memberships.setWebhookSettings(channelId, {
      ...(b.url !== undefined ? { url: b.url || null } : {}),
      ...(b.unknownProperty !== undefined ? { unknownProperty: b.unknownProperty } : {}),
    });
    if (b.url) await this.d.emitter.retryChannelNow(channelId);
    this.d.live.publish({ type: 'bots', channelId });
    return this.webhookSettings(channelId);
  }

  /**
   * Sends the events made by `build` to every bot of the chat that can hear it: the bot of a 1:1
   * chat while the user is its friend; the bots in a group or room (a room's pending join first).
   * @param only one channel's bot only
   * @returns the number of deliveries made
   */
  private async toBotsOfChat(
    chat: ChatRow,
    build: (bot: BotInChat) => DraftEvent[] | Promise<DraftEvent[]>,
    only?: string,
  ): Promise<number> {
    let n = 0;
    for (const bot of await this.botsOf(chat)) {
      if (only !== undefined && bot.channelId !== only) continue;
      const drafts = await build(bot);
      if (bot.pendingJoin && (await this.d.memberships.claimPendingJoin(chat.chat_id, bot.channelId, this.d.clock.now())))
        drafts.unshift({ type: 'join', source: sourceOf({ chatId: chat.chat_id, type: chat.type }, null, false) });
      if ((await this.d.emitter.emit(bot.channelId, chat.chat_id, drafts)) !== null) n++;
    }
    return n;
  }

  /** The bots that hear what happens in a chat. */
  private async botsOf(chat: ChatRow): Promise<BotInChat[]> {
    if (chat.type === 'utou') {
      if (!chat.bot_channel_id) return [];
      const userId = chat.memberIds[0];
      const state = userId ? await this.d.memberships.friendState(chat.bot_channel_id, userId) : undefined;
      return state === 'friend' ? [{ channelId: chat.bot_channel_id, pendingJoin: false }] : [];
    }
    return (await this.d.memberships.membershipsOfChat(chat.chat_id)).map((m) => ({
      channelId: m.channel_id,
      pendingJoin: m.state === 'pending',
    }));
  }

  /** The chat, checked to exist and to have the user as a member. */
  private async memberChat(chatId: string, userId: string): Promise<ChatRow> {
    const chat = await this.d.world.chat(chatId);
    if (!chat) throw notFound(`No chat ${chatId}`);
    if (!(await this.d.world.user(userId))) throw badRequest(`Unknown user ${userId}`);
    if (!chat.memberIds.includes(userId)) throw badRequest(`User ${userId} is not a member of chat ${chatId}`);
    return chat;
  }

  /** The user's 1:1 chat with the bot, checked that the user is a friend of the bot now. */
  private async friendChat(channelId: string, userId: string): Promise<string> {
    if (!(await this.d.world.channel(channelId))) throw notFound(`No channel ${channelId}`);
    if (!(await this.d.world.user(userId))) throw badRequest(`Unknown user ${userId}`);
    const chatId = await this.d.memberships.botChatId(channelId, userId);
    if (!chatId || (await this.d.memberships.friendState(channelId, userId)) !== 'friend')
      throw badRequest(`User ${userId} is not a friend of the bot of channel ${channelId}`);
    return chatId;
  }
}

/** The id of a 1:1 chat of a user with a bot created when the user adds it: `UB` + 31 hex digits. */
export function botChatIdOf(channelId: string, userId: string): string {
  return `UB${createHash('sha256').update(`${channelId}|${userId}`).digest('hex').slice(0, 31)}`;
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

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
