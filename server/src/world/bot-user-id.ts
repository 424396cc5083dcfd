/** The user ID of a channel's bot (what `GET /v2/bot/info` answers and every webhook body's `destination` names). */
import { createHash } from 'node:crypto';

/**
 * The bot's user ID: a stable `U` + 32 hex digits derived from the channel ID (the scenario has no
 * separate bot user; the platform's IDs match `U[0-9a-f]{32}`). Pure.
 */
export function botUserId(channelId: string): string {
  return `U${createHash('sha256').update(`bot:${channelId}`).digest('hex').slice(0, 32)}`;
}
