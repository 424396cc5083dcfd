/**
 * The scenario's world as `GET /embedkit/v1/world` answers it (docs/simulator-api.md), and the
 * look-ups the host needs on it. Pure functions, no DOM.
 */
import type { ContextType, ViewType } from '../../sdk/src/protocol.js';

/** A chat type: the context types that are chats (`none` is not). */
export type ChatType = Exclude<ContextType, 'none'>;

/** `channels[]` of the world. */
export interface WorldChannel {
  channelId: string;
  name: string;
}

/** `users[]` of the world; unset keys are absent. */
export interface WorldUser {
  userId: string;
  displayName: string;
  pictureUrl?: string;
  statusMessage?: string;
}

/** `chats[]` of the world. The chat id is the context's `utouId`, `roomId` or `groupId` by type. */
export interface WorldChat {
  chatId: string;
  type: ChatType;
  name: string;
  memberIds: string[];
  /** For a 1:1 chat of a user with a bot: the bot's channel id. */
  bot?: string;
}

/** `apps[]` of the world: a registered embedded app (spec part D, "app" and "view"). */
export interface WorldApp {
  embedId: string;
  channelId: string;
  name: string;
  view: { type: ViewType; url: string };
}

/** `defaults` of the world: what the host shows before the user picks anything. */
export interface WorldDefaults {
  userId: string;
  language: string;
  embedId: string;
}

/** The whole world answer. */
export interface World {
  channels: WorldChannel[];
  users: WorldUser[];
  chats: WorldChat[];
  apps: WorldApp[];
  defaults: WorldDefaults;
  /** Origins of the spec's address placeholders (`{base_url}`, `{blockchain_url}`, …). */
  urls?: { base: string; deprecated: string; trialbot: string; blockchain: string };
  /** Prefix of the platform headers the server is configured with (`X-Service-` unless `--header-prefix` says otherwise). */
  headerPrefix?: string;
}

/** The chats the user is a member of, in world order; only those of `type` when given. */
export function chatsOfUser(world: World, userId: string, type?: ChatType): WorldChat[] {
  return world.chats.filter((c) => c.memberIds.includes(userId) && (type === undefined || c.type === type));
}

/** The user with this id, if any. */
export function findUser(world: World, userId: string): WorldUser | undefined {
  return world.users.find((u) => u.userId === userId);
}

/** The app with this embed id, if any. */
export function findApp(world: World, embedId: string): WorldApp | undefined {
  return world.apps.find((a) => a.embedId === embedId);
}

/** The chat with this id, if any. */
export function findChat(world: World, chatId: string): WorldChat | undefined {
  return world.chats.find((c) => c.chatId === chatId);
}

/** True when `type` names a chat (utou, room or group), false for `none`. */
export function isChatType(type: ContextType): type is ChatType {
  return type !== 'none';
}
