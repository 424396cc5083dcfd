/**
 * The simulator API's `bot` unit: what a person does with bots (each route names the webhook event
 * it causes), the live feed, webhooks, deliveries, indicators and rich menus, with the schemas only
 * its routes use.
 * Its handlers: `server/src/interfaces/bot/simulator-routes.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DELIVERY_FAULT_KINDS } from '../../faults.js';
import { type Contract, defineContract } from '../../route.js';
import { JsonObject, Nullable, StringEnum } from '../../schema-builders.js';
import { BOT_INTERFACES, ChatMessageSchema, DELIVERY_STATUSES, FRIEND_STATES } from '../shared-shapes.js';

/** `{delivered: n}`: how many bots were sent the event. */
const Delivered = Type.Object({ delivered: Type.Number() });

/** `{}`: the answer of a route that only acts. */
const Empty = Type.Object({});

/** A channel's bot in the host's bot tools: its webhook, friends, and the groups and rooms it is in (`pending`: added to a room, join not sent yet). */
export const BotInfoSchema = Type.Object({
  channelId: Type.String(),
  name: Type.String(),
  /** The bot's basic ID (`@…`), as `GET /v2/bot/info` answers it: how `liff.requestFriendship` names an official account. */
  basicId: Type.String(),
  plan: Type.String(),
  webhookUrl: Nullable(Type.String()),
  unknownProperty: Type.Boolean(),
  botInterface: StringEnum(BOT_INTERFACES),
  /** Channel MID of a v1 (enterprise or trial) bot. */
  channelMid: Nullable(Type.String()),
  /** A v1 bot gets block (8) and unblock (4) operations. */
  blockOperations: Type.Boolean(),
  friends: Type.Array(Type.Object({ userId: Type.String(), state: StringEnum(FRIEND_STATES), chatId: Type.Optional(Type.String()) })),
  chats: Type.Array(Type.Object({ chatId: Type.String(), state: StringEnum(['joined', 'pending']) })),
});
export type BotInfo = Static<typeof BotInfoSchema>;

/** A channel's webhook settings: no URL means events are recorded as `skipped`, not sent. */
export const WebhookSettingsSchema = Type.Object({ url: Nullable(Type.String()), unknownProperty: Type.Boolean() });
export type WebhookSettings = Static<typeof WebhookSettingsSchema>;

/** One HTTP attempt of a delivery; `statusCode` null: no answer (`error` says why); times in ms. */
export const DeliveryAttemptSchema = Type.Object({
  url: Type.String(),
  startedAt: Type.Number(),
  statusCode: Nullable(Type.Number()),
  error: Nullable(Type.String()),
  latencyMs: Type.Number(),
  responseBody: Nullable(Type.String()),
  /**
   * The fault rule that made or moved this send (docs/guide/faults.md): `redeliver` and
   * `duplicate` mark the extra send, `delayDelivery` and `reorder` the send they held back.
   */
  fault: Type.Optional(Type.Object({ faultId: Type.String(), kind: StringEnum(DELIVERY_FAULT_KINDS) })),
});
export type DeliveryAttempt = Static<typeof DeliveryAttemptSchema>;

/** A webhook delivery: the exact signed body and headers sent, and every attempt; times in ms. */
export const DeliverySchema = Type.Object({
  id: Type.Number(),
  channelId: Type.String(),
  eventTypes: Type.Array(Type.String()),
  status: StringEnum(DELIVERY_STATUSES),
  createdAt: Type.Number(),
  deliveredAt: Nullable(Type.Number()),
  nextAttemptAt: Nullable(Type.Number()),
  body: Type.String(),
  headers: Type.Record(Type.String(), Type.String()),
  attempts: Type.Array(DeliveryAttemptSchema),
});
export type Delivery = Static<typeof DeliverySchema>;

/** A chat's indicators: the bot's loading animation (ms bounds, null when off) and the last read mark (ms). */
export const IndicatorStateSchema = Type.Object({
  loadingSince: Nullable(Type.Number()),
  loadingUntil: Nullable(Type.Number()),
  readAt: Nullable(Type.Number()),
});
export type IndicatorState = Static<typeof IndicatorStateSchema>;

/** A rich menu as the user sees it (spec part B "Rich menu objects" plus `richMenuId`). */
export const ShownRichMenuSchema = Type.Object({
  richMenuId: Type.String(),
  size: Type.Object({ width: Type.Number(), height: Type.Number() }),
  selected: Type.Boolean(),
  name: Type.String(),
  chatBarText: Type.String(),
  areas: Type.Array(
    Type.Object({
      bounds: Type.Object({ x: Type.Number(), y: Type.Number(), width: Type.Number(), height: Type.Number() }),
      action: Type.Intersect([Type.Object({ type: Type.String() }), JsonObject]),
    }),
  ),
});
export type ShownRichMenu = Static<typeof ShownRichMenuSchema>;

const UserId = Type.String({ minLength: 1, maxLength: 100 });

/** `params` of a datetime picker's postback (spec "Events", postback), or of a rich menu switch. */
const PostbackParams = Type.Union([
  Type.Object({ date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) }, { additionalProperties: false }),
  Type.Object({ time: Type.String({ pattern: '^\\d{2}:\\d{2}$' }) }, { additionalProperties: false }),
  Type.Object({ datetime: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}$' }) }, { additionalProperties: false }),
  // A rich menu switch action's postback (the platform's `richmenuswitch` postback params).
  Type.Object(
    {
      newRichMenuAliasId: Type.String({ minLength: 1, maxLength: 32 }),
      status: StringEnum(['SUCCESS', 'RICHMENU_ALIAS_ID_NOTFOUND', 'RICHMENU_NOTFOUND', 'FAILED']),
    },
    { additionalProperties: false },
  ),
]);

/** Body of a postback; lengths are those of the postback action; `channelId`: the bot whose message held the action. */
export const PostbackBodySchema = Type.Object(
  {
    userId: UserId,
    data: Type.String({ minLength: 1, maxLength: 300 }),
    displayText: Type.Optional(Type.String({ maxLength: 300 })),
    params: Type.Optional(PostbackParams),
    channelId: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

/** A body of {@link PostbackBodySchema}, as a handler gets it once the door checked it. */
export type PostbackBody = Static<typeof PostbackBodySchema>;

/** Body of inviting a bot: the user who invites, and the bot's channel. */
export const InviteBodySchema = Type.Object({ userId: UserId, channelId: Type.String({ minLength: 1 }) }, { additionalProperties: false });

/** A body of {@link InviteBodySchema}, as a handler gets it once the door checked it. */
export type InviteBody = Static<typeof InviteBodySchema>;

/** Body of a beacon event (spec "Events", beacon). */
export const BeaconBodySchema = Type.Object(
  {
    userId: UserId,
    hwid: Type.String({ minLength: 1, maxLength: 100 }),
    type: StringEnum(['enter', 'leave', 'banner']),
    dm: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

/** A body of {@link BeaconBodySchema}, as a handler gets it once the door checked it. */
export type BeaconBody = Static<typeof BeaconBodySchema>;

/** Body of an account link event (spec "Events", accountLink). */
export const AccountLinkBodySchema = Type.Object(
  { userId: UserId, nonce: Type.String({ minLength: 1, maxLength: 255 }), result: StringEnum(['ok', 'failed']) },
  { additionalProperties: false },
);

/** A body of {@link AccountLinkBodySchema}, as a handler gets it once the door checked it. */
export type AccountLinkBody = Static<typeof AccountLinkBodySchema>;

/** Body of the webhook settings; a field left out keeps its value; `url` null or "" removes it. */
export const WebhookSettingsBodySchema = Type.Object(
  { url: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])), unknownProperty: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** A body of {@link WebhookSettingsBodySchema}, as a handler gets it once the door checked it. */
export type WebhookSettingsBody = Static<typeof WebhookSettingsBodySchema>;

/** Query of a media upload (the body is the file): `duration` is an audio file's length in ms, as decimal text. */
export const MediaQuerySchema = Type.Object(
  {
    userId: UserId,
    type: StringEnum(['image', 'video', 'audio', 'file']),
    fileName: Type.Optional(Type.String({ maxLength: 255 })),
    duration: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
  },
  { additionalProperties: false },
);

/** A query of {@link MediaQuerySchema}, as a handler gets it once the door checked it. */
export type MediaQuery = Static<typeof MediaQuerySchema>;

/** Body of what a person does themself in a chat (joins it, unsends a message). */
export const PersonBodySchema = Type.Object({ userId: UserId }, { additionalProperties: false });

/** A body of {@link PersonBodySchema}, as a handler gets it once the door checked it. */
export type PersonBody = Static<typeof PersonBodySchema>;

/** Body of a reply token request: for a user's 1:1 chat with the bot, or for a group or room the bot is in. */
export const ReplyTokenBodySchema = Type.Union([Type.Object({ userId: Type.String() }), Type.Object({ chatId: Type.String() })]);

/** Query of the deliveries list: one channel's, and how many (1 to 200, default 50). */
export const DeliveriesQuerySchema = Type.Object({
  channelId: Type.Optional(Type.String()),
  /** 1 to 200 deliveries (default 50). */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});

/**
 * One event type's own field in a trigger body: optional, and when given 1 to `maxLength`
 * characters. `description` names the event type that reads it, then what it is
 * (`message: the text`), as `embedkit trigger`'s help prefixes each flag with its type.
 */
function triggerField(maxLength: number, description: string) {
  return Type.Optional(Type.String({ minLength: 1, maxLength, description }));
}

/**
 * Body of sending one webhook event of any type to a bot (as `embedkit trigger` makes it): the
 * event `type` (one of the registry, `contract/src/event-types.ts`), the person it comes from, the
 * chat (`chatId`: a group or room the bot is in, for the events that happen there; the person's
 * 1:1 chat with the bot otherwise) and the type's own fields, named as `embedkit trigger`'s flags.
 */
export const TriggerEventBodySchema = Type.Object(
  {
    type: Type.String({ minLength: 1, maxLength: 100, description: 'the event type' }),
    userId: UserId,
    chatId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    text: triggerField(5000, 'message: the text'),
    data: triggerField(300, 'postback: the data'),
    hwid: triggerField(100, 'beacon: the hardware ID'),
    beaconType: triggerField(20, 'beacon: enter, leave or banner'),
    nonce: triggerField(255, 'accountLink: the nonce'),
    result: triggerField(20, 'accountLink: ok or failed'),
    messageId: triggerField(100, 'unsend: the unsent message’s ID'),
    deliveryData: triggerField(300, 'delivery: the hashed phone number or tag'),
    membershipType: triggerField(20, 'membership: joined, left or renewed'),
    membershipId: triggerField(20, 'membership: the plan ID'),
    trackingId: triggerField(100, 'videoPlayComplete: the video’s trackingId'),
    moduleType: triggerField(20, 'module: attached or detached'),
    botId: triggerField(100, 'module: the bot’s user ID'),
  },
  { additionalProperties: false },
);

/** A body of {@link TriggerEventBodySchema}, as a handler gets it once the door checked it. */
export type TriggerEventBody = Static<typeof TriggerEventBodySchema>;

/** The `bot` unit's routes, one slice of `SIMULATOR_API`. */
export const BOT_ROUTES = defineContract({
  // What a person does with bots (each names the webhook event it causes).
  liveEvents: {
    method: 'GET',
    path: '/events/stream',
    summary: 'the host’s live feed (server-sent events)',
    answer: 'stream',
    unit: 'bot',
  },
  postback: {
    method: 'POST',
    path: '/chats/:chatId/postbacks',
    summary: 'a person taps a postback action (event: postback)',
    body: PostbackBodySchema,
    answer: Delivered,
    unit: 'bot',
  },
  sendMedia: {
    method: 'POST',
    path: '/chats/:chatId/media',
    summary: 'a person sends an image, video, audio or file (event: message)',
    query: MediaQuerySchema,
    bodyKind: 'raw',
    answer: ChatMessageSchema,
    unit: 'bot',
  },
  content: {
    method: 'GET',
    path: '/contents/:messageId',
    summary: 'the binary of a media message a person sent',
    answer: 'binary',
    unit: 'bot',
  },
  unsend: {
    method: 'POST',
    path: '/chats/:chatId/messages/:messageId/unsend',
    summary: 'a person unsends their message (event: unsend)',
    body: PersonBodySchema,
    answer: Delivered,
    unit: 'bot',
  },
  videoPlayComplete: {
    method: 'POST',
    path: '/chats/:chatId/messages/:messageId/video-play-complete',
    summary: 'a person watches a bot’s video message to its end (event: videoPlayComplete)',
    body: PersonBodySchema,
    answer: Delivered,
    unit: 'bot',
  },
  joinChat: {
    method: 'POST',
    path: '/chats/:chatId/members',
    summary: 'a person joins a group or room (event: memberJoined)',
    body: PersonBodySchema,
    answer: Delivered,
    unit: 'bot',
  },
  leaveChat: {
    method: 'DELETE',
    path: '/chats/:chatId/members/:userId',
    summary: 'a person leaves a group or room (event: memberLeft)',
    answer: Delivered,
    unit: 'bot',
  },
  inviteBot: {
    method: 'POST',
    path: '/chats/:chatId/bots',
    summary: 'a person invites a bot to a group or room (event: join)',
    body: InviteBodySchema,
    answer: Type.Object({ state: Type.Union([Type.Literal('joined'), Type.Literal('pending')]) }),
    unit: 'bot',
  },
  removeBot: {
    method: 'DELETE',
    path: '/chats/:chatId/bots/:channelId',
    summary: 'a person removes a bot from a group or room (event: leave)',
    answer: Empty,
    unit: 'bot',
  },
  replyToken: {
    method: 'POST',
    path: '/channels/:channelId/reply-tokens',
    summary: 'a reply token for a chat of the bot (`embedkit trigger`)',
    body: ReplyTokenBodySchema,
    answer: Type.Object({ replyToken: Type.String(), expiresAt: Type.Number() }),
    unit: 'bot',
  },
  beacon: {
    method: 'POST',
    path: '/channels/:channelId/beacon',
    summary: 'a person enters a beacon’s range or taps its banner (event: beacon)',
    body: BeaconBodySchema,
    answer: Empty,
    unit: 'bot',
  },
  accountLink: {
    method: 'POST',
    path: '/channels/:channelId/account-link',
    summary: 'a person links their account (event: accountLink)',
    body: AccountLinkBodySchema,
    answer: Empty,
    unit: 'bot',
  },
  triggerEvent: {
    method: 'POST',
    path: '/channels/:channelId/events',
    summary: 'sends the bot one webhook event of any type, as `embedkit trigger` makes it (a delivery of its own)',
    body: TriggerEventBodySchema,
    answer: Delivered,
    unit: 'bot',
  },
  // Bots, webhooks and deliveries.
  bots: {
    method: 'GET',
    path: '/bots',
    summary: 'every channel’s bot, friends and chats',
    answer: Type.Object({ bots: Type.Array(BotInfoSchema) }),
    unit: 'bot',
  },
  webhook: {
    method: 'GET',
    path: '/channels/:channelId/webhook',
    summary: 'a channel’s webhook settings',
    answer: WebhookSettingsSchema,
    unit: 'bot',
  },
  setWebhook: {
    method: 'PUT',
    path: '/channels/:channelId/webhook',
    summary: 'sets a channel’s webhook settings',
    body: WebhookSettingsBodySchema,
    answer: WebhookSettingsSchema,
    unit: 'bot',
  },
  deliveries: {
    method: 'GET',
    path: '/deliveries',
    summary: 'webhook deliveries, newest first',
    query: DeliveriesQuerySchema,
    answer: Type.Object({ deliveries: Type.Array(DeliverySchema) }),
    unit: 'bot',
  },
  redeliver: {
    method: 'POST',
    path: '/deliveries/:id/redeliver',
    summary: 'sends a delivery again now',
    answer: DeliverySchema,
    unit: 'bot',
  },
  indicators: {
    method: 'GET',
    path: '/chats/:chatId/indicators',
    summary: 'a chat’s loading indicator and read mark',
    answer: IndicatorStateSchema,
    unit: 'bot',
  },
  // Rich menus as the person sees them.
  shownRichMenu: {
    method: 'GET',
    path: '/channels/:channelId/rich-menu',
    summary: 'the rich menu shown to a user (null when none)',
    query: Type.Object({ userId: Type.String() }),
    answer: Type.Object({ richMenu: Type.Union([ShownRichMenuSchema, Type.Null()]) }),
    unit: 'bot',
  },
  aliasRichMenu: {
    method: 'GET',
    path: '/channels/:channelId/rich-menu-aliases/:aliasId',
    summary: 'the rich menu of an alias (a rich menu switch action)',
    answer: Type.Object({ richMenu: ShownRichMenuSchema }),
    unit: 'bot',
  },
  richMenuImage: {
    method: 'GET',
    path: '/channels/:channelId/rich-menus/:richMenuId/image',
    summary: 'a rich menu’s image',
    answer: 'binary',
    unit: 'bot',
  },
} satisfies Contract<'bot'>);
