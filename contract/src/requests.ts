/**
 * Query and body schemas of the simulator API (docs/project/simulator-api.md), declared once: the server
 * compiles its checks from them (`http/validate.ts`), the clients take their types from them.
 * A body that carries a message object types it loosely here; the platform's validator
 * (`contract/src/messages/`) checks it on the server.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { CHAT_TYPES, FRIEND_STATES, JsonObject, LINK_TEMPLATE_FIELDS, Nullable, PhoneLogLineSchema, StringEnum } from './wire.js';
import { COMMON_PROFILE_SCOPES } from './common-profile.js';

const UserId = Type.String({ minLength: 1, maxLength: 100 });

/** `limit` (1 to 200, default 200), and `before` or `after` a message id, of a chat page; decimal strings on the wire. */
export const ChatPageQuerySchema = Type.Object({
  /** 1 to 200 messages (default 200). */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  /** A message ID: the page just older than it. */
  before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,15}$', platformErrors: { pattern: 'must be a message ID' } })),
  /** A message ID: the page just newer than it. */
  after: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,15}$', platformErrors: { pattern: 'must be a message ID' } })),
});

/** Scopes a user access token can carry (spec part C; `chat_message.write` for sendMessages). */
// `ADD_OWN_OFFICIAL_ACCOUNTS`: the permission of the enterprise friend-list call (spec part E);
// `commonprofile.*`: LINE MINI Apps' Quick-fill (`./common-profile.ts`).
export const SCOPES = ['profile', 'openid', 'chat_message.write', 'ADD_OWN_OFFICIAL_ACCOUNTS', ...COMMON_PROFILE_SCOPES] as const;

/** Body of a session: the user signed in to a channel, with scopes, bound to the chat an app is opened from. */
export const SessionBodySchema = Type.Object(
  {
    userId: Type.String({ minLength: 1 }),
    channelId: Type.String({ minLength: 1 }),
    scopes: Type.Array(StringEnum(SCOPES), { maxItems: SCOPES.length }),
    context: Type.Optional(
      Type.Object(
        { type: StringEnum([...CHAT_TYPES, 'none']), chatId: Type.Optional(Type.String({ minLength: 1 })) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
/** A body of {@link SessionBodySchema}, as a handler gets it once the door checked it. */
export type SessionBody = Static<typeof SessionBodySchema>;

/** Body of a message a person sends from the phone, quoting `quotedMessageId` when given. */
export const UserMessageRequestSchema = Type.Object({
  userId: Type.String({ minLength: 1 }),
  message: JsonObject,
  quotedMessageId: Type.Optional(Type.String()),
});

/** Body of a shared contact: the sender, and the MID (user ID) of the shared user. */
export const ContactBodySchema = Type.Object({ userId: Type.String({ minLength: 1 }), mid: Type.String({ minLength: 1 }) });

/** Body of the validator as data: the messages of a send. */
export const ValidateBodySchema = Type.Object({ messages: Type.Unknown() });

/** Body of moving the clock: exactly one of `advanceMs` (integer ms) and `advance` ("90m", "1d12h"). */
export const ClockBodySchema = Type.Object(
  {
    advanceMs: Type.Optional(Type.Integer({ minimum: 0 })),
    advance: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^([0-9]+(ms|s|m|h|d|w))+$' })),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);
/** A body of {@link ClockBodySchema}, as a handler gets it once the door checked it. */
export type ClockBody = Static<typeof ClockBodySchema>;

/** Body of a friendship change: add (or unblock) or block the bot. */
export const FriendshipBodySchema = Type.Object({ state: StringEnum(FRIEND_STATES) }, { additionalProperties: false });
/** A body of {@link FriendshipBodySchema}, as a handler gets it once the door checked it. */
export type FriendshipBody = Static<typeof FriendshipBodySchema>;

/**
 * Body of registering an assertion signing key: the public key as a JWK (RSA, RS256), as pasted in
 * the console; `kid` optional (default: the key's RFC 7638 thumbprint). Private members refused.
 */
export const AssertionKeyBodySchema = Type.Object(
  {
    kty: Type.Literal('RSA'),
    n: Type.String({ minLength: 1, maxLength: 2000, pattern: '^[A-Za-z0-9_-]+$' }),
    e: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
    kid: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' })),
    alg: Type.Optional(Type.Literal('RS256')),
    use: Type.Optional(Type.Literal('sig')),
  },
  { additionalProperties: false },
);

/** Body of invalidating a user's tokens on a channel (v1: `accessToken expired(1)` or `(2)`). */
export const InvalidateBodySchema = Type.Object(
  { userId: Type.String({ minLength: 1 }), channelId: Type.String({ minLength: 1 }), reason: StringEnum(['platform', 'unlinked']) },
  { additionalProperties: false },
);

/** Body of a channel change: at least one of `active` and `blockOperations` (v1 bots). */
export const ChannelPatchBodySchema = Type.Object(
  { active: Type.Optional(Type.Boolean()), blockOperations: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);

/** Body of a link message template (docs/platform/v1-bots.md); refused field by field in the v1 format. */
export const LinkTemplateBodySchema = Type.Object(LINK_TEMPLATE_FIELDS);

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

/** Who saw or tapped which bot message, in an insight report. */
const InsightMessage = { userId: UserId, messageId: Type.String({ pattern: '^[0-9]{1,15}$' }) };
/** Who was shown or tapped which channel's rich menu, in an insight report. */
const InsightRichMenu = {
  userId: UserId,
  channelId: Type.String({ minLength: 1 }),
  richMenuId: Type.String({ minLength: 1, maxLength: 100 }),
};

/** One kind of insight report: its `type` and its fields, nothing else. */
function insightReport<K extends string, P extends TProperties>(type: K, fields: P) {
  return Type.Object({ type: Type.Literal(type), ...fields }, { additionalProperties: false });
}

/**
 * Body of reporting what a person did with bot messages and rich menus in the host (the insight
 * figures, docs/platform/insight.md): saw a message (`impression`, once per person and message), opened a
 * URL of its actions (`click`), was shown a rich menu (`richMenuImpression`) or tapped one of its
 * areas (`richMenuClick`, the area's index).
 */
export const InsightReportBodySchema = Type.Union([
  insightReport('impression', InsightMessage),
  insightReport('click', { ...InsightMessage, url: Type.String({ minLength: 1, maxLength: 1000 }) }),
  insightReport('richMenuImpression', InsightRichMenu),
  insightReport('richMenuClick', { ...InsightRichMenu, area: Type.Integer({ minimum: 0, maximum: 19 }) }),
]);
/** A body of {@link InsightReportBodySchema}, as a handler gets it once the door checked it. */
export type InsightReportBody = Static<typeof InsightReportBodySchema>;

/** Query of a bot's insight in the host: how many days back from yesterday (1 to 90, default 14). */
export const BotInsightQuerySchema = Type.Object({ days: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$' })) });

/** Most lines one report of a phone carries (a phone sends its new lines a few times a second). */
export const MAX_PHONE_REPORT_LINES = 100;

/**
 * Body of a phone's report to the remote inspector (docs/guide/phones.md): who and where it is now, and
 * its log lines since its last report (none: a heartbeat).
 */
export const PhoneReportBodySchema = Type.Object(
  {
    device: Type.String({ minLength: 1, maxLength: 200 }),
    userId: Type.String({ minLength: 1, maxLength: 100 }),
    app: Nullable(Type.String({ maxLength: 200 })),
    screen: Type.String({ maxLength: 100 }),
    lines: Type.Array(PhoneLogLineSchema, { maxItems: MAX_PHONE_REPORT_LINES }),
  },
  { additionalProperties: false },
);

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

/** Query of a phone's log: the lines after `after` (a `seq`), default all the server holds. */
export const PhoneLogQuerySchema = Type.Object({
  /** The seq of the last line read: the lines after it (default 0, all kept). */
  after: Type.Optional(
    Type.Integer({
      minimum: 0,
      platformErrors: { type: 'must be a seq: an integer of 0 or more', minimum: 'must be a seq: an integer of 0 or more' },
    }),
  ),
});

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

/**
 * Body of `resetWorld` (docs/guide/scenarios.md, "Resetting and importing at run time"): `scenario`, a
 * scenario file's object (checked on the server like a file; its own JSON Schema is the server's,
 * so it is typed loosely here), or none for the scenario the server started with; `name`, what the
 * world records as its scenario (e.g. the imported file's path), default `imported`.
 */
export const ResetWorldBodySchema = Type.Object(
  { scenario: Type.Optional(JsonObject), name: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) },
  { additionalProperties: false },
);
