/**
 * The scenario's world as the simulator API's `world` route answers it (docs/project/simulator-api.md),
 * and the look-ups the host needs on it. Pure functions, no DOM.
 */
import type { ContextType } from '#contract/bridge/protocol.js';
import type { World, WorldApp, WorldChat, WorldUser } from '#contract/wire.js';

/** A chat type: the context types that are chats (`none` is not). */
export type ChatType = Exclude<ContextType, 'none'>;

// The world's shapes are the contract's; the host's modules read them from here.
export type { World, WorldApp, WorldChannel, WorldChat, WorldUser } from '#contract/wire.js';

/** The chats the user is a member of, in world order; only those of `type` when given. */
export function chatsOfUser(world: World, userId: string, type?: ChatType): WorldChat[] {
  return world.chats.filter((c) => c.memberIds.includes(userId) && (type === undefined || c.type === type));
}

/** The user with this id, if any (none without an id: the world's `defaults` may name none). */
export function findUser(world: World, userId: string | undefined): WorldUser | undefined {
  return world.users.find((u) => u.userId === userId);
}

/** The app with this embed id, if any (none without an id: the world's `defaults` may name none). */
export function findApp(world: World, embedId: string | undefined): WorldApp | undefined {
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
