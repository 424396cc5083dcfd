/**
 * Several phones side by side (`/?users=<userId>,<userId>[,…]`): which users get a phone, and the
 * address each phone loads. Each phone is a whole host of its own (its own user, chats, app session
 * and token) shown without the side panels (`phone=1`). Pure functions, no DOM.
 */
import { deepLinkOfState, serializeDeepLink } from '../state/deeplink.js';
import type { HostState } from '../state/host-state.js';
import { findChat, findUser, type World } from '../state/world.js';

/** Fewest and most phones the page shows side by side. */
export const MIN_PHONES = 2;
export const MAX_PHONES = 4;

/** What a `users=` value asks for, settled against the world. */
export interface PhoneUsers {
  /** The users that get a phone, in the order asked, each once. */
  userIds: string[];
  /** Why asked ids were left out (unknown, repeated, beyond {@link MAX_PHONES}); empty when none were. */
  problems: string[];
}

/**
 * Reads `users=` of a host query string: comma-separated user ids. Unknown and repeated ids are
 * left out and named in `problems`, as are ids beyond {@link MAX_PHONES}.
 * @returns null when the query has no `users=` (the host shows one phone with its panels)
 */
export function parsePhoneUsers(search: string, world: World): PhoneUsers | null {
  const raw = new URLSearchParams(search).get('users');
  if (raw === null) return null;
  const userIds: string[] = [];
  const problems: string[] = [];
  for (const id of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!findUser(world, id)) problems.push(`unknown user ${id}`);
    else if (userIds.includes(id)) problems.push(`${id} is listed twice`);
    else if (userIds.length >= MAX_PHONES) problems.push(`${id} left out: at most ${MAX_PHONES} phones`);
    else userIds.push(id);
  }
  return { userIds, problems };
}

/**
 * The several-phones page for `userIds` (in that order), the other parameters of `search` kept;
 * the commas of `users=` stay readable.
 */
export function phonesUrl(search: string, userIds: readonly string[]): string {
  const params = new URLSearchParams(search);
  params.set('users', userIds.join(','));
  return `/?${params.toString().replace(/%2C/gi, ',')}`;
}

/**
 * The usual host (one phone with its panels) for `userId`: the other parameters of `search`, such
 * as `chat`, `context`, `device`, `app`, carried over.
 */
export function singlePhoneUrl(search: string, userId: string): string {
  return `/?${singlePhoneParams(search, userId).toString()}`;
}

/** The address one phone of the page loads: {@link singlePhoneUrl} without the tab, plus `phone=1`. */
export function phoneFrameUrl(search: string, userId: string): string {
  const params = singlePhoneParams(search, userId);
  params.delete('tab');
  params.set('phone', '1');
  return `/?${params.toString()}`;
}

function singlePhoneParams(search: string, userId: string): URLSearchParams {
  const params = new URLSearchParams(search);
  params.delete('users');
  params.set('user', userId);
  return params;
}

/** Whether this host page is one phone of several (`phone=1`): it then shows the phone alone. */
export function isPhoneFrame(search: string): boolean {
  return new URLSearchParams(search).get('phone') === '1';
}

/**
 * The link from the single-phone host to several phones: the signed-in user first, then the other
 * people of the chat on screen (up to {@link MAX_PHONES} in all), else the next user of the world;
 * the chat, context, language and device carried over, no open app.
 */
export function phonesLink(world: World, state: HostState): string {
  const chat = state.chatId ? findChat(world, state.chatId) : undefined;
  const people = new Set(world.users.map((u) => u.userId));
  const others = (chat?.memberIds ?? []).filter((id) => id !== state.userId && people.has(id));
  if (others.length === 0) {
    const next = world.users.find((u) => u.userId !== state.userId);
    if (next) others.push(next.userId);
  }
  const users = [state.userId, ...others].slice(0, MAX_PHONES);
  return phonesUrl(serializeDeepLink({ ...deepLinkOfState(state, false), user: undefined }), users);
}
