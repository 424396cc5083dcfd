/** User profiles (spec part C "Profile", part D "SDK profile"). */
import { simulatorPath } from '#contract/simulator-api.js';
import type { UserRow } from './world-store.js';

/** The profile object; `pictureUrl` and `statusMessage` are absent when unset, never null. */
export interface Profile {
  userId: string;
  displayName: string;
  pictureUrl?: string;
  statusMessage?: string;
}

/**
 * Builds a profile from a stored user.
 * @param baseUrl the server's public origin, e.g. `http://localhost:8080`; the picture is served there
 */
export function toProfile(user: UserRow, baseUrl: string): Profile {
  const profile: Profile = { userId: user.user_id, displayName: user.display_name };
  if (user.has_picture) profile.pictureUrl = pictureUrl(baseUrl, user.user_id);
  if (user.status_message) profile.statusMessage = user.status_message;
  return profile;
}

/** Where the simulator serves a user's picture. */
export function pictureUrl(baseUrl: string, userId: string): string {
  return baseUrl + simulatorPath('userPicture', { userId });
}
