/**
 * The rules of the enterprise and trial bot interfaces (spec parts E and F) on the shared
 * world: who a v1 bot is (its credentials), what it sends (Post Event into the host's chats), what
 * it reads (profiles, content), the enterprise calls (leave, the friend-list call) and the
 * simulator's settings (block operations, link templates).
 */
import { simulatorPath } from '#contract/simulator-api.js';
import type { ChannelV1 } from '#contract/wire.js';
import type { Clock } from '../../clock/clock.js';
import { V1_ERRORS, noChannel, notFound, type ApiError, v1Error } from '../../http/errors.js';
import type { PlatformHeaders } from '../../http/platform-headers.js';
import type { BotsInChatsStore } from '../../world/bots-in-chats-store.js';
import type { ChannelLoginStore } from '../../world/channel-login-store.js';
import type { ChannelTokenStore } from '../../tokens/channel-token-store.js';
import type { ContentStore } from '../../messages/content-store.js';
import type { MessageStore } from '../../messages/message-store.js';
import type { UserTokenRow } from '../../tokens/user-token-store.js';
import type { V1BotStore } from './store.js';
import type { ChannelRow, WorldStore } from '../../world/world-store.js';
import type { BotEventService } from '../bot/index.js';
import type { FriendshipService } from '../social/index.js';
import type { LiveHub } from '../../live/hub.js';
import { pictureUrl } from '../../world/profiles.js';
import { hashToken } from '../../tokens/secrets.js';
import { jpegThumbnail } from '../../messages/thumbnail.js';
import { isObject, invalidField } from './fields.js';
import { checkLinkTemplate, linkMessageBody, type LinkTemplate } from './link-message.js';
import { checkPostEvent, type V1Interface } from './post-event.js';
import type { PostEventBody } from './rules.js';

/** The answer of a Post Event (the platform's SDK fixtures): `failed` lists MIDs that got nothing. */
export interface PostEventResult {
  failed: string[];
  /** Digits. */
  messageId: string;
  /** ms since 1970. */
  timestamp: number;
  version: 1;
}

/** One profile of `GET /v1/profiles` (spec "Profile list response"). */
export interface V1Contact {
  displayName: string;
  mid: string;
  pictureUrl: string;
  statusMessage?: string;
}

/** The trial interface's three headers. */
export interface TrialHeaders {
  channelId?: string | undefined;
  secret?: string | undefined;
  mid?: string | undefined;
}

/** The permission the friend-list call needs, on the channel and in the user's token. */
export const ADD_FRIEND_PERMISSION = 'ADD_OWN_OFFICIAL_ACCOUNTS';

export interface V1BotDeps {
  world: WorldStore;
  botsInChats: BotsInChatsStore;
  messages: MessageStore;
  contents: ContentStore;
  store: V1BotStore;
  channelTokens: ChannelTokenStore;
  /** The v1 social service: its user token rules serve the friend-list call. */
  v1Tokens: { usable(h: { channelToken?: string | undefined }): Promise<UserTokenRow> };
  logins: ChannelLoginStore;
  events: BotEventService;
  friendships: FriendshipService;
  live: LiveHub;
  clock: Clock;
  baseUrl: () => string;
  /** The kit's header names: the trial interface's errors name its headers as the bot must send them. */
  headers: PlatformHeaders;
}

/** A v1 channel: an enterprise or trial channel with its MID. */
export type V1Channel = ChannelRow & { channel_mid: string };

/** The interface error of a call with the wrong kind of channel. */
function wrongInterface(channel: ChannelRow, iface: V1Interface): ApiError {
  return v1Error(
    403,
    '403',
    `channel ${channel.channel_id} uses the ${channel.bot_interface} bot interface, not the ${iface} one: use a channel whose bot interface is ${iface}`,
  );
}

export class V1BotService {
  private seq = 0;

  constructor(private readonly d: V1BotDeps) {}

  /**
   * The enterprise channel of `<prefix>ChannelToken: <channel access token>` (spec "Authentication", D).
   * @throws ApiError 401 `401`/`authentication scheme not found.` (no header), `401`/`invalid token`
   *   (never issued), `412`/`accessToken expired`; 403 `418`/`CHANNEL_INACTIVE`; 403 `403` for a
   *   channel of another bot interface
   */
  async enterprise(token: string | undefined): Promise<V1Channel> {
    const t = token?.trim();
    if (!t) throw V1_ERRORS.noScheme();
    const row = await this.d.channelTokens.find(hashToken(t));
    if (!row) throw V1_ERRORS.invalidToken();
    if (row.expires_at <= this.d.clock.now()) throw V1_ERRORS.expired();
    const channel = await this.d.world.channel(row.channel_id);
    if (!channel) throw V1_ERRORS.invalidToken();
    return this.usable(channel, 'enterprise');
  }

  /**
   * The trial channel of the three headers `<prefix>ChannelID`, `<prefix>ChannelSecret`,
   * `<prefix>Trusted-User-With-ACL` (spec "Authentication", D).
   * @throws ApiError 401 `401` when one is missing or they do not match a channel; 403 `418` for an
   *   inactive channel, `403` for a channel of another bot interface
   */
  async trial(h: TrialHeaders): Promise<V1Channel> {
    const missing = [
      [this.d.headers.channelId, h.channelId],
      [this.d.headers.channelSecret, h.secret],
      [this.d.headers.trustedUser, h.mid],
    ].filter(([, v]) => !v?.trim());
    if (missing.length) throw v1Error(401, '401', `authentication headers not found: ${missing.map(([n]) => n).join(', ')}`);
    const channel = await this.d.world.channel(h.channelId!.trim());
    if (!channel || channel.secret !== h.secret!.trim()) throw v1Error(401, '401', 'invalid channel id or channel secret');
    if (channel.bot_interface === 'trial' && channel.channel_mid !== h.mid!.trim())
      throw v1Error(401, '401', `${this.d.headers.trustedUser} must be the channel MID`);
    return this.usable(channel, 'trial');
  }

  private async usable(channel: ChannelRow, iface: V1Interface): Promise<V1Channel> {
    if (channel.bot_interface !== iface || !channel.channel_mid) throw wrongInterface(channel, iface);
    if (!(await this.d.logins.get(channel.channel_id)).active) throw V1_ERRORS.channelInactive();
    return channel as V1Channel;
  }

  /**
   * Post Event: the message(s) into the chat of every target that hears the bot (a friend's 1:1
   * chat, or a group or room the bot is in); the others are listed in `failed`.
   * @throws ApiError 400 `400` naming a wrong field; 400 `422`/`invalid users` when a MID is not a
   *   user (toType 1), room (2) or group (3) of this world; 400 `400` for an unknown link template
   */
  async postEvent(channel: V1Channel, body: PostEventBody, iface: V1Interface): Promise<PostEventResult> {
    const e = checkPostEvent(body, iface);
    let messages = e.messages;
    if (e.link) {
      const template = await this.d.store.template(channel.channel_id, e.link.templateId);
      if (!template)
        throw invalidField('content.templateId', `channel ${channel.channel_id} has no link message template ${e.link.templateId}`);
      messages = [linkMessageBody(template, e.link.params, e.link.previewUrl, this.iconUrl(channel.channel_id))];
    }
    const targets: { mid: string; chatId: string | null }[] = [];
    for (const mid of e.to) {
      if (e.toType === 1) {
        if (!(await this.d.world.user(mid))) throw v1Error(400, '422', 'invalid users');
        const friend = (await this.d.botsInChats.friendState(channel.channel_id, mid)) === 'friend';
        targets.push({ mid, chatId: friend ? ((await this.d.botsInChats.botChatId(channel.channel_id, mid)) ?? null) : null });
      } else {
        const chat = await this.d.world.chat(mid);
        if (!chat || chat.type !== (e.toType === 2 ? 'room' : 'group')) throw v1Error(400, '422', 'invalid users');
        targets.push({ mid, chatId: (await this.d.botsInChats.botInChat(chat.chat_id, channel.channel_id)) ? chat.chat_id : null });
      }
    }
    const now = this.d.clock.now();
    const failed: string[] = [];
    const rows = targets.flatMap((t) => {
      if (!t.chatId) {
        failed.push(t.mid);
        return [];
      }
      return messages.map((m) => ({
        chatId: t.chatId!,
        senderType: 'bot' as const,
        senderId: channel.channel_id,
        body: m,
        createdAt: now,
      }));
    });
    await this.d.messages.insertAll(rows);
    for (const chatId of new Set(rows.map((r) => r.chatId))) this.d.live.publish({ type: 'chat', chatId });
    this.seq = (this.seq + 1) % 1000;
    return { failed, messageId: `${now}${String(this.seq).padStart(3, '0')}`, timestamp: now, version: 1 };
  }

  /**
   * `GET /v1/profiles`: the profiles of the MIDs the bot knows (friends, and members of chats it is
   * in); others are left out. `start` (1-based) and `display` (default 100) page the result.
   * @param query checked at the door (`rules.ts`: a missing `mids` is the spec's HTTP 500 row,
   *   an empty one or a page out of range `400`/`invalid parameter(s).`)
   */
  async profiles(
    channel: V1Channel,
    query: { mids: string[]; start: number; display: number },
  ): Promise<{ contacts: V1Contact[]; count: number; total: number; start: number; display: number }> {
    const { mids, start, display } = query;
    const known: V1Contact[] = [];
    const chats = await this.d.world.chats();
    for (const mid of mids) {
      const user = await this.d.world.user(mid);
      if (!user) continue;
      const friend = (await this.d.botsInChats.friendState(channel.channel_id, mid)) !== undefined;
      const shared =
        friend ||
        (
          await Promise.all(
            chats
              .filter((c) => c.type !== 'utou' && c.memberIds.includes(mid))
              .map((c) => this.d.botsInChats.botInChat(c.chat_id, channel.channel_id)),
          )
        ).some(Boolean);
      if (!shared) continue;
      known.push({
        displayName: user.display_name,
        mid,
        pictureUrl: user.has_picture ? pictureUrl(this.d.baseUrl(), mid) : '',
        ...(user.status_message ? { statusMessage: user.status_message } : {}),
      });
    }
    const contacts = known.slice(start - 1, start - 1 + display);
    return { contacts, count: contacts.length, total: known.length, start, display };
  }

  /**
   * Binary content of a message a person sent (spec part E: `content.id` of a received message),
   * for a bot that hears the chat it was sent in.
   * @throws ApiError 404 `404` for an unknown id, one without content, or another bot's chat
   */
  async content(channel: V1Channel, messageId: string): Promise<{ contentType: string; data: Buffer; fileName: string }> {
    const id = /^[0-9]{1,15}$/.test(messageId) ? Number(messageId) : NaN;
    const row = Number.isSafeInteger(id) ? await this.d.contents.get(id) : undefined;
    const chat = row ? await this.d.world.chat(row.chat_id) : undefined;
    const visible =
      chat && (chat.bot_channel_id === channel.channel_id || (await this.d.botsInChats.botInChat(chat.chat_id, channel.channel_id)));
    if (!row || !visible) throw v1Error(404, '404', `no content of message ${messageId}`);
    const ext = extensionOf(row.content_type);
    return { contentType: row.content_type, data: Buffer.from(row.data), fileName: row.file_name ?? `${messageId}${ext}` };
  }

  /**
   * A thumbnail of an image message a person sent: JPEG, at most 240x240 px, aspect kept (the
   * spec's preview size of images). Videos have none here: embedkit does not decode video frames.
   * @throws ApiError 404 `404` as {@link content}, and for content that is not a decodable image
   */
  async preview(channel: V1Channel, messageId: string): Promise<{ contentType: string; data: Buffer; fileName: string }> {
    const c = await this.content(channel, messageId);
    if (!c.contentType.startsWith('image/'))
      throw v1Error(404, '404', `no preview of message ${messageId}: only images have one here (embedkit does not decode video frames)`);
    const data = await jpegThumbnail(c.data);
    if (!data) throw v1Error(404, '404', `no preview of message ${messageId}: the image cannot be decoded`);
    return { contentType: 'image/jpeg', data, fileName: `${c.fileName.replace(/\.[^.]*$/, '')}-preview.jpg` };
  }

  /**
   * The bot leaves a group or room (enterprise interface); the chat shows it as it does for the
   * v2 leave call.
   * @throws ApiError 404 `404` when the bot is not in that group or room
   */
  async leave(channel: V1Channel, type: 'group' | 'room', chatId: string): Promise<void> {
    const chat = await this.d.world.chat(chatId);
    if (!chat || chat.type !== type || !(await this.d.botsInChats.botInChat(chatId, channel.channel_id)))
      throw v1Error(404, '404', `the bot is not in ${type} ${chatId}`);
    await this.d.events.leave(chat, channel.channel_id);
  }

  /**
   * `POST /v1/officialaccount/contacts`: the user of the user access token adds the token's
   * channel's bot as a friend (spec part E; the body is not shown: none is needed).
   * @throws ApiError 401 `401`/`412` rows of the token; 403 `418` inactive channel; 403 `427` channel
   *   not approved or lacking the permission; 403 `416` the user has not allowed the permission;
   *   409 `450` the user blocked the account
   */
  async addAsFriend(token: string | undefined): Promise<{ result: 'OK' }> {
    // The same token rules as every v1 call (spec "Errors", v1 table).
    const row = await this.d.v1Tokens.usable({ channelToken: token });
    const channel = await this.d.world.channel(row.channel_id);
    if (!channel) throw V1_ERRORS.invalidToken();
    const id = channel.channel_id;
    if (!channel.add_friend_approved) throw v1Error(403, '427', 'This Channel is not permitted to add a Friend.');
    const channelPermissions = channel.permissions.split(/\s+/).filter(Boolean);
    if (!channelPermissions.includes(ADD_FRIEND_PERMISSION))
      throw v1Error(
        403,
        '427',
        `channel ${id} lacks a required permission: required [${ADD_FRIEND_PERMISSION}], missing [${ADD_FRIEND_PERMISSION}]`,
      );
    if (!row.scope.split(' ').includes(ADD_FRIEND_PERMISSION))
      throw v1Error(403, '416', `the user has not allowed channel ${id} the permissions [${ADD_FRIEND_PERMISSION}]`);
    if ((await this.d.botsInChats.friendState(id, row.user_id)) === 'blocked')
      throw v1Error(409, '450', 'Failed to add the official account to the contact.');
    await this.d.friendships.set(row.user_id, id, { state: 'friend' });
    return { result: 'OK' };
  }

  /** The v1 settings of a channel as the host shows them. @throws ApiError 404 for an unknown channel. */
  async settings(channelId: string): Promise<ChannelV1> {
    const c = await this.d.world.channel(channelId);
    if (!c) throw noChannel(channelId);
    return {
      channelId,
      botInterface: c.bot_interface,
      channelMid: c.channel_mid,
      blockOperations: c.block_operations === 1,
      linkTemplates: await this.d.store.templates(channelId),
    };
  }

  /**
   * Block operations on or off (simulator route `patchChannel` `{blockOperations}`, the host's
   * switch). @returns the channel's login settings and v1 settings together
   * @throws ApiError 404 for an unknown channel
   */
  async setBlockOperations(
    channelId: string,
    on: boolean,
  ): Promise<{ channelId: string; active: boolean; applicationType: string; botLinked: boolean; blockOperations: boolean }> {
    if (!(await this.d.world.channel(channelId))) throw noChannel(channelId);
    await this.d.store.setBlockOperations(channelId, on);
    this.d.live.publish({ type: 'bots', channelId });
    const login = await this.d.logins.get(channelId);
    return { channelId, active: login.active, applicationType: login.applicationType, botLinked: login.botLinked, blockOperations: on };
  }

  /**
   * Adds or replaces a link message template of an enterprise channel.
   * @throws ApiError 400 `{statusCode, statusMessage}` naming a wrong field, or when the channel is
   *   not an enterprise channel; 404 for an unknown channel
   */
  async putTemplate(channelId: string, templateId: string, body: unknown): Promise<LinkTemplate> {
    const c = await this.d.world.channel(channelId);
    if (!c) throw noChannel(channelId);
    if (c.bot_interface !== 'enterprise') throw invalidField('channel', 'link messages exist on the enterprise interface only');
    if (!isObject(body)) throw invalidField('body', 'must be a JSON object');
    const t = { ...body, templateId } as LinkTemplate;
    for (const k of Object.keys(t))
      if (!['templateId', 'text', 'subText', 'linkText', 'previewUrl', 'linkUri', 'aLinkUri', 'iLinkUri'].includes(k))
        throw invalidField(k, 'is not a field of a link message template');
    for (const [k, v] of Object.entries(t)) if (typeof v !== 'string') throw invalidField(k, 'must be a string');
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(templateId)) throw invalidField('templateId', 'must be 1 to 100 letters, digits, "_" or "-"');
    checkLinkTemplate(t);
    await this.d.store.putTemplate(channelId, t);
    return t;
  }

  /** Removes a template. @throws ApiError 404 when there is none. */
  async deleteTemplate(channelId: string, templateId: string): Promise<void> {
    if (!(await this.d.store.deleteTemplate(channelId, templateId)))
      throw notFound(`No link message template ${templateId} in channel ${channelId}`);
  }

  /** Where the channel's icon is served (the link message's last preview fallback). */
  iconUrl(channelId: string): string {
    return this.d.baseUrl() + simulatorPath('channelIcon', { channelId });
  }
}

function extensionOf(contentType: string): string {
  const sub = contentType.split('/')[1]?.split(';')[0] ?? '';
  return { jpeg: '.jpg', png: '.png', gif: '.gif', mp4: '.mp4', 'x-m4a': '.m4a', mp4a: '.m4a', mpeg: '.mp3', webm: '.webm' }[sub] ?? '';
}
