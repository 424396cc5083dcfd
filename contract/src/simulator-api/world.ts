/**
 * The simulator API's `world` unit: the world, sessions, chats, the validator, Quick-fill and
 * profile pictures, with the schemas only its routes use.
 * Its handlers: `server/src/world/simulator-routes.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { COMMON_PROFILE_SCOPES, CommonProfileBodySchema, CommonProfileViewSchema } from '../common-profile.js';
import { type Contract, defineContract } from '../route.js';
import { JsonObject, StringEnum } from '../schema-builders.js';
import { ChatMessageSchema } from './shared-shapes.js';

/** The context types of a chat (spec part D "SDK init data": `context.type` but `none`). */
export const CHAT_TYPES = ['utou', 'room', 'group'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

/** The view types of an app (spec part D "view"). */
export const VIEW_TYPES = ['compact', 'tall', 'full'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

/** Origins of the spec's address placeholders, one port each. */
export const InterfaceUrlsSchema = Type.Object({
  base: Type.String(),
  deprecated: Type.String(),
  trialbot: Type.String(),
  blockchain: Type.String(),
  /** `{linepay_base_url}`: the LINE Pay Online API v3 sandbox and its payment page. */
  linepay: Type.String(),
});

/** `channels[]` of the world (no secret: the host is a page too). */
export const WorldChannelSchema = Type.Object({ channelId: Type.String(), name: Type.String() });
export type WorldChannel = Static<typeof WorldChannelSchema>;

/** `users[]` of the world; unset keys are absent. */
export const WorldUserSchema = Type.Object({
  userId: Type.String(),
  displayName: Type.String(),
  pictureUrl: Type.Optional(Type.String()),
  statusMessage: Type.Optional(Type.String()),
});
export type WorldUser = Static<typeof WorldUserSchema>;

/** `chats[]` of the world: the chat id is the context's `utouId`, `roomId` or `groupId` by type; `bot`: the channel a 1:1 chat is with. */
export const WorldChatSchema = Type.Object({
  chatId: Type.String(),
  type: StringEnum(CHAT_TYPES),
  name: Type.String(),
  memberIds: Type.Array(Type.String()),
  bot: Type.Optional(Type.String()),
});
export type WorldChat = Static<typeof WorldChatSchema>;

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
  miniApp: Type.Optional(
    Type.Object({
      verified: Type.Boolean(),
      stage: StringEnum(['developing', 'published']),
      /** A verified MINI App's Custom Path: `https://miniapp.line.me/<customPath>` opens it. Absent: none. */
      customPath: Type.Optional(Type.String()),
    }),
  ),
});
export type WorldApp = Static<typeof WorldAppSchema>;

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
export type World = Static<typeof WorldSchema>;

/** A page of a chat, oldest first; `more`: messages exist beyond it that way. */
export const ChatPageSchema = Type.Object({ messages: Type.Array(ChatMessageSchema), more: Type.Boolean() });
export type ChatPage = Static<typeof ChatPageSchema>;

/** One entry of the platform's error `details`: `property` is a path like `messages[0].template.text`. */
export const ErrorDetailSchema = Type.Object({ message: Type.String(), property: Type.Optional(Type.String()) });

/** The platform's validator as data. */
export const ValidationAnswerSchema = Type.Union([
  Type.Object({ valid: Type.Literal(true) }),
  Type.Object({ valid: Type.Literal(false), message: Type.String(), details: Type.Array(ErrorDetailSchema) }),
]);
export type ValidationAnswer = Static<typeof ValidationAnswerSchema>;

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
export type SessionToken = Static<typeof SessionTokenSchema>;

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
// `commonprofile.*`: LINE MINI Apps' Quick-fill (`../common-profile.ts`).
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

/** One event of a person's calendar (`liff.calendar`): title, start and end (ms since 1970), all day or not. */
export const CalendarEventSchema = Type.Object({
  title: Type.String(),
  startTime: Type.Integer(),
  endTime: Type.Integer(),
  isAllDay: Type.Boolean(),
});
export type CalendarEvent = Static<typeof CalendarEventSchema>;

/** A person's calendar in a range: its events, oldest first, and whether third-party calendars may be read. */
export const CalendarSchema = Type.Object({ events: Type.Array(CalendarEventSchema), isThirdPartyCalendarAccessGranted: Type.Boolean() });

/** The range of a calendar read: events that overlap `[startTime, endTime]` (ms since 1970). */
export const CalendarQuerySchema = Type.Object({
  startTime: Type.Integer({ minimum: 0 }),
  endTime: Type.Integer({ minimum: 0 }),
});

/** Body of a new calendar event: a title of 1 to 100 characters, its start not after its end (ms since 1970). */
export const CalendarEventBodySchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 100 }),
    startTime: Type.Integer({ minimum: 0 }),
    endTime: Type.Integer({ minimum: 0 }),
    isAllDay: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** The `world` unit's routes, one slice of `SIMULATOR_API`. */
export const WORLD_ROUTES = defineContract({
  world: {
    method: 'GET',
    path: '/world',
    summary: 'the scenario’s world, the origins and the header prefix',
    answer: WorldSchema,
    unit: 'world',
  },
  createSession: {
    method: 'POST',
    path: '/sessions',
    summary: 'signs a user in to a channel without a login page (a user access token bound to a chat)',
    body: SessionBodySchema,
    answer: SessionTokenSchema,
    unit: 'world',
  },
  chatMessages: {
    method: 'GET',
    path: '/chats/:chatId/messages',
    summary: 'a page of a chat, oldest first',
    query: ChatPageQuerySchema,
    answer: ChatPageSchema,
    unit: 'world',
  },
  sendMessage: {
    method: 'POST',
    path: '/chats/:chatId/messages',
    summary: 'a person sends one message from the phone (event: message)',
    body: UserMessageRequestSchema,
    answer: ChatMessageSchema,
    unit: 'world',
  },
  shareContact: {
    method: 'POST',
    path: '/chats/:chatId/contacts',
    summary: 'a person shares another person’s contact (v1 bots: contentType 10)',
    body: ContactBodySchema,
    answer: ChatMessageSchema,
    unit: 'world',
  },
  validateMessages: {
    method: 'POST',
    path: '/messages/validate',
    summary: 'the platform’s message validator, as data',
    body: ValidateBodySchema,
    answer: ValidationAnswerSchema,
    unit: 'world',
  },
  commonProfile: {
    method: 'POST',
    path: '/common-profile',
    summary: 'the Quick-fill screen’s view of a LIFF access token’s person: the Common Profile entries its commonprofile.* scopes cover',
    body: CommonProfileBodySchema,
    answer: CommonProfileViewSchema,
    unit: 'world',
  },
  calendarEvents: {
    method: 'GET',
    path: '/users/:userId/calendar/events',
    summary: 'the person’s calendar events that overlap a range, and their third-party calendar grant (`liff.calendar.getEvents`)',
    query: CalendarQuerySchema,
    answer: CalendarSchema,
    unit: 'world',
  },
  addCalendarEvent: {
    method: 'POST',
    path: '/users/:userId/calendar/events',
    summary: 'the person adds an event to their calendar (the event-creation sheet of `liff.calendar.showEventCreationModal`)',
    body: CalendarEventBodySchema,
    answer: CalendarEventSchema,
    unit: 'world',
  },
  userPicture: {
    method: 'GET',
    path: '/users/:userId/picture',
    summary: 'a user’s profile picture (SVG)',
    answer: 'binary',
    crossSite: 'public',
    unit: 'world',
  },
} satisfies Contract<'world'>);
