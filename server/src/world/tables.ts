/**
 * The world's tables: channels, users, chats and their members, bots in chats, friendships, channels' login settings, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Generated } from 'kysely';
import type { BotInterface, ChatType } from '#contract/wire.js';
import type { Nullable } from '../db/schema.js';

declare module '../db/schema.js' {
  interface Database {
    channels: ChannelTable;
    users: UserTable;
    chats: ChatTable;
    chat_members: ChatMemberTable;
    bot_memberships: BotMembershipTable;
    bot_friends: BotFriendTable;
    channel_login: ChannelLoginTable;
    calendar_events: CalendarEventTable;
  }
}

/** A channel of the platform (spec part B: channel ID, channel secret; the plan sets limits). */
export interface ChannelTable {
  channel_id: string;
  name: string;
  secret: string;
  /** `developer-trial`, `verified` or `official`: the plan of the spec's "Limits" table. */
  plan: string;
  /** Where webhook events are posted; null: none set (events are recorded, not sent). */
  webhook_url: Nullable<string>;
  /** 1: every webhook event carries an extra unknown property (receivers must tolerate it). */
  webhook_extra_property: Generated<number>;
  /** The bot's display name in chats; null: the channel name. */
  bot_name: Nullable<string>;
  /** `messaging` (spec part B), `enterprise` (E) or `trial` (F): which interface its bot uses. */
  bot_interface: Generated<BotInterface>;
  /** Channel MID (`u` + 32 hex digits) of an enterprise or trial channel; null for messaging. */
  channel_mid: Nullable<string>;
  /** 1: block (8) and unblock (4) operations are sent to the v1 bot (spec: off by default). */
  block_operations: Generated<number>;
  /** 1: the channel is approved to add itself as a friend (`POST /v1/officialaccount/contacts`). */
  add_friend_approved: Generated<number>;
  /** Space-separated permissions of the channel, e.g. `ADD_OWN_OFFICIAL_ACCOUNTS`. */
  permissions: Generated<string>;
}

/** A messenger user of the scenario (spec part B "User profile"). */
export interface UserTable {
  user_id: string;
  display_name: string;
  /** 1 when the user has a profile picture (served by the simulator API), else 0. */
  has_picture: number;
  status_message: string | null;
  /** 1 when the user agreed to the official account terms (group member ids, group source userId). */
  agreed: Generated<number>;
  /** `{gender?, age?, appType?, area?}` as JSON (narrowcast filters); null: none known. */
  demographics: Nullable<string>;
  /** The person's phone number in E.164 (`+819012345678`); null: none known (migration 0023). */
  phone_number: Nullable<string>;
  /** SHA-256 of `phone_number` in lowercase hex: what a bot's phone push names (migration 0023). */
  phone_number_hash: Nullable<string>;
  /** The person's Common Profile as JSON (`CommonProfile`, the plugin's entry names as keys); null: none (migration 0031). */
  common_profile: Nullable<string>;
  /** 1 when the person let LINE read their third-party calendars (`liff.calendar.getEvents`), else 0 (migration 0035). */
  third_party_calendar_access: Generated<number>;
}

/** An event of a person's calendar (`liff.calendar`): title, start and end (ms since 1970), all day 1 or 0 (migration 0035). */
export interface CalendarEventTable {
  id: Generated<number>;
  user_id: string;
  title: string;
  start_time: number;
  end_time: number;
  all_day: number;
}

/** A chat: a 1:1 chat (`utou`), a room or a group. `chat_id` is the context's utouId/roomId/groupId. */
export interface ChatTable {
  chat_id: string;
  type: ChatType;
  name: string;
  /** For a `utou` chat of a user with a bot: the bot's channel id; else null. */
  bot_channel_id: Nullable<string>;
}

/** Membership of users in chats. */
export interface ChatMemberTable {
  chat_id: string;
  user_id: string;
}

/** A bot in a group or room. `state` `joined`, or `pending`: added to a room, join event not sent yet. */
export interface BotMembershipTable {
  chat_id: string;
  channel_id: string;
  state: string;
  since: number;
}

/** A user's friendship with a bot (spec "States and transitions", Friendship): `friend` or `blocked`. */
export interface BotFriendTable {
  channel_id: string;
  user_id: string;
  state: string;
  since: number;
}

/**
 * Social login settings of a channel (spec part C). A channel without a row has the defaults:
 * `WEB`, no registered callback URLs, active, bot linked.
 */
export interface ChannelLoginTable {
  channel_id: string;
  /** `WEB`, `NATIVE` or `SPA`: a WEB channel must send its secret to refresh a token. */
  application_type: string;
  /** JSON array of registered callback URLs; null: any https URL, or http on a loopback host. */
  callback_urls: string | null;
  /** 0: the channel is inactive (v1 answers `CHANNEL_INACTIVE`; no new sign-ins). */
  active: number;
  /** 1 when the channel's bot is linked, so that the friendship status can be asked. */
  bot_linked: number;
}
