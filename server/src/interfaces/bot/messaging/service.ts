/**
 * The rules of the bot messaging endpoints (spec part B endpoint table, "Errors" bot messaging,
 * "Limits", reply token transitions): who can receive a bot's messages, reply tokens, profiles,
 * group members, leaving, and the content of user-sent media.
 */
import type { Clock } from '../../../clock/clock.js';
import { accessDenied, type ApiError, badRequest, invalidBody, notFound } from '../../../http/errors.js';
import { USER_ID, type MulticastBody, type PushBody, type ReplyBody } from './rules.js';
import type { ErrorDetail } from '../../../http/validate.js';
import type { BotsInChatsStore } from '../../../world/bots-in-chats-store.js';
import type { ContentStore } from '../../../messages/content-store.js';
import type { MessageStore } from '../../../messages/message-store.js';
import type { ReplyTokenStore } from '../../../webhooks/reply-token-store.js';
import type { ChannelRow, ChatRow, WorldStore } from '../../../world/world-store.js';
import type { BotEventService } from '../user-events/service.js';
import type { LiveHub } from '../../../live/hub.js';
import { pictureUrl, toProfile, type Profile } from '../../../world/profiles.js';
import type { RateLimiter } from '../rate-limits/service.js';
import { hashToken } from '../../../tokens/secrets.js';
import { randomInt } from 'node:crypto';
import { newQuoteToken } from '../../../messages/quote-token.js';
import type { Claim } from '../retry-keys/service.js';

/** Member IDs per page of the group member IDs endpoint (spec "Limits"). */
export const MEMBER_IDS_PER_PAGE = 100;

/** "Invalid reply token" (spec "Errors": the reply token is invalid: unknown, used or expired). */
export function invalidReplyToken(): ApiError {
  return badRequest('Invalid reply token');
}

/** "Failed to send messages" (spec "Errors": for example a given user ID does not exist). */
export function failedToSend(): ApiError {
  return badRequest('Failed to send messages');
}

/** A message of the answer of push and reply (published `messaging-api.yml` `SentMessage`). */
export interface SentMessage {
  /** The stored message's ID: the one the chat lists and `markAsRead` takes. */
  id: string;
  /** Present for the kinds a person can quote (text, image, video, sticker). */
  quoteToken?: string;
}

/** The answer of push and reply (published `PushMessageResponse`, `ReplyMessageResponse`): one entry per message, in order. */
export interface SentMessages {
  sentMessages: SentMessage[];
}

const NO_CLAIM: Claim = async () => undefined;

/**
 * Message kinds a person can quote; only their sent messages carry a quote token (published
 * `SentMessage.quoteToken`: "only included when a message object that can be specified as a quote
 * target was sent"; `webhook.yml` gives quote tokens to text, image, video and sticker messages).
 */
const QUOTABLE = new Set(['text', 'textV2', 'image', 'video', 'sticker']);

/** The detail of a `quoteToken` that names no standing message of the chat the message goes to. */
export const INVALID_QUOTE_TOKEN = 'The quote token is invalid: it names no message of this chat (or the message was unsent)';

/** Group member profile (spec part B): no status message. */
export interface MemberProfile {
  displayName: string;
  userId: string;
  pictureUrl?: string;
}

/** A message-sending request as the insight records know it (insight/): its request ID, kind and custom aggregation unit. */
export interface SendTrace {
  /** The `<prefix>Request-Id` answered to the request. */
  requestId: string;
  kind: 'push' | 'multicast' | 'broadcast' | 'narrowcast';
  unit?: string;
}

/** Records what a request sent, for the insight figures (implemented in insight/). */
export interface SendRecorder {
  /** Refuses a request before anything is sent. @throws ApiError 400 when its unit is over the channel's monthly limit */
  admit(channelId: string, trace: SendTrace): Promise<void>;
  /** The request was accepted (called once, before its messages are stored). */
  request(channelId: string, trace: SendTrace): Promise<void>;
  /** The request's messages were stored in a chat, in order. */
  delivered(channelId: string, trace: SendTrace, chatId: string, messageIds: readonly number[]): Promise<void>;
}

export interface BotMessagingDeps {
  world: WorldStore;
  botsInChats: BotsInChatsStore;
  messages: MessageStore;
  replyTokens: ReplyTokenStore;
  contents: ContentStore;
  events: BotEventService;
  limits: RateLimiter;
  live: LiveHub;
  clock: Clock;
  baseUrl: () => string;
  /** Records traced requests for the insight figures. */
  recorder?: SendRecorder;
  /** Checks the coupons of coupon messages and gives the messages to store (coupons/). */
  coupons?: CouponResolver;
}

/**
 * Resolves the coupon messages of a send (published `CouponMessage`), before anything is sent.
 * @returns the messages to store, each coupon message with its coupon's card
 * @throws ApiError 400 with a detail at `messages[i].couponId` for a coupon the channel cannot send
 */
export interface CouponResolver {
  resolveMessages(channelId: string, messages: readonly unknown[]): Promise<unknown[]>;
}

/** The custom aggregation unit of a checked push or multicast body, if any. */
const unitOf = (body: PushBody | MulticastBody): string | undefined => body.customAggregationUnits?.[0];

/**
 * Where a bot's message goes: the chat, when the receiver hears the bot now; and the chat whose
 * messages it may quote (the same chat, also while a user has blocked the bot).
 */
interface Target {
  chatId: string | null;
  quoteChatId: string | null;
}

export class BotMessagingService {
  constructor(private readonly d: BotMessagingDeps) {}

  /** The channel of an authenticated token (it exists: tokens are issued for scenario channels). */
  async channel(channelId: string): Promise<ChannelRow> {
    const c = await this.d.world.channel(channelId);
    if (!c) throw accessDenied();
    return c;
  }

  /**
   * Reply: sends 1 to 5 messages with a reply token from a webhook event into the chat of that
   * event. A token works once, within its life, for the channel it was issued to. Replies count no
   * recipients (the platform did not count replies). A text or sticker message may quote a
   * message of that chat (`quoteToken`); the token is spent only once every check passed.
   * @returns the sent messages (published `ReplyMessageResponse`)
   * @param body checked at the door (`checkReplyBody`)
   * @throws ApiError 400 "The request body has X error(s)" (a `quoteToken` of another chat is one)
   *   or "Invalid reply token".
   */
  async reply(channelId: string, body: ReplyBody): Promise<SentMessages> {
    const { replyToken, messages } = body;
    const hash = hashToken(replyToken);
    const now = this.d.clock.now();
    const usable = await this.d.replyTokens.usable(hash, channelId, now);
    if (!usable) throw invalidReplyToken();
    const bodies = await this.withCoupons(channelId, await this.withQuotes(usable.chat_id, messages));
    const token = await this.d.replyTokens.use(hash, channelId, now);
    if (!token) throw invalidReplyToken();
    const chat = await this.d.world.chat(token.chat_id);
    const target = chat ? await this.targetOfChat(channelId, chat) : { chatId: null, quoteChatId: null };
    return this.deliver(channelId, target, bodies);
  }

  /**
   * Push: sends 1 to 5 messages to a user (into the user's 1:1 chat with the bot), a group or a
   * room. A user who blocked or never added the bot gets nothing, and the call still succeeds. A
   * text or sticker message may quote a message of the chat it goes to (`quoteToken`).
   * @param claim called once every check passed, before the recipients are counted and anything is sent
   * @returns the sent messages (published `PushMessageResponse`; for a receiver who does not hear
   *   the bot, IDs of messages nobody sees)
   * @param body checked at the door (`checkPushBody`)
   * @throws ApiError 400 a `quoteToken` naming no message of that chat, or
   *   "Failed to send messages" for an unknown id or a group or room the bot is not in; 429 when the
   *   bot's recipients of this minute are used up; what `claim` throws.
   */
  async push(channel: ChannelRow, body: PushBody, claim: Claim = NO_CLAIM, requestId?: string): Promise<SentMessages> {
    const { to, messages } = body;
    let target: Target;
    let recipients = 1;
    if (USER_ID.test(to)) {
      if (!(await this.d.world.user(to))) throw failedToSend();
      target = await this.targetOfUser(channel.channel_id, to);
    } else {
      const chat = await this.d.world.chat(to);
      if (!chat || chat.type === 'utou') throw failedToSend();
      const inChat = await this.d.botsInChats.botInChat(chat.chat_id, channel.channel_id);
      if (!inChat) throw failedToSend();
      target = { chatId: chat.chat_id, quoteChatId: chat.chat_id };
      recipients = chat.memberIds.length;
    }
    const bodies = await this.withCoupons(channel.channel_id, await this.withQuotes(target.quoteChatId, messages));
    const trace = await this.admit(channel.channel_id, requestId, 'push', unitOf(body));
    await claim();
    await this.d.limits.recipients(channel.channel_id, channel.plan, recipients);
    await this.traced(channel.channel_id, trace);
    return this.deliver(channel.channel_id, target, bodies, trace);
  }

  /**
   * Multicast: the same 1 to 5 messages (no flex) to at most 150 users, each into their 1:1 chat
   * with the bot. Groups and rooms cannot be targeted. Users who blocked or never added the bot get
   * nothing.
   * @param claim called once every check passed, before the recipients are counted and anything is sent
   * @param body checked at the door (`checkMulticastBody`, `multicastFindings`: no group or room, no `quoteToken`)
   * @throws ApiError "Failed to send messages" when an id is not a user; 429 when the recipients
   *   of this minute are used up; what `claim` throws.
   */
  async multicast(channel: ChannelRow, body: MulticastBody, claim: Claim = NO_CLAIM, requestId?: string): Promise<void> {
    const messages = await this.withCoupons(channel.channel_id, body.messages);
    const ids = [...new Set(body.to)];
    for (const id of ids) if (!USER_ID.test(id) || !(await this.d.world.user(id))) throw failedToSend();
    const trace = await this.admit(channel.channel_id, requestId, 'multicast', unitOf(body));
    await claim();
    await this.d.limits.recipients(channel.channel_id, channel.plan, ids.length);
    await this.traced(channel.channel_id, trace);
    for (const id of ids) await this.deliver(channel.channel_id, await this.targetOfUser(channel.channel_id, id), messages, trace);
  }

  /**
   * Profile of a user who added the bot and has not blocked it.
   * @throws ApiError 404 for an unknown user or one who is not a friend of the bot.
   */
  async profile(channelId: string, userId: string): Promise<Profile> {
    const user = await this.d.world.user(userId);
    if (!user || (await this.d.botsInChats.friendState(channelId, userId)) !== 'friend') throw notFound('Not found');
    return toProfile(user, this.d.baseUrl());
  }

  /**
   * Profile of a member of a group or room the bot is in, whether or not the user added or blocked
   * the bot (spec part B).
   * @throws ApiError 404 when the bot is not in the chat or the user is not a member.
   */
  async memberProfile(channelId: string, chatType: 'group' | 'room', chatId: string, userId: string): Promise<MemberProfile> {
    const chat = await this.joinedChat(channelId, chatType, chatId);
    const user = chat.memberIds.includes(userId) ? await this.d.world.user(userId) : undefined;
    if (!user) throw notFound('Not found');
    const profile: MemberProfile = { displayName: user.display_name, userId: user.user_id };
    if (user.has_picture) profile.pictureUrl = pictureUrl(this.d.baseUrl(), user.user_id);
    return profile;
  }

  /**
   * One page of the member IDs of a group or room: up to 100, ordered by id, users who have not
   * agreed to the official account terms left out; `next` when more remain.
   * @param start the `next` of the previous page
   * @throws ApiError 403 for a channel whose plan is not verified or official; 404 when the bot is
   *   not in the chat; 400 for a `start` that is not a `next` of this chat.
   */
  async memberIds(
    channel: ChannelRow,
    chatType: 'group' | 'room',
    chatId: string,
    start: string | undefined,
  ): Promise<{ memberIds: string[]; next?: string }> {
    if (channel.plan !== 'verified' && channel.plan !== 'official') throw accessDenied();
    const chat = await this.joinedChat(channel.channel_id, chatType, chatId);
    let offset = 0;
    if (start !== undefined) {
      const parsed = parseNext(start, chatId);
      if (parsed === null) throw badRequest('The continuation token in start is invalid');
      offset = parsed;
    }
    const users = new Map((await this.d.world.users()).map((u) => [u.user_id, u]));
    const agreed = chat.memberIds.filter((id) => users.get(id)?.agreed === 1).sort();
    const memberIds = agreed.slice(offset, offset + MEMBER_IDS_PER_PAGE);
    const end = offset + memberIds.length;
    return end < agreed.length ? { memberIds, next: makeNext(chatId, end) } : { memberIds };
  }

  /**
   * The bot leaves a group or room; the bot gets a `leave` event.
   * @throws ApiError 404 when the bot is not in it.
   */
  async leave(channelId: string, chatType: 'group' | 'room', chatId: string): Promise<void> {
    const chat = await this.d.world.chat(chatId);
    if (!chat || chat.type !== chatType) throw notFound('Not found');
    await this.d.events.leave(chat, channelId);
  }

  /**
   * Binary content of an image, video, audio or file message a user sent from the host, for a bot
   * that hears the chat it was sent in (its 1:1 chat, or a group or room it is in).
   * @throws ApiError 404 for an unknown message, one without content here, or another chat.
   */
  async content(channelId: string, messageId: string): Promise<{ contentType: string; data: Buffer; fileName: string | null }> {
    const id = /^[0-9]{1,15}$/.test(messageId) ? Number(messageId) : NaN;
    const row = Number.isSafeInteger(id) ? await this.d.contents.get(id) : undefined;
    if (!row) throw notFound('Not found');
    const chat = await this.d.world.chat(row.chat_id);
    const visible = chat && (chat.bot_channel_id === channelId || (await this.d.botsInChats.botInChat(chat.chat_id, channelId)));
    if (!visible) throw notFound('Not found');
    return { contentType: row.content_type, data: Buffer.from(row.data), fileName: row.file_name };
  }

  /**
   * The messages of a send to store: a coupon message carries its coupon's card (see
   * {@link CouponResolver}); the others as they are.
   * @throws ApiError 400 for a coupon message naming a coupon the channel cannot send now
   */
  async withCoupons(channelId: string, messages: unknown[]): Promise<unknown[]> {
    if (!this.d.coupons || !messages.some((m) => (m as { type?: unknown }).type === 'coupon')) return messages;
    return this.d.coupons.resolveMessages(channelId, messages);
  }

  /**
   * Delivers already checked messages to users, each into their 1:1 chat with the bot when they
   * are friends (broadcast and narrowcast). Counts nothing: the caller counts.
   */
  async sendToUsers(channelId: string, userIds: readonly string[], messages: unknown[], trace?: SendTrace): Promise<void> {
    await this.traced(channelId, trace);
    for (const id of userIds) await this.deliver(channelId, await this.targetOfUser(channelId, id), messages, trace);
  }

  /** The trace of a request that has an ID, once the recorder admitted it. @throws what {@link SendRecorder.admit} throws */
  private async admit(
    channelId: string,
    requestId: string | undefined,
    kind: SendTrace['kind'],
    unit?: string,
  ): Promise<SendTrace | undefined> {
    if (requestId === undefined) return undefined;
    const trace: SendTrace = unit === undefined ? { requestId, kind } : { requestId, kind, unit };
    await this.d.recorder?.admit(channelId, trace);
    return trace;
  }

  /** Records an accepted traced request. */
  private async traced(channelId: string, trace: SendTrace | undefined): Promise<void> {
    if (trace) await this.d.recorder?.request(channelId, trace);
  }

  /** A group or room the bot is in, with its members (summary and counts). @throws ApiError 404. */
  async joined(channelId: string, chatType: 'group' | 'room', chatId: string): Promise<ChatRow> {
    return this.joinedChat(channelId, chatType, chatId);
  }

  /** A group or room the bot is in (a room the bot was added to counts). */
  private async joinedChat(channelId: string, chatType: 'group' | 'room', chatId: string): Promise<ChatRow> {
    const chat = await this.d.world.chat(chatId);
    if (!chat || chat.type !== chatType || !(await this.d.botsInChats.botInChat(chatId, channelId))) throw notFound('Not found');
    return chat;
  }

  /** The user's 1:1 chat with the bot while the user is a friend of it (its messages can be quoted whenever it exists). */
  private async targetOfUser(channelId: string, userId: string): Promise<Target> {
    const chatId = (await this.d.botsInChats.botChatId(channelId, userId)) ?? null;
    const friend = (await this.d.botsInChats.friendState(channelId, userId)) === 'friend';
    return { chatId: friend ? chatId : null, quoteChatId: chatId };
  }

  /** A chat the bot may still post into: its 1:1 chat with a friend, or a group or room it is in. */
  private async targetOfChat(channelId: string, chat: ChatRow): Promise<Target> {
    if (chat.type === 'utou') {
      const userId = chat.memberIds[0];
      const ok = chat.bot_channel_id === channelId && userId && (await this.d.botsInChats.friendState(channelId, userId)) === 'friend';
      return { chatId: ok ? chat.chat_id : null, quoteChatId: chat.chat_id };
    }
    const joined = (await this.d.botsInChats.botInChat(chat.chat_id, channelId)) ? chat.chat_id : null;
    return { chatId: joined, quoteChatId: joined };
  }

  /**
   * The message bodies to store: a message with a `quoteToken` is stored with `quotedMessageId`
   * (the quoted message's ID, a string) in its place.
   * @throws ApiError 400 with a detail at `messages[i].quoteToken` for every token that names no
   *   standing message of `chatId` (another chat's, an unsent message's, or made up)
   */
  private async withQuotes(chatId: string | null, messages: unknown[]): Promise<unknown[]> {
    // The common send quotes nothing: its messages as they came, without a promise per message.
    if (messages.every((m) => (m as { quoteToken?: unknown }).quoteToken === undefined)) return messages;
    const details: ErrorDetail[] = [];
    const bodies = await Promise.all(
      messages.map(async (m, i) => {
        const { quoteToken, ...rest } = m as { quoteToken?: unknown };
        if (quoteToken === undefined) return m;
        const quoted = chatId && typeof quoteToken === 'string' ? await this.d.messages.byQuoteToken(chatId, quoteToken) : undefined;
        if (!quoted) details.push({ message: INVALID_QUOTE_TOKEN, property: `messages[${i}].quoteToken` });
        return { ...rest, quotedMessageId: String(quoted?.id) };
      }),
    );
    if (details.length) throw invalidBody(details);
    return bodies;
  }

  /**
   * Stores the bot's messages in the target chat (none when the receiver does not hear the bot).
   * @returns each message's ID and, for a kind a person can quote, its quote token; for a receiver
   *   who does not hear the bot, random IDs far above the stored ones that name no message (the
   *   platform answers a push to a user who blocked the bot the same way as any other)
   */
  private async deliver(channelId: string, target: Target, messages: unknown[], trace?: SendTrace): Promise<SentMessages> {
    const types = messages.map((m) => String((m as { type?: unknown }).type));
    const sent = (id: string, quoteToken: string, i: number): SentMessage => (QUOTABLE.has(types[i]!) ? { id, quoteToken } : { id });
    if (!target.chatId) return { sentMessages: types.map((_, i) => sent(String(randomInt(2 ** 47, 2 ** 48)), newQuoteToken(), i)) };
    const now = this.d.clock.now();
    const chatId = target.chatId;
    const refs = await this.d.messages.insertAllRefs(
      messages.map((m) => ({ chatId, senderType: 'bot' as const, senderId: channelId, body: m, createdAt: now })),
    );
    if (trace)
      await this.d.recorder?.delivered(
        channelId,
        trace,
        chatId,
        refs.map((r) => Number(r.id)),
      );
    this.d.live.publish({ type: 'chat', chatId });
    return { sentMessages: refs.map((r, i) => sent(String(r.id), r.quoteToken, i)) };
  }
}

/** `next` token of member ids: opaque to the bot, bound to the chat. */
function makeNext(chatId: string, offset: number): string {
  return Buffer.from(`${chatId}:${offset}`).toString('base64url');
}

function parseNext(token: string, chatId: string): number | null {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const m = /^(.+):([0-9]{1,9})$/.exec(text);
  return m && m[1] === chatId ? Number(m[2]) : null;
}
