/**
 * The simulator API's `modules` unit: module channels, their attachments and the chat control
 * (docs/platform/module-channels.md), with their schemas.
 * Its handlers: `server/src/interfaces/bot/modules/index.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../../route.js';

/**
 * Module channels in the host (docs/platform/module-channels.md): each module channel with the bots it is
 * attached to (bot channel ID, scopes granted, when in ms), and the suspended bots' channel IDs.
 */
export const ModuleChannelsSchema = Type.Object({
  modules: Type.Array(
    Type.Object({
      channelId: Type.String(),
      name: Type.String(),
      bots: Type.Array(Type.Object({ channelId: Type.String(), scopes: Type.Array(Type.String()), attachedAt: Type.Integer() })),
    }),
  ),
  suspendedBots: Type.Array(Type.String()),
});
export type ModuleChannels = Static<typeof ModuleChannelsSchema>;

/**
 * Who holds a bot's chat (docs/platform/module-channels.md): the module channel with its control until
 * `expireAt` (ms on the simulated clock; null: no time limit), or `moduleChannelId: null` when the
 * bot itself is the active channel.
 */
export const ChatControlStateSchema = Type.Object({
  moduleChannelId: Type.Union([Type.String(), Type.Null()]),
  expireAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type ChatControlState = Static<typeof ChatControlStateSchema>;

/**
 * The bot's admin authorizes a module channel's attachment (docs/platform/module-channels.md): the bot
 * (channel ID), the redirect URI the module's authorization URL named, the scopes granted
 * (default `message:send message:receive`).
 */
export const AuthorizeModuleBodySchema = Type.Object(
  {
    botChannelId: Type.String({ pattern: '^[0-9]{10}$' }),
    redirectUri: Type.String({ minLength: 1, maxLength: 1000 }),
    scopes: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z_]{1,32}(:[a-z_]{1,32})?$' }), { minItems: 1, maxItems: 20 })),
  },
  { additionalProperties: false },
);

/** A body of {@link AuthorizeModuleBodySchema}, as a handler gets it once the door checked it. */
export type AuthorizeModuleBody = Static<typeof AuthorizeModuleBodySchema>;

/** The bot's side detaches a module channel (the module gets `detached`, reason `bot_deleted`). */
export const DetachModuleBodySchema = Type.Object(
  { botChannelId: Type.String({ pattern: '^[0-9]{10}$' }) },
  { additionalProperties: false },
);

/** A body of {@link DetachModuleBodySchema}, as a handler gets it once the door checked it. */
export type DetachModuleBody = Static<typeof DetachModuleBodySchema>;

/**
 * Hands a bot's chat to a module channel attached to it (as its acquire call would: `ttl` seconds,
 * 1 to one year, default 3600; `expired: false` for no time limit), or back to the bot
 * (`moduleChannelId: null`, as a release).
 */
export const ChatControlBodySchema = Type.Object(
  {
    moduleChannelId: Type.Union([Type.String({ pattern: '^[0-9]{10}$' }), Type.Null()]),
    expired: Type.Optional(Type.Boolean()),
    ttl: Type.Optional(Type.Integer({ minimum: 1, maximum: 31_536_000 })),
  },
  { additionalProperties: false },
);

/** A body of {@link ChatControlBodySchema}, as a handler gets it once the door checked it. */
export type ChatControlBody = Static<typeof ChatControlBodySchema>;

/** Suspends or resumes a bot (its module channels get `botSuspended` / `botResumed`). */
export const BotSuspensionBodySchema = Type.Object({ suspended: Type.Boolean() }, { additionalProperties: false });

/** A body of {@link BotSuspensionBodySchema}, as a handler gets it once the door checked it. */
export type BotSuspensionBody = Static<typeof BotSuspensionBodySchema>;

/** The `modules` unit's routes, one slice of `SIMULATOR_API`. */
export const MODULES_ROUTES = defineContract({
  moduleChannels: {
    method: 'GET',
    path: '/modules',
    summary: 'the module channels, the bots each is attached to, and the suspended bots',
    answer: ModuleChannelsSchema,
    unit: 'modules',
  },
  authorizeModule: {
    method: 'POST',
    path: '/modules/:moduleChannelId/authorize',
    summary: 'the bot’s admin authorizes a module channel’s attachment: an authorization code for POST /module/auth/v1/token',
    body: AuthorizeModuleBodySchema,
    answer: Type.Object({ code: Type.String(), expiresAt: Type.Integer() }),
    unit: 'modules',
  },
  detachModuleFromBot: {
    method: 'POST',
    path: '/modules/:moduleChannelId/detach',
    summary: 'the bot’s side detaches a module channel: module event `detached` (event: module)',
    body: DetachModuleBodySchema,
    answer: Type.Object({ detached: Type.Boolean() }),
    unit: 'modules',
  },
  chatControl: {
    method: 'GET',
    path: '/channels/:channelId/chats/:chatId/control',
    summary: 'which channel holds a bot’s chat: a module channel (until when) or the bot',
    answer: ChatControlStateSchema,
    unit: 'modules',
  },
  setChatControl: {
    method: 'PUT',
    path: '/channels/:channelId/chats/:chatId/control',
    summary: 'hands a bot’s chat to an attached module channel or back to the bot (events: activated, deactivated)',
    body: ChatControlBodySchema,
    answer: ChatControlStateSchema,
    unit: 'modules',
  },
  setBotSuspended: {
    method: 'PUT',
    path: '/channels/:channelId/suspension',
    summary: 'suspends or resumes a bot, for its module channels (events: botSuspended, botResumed)',
    body: BotSuspensionBodySchema,
    answer: Type.Object({ suspended: Type.Boolean() }),
    unit: 'modules',
  },
} satisfies Contract<'modules'>);
