/**
 * The IDs of a channel's bot: its user ID (what `GET /v2/bot/info` answers and every webhook body's
 * `destination` names) and its basic ID (what the bot's profile shows).
 */
import { createHash } from 'node:crypto';

/**
 * The bot's user ID: a stable `U` + 32 hex digits derived from the channel ID (the scenario has no
 * separate bot user; the platform's IDs match `U[0-9a-f]{32}`). Pure.
 */
export function botUserId(channelId: string): string {
  return `U${createHash('sha256').update(`bot:${channelId}`).digest('hex').slice(0, 32)}`;
}

/** A channel's bot's basic ID (`@` and 9 characters, as the platform's look): its channel ID's last 6 digits and `emb`. Pure. */
export function basicIdOf(channelId: string): string {
  return `@${channelId.slice(-6)}emb`;
}
