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
