/**
 * The shapes that cross the simulator API (docs/project/simulator-api.md), declared once as TypeBox
 * schemas: the server's answers are checked against their types at compile time, the host, the CLI
 * and `embedkit/testing` read them through the same types. Schemas only: no rule, no I/O.
 */
import { DELIVERY_FAULT_KINDS, FAULT_KINDS } from './faults.js';
import { COMMON_PROFILE_SCOPES } from './common-profile.js';
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** A string enum as a JSON Schema `enum` with its literal union type. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** `T | null`. */
/** `schema` or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A JSON object the contract does not describe further (a message object, a scenario): its own schema lives elsewhere. */
export const JsonObject = Type.Record(Type.String(), Type.Unknown());

/** The context types of a chat (spec part D "SDK init data": `context.type` but `none`). */
export const CHAT_TYPES = ['utou', 'room', 'group'] as const;
/** The view types of an app (spec part D "view"). */
export const VIEW_TYPES = ['compact', 'tall', 'full'] as const;

/** Origins of the spec's address placeholders, one port each. */
export const InterfaceUrlsSchema = Type.Object({
  base: Type.String(),
  deprecated: Type.String(),
  trialbot: Type.String(),
  blockchain: Type.String(),
});

/** `channels[]` of the world (no secret: the host is a page too). */
export const WorldChannelSchema = Type.Object({ channelId: Type.String(), name: Type.String() });
/** `users[]` of the world; unset keys are absent. */
export const WorldUserSchema = Type.Object({
  userId: Type.String(),
  displayName: Type.String(),
  pictureUrl: Type.Optional(Type.String()),
  statusMessage: Type.Optional(Type.String()),
});
/** `chats[]` of the world: the chat id is the context's `utouId`, `roomId` or `groupId` by type; `bot`: the channel a 1:1 chat is with. */
export const WorldChatSchema = Type.Object({
  chatId: Type.String(),
  type: StringEnum(CHAT_TYPES),
  name: Type.String(),
  memberIds: Type.Array(Type.String()),
  bot: Type.Optional(Type.String()),
});
/** `apps[]` of the world: a registered embedded app (spec part D "app" and "view"). */
export const WorldAppSchema = Type.Object({
  embedId: Type.String(),
  channelId: Type.String(),
  name: Type.String(),
  view: Type.Object({ type: StringEnum(VIEW_TYPES), url: Type.String() }),
  /**
   * The scopes the app asks for (LIFF server API `scope`, and Quick-fill's `commonprofile.*`); the
   * host's session gets no other. Absent: `profile`, `chat_message.write`.
   */
  scope: Type.Optional(Type.Array(StringEnum(['openid', 'email', 'profile', 'chat_message.write', ...COMMON_PROFILE_SCOPES]))),
  /** Whether and how the host offers to add the channel's bot as a friend on the first open (LIFF `botPrompt`). Absent: `none`. */
  botPrompt: Type.Optional(StringEnum(['normal', 'aggressive', 'none'])),
  /** Present for a LINE MINI App: verified or not, and the internal channel its channel stands for (what the platform allows it). */
  miniApp: Type.Optional(Type.Object({ verified: Type.Boolean(), stage: StringEnum(['developing', 'published']) })),
});
/** `defaults` of the world: what the host shows before the user picks anything (keys absent when the scenario sets none). */
export const WorldDefaultsSchema = Type.Object({
  userId: Type.Optional(Type.String()),
  language: Type.Optional(Type.String()),
  embedId: Type.Optional(Type.String()),
});
/** `GET /world`: the scenario's world, the origins and the platform header prefix (e.g. `X-Service-`). */
export const WorldSchema = Type.Object({
  channels: Type.Array(WorldChannelSchema),
  users: Type.Array(WorldUserSchema),
  chats: Type.Array(WorldChatSchema),
  apps: Type.Array(WorldAppSchema),
  defaults: WorldDefaultsSchema,
  urls: InterfaceUrlsSchema,
  headerPrefix: Type.String(),
});

/** Who sent a chat message; `system`: a notice of the chat itself (a bot or a person joined or left). */
export const SenderSchema = Type.Object({
  type: StringEnum(['user', 'bot', 'system']),
  id: Type.String(),
  displayName: Type.String(),
});
/**
 * A message of a chat as the host shows it: the message object as it was sent, `timestamp` in ms
 * since the epoch (server clock), `unsentAt` (ms) when the sender unsent it.
 */
export const ChatMessageSchema = Type.Object({
  id: Type.String(),
  chatId: Type.String(),
  sender: SenderSchema,
  message: JsonObject,
  timestamp: Type.Number(),
  unsentAt: Type.Optional(Type.Number()),
  /** True for a notification message a bot sent by phone number (`POST /bot/pnp/push`): the host labels it. */
  notification: Type.Optional(Type.Boolean()),
});
/** A page of a chat, oldest first; `more`: messages exist beyond it that way. */
export const ChatPageSchema = Type.Object({ messages: Type.Array(ChatMessageSchema), more: Type.Boolean() });

/** One entry of the platform's error `details`: `property` is a path like `messages[0].template.text`. */
export const ErrorDetailSchema = Type.Object({ message: Type.String(), property: Type.Optional(Type.String()) });
/** The platform's validator as data. */
export const ValidationAnswerSchema = Type.Union([
  Type.Object({ valid: Type.Literal(true) }),
  Type.Object({ valid: Type.Literal(false), message: Type.String(), details: Type.Array(ErrorDetailSchema) }),
]);

/** The social login's token response (spec part C), bound to the chat an app was opened from. */
export const SessionTokenSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  /** Seconds. */
  expires_in: Type.Number(),
  /** Space-separated scopes. */
  scope: Type.String(),
  refresh_token: Type.String(),
  /** A JWT signed for the channel, when the scopes have `openid`. */
  id_token: Type.Optional(Type.String()),
});

/** The simulated clock: `now` (ms since the epoch), the same as ISO 8601, and how far it is ahead of real time (ms). */
export const ClockStateSchema = Type.Object({ now: Type.Number(), iso: Type.String(), offsetMs: Type.Number() });

/** A friendship state of a user with a bot. */
export const FRIEND_STATES = ['friend', 'blocked'] as const;
/** A user's friendship with a channel's bot; `friendFlag` is what `GET /friendship/v1/status` answers. */
export const FriendshipViewSchema = Type.Object({
  userId: Type.String(),
  channelId: Type.String(),
  state: StringEnum([...FRIEND_STATES, 'none']),
  friendFlag: Type.Boolean(),
  botLinked: Type.Boolean(),
});

/** A channel's login settings after a change (`blockOperations` when the change set it). */
export const ChannelViewSchema = Type.Object({
  channelId: Type.String(),
  active: Type.Boolean(),
  applicationType: Type.String(),
  botLinked: Type.Boolean(),
  blockOperations: Type.Optional(Type.Boolean()),
});

/** An assertion signing key registered for a channel: the kid a JWT assertion names it by. */
export const AssertionKeyViewSchema = Type.Object({ channelId: Type.String(), kid: Type.String() });

/** The bot interfaces: `messaging` (spec part B), `enterprise` (E), `trial` (F). */
export const BOT_INTERFACES = ['messaging', 'enterprise', 'trial'] as const;

/** The fields of a link message template a channel sets (docs/platform/v1-bots.md), each optional text. */
export const LINK_TEMPLATE_FIELDS = {
  text: Type.Optional(Type.String()),
  subText: Type.Optional(Type.String()),
  linkText: Type.Optional(Type.String()),
  previewUrl: Type.Optional(Type.String()),
  linkUri: Type.Optional(Type.String()),
  aLinkUri: Type.Optional(Type.String()),
  iLinkUri: Type.Optional(Type.String()),
};
/** A link message template of an enterprise channel, with its ID. */
export const LinkTemplateSchema = Type.Object({ templateId: Type.String(), ...LINK_TEMPLATE_FIELDS });
/** A channel's v1 settings. */
export const ChannelV1Schema = Type.Object({
  channelId: Type.String(),
  botInterface: StringEnum(BOT_INTERFACES),
  channelMid: Nullable(Type.String()),
  blockOperations: Type.Boolean(),
  linkTemplates: Type.Array(LinkTemplateSchema),
});

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

/** A channel's webhook settings: no URL means events are recorded as `skipped`, not sent. */
export const WebhookSettingsSchema = Type.Object({ url: Nullable(Type.String()), unknownProperty: Type.Boolean() });

/** Statuses of a webhook delivery: `pending` (waiting or retrying), `delivered`, `failed` (retries used up), `skipped` (no URL). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;
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

/** A chat's indicators: the bot's loading animation (ms bounds, null when off) and the last read mark (ms). */
export const IndicatorStateSchema = Type.Object({
  loadingSince: Nullable(Type.Number()),
  loadingUntil: Nullable(Type.Number()),
  readAt: Nullable(Type.Number()),
});

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

/** What the host's Blockchain tab shows (no secret in it). */
export const BlockchainViewSchema = Type.Object({
  services: Type.Array(Type.Object({ apiKey: Type.String(), name: Type.String(), activated: Type.Boolean() })),
  wallets: Type.Array(Type.Object({ name: Type.String(), walletAddress: Type.String(), apiKey: Type.String() })),
  tokens: Type.Array(
    Type.Object({ contractId: Type.String(), tokenId: Type.String(), name: Type.String(), meta: Type.String(), owner: Type.String() }),
  ),
  transactions: Type.Array(
    Type.Object({
      height: Type.Number(),
      txhash: Type.String(),
      timestamp: Type.Number(),
      tx: Type.Object({ value: Type.Object({ msg: Type.Array(Type.Unknown()) }) }),
    }),
  ),
  requests: Type.Array(
    Type.Object({
      id: Type.Number(),
      at: Type.Number(),
      method: Type.String(),
      path: Type.String(),
      apiKey: Nullable(Type.String()),
      statusCode: Type.Number(),
      statusMessage: Type.String(),
      signatureInput: Nullable(Type.String()),
    }),
  ),
});

/**
 * One line of a phone's bridge log as the remote inspector carries it (docs/guide/phones.md): the host
 * page of the phone renders it to text first, with tokens redacted, so what crosses is what the
 * desktop shows. `at`: epoch ms on the phone; `seq`: the server's number of the line (rising per
 * phone), set when stored. `call`: a bridge call (`args` and `outcome` as text, `durationMs` in ms);
 * `rejected`: a message the bridge refused (`text`, `origin`); `notice`: a tolerance the SDK applied
 * (its kind in `method`); `app`: a line of the app's console, an uncaught error, or a request the app
 * made (`appKind`, `text`, `level`, `method`, `url`, `status`, `durationMs`).
 */
export const PhoneLogLineSchema = Type.Object(
  {
    seq: Type.Optional(Type.Integer({ minimum: 0 })),
    kind: StringEnum(['call', 'rejected', 'notice', 'app'] as const),
    at: Type.Number(),
    method: Type.Optional(Type.String({ maxLength: 100 })),
    args: Type.Optional(Type.String({ maxLength: 2000 })),
    ok: Type.Optional(Type.Boolean()),
    outcome: Type.Optional(Type.String({ maxLength: 2000 })),
    durationMs: Type.Optional(Type.Number({ minimum: 0 })),
    origin: Type.Optional(Type.String({ maxLength: 500 })),
    appKind: Type.Optional(StringEnum(['console', 'error', 'request'] as const)),
    level: Type.Optional(StringEnum(['log', 'info', 'warn', 'error'] as const)),
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    text: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

/**
 * A host page connected to this server, as the desktop's inspector lists it: the id it keeps in
 * its session storage, the device it plays, the person signed in, the app open in it (null when
 * none), the screen it runs on, when it last reported (epoch ms, wall time) and how many log lines
 * the server holds of it.
 */
export const PhoneViewSchema = Type.Object({
  phoneId: Type.String(),
  device: Type.String(),
  userId: Type.String(),
  app: Nullable(Type.String()),
  screen: Type.String(),
  lastSeen: Type.Number(),
  lines: Type.Integer(),
});

/** The connected phones, most recently seen first. */
export const PhonesSchema = Type.Object({ phones: Type.Array(PhoneViewSchema) });

/** A phone's log lines after a `seq`, oldest first (the server keeps the newest only). */
export const PhoneLogSchema = Type.Object({ phone: PhoneViewSchema, lines: Type.Array(PhoneLogLineSchema) });

/**
 * What `embedkit --lan` serves on the network (docs/guide/phones.md), empty lists without `--lan`:
 * `origins`, the host's HTTPS origins (`https://<address>:<port>`); `apps`, each app origin on
 * loopback that is served through a proxy of its own, with its proxy origin per address (in the
 * order of `origins`). No token: the link with the admin token is only in the QR code.
 */
export const LanViewSchema = Type.Object({
  origins: Type.Array(Type.String()),
  apps: Type.Array(Type.Object({ target: Type.String(), origins: Type.Array(Type.String()) })),
});

/**
 * The events of the host's live feed (server-sent events): what changed, so the host reads it
 * again. `chat`: messages were added to a chat; `delivery`: a webhook delivery changed status;
 * `bots`: a bot joined or left a group or room, its friendships or webhook settings changed; `world`: the world was
 * reset or replaced by another scenario (`resetWorld`), so everything shown is gone.
 */
export const LiveEventSchemas = {
  chat: Type.Object({ chatId: Type.String() }),
  delivery: Type.Object({ channelId: Type.String(), id: Type.Number(), status: StringEnum(DELIVERY_STATUSES) }),
  bots: Type.Object({ channelId: Type.String() }),
  phone: Type.Object({ phoneId: Type.String() }),
  world: Type.Object({ scenario: Type.String() }),
  /** A person was sent a LINE MINI App service message (their service-message chat changed). */
  serviceMessage: Type.Object({ userId: Type.String() }),
  /**
   * A fault rule hit a call (`status` null: the connection was dropped, or the call was only
   * delayed) or a webhook delivery (`deliveryId`; `method` and `path` the send to the bot, `status`
   * its answer).
   */
  fault: Type.Object({
    faultId: Type.String(),
    kind: StringEnum(FAULT_KINDS),
    method: Type.String(),
    path: Type.String(),
    status: Type.Union([Type.Integer(), Type.Null()]),
    deliveryId: Type.Optional(Type.Integer()),
  }),
} as const;
/** The live feed's event names and their data. */
export type LiveEvents = { [K in keyof typeof LiveEventSchemas]: Static<(typeof LiveEventSchemas)[K]> };

/**
 * What `resetWorld` loaded: the scenario's name (the file the server started with, or the name
 * given with an imported one) and how many channels, users, chats and apps the world now has.
 */
export const WorldResetSchema = Type.Object({
  scenario: Type.String(),
  channels: Type.Integer(),
  users: Type.Integer(),
  chats: Type.Integer(),
  apps: Type.Integer(),
});

export type World = Static<typeof WorldSchema>;
export type WorldReset = Static<typeof WorldResetSchema>;
export type PhoneLogLine = Static<typeof PhoneLogLineSchema>;
export type PhoneView = Static<typeof PhoneViewSchema>;
export type LanView = Static<typeof LanViewSchema>;
export type WorldChannel = Static<typeof WorldChannelSchema>;
export type WorldUser = Static<typeof WorldUserSchema>;
export type WorldChat = Static<typeof WorldChatSchema>;
export type WorldApp = Static<typeof WorldAppSchema>;
export type ChatMessage = Static<typeof ChatMessageSchema>;
export type ChatPage = Static<typeof ChatPageSchema>;
export type ValidationAnswer = Static<typeof ValidationAnswerSchema>;
export type SessionToken = Static<typeof SessionTokenSchema>;
export type ClockState = Static<typeof ClockStateSchema>;
export type FriendshipView = Static<typeof FriendshipViewSchema>;
export type ChannelV1 = Static<typeof ChannelV1Schema>;
export type ChannelView = Static<typeof ChannelViewSchema>;
export type LinkTemplate = Static<typeof LinkTemplateSchema>;
export type BotInfo = Static<typeof BotInfoSchema>;
export type WebhookSettings = Static<typeof WebhookSettingsSchema>;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type BotInterface = (typeof BOT_INTERFACES)[number];
export type ChatType = (typeof CHAT_TYPES)[number];
export type ViewType = (typeof VIEW_TYPES)[number];
export type DeliveryAttempt = Static<typeof DeliveryAttemptSchema>;
export type Delivery = Static<typeof DeliverySchema>;
export type IndicatorState = Static<typeof IndicatorStateSchema>;
export type ShownRichMenu = Static<typeof ShownRichMenuSchema>;
export type BlockchainView = Static<typeof BlockchainViewSchema>;

// The host's views of the published platform's bot features, in a module of their own.
export * from './feature-views.js';
