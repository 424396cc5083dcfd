/**
 * The world's part of the scenario file (docs/guide/scenarios.md): each channel's own settings
 * (its bot, its login, its bot interface, its assertion keys), the users, the chats with their
 * members and bots; and, last of the file, the host's defaults. Every other slice refers to the
 * IDs declared here, and reads these properties through {@link WORLD_PARTS}.
 */
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { AssertionKeyBodySchema, type CalendarEvent } from '#contract/requests.js';
import { birthdayProblem, CommonProfileSchema, type CommonProfile } from '#contract/common-profile.js';
import { scenarioSlice, ScenarioError, type SeedContext } from '../unit/scenario-slice.js';
import { AssertionKeyStore } from '../tokens/assertion-key-store.js';
import { assertionKeyOf } from '../tokens/assertion.js';
import { BotsInChatsStore } from './bots-in-chats-store.js';
import { CalendarStore } from './calendar-store.js';
import { ChannelLoginStore } from './channel-login-store.js';
import { phoneNumberHash } from './phone-numbers.js';
import { readWorldRows, type WorldRows } from './scenario-store.js';
import { WorldStore } from './world-store.js';

/** A channel, user, chat or app ID of the file. */
export const ScenarioId = Type.String({ minLength: 1, maxLength: 100 });

/** The world's properties: what every slice may refer to. */
export const WORLD_PARTS = {
  channel: {
    channelId: Type.String({ pattern: '^[0-9]{10}$' }),
    name: Type.String({ minLength: 1 }),
    secret: Type.String({ pattern: '^[0-9a-f]{32}$' }),
    plan: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: ['developer-trial', 'verified', 'official'] })),
    // Bot messaging: where webhook events go, and the bot's name in chats.
    webhookUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '^https?://' })),
    botName: Type.Optional(Type.String({ minLength: 1 })),
    // Social login: application type, registered callback URLs, active, linked bot.
    applicationType: Type.Optional(Type.Unsafe<'WEB' | 'NATIVE' | 'SPA'>({ type: 'string', enum: ['WEB', 'NATIVE', 'SPA'] })),
    callbackUrls: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 1000, pattern: '^(https?://|\\{demo_origin\\})' }), { maxItems: 50 }),
    ),
    active: Type.Optional(Type.Boolean()),
    botLinked: Type.Optional(Type.Boolean()),
    // The enterprise and trial bot interfaces (spec parts E and F): which interface
    // the channel's bot uses, its channel MID (default derived from the channel ID), whether
    // block and unblock operations are sent, the friend-list call's approval and
    // permissions. Columns of the world's channel; the v1 bots' slice checks them.
    botInterface: Type.Optional(
      Type.Unsafe<'messaging' | 'enterprise' | 'trial'>({ type: 'string', enum: ['messaging', 'enterprise', 'trial'] }),
    ),
    channelMid: Type.Optional(Type.String({ pattern: '^u[0-9a-f]{32}$' })),
    blockOperations: Type.Optional(Type.Boolean()),
    addFriendApproved: Type.Optional(Type.Boolean()),
    permissions: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Z_]{1,64}$' }), { maxItems: 20 })),
    // Channel access tokens v2.1 and stateless: the public keys (JWK) that verify the
    // developer's JWT assertions; kid: its own, else the RFC 7638 thumbprint.
    assertionKeys: Type.Optional(Type.Array(AssertionKeyBodySchema, { maxItems: 50 })),
  },
  user: {
    userId: Type.String({ pattern: '^U[0-9a-f]{32}$' }),
    displayName: Type.String({ minLength: 1 }),
    picture: Type.Optional(Type.Boolean()),
    statusMessage: Type.Optional(Type.String()),
    /** Agreed to the official account terms (default true): in group member ids and group sources. */
    agreed: Type.Optional(Type.Boolean()),
    /**
     * The person's phone number in E.164 (`+819012345678`): a bot's push by phone number reaches
     * them (docs/platform/phone-push.md).
     */
    phoneNumber: Type.Optional(Type.String({ pattern: '^\\+[1-9][0-9]{1,14}$' })),
    /**
     * The person's Common Profile, what LINE MINI Apps' Quick-fill hands an app
     * (`liff.$commonProfile.get`): any of its 15 entries; absent: the person has none.
     */
    commonProfile: Type.Optional(CommonProfileSchema),
    /**
     * The person's calendar (`liff.calendar.getEvents`): each event's title, start and end (ISO
     * 8601 date-times with an offset, `2026-05-01T10:00:00+09:00`), all day or not (default false).
     */
    calendarEvents: Type.Optional(
      Type.Array(
        Type.Object(
          {
            title: Type.String({ minLength: 1, maxLength: 100 }),
            start: Type.String({ minLength: 1 }),
            end: Type.String({ minLength: 1 }),
            allDay: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        { maxItems: 1000 },
      ),
    ),
    /** Whether the person let LINE read their third-party calendars (`isThirdPartyCalendarAccessGranted`; default false). */
    thirdPartyCalendarAccess: Type.Optional(Type.Boolean()),
    /** What narrowcast demographic filters see; a user without one matches none. */
    demographics: Type.Optional(
      Type.Object(
        {
          gender: Type.Optional(Type.Unsafe<'male' | 'female'>({ type: 'string', enum: ['male', 'female'] })),
          age: Type.Optional(Type.Integer({ minimum: 0, maximum: 130 })),
          appType: Type.Optional(Type.Unsafe<'ios' | 'android'>({ type: 'string', enum: ['ios', 'android'] })),
          area: Type.Optional(Type.String({ pattern: '^(jp|tw|th|id)_[0-9]{2}$' })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  chat: {
    chatId: ScenarioId,
    type: Type.Unsafe<'utou' | 'room' | 'group'>({ type: 'string', enum: ['utou', 'room', 'group'] }),
    name: Type.String({ minLength: 1 }),
    members: Type.Array(ScenarioId, { minItems: 1 }),
    /** A `utou` chat of its one member with this channel's bot (the user has added the bot). */
    bot: Type.Optional(ScenarioId),
    /** Channels whose bots are members of this `group` or `room`. */
    bots: Type.Optional(Type.Array(ScenarioId)),
  },
};

/** The channel MID of a v1 channel that names none: `u` + 32 hex digits derived from its ID. */
export function channelMidOf(channelId: string): string {
  return `u${createHash('sha256').update(`channel-mid|${channelId}`).digest('hex').slice(0, 32)}`;
}

/** IDs declared once in a list (the database would refuse the second), each repeat as a problem. */
export function declaredOnce<T>(list: readonly T[], at: string, id: (x: T) => string, field: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  list.forEach((x, i) => {
    if (seen.has(id(x))) problems.push(`${at}[${i}].${field}: ${id(x)} is declared twice`);
    seen.add(id(x));
  });
  return problems;
}

/** The world: channels, users and chats, with their own settings. */
export const worldScenario = scenarioSlice({
  name: 'world',
  parts: WORLD_PARTS,
  problems(s, { users, channels }) {
    const problems = [
      ...declaredOnce(s.channels, 'channels', (c) => c.channelId, 'channelId'),
      ...declaredOnce(s.users, 'users', (u) => u.userId, 'userId'),
      ...declaredOnce(s.chats, 'chats', (c) => c.chatId, 'chatId'),
    ];
    s.chats.forEach((c, i) => c.members.forEach((m, j) => users.has(m) || problems.push(`chats[${i}].members[${j}]: unknown user ${m}`)));
    // Bots in chats: a known channel; `bot` on a utou chat of one user; `bots` on groups and rooms.
    s.chats.forEach((c, i) => {
      if (c.bot !== undefined) {
        if (!channels.has(c.bot)) problems.push(`chats[${i}].bot: unknown channel ${c.bot}`);
        if (c.type !== 'utou') problems.push(`chats[${i}].bot: only a utou chat is a chat with a bot (use bots for groups and rooms)`);
        if (c.members.length !== 1) problems.push(`chats[${i}].members: a chat with a bot has exactly one user`);
      }
      if (c.bots !== undefined && c.type === 'utou') problems.push(`chats[${i}].bots: a utou chat cannot hold bots (use bot)`);
      (c.bots ?? []).forEach((b, j) => channels.has(b) || problems.push(`chats[${i}].bots[${j}]: unknown channel ${b}`));
    });
    // Phone numbers: one person each, as an account has one number (a push by number names one person).
    const owners = new Map<string, number>();
    s.users.forEach((u, i) => {
      if (!u.phoneNumber) return;
      const first = owners.get(u.phoneNumber);
      if (first !== undefined) problems.push(`users[${i}].phoneNumber: ${u.phoneNumber} is also users[${first}]'s`);
      else owners.set(u.phoneNumber, i);
    });
    // Common Profiles' birthdays: a day that exists (the schema checks each entry alone).
    s.users.forEach((u, i) => {
      const problem = u.commonProfile ? birthdayProblem(u.commonProfile) : null;
      if (problem) problems.push(`users[${i}].commonProfile: bday-year, bday-month and bday-day: ${problem}`);
    });
    // Calendar events: date-times that exist, the start not after the end.
    s.users.forEach((u, i) =>
      (u.calendarEvents ?? []).forEach((e, j) => {
        const problem = calendarEventProblem(e);
        if (problem) problems.push(`users[${i}].calendarEvents[${j}]: ${problem}`);
      }),
    );
    return problems;
  },
  async seed(s, at) {
    await at.world.insertWorld({
      channels: s.channels.map((c) => ({
        channel_id: c.channelId,
        name: c.name,
        secret: c.secret,
        plan: c.plan ?? 'developer-trial',
        webhook_url: c.webhookUrl ?? null,
        webhook_extra_property: 0,
        bot_name: c.botName ?? null,
        bot_interface: c.botInterface ?? 'messaging',
        channel_mid: (c.botInterface ?? 'messaging') === 'messaging' ? null : (c.channelMid ?? channelMidOf(c.channelId)),
        block_operations: c.blockOperations ? 1 : 0,
        add_friend_approved: c.addFriendApproved ? 1 : 0,
        permissions: (c.permissions ?? []).join(' '),
      })),
      users: s.users.map((u) => ({
        user_id: u.userId,
        display_name: u.displayName,
        has_picture: u.picture ? 1 : 0,
        status_message: u.statusMessage ?? null,
        agreed: u.agreed === false ? 0 : 1,
        demographics: u.demographics ? JSON.stringify(u.demographics) : null,
        phone_number: u.phoneNumber ?? null,
        phone_number_hash: u.phoneNumber ? phoneNumberHash(u.phoneNumber) : null,
        common_profile: u.commonProfile ? JSON.stringify(u.commonProfile) : null,
        third_party_calendar_access: u.thirdPartyCalendarAccess ? 1 : 0,
      })),
      chats: s.chats.map((c) => ({ chat_id: c.chatId, type: c.type, name: c.name, bot_channel_id: c.bot ?? null, memberIds: c.members })),
    });
    await new BotsInChatsStore(at.db).seed(s.chats, at.now);
    await new CalendarStore(at.db).seed(
      s.users.flatMap((u) =>
        (u.calendarEvents ?? []).map((e) => ({
          userId: u.userId,
          title: e.title,
          startTime: Date.parse(e.start),
          endTime: Date.parse(e.end),
          isAllDay: e.allDay ?? false,
        })),
      ),
    );
    await new ChannelLoginStore(at.db).seed(
      s.channels.map((c) => ({
        channelId: c.channelId,
        applicationType: c.applicationType ?? 'WEB',
        // Kept with `{demo_origin}`: the login expands it with the origin of the current port.
        callbackUrls: c.callbackUrls ?? null,
        active: c.active ?? true,
        botLinked: c.botLinked ?? true,
      })),
    );
    await seedAssertionKeys(s.channels, at);
  },
  async export(db) {
    const [rows, calendars] = await Promise.all([readWorldRows(db), new CalendarStore(db).all()]);
    return { file: () => ({ channels: channelsOf(rows), users: usersOf(rows, calendars), chats: chatsOf(rows) }) };
  },
});

/**
 * The channels' assertion signing keys, each under its kid.
 * @throws ScenarioError naming the key (`channels[i].assertionKeys[j]`) when it is not a public RSA
 *   key of 2048 bits or more
 */
async function seedAssertionKeys(channels: readonly { channelId: string; assertionKeys?: unknown[] }[], at: SeedContext): Promise<void> {
  const store = new AssertionKeyStore(at.db);
  for (const [i, c] of channels.entries()) {
    for (const [j, jwk] of (c.assertionKeys ?? []).entries()) {
      let key;
      try {
        key = await assertionKeyOf(jwk as Parameters<typeof assertionKeyOf>[0]);
      } catch (e) {
        throw new ScenarioError(`channels[${i}].assertionKeys[${j}]: ${(e as Error).message}`, { cause: e });
      }
      await store.add({ channel_id: c.channelId, kid: key.kid, jwk: JSON.stringify(key.jwk), created_at: at.now });
    }
  }
}

/** The channels with their login settings, v1 bot settings and assertion keys. */
function channelsOf(rows: WorldRows) {
  const login = new Map(rows.logins.map((l) => [l.channel_id, l]));
  return rows.channels.map((c) => {
    const l = login.get(c.channel_id);
    const v1 = c.bot_interface !== 'messaging';
    const keys = rows.assertionKeys.filter((k) => k.channel_id === c.channel_id).map((k) => JSON.parse(k.jwk) as Record<string, string>);
    return {
      channelId: c.channel_id,
      name: c.name,
      secret: c.secret,
      plan: c.plan,
      ...(c.webhook_url ? { webhookUrl: c.webhook_url } : {}),
      ...(c.bot_name ? { botName: c.bot_name } : {}),
      ...(l
        ? {
            applicationType: l.application_type,
            ...(l.callback_urls ? { callbackUrls: JSON.parse(l.callback_urls) as string[] } : {}),
            active: l.active === 1,
            botLinked: l.bot_linked === 1,
          }
        : {}),
      ...(v1 ? { botInterface: c.bot_interface, ...(c.channel_mid ? { channelMid: c.channel_mid } : {}) } : {}),
      ...(c.block_operations ? { blockOperations: true } : {}),
      ...(c.add_friend_approved ? { addFriendApproved: true } : {}),
      ...(c.permissions ? { permissions: c.permissions.split(' ').filter(Boolean) } : {}),
      ...(keys.length ? { assertionKeys: keys } : {}),
    };
  });
}

/** The users, with their calendars; a field at its default is left out. */
function usersOf(rows: WorldRows, calendars: ReadonlyMap<string, CalendarEvent[]>) {
  return rows.users.map((u) => ({
    userId: u.user_id,
    displayName: u.display_name,
    ...(u.has_picture ? { picture: true } : {}),
    ...(u.status_message ? { statusMessage: u.status_message } : {}),
    ...(u.agreed === 0 ? { agreed: false } : {}),
    ...(u.demographics ? { demographics: JSON.parse(u.demographics) as Record<string, unknown> } : {}),
    ...(u.phone_number ? { phoneNumber: u.phone_number } : {}),
    ...(u.common_profile ? { commonProfile: JSON.parse(u.common_profile) as CommonProfile } : {}),
    ...(calendars.get(u.user_id)?.length
      ? {
          calendarEvents: calendars.get(u.user_id)!.map((e) => ({
            title: e.title,
            start: new Date(e.startTime).toISOString(),
            end: new Date(e.endTime).toISOString(),
            ...(e.isAllDay ? { allDay: true } : {}),
          })),
        }
      : {}),
    ...(Number(u.third_party_calendar_access) === 1 ? { thirdPartyCalendarAccess: true } : {}),
  }));
}

/**
 * Why a scenario's calendar event cannot be stored, or null: `start` and `end` must be ISO 8601
 * date-times (`2026-05-01T10:00:00+09:00`, or `…Z`), the start not after the end.
 */
export function calendarEventProblem(e: { start: string; end: string }): string | null {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
  for (const key of ['start', 'end'] as const)
    if (!iso.test(e[key]) || Number.isNaN(Date.parse(e[key])))
      return `${key}: ${e[key]} is not an ISO 8601 date-time with an offset (2026-05-01T10:00:00+09:00)`;
  if (Date.parse(e.start) > Date.parse(e.end)) return 'start must not be later than end';
  return null;
}

/** The chats with their members, their 1:1 bot and the bots in them. */
function chatsOf(rows: WorldRows) {
  return rows.chats.map((c) => {
    const bots = rows.botsInChats.filter((m) => m.chat_id === c.chat_id).map((m) => m.channel_id);
    return {
      chatId: c.chat_id,
      type: c.type,
      name: c.name,
      members: rows.members.filter((m) => m.chat_id === c.chat_id).map((m) => m.user_id),
      ...(c.bot_channel_id ? { bot: c.bot_channel_id } : {}),
      ...(bots.length ? { bots } : {}),
    };
  });
}

/** The host's defaults (which user and app it opens first): the file's last property, after every unit's. */
export const defaultsScenario = scenarioSlice({
  name: 'defaults',
  parts: {
    file: {
      defaults: Type.Optional(
        Type.Object(
          { userId: Type.Optional(ScenarioId), language: Type.Optional(Type.String()), embedId: Type.Optional(ScenarioId) },
          { additionalProperties: false },
        ),
      ),
    },
  },
  reads: { app: { embedId: ScenarioId } },
  problems(s, { users }) {
    const d = s.defaults;
    const problems: string[] = [];
    if (d?.userId && !users.has(d.userId)) problems.push(`defaults.userId: unknown user ${d.userId}`);
    if (d?.embedId && !s.apps.some((a) => a.embedId === d.embedId)) problems.push(`defaults.embedId: unknown app ${d.embedId}`);
    return problems;
  },
  async seed(s, at) {
    await at.world.setMeta('defaults', JSON.stringify(s.defaults ?? {}));
  },
  async export(db) {
    const defaults = await new WorldStore(db).getMeta('defaults');
    return { file: () => (defaults && defaults !== '{}' ? { defaults: JSON.parse(defaults) as Record<string, string> } : {}) };
  },
});
