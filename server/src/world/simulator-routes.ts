/** The simulator API's routes of the world and its chats (docs/project/simulator-api.md): what only a simulator has. */
import type { UnitHandlers } from '../simulator-api/handlers.js';
import type { SessionToken, World } from '#contract/wire.js';
import type { Static } from '@sinclair/typebox';
import type { ChatPageQuerySchema, SessionBody } from '#contract/requests.js';
import type { Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { UserTokenRow } from '../tokens/user-token-store.js';
import { checkShareBody } from '../messages/bodies.js';
import { commonProfileView, type CommonProfile } from '#contract/common-profile.js';
import { authenticationFailed, badRequest, notFound, unknownUser } from '../http/errors.js';
import { avatarSvg } from './avatar.js';
import type { CalendarStore } from './calendar-store.js';
import type { ChatService } from './chats.js';
import { toProfile } from './profiles.js';
import type { WorldStore } from './world-store.js';
import type { InterfaceUrls } from '../interface-urls.js';
import type { PlatformHeaders } from '../http/platform-headers.js';

/** A registered app as the world reads it (the embedded apps unit's row). */
// The rows by table name: the tables are declared by the units that own them (db/schema.ts merges them).
type AppRow = Selectable<Database['apps']>;
type WorldApp = World['apps'][number];

/**
 * What the world's routes read of the registered apps: the embedded apps unit's store and its two
 * readings of a row, handed in by the composition root (`kit/units.ts`), so the world builds
 * on no unit.
 */
export interface WorldApps {
  listAll(): Promise<AppRow[]>;
  scopesOf(row: AppRow): WorldApp['scope'];
  botPromptOf(row: AppRow): WorldApp['botPrompt'];
}

/**
 * What the world's routes ask of the social unit's user access tokens: a session's token issued,
 * a LIFF access token read back (handed in by `kit/units.ts`).
 */
export interface WorldSessions {
  issue(body: SessionBody): Promise<SessionToken>;
  liffAccessToken(token: string): Promise<Pick<UserTokenRow, 'user_id' | 'scope'> | undefined>;
}

/** The handlers of the world's simulator routes: what only a simulator has. */
export function worldSimulatorHandlers(deps: {
  world: WorldStore;
  apps: WorldApps;
  chats: ChatService;
  userTokens: WorldSessions;
  baseUrl: () => string;
  /** Origins of the spec's address placeholders (the world lists them). */
  urls: InterfaceUrls;
  /** The platform header names (the world tells the host and the CLI which prefix is configured). */
  headers: PlatformHeaders;
  /** People's calendars (`liff.calendar`). */
  calendars: CalendarStore;
  /** The LINE MINI Apps among the apps (the MINI Apps unit's store). */
  miniApps: { list(): Promise<Pick<Selectable<Database['mini_apps']>, 'embed_id' | 'verified' | 'stage' | 'custom_path'>[]> };
}): UnitHandlers<'world'> {
  return {
    world: async () => {
      const [channels, users, chats, apps, defaults, miniApps] = await Promise.all([
        deps.world.channels(),
        deps.world.users(),
        deps.world.chats(),
        deps.apps.listAll(),
        deps.world.getMeta('defaults'),
        deps.miniApps.list(),
      ]);
      const miniAppOf = new Map(miniApps.map((m) => [m.embed_id, m]));
      return {
        // The channel secret stays on the server: the host is a page too.
        channels: channels.map((c) => ({ channelId: c.channel_id, name: c.name })),
        users: users.map((u) => toProfile(u, deps.baseUrl())),
        // `bot`: the channel of the bot a utou chat is with.
        chats: chats.map((c) => ({
          chatId: c.chat_id,
          type: c.type,
          name: c.name,
          memberIds: c.memberIds,
          ...(c.bot_channel_id ? { bot: c.bot_channel_id } : {}),
        })),
        apps: apps.map((a) => ({
          embedId: a.embed_id,
          channelId: a.channel_id,
          name: a.name,
          view: { type: a.view_type, url: a.view_url },
          scope: deps.apps.scopesOf(a),
          botPrompt: deps.apps.botPromptOf(a),
          ...(miniAppOf.has(a.embed_id)
            ? {
                miniApp: {
                  verified: Number(miniAppOf.get(a.embed_id)!.verified) === 1,
                  stage: miniAppOf.get(a.embed_id)!.stage === 'published' ? ('published' as const) : ('developing' as const),
                  ...(miniAppOf.get(a.embed_id)!.custom_path ? { customPath: miniAppOf.get(a.embed_id)!.custom_path! } : {}),
                },
              }
            : {}),
        })),
        defaults: defaults ? (JSON.parse(defaults) as World['defaults']) : {},
        urls: deps.urls,
        headerPrefix: deps.headers.prefix,
      };
    },
    createSession: ({ body }) => deps.userTokens.issue(body),
    chatMessages: ({ params, query }) => deps.chats.list(params.chatId, pageQuery(query)),
    sendMessage: ({ params, body }) => deps.chats.sendAsUser(params.chatId, body),
    shareContact: ({ params, body }) => deps.chats.shareContact(params.chatId, body),
    // The message preview of the host: the same validator as the platform endpoints, answered as data.
    validateMessages: ({ body }) => {
      const details = checkShareBody(body);
      return details ? { valid: false, message: `The request body has ${details.length} error(s)`, details } : { valid: true };
    },
    // The platform's Quick-fill screen reads the person's Common Profile with the app's token (`lineProfileToken`).
    commonProfile: async ({ body }) => {
      const token = await deps.userTokens.liffAccessToken(body.accessToken);
      if (!token) throw authenticationFailed('The access token is not a valid LIFF access token');
      const user = await deps.world.user(token.user_id);
      const profile = user?.common_profile ? (JSON.parse(user.common_profile) as CommonProfile) : null;
      return commonProfileView(token.user_id, profile, token.scope.split(' '));
    },
    // The person's calendar as the client reads it for `liff.calendar.getEvents`.
    calendarEvents: async ({ params, query }) => {
      await knownUser(deps.world, params.userId);
      if (query.startTime > query.endTime) throw badRequest('startTime must not be later than endTime');
      const [events, granted] = await Promise.all([
        deps.calendars.overlapping(params.userId, query.startTime, query.endTime),
        deps.calendars.thirdPartyAccess(params.userId),
      ]);
      return { events, isThirdPartyCalendarAccessGranted: granted };
    },
    // The person pressed Add on the event-creation sheet (`liff.calendar.showEventCreationModal`).
    addCalendarEvent: async ({ params, body }) => {
      await knownUser(deps.world, params.userId);
      if (body.startTime > body.endTime) throw badRequest('startTime must not be later than endTime');
      await deps.calendars.add(params.userId, body);
      return body;
    },
    userPicture: async (req, res) => {
      const user = await deps.world.user(String(req.params.userId));
      if (!user?.has_picture) throw notFound('This user has no picture');
      res.type('image/svg+xml').set('Cache-Control', 'public, max-age=3600').send(avatarSvg(user.user_id, user.display_name));
    },
  };
}

/** @throws ApiError 404 when the world has no such person */
async function knownUser(world: WorldStore, userId: string): Promise<void> {
  if (!(await world.user(userId))) throw unknownUser(userId, 404);
}

/**
 * `limit`, `before`, `after` of a chat page request, checked at the door (`ChatPageQuerySchema`:
 * a limit of 1 to 200, the chat service's `MAX_PAGE`; message IDs), as numbers.
 * @throws ApiError 400 `{message}` for both cursors
 */
export function pageQuery(query: Static<typeof ChatPageQuerySchema>): { limit?: number; before?: number; after?: number } {
  if (query.before !== undefined && query.after !== undefined) throw badRequest('give before or after, not both');
  return {
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
    ...(query.before !== undefined ? { before: Number(query.before) } : {}),
    ...(query.after !== undefined ? { after: Number(query.after) } : {}),
  };
}
