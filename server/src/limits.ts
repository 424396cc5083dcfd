/** Numbers of the spec's "Limits" table and token lifetimes, in one place. */

/** One day in ms. */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Life of a channel access token and of a social access token: 30 days (spec "Limits"). */
export const ACCESS_TOKEN_LIFE_MS = 30 * DAY_MS;
/** Short-lived channel tokens alive at once per channel (spec "Limits"). */
export const MAX_CHANNEL_TOKENS = 30;
/** Embedded apps per channel (spec "Limits"). */
export const MAX_APPS_PER_CHANNEL = 30;
/** Messages per `sendMessages` call (spec "Limits"). */
export const MAX_SEND_MESSAGES = 5;
/** Life of an authorization code of the social login (spec silent; the platform's: 10 minutes). */
export const AUTH_CODE_LIFE_MS = 10 * 60 * 1000;
/** Life of a sign-in waiting on the consent page (embedkit's choice, as long as a code). */
export const AUTH_REQUEST_LIFE_MS = 10 * 60 * 1000;
/** A refresh token works until this long after its access token expired (spec "Limits"). */
export const REFRESH_GRACE_MS = 10 * DAY_MS;
/** Life of an ID token in seconds (spec silent; the platform's: 1 hour). */
export const ID_TOKEN_LIFE_S = 3600;
