/**
 * Module channels (published `module.yml`: detachModule, acquireChatControl, releaseChatControl,
 * getModules; `module-attach.yml`: attachModule; `webhook.yml`: the module, activated, deactivated,
 * botSuspended and botResumed events) and what the host does as a bot's admin (authorize an
 * attachment, detach, hand a chat over, suspend). Times on the simulated clock. Choices:
 * docs/platform/module-channels.md.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../clock/clock.js';
import type { Static } from '@sinclair/typebox';
import { type ApiError, accessDenied, badRequest, noChannel, noChat, notFound, oauthError } from '../../../http/errors.js';
import type { AuthorizeModuleBody, BotSuspensionBody, ChatControlBody, DetachModuleBody } from '#contract/requests.js';
import type { LiveHub } from '../../../live/hub.js';
import { hashToken } from '../../../tokens/secrets.js';
import { draftOf, type DraftEvent, type EventSource } from '#contract/event-types.js';
import type { WebhookEmitter } from '../../../webhooks/emitter.js';
import { botUserId } from '../../../world/bot-user-id.js';
import type { BotsInChatsStore } from '../../../world/bots-in-chats-store.js';
import type { ChannelRow, WorldStore } from '../../../world/world-store.js';
import type { ChatControlState, ModuleChannels } from '#contract/wire.js';
import { botInfo } from '../account/service.js';
import {
  controlExpiry,
  DEFAULT_MODULE_SCOPES,
  hasExpired,
  MODULE_CODE_LIFE_MS,
  modulesPageOf,
  nextOf,
  scopesOf,
  type AcquireChatControlBody,
  type AttachModuleForm,
  type ControlRow,
  type BotDetachBody,
  type GetModulesQuery,
} from './rules.js';
import type { ModuleStore } from './store.js';

/** `expireAt` of an `activated` event for a control without a time limit (`expired: false`). */
export const NO_EXPIRY = -1;

/** A bot of `getModules` (published `ModuleBot`). */
export interface ModuleBot {
  userId: string;
  basicId: string;
  displayName: string;
}

/** The form of `attachModule` (published `module-attach.yml`), checked at the door ({@link AttachModuleForm}). */
export type AttachForm = Static<typeof AttachModuleForm>;

/** 403 for a call only a module channel attached to the chat's bot may make. */
const notAttachedToChat = (chatId: string): ApiError => accessDenied(`The module channel is not attached to the bot of chat ${chatId}`);

export class ModuleService {
  constructor(
    private readonly d: {
      store: ModuleStore;
      world: WorldStore;
      botsInChats: BotsInChatsStore;
      emitter: WebhookEmitter;
      live: LiveHub;
      clock: Clock;
    },
  ) {}

  // ---- The module channel's calls -----------------------------------------------------------

  /**
   * `attachModule` (`POST /module/auth/v1/token`): exchanges an authorization code the bot's admin
   * issued (simulator route `authorizeModule`) for the attachment; the module channel authenticates
   * with HTTP Basic (channel ID and secret) or `client_id` / `client_secret`. The module channel's
   * webhook gets `module: {type: "attached"}`.
   * @returns `AttachModuleResponse`: `{bot_id, scopes}`
   * @throws ApiError 400 `{error, error_description}`: `unsupported_grant_type`, `invalid_client`
   *   (no client given, unknown channel, wrong secret, not a
   *   module channel), `invalid_grant` (unknown, used or expired code, another channel's code,
   *   another redirect_uri)
   */
  async attach(authorization: string | undefined, form: AttachForm): Promise<{ bot_id: string; scopes: string[] }> {
    if (form.grant_type !== 'authorization_code') throw oauthError('unsupported_grant_type', 'grant_type must be authorization_code');
    const module = await this.client(authorization, form.client_id || undefined, form.client_secret || undefined);
    const now = this.d.clock.now();
    await this.d.store.deleteExpiredCodes(now);
    const code = await this.d.store.takeCode(hashToken(form.code));
    if (!code || code.expires_at <= now || code.module_channel_id !== module.channel_id)
      throw oauthError('invalid_grant', 'invalid authorization code');
    if (code.redirect_uri !== form.redirect_uri) throw oauthError('invalid_grant', 'redirect_uri does not match');
    const scopes = scopesOf(code.scopes);
    await this.d.store.attach({
      module_channel_id: module.channel_id,
      bot_channel_id: code.bot_channel_id,
      scopes: code.scopes,
      attached_at: now,
    });
    const botId = botUserId(code.bot_channel_id);
    await this.toModule(module.channel_id, code.bot_channel_id, [draftOf('module', null, { type: 'attached', botId, scopes })]);
    this.d.live.publish({ type: 'bots', channelId: code.bot_channel_id });
    return { bot_id: botId, scopes };
  }

  /**
   * `detachModule` (`POST /v2/bot/channel/detach`, body `{botId}`): the module channel leaves the
   * bot; the chats it held go back to the bot. No event: the module asked for it.
   * @param body checked at the door ({@link BotDetachBody})
   * @throws ApiError 403 when the caller is not a module channel, 404 when the module channel is not
   *   attached to that bot (a second detach)
   */
  async detach(caller: ChannelRow, { botId }: Static<typeof BotDetachBody>): Promise<void> {
    await this.requireModule(caller);
    const attached = (await this.d.store.attachmentsOf(caller.channel_id)).find((a) => botUserId(a.bot_channel_id) === botId);
    if (!attached || !(await this.d.store.detach(caller.channel_id, attached.bot_channel_id)))
      throw notFound(`The module channel is not attached to bot ${botId}`);
    this.d.live.publish({ type: 'bots', channelId: attached.bot_channel_id });
  }

  /**
   * `acquireChatControl` (`POST /v2/bot/chat/{chatId}/control/acquire`): a module channel attached
   * to the chat's bot takes the chat (the holder before gets `deactivated`, the module `activated`
   * with `chatControl.expireAt`); acquiring a chat it holds again starts its TTL again, no event.
   * Called by the bot itself, it takes its chat back from the module holding it.
   * @param chatId the `userId`, `groupId` or `roomId`
   * @param body checked at the door ({@link AcquireChatControlBody})
   * @throws ApiError 403 when the module channel is not attached to the chat's bot, 404 for a chat
   *   of none of its bots
   */
  async acquire(caller: ChannelRow, chatId: string, body: Static<typeof AcquireChatControlBody>): Promise<void> {
    const now = this.d.clock.now();
    if (await this.tookBack(caller, chatId)) return;
    const { botChannelId, chat } = await this.moduleChat(caller, chatId);
    await this.giveTo(botChannelId, chat, caller.channel_id, controlExpiry(body, now));
  }

  /**
   * `releaseChatControl` (`POST /v2/bot/chat/{chatId}/control/release`): the module channel holding
   * the chat hands it back to the bot and gets `deactivated`. Releasing a chat it does not hold
   * changes nothing (200).
   * @throws ApiError 403 / 404 as {@link acquire}
   */
  async releaseChat(caller: ChannelRow, chatId: string): Promise<void> {
    if (await this.tookBack(caller, chatId)) return;
    const { botChannelId, chat } = await this.moduleChat(caller, chatId);
    await this.release(chat, botChannelId, caller.channel_id);
  }

  /**
   * A bot's own call of acquire or release: it takes its chat back from the module holding it.
   * @returns false when the caller is a module channel (its call goes on)
   * @throws ApiError 404 for a chat the bot is not in
   */
  private async tookBack(caller: ChannelRow, chatId: string): Promise<boolean> {
    if (await this.d.store.isModule(caller.channel_id)) return false;
    const own = await this.botChat(caller.channel_id, chatId);
    if (!own) throw noChat(chatId);
    await this.release(own.chatId, caller.channel_id, null);
    return true;
  }

  /**
   * `getModules` (`GET /v2/bot/list`): the bots the module channel is attached to, oldest
   * attachment first, `limit` (default and most 100) from `start`.
   * @param query checked at the door ({@link GetModulesQuery})
   * @returns `GetModulesResponse`: `{bots, next?}`
   * @throws ApiError 403 when the caller is not a module channel
   */
  async list(caller: ChannelRow, query: Static<typeof GetModulesQuery>): Promise<{ bots: ModuleBot[]; next?: string }> {
    await this.requireModule(caller);
    const page = modulesPageOf(query);
    const all = await this.d.store.attachmentsOf(caller.channel_id);
    const bots: ModuleBot[] = [];
    for (const a of all.slice(page.offset, page.offset + page.limit)) {
      const bot = await this.d.world.channel(a.bot_channel_id);
      if (!bot) continue;
      const info = botInfo(bot);
      bots.push({ userId: info.userId, basicId: info.basicId, displayName: info.displayName });
    }
    const next = nextOf(page.offset + page.limit, all.length);
    return next ? { bots, next } : { bots };
  }

  // ---- Routing ------------------------------------------------------------------------------

  /**
   * The module channel holding a bot's chat, or null when the bot holds it (the emitter's lookup).
   * A control whose TTL ran out is ended here, and its module gets `deactivated`.
   * @param chatId the chat's ID in the world
   */
  async holder(botChannelId: string, chatId: string): Promise<string | null> {
    const row = await this.d.store.control(botChannelId, chatId);
    if (!row) return null;
    if (!hasExpired(row, this.d.clock.now())) return row.module_channel_id;
    if (await this.d.store.endControl(botChannelId, chatId, row.module_channel_id, row.expires_at)) {
      await this.toModule(row.module_channel_id, botChannelId, [draftOf('deactivated', await this.sourceOfChat(chatId))], chatId);
      this.d.live.publish({ type: 'bots', channelId: botChannelId });
    }
    return null;
  }

  // ---- The host (the bot's admin) -----------------------------------------------------------

  /** The module channels with their bots, and the suspended bots (simulator route `moduleChannels`). */
  async overview(): Promise<ModuleChannels> {
    const [modules, attachments, suspendedBots] = await Promise.all([
      this.d.store.modules(),
      this.d.store.attachments(),
      this.d.store.suspended(),
    ]);
    const out: ModuleChannels['modules'] = [];
    for (const id of modules) {
      const channel = await this.d.world.channel(id);
      out.push({
        channelId: id,
        name: channel?.name ?? id,
        bots: attachments
          .filter((a) => a.module_channel_id === id)
          .map((a) => ({ channelId: a.bot_channel_id, scopes: scopesOf(a.scopes), attachedAt: a.attached_at })),
      });
    }
    return { modules: out, suspendedBots };
  }

  /**
   * The bot's admin authorizes a module channel's attachment (simulator route `authorizeModule`):
   * a one-use authorization code for `attachModule`, valid 10 minutes.
   * @throws ApiError 404 for an unknown channel, 400 when the module is not a module channel or the
   *   bot is one
   */
  async authorize(moduleChannelId: string, body: AuthorizeModuleBody): Promise<{ code: string; expiresAt: number }> {
    await this.channel(moduleChannelId);
    await this.channel(body.botChannelId);
    if (!(await this.d.store.isModule(moduleChannelId))) throw badRequest(`Channel ${moduleChannelId} is not a module channel`);
    if (await this.d.store.isModule(body.botChannelId)) throw badRequest(`Channel ${body.botChannelId} is a module channel, not a bot`);
    const now = this.d.clock.now();
    const code = randomBytes(16).toString('hex');
    const expiresAt = now + MODULE_CODE_LIFE_MS;
    await this.d.store.insertCode({
      code_hash: hashToken(code),
      module_channel_id: moduleChannelId,
      bot_channel_id: body.botChannelId,
      scopes: (body.scopes ?? DEFAULT_MODULE_SCOPES).join(' '),
      redirect_uri: body.redirectUri,
      expires_at: expiresAt,
    });
    return { code, expiresAt };
  }

  /**
   * The bot's side detaches a module channel (simulator route `detachModuleFromBot`): the module
   * gets `module: {type: "detached", reason: "bot_deleted"}` (the one reason `webhook.yml` lists).
   * @returns `{detached}`: false when it was not attached
   */
  async detachByBot(moduleChannelId: string, { botChannelId }: DetachModuleBody): Promise<{ detached: boolean }> {
    await this.channel(moduleChannelId);
    await this.channel(botChannelId);
    const detached = await this.d.store.detach(moduleChannelId, botChannelId);
    if (detached) {
      const botId = botUserId(botChannelId);
      await this.toModule(moduleChannelId, botChannelId, [draftOf('module', null, { type: 'detached', botId, reason: 'bot_deleted' })]);
      this.d.live.publish({ type: 'bots', channelId: botChannelId });
    }
    return { detached };
  }

  /** Who holds a bot's chat (simulator route `chatControl`). */
  async controlOf(botChannelId: string, chatId: string): Promise<ChatControlState> {
    await this.channel(botChannelId);
    if (!(await this.d.world.chat(chatId))) throw noChat(chatId);
    const holder = await this.holder(botChannelId, chatId);
    const row = holder ? await this.d.store.control(botChannelId, chatId) : undefined;
    return { moduleChannelId: row?.module_channel_id ?? null, expireAt: row?.expires_at ?? null };
  }

  /**
   * Hands a bot's chat to an attached module channel or back to the bot (simulator route
   * `setChatControl`), with the events of an acquire or a release.
   * @throws ApiError 404 unknown channel or chat, 400 for a module channel not attached to the bot
   */
  async setControl(botChannelId: string, chatId: string, body: ChatControlBody): Promise<ChatControlState> {
    await this.channel(botChannelId);
    if (!(await this.d.world.chat(chatId))) throw noChat(chatId);
    if (body.moduleChannelId === null) await this.release(chatId, botChannelId, null);
    else {
      if (!(await this.d.store.attachment(body.moduleChannelId, botChannelId)))
        throw badRequest(`Module channel ${body.moduleChannelId} is not attached to bot ${botChannelId}`);
      // The simulator's door checked `ttl` (ChatControlBodySchema).
      await this.giveTo(botChannelId, chatId, body.moduleChannelId, controlExpiry(body, this.d.clock.now()));
    }
    return this.controlOf(botChannelId, chatId);
  }

  /**
   * Suspends or resumes a bot (simulator route `setBotSuspended`): each module channel attached to
   * it gets `botSuspended` / `botResumed` when its state changes.
   */
  async setSuspended(botChannelId: string, { suspended }: BotSuspensionBody): Promise<{ suspended: boolean }> {
    await this.channel(botChannelId);
    if (await this.d.store.setSuspended(botChannelId, suspended, this.d.clock.now())) {
      for (const a of await this.d.store.modulesOf(botChannelId))
        await this.toModule(a.module_channel_id, botChannelId, [draftOf(suspended ? 'botSuspended' : 'botResumed', null)]);
      this.d.live.publish({ type: 'bots', channelId: botChannelId });
    }
    return { suspended };
  }

  // ---- Inside -------------------------------------------------------------------------------

  /** Gives a bot's chat to a module channel: `deactivated` to the holder before, `activated` to it. */
  private async giveTo(botChannelId: string, chatId: string, moduleChannelId: string, expiresAt: number | null): Promise<void> {
    const now = this.d.clock.now();
    await this.d.emitter.inChatOrder(chatId, async () => {
      const before = await this.d.store.putControl({
        bot_channel_id: botChannelId,
        chat_id: chatId,
        module_channel_id: moduleChannelId,
        acquired_at: now,
        expires_at: expiresAt,
      });
      if (before?.module_channel_id === moduleChannelId && !hasExpired(before, now)) return;
      const source = await this.sourceOfChat(chatId);
      if (before) await this.toModule(before.module_channel_id, botChannelId, [draftOf('deactivated', source)], chatId);
      await this.toModule(moduleChannelId, botChannelId, [draftOf('activated', source, expiresAt ?? NO_EXPIRY)], chatId);
    });
    this.d.live.publish({ type: 'bots', channelId: botChannelId });
  }

  /**
   * Hands a bot's chat back to the bot; the module that held it gets `deactivated`.
   * @param onlyModule end it only when this module channel holds it (null: whoever does)
   */
  private async release(chatId: string, botChannelId: string, onlyModule: string | null): Promise<void> {
    await this.d.emitter.inChatOrder(chatId, async () => {
      const row: ControlRow | undefined = await this.d.store.control(botChannelId, chatId);
      if (!row || (onlyModule !== null && row.module_channel_id !== onlyModule)) return;
      if (await this.d.store.endControl(botChannelId, chatId, row.module_channel_id, row.expires_at))
        await this.toModule(row.module_channel_id, botChannelId, [draftOf('deactivated', await this.sourceOfChat(chatId))], chatId);
    });
    this.d.live.publish({ type: 'bots', channelId: botChannelId });
  }

  /** Stores events of a bot for a module channel, in the order of the chat (or of the module's own events). */
  private async toModule(moduleChannelId: string, botChannelId: string, drafts: DraftEvent[], chatId?: string): Promise<void> {
    await this.d.emitter.emitToModule(moduleChannelId, botChannelId, chatId ?? `module:${moduleChannelId}`, drafts);
  }

  /** The `source` of a chat's control events: the user of a 1:1 chat, else the group or room. */
  private async sourceOfChat(chatId: string): Promise<EventSource> {
    const chat = await this.d.world.chat(chatId);
    if (chat?.type === 'group') return { type: 'group', groupId: chatId };
    if (chat?.type === 'room') return { type: 'room', roomId: chatId };
    return { type: 'user', userId: chat?.memberIds[0] ?? chatId };
  }

  /**
   * The chat a module channel names (a user ID: that user's 1:1 chat with one of its bots; else a
   * group or room one of its bots is in) and the bot.
   * @throws ApiError 403 when the chat is in the world but none of its bots is the module's, 404 else
   */
  private async moduleChat(module: ChannelRow, apiChatId: string): Promise<{ botChannelId: string; chat: string }> {
    for (const a of await this.d.store.attachmentsOf(module.channel_id)) {
      const own = await this.botChat(a.bot_channel_id, apiChatId);
      if (own) return { botChannelId: a.bot_channel_id, chat: own.chatId };
    }
    const known = apiChatId.startsWith('U') ? await this.d.world.user(apiChatId) : await this.d.world.chat(apiChatId);
    throw known ? notAttachedToChat(apiChatId) : noChat(apiChatId);
  }

  /** A bot's chat by its API ID (a user's 1:1 chat with it, or a group or room it is in), or undefined. */
  private async botChat(botChannelId: string, apiChatId: string): Promise<{ chatId: string } | undefined> {
    if (apiChatId.startsWith('U')) {
      const chatId = await this.d.botsInChats.botChatId(botChannelId, apiChatId);
      return chatId ? { chatId } : undefined;
    }
    const chat = await this.d.world.chat(apiChatId);
    if (!chat || chat.type === 'utou') return undefined;
    if (chat.bot_channel_id === botChannelId) return { chatId: chat.chat_id };
    const m = await this.d.botsInChats.botInChat(chat.chat_id, botChannelId);
    return m?.state === 'joined' ? { chatId: chat.chat_id } : undefined;
  }

  /** @throws ApiError 403 when the channel is not a module channel (the platform's text for an API not open to it) */
  private async requireModule(channel: ChannelRow): Promise<void> {
    if (!(await this.d.store.isModule(channel.channel_id))) throw accessDenied();
  }

  /** @throws ApiError 404 `No channel <id>` */
  private async channel(channelId: string): Promise<ChannelRow> {
    const c = await this.d.world.channel(channelId);
    if (!c) throw noChannel(channelId);
    return c;
  }

  /**
   * The module channel of an `attachModule` call: HTTP Basic `channelId:secret`, else the form's
   * `client_id` / `client_secret`.
   * @throws ApiError 400 `invalid_client`
   */
  private async client(authorization: string | undefined, clientId?: string, clientSecret?: string): Promise<ChannelRow> {
    let id = clientId;
    let secret = clientSecret;
    const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon > 0) [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    }
    if (!id || !secret) throw oauthError('invalid_client', 'client authentication is required');
    const channel = await this.d.world.channel(id);
    if (!channel || channel.secret !== secret) throw oauthError('invalid_client', 'invalid client_id or client_secret');
    if (!(await this.d.store.isModule(id))) throw oauthError('invalid_client', 'the channel is not a module channel');
    return channel;
  }
}
