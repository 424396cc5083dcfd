/**
 * Account linking (the platform's published flow, spec "Events" accountLink): a bot issues
 * a link token for a user (`POST /v2/bot/user/<userId>/linkToken`), sends the user to its own
 * linking page, which sends the user on to the platform's `/dialog/bot/accountLink?linkToken&nonce`;
 * there the token is used once and the bot gets the `accountLink` event with the nonce. An expired
 * or used token shows the user an error and sends no event (spec).
 */
import type { Clock } from '../../../clock/clock.js';
import { randomBytes } from 'node:crypto';
import { badRequest } from '../../../http/errors.js';
import type { BotsInChatsStore } from '../../../world/bots-in-chats-store.js';
import type { LinkTokenStore } from './store.js';
import type { ChannelRow, WorldStore } from '../../../world/world-store.js';
import type { BotEventService } from '../user-events/service.js';
import { hashToken } from '../../../tokens/secrets.js';
import type { Static } from '@sinclair/typebox';
import type { AccountLinkQuery } from './rules.js';

/** Life of a link token: 10 minutes (the platform's published value). */
export const LINK_TOKEN_LIFE_MS = 10 * 60_000;

/** Why the linking page refuses: the user sees it, the bot gets nothing. */
export type LinkRefusal = 'missing' | 'unknown' | 'expired' | 'used' | 'not-friend';

/** The outcome of the linking page. */
export type LinkOutcome = { linked: true; botName: string } | { linked: false; reason: LinkRefusal };

export class AccountLinkService {
  constructor(
    private readonly d: {
      tokens: LinkTokenStore;
      world: WorldStore;
      botsInChats: BotsInChatsStore;
      events: BotEventService;
      clock: Clock;
    },
  ) {}

  /**
   * A new link token for a user of the scenario: 32 letters and digits, single use, 10 minutes.
   * @throws ApiError 400 "The value for the 'userId' parameter is invalid" for an unknown user
   */
  async issue(channel: ChannelRow, userId: string): Promise<{ linkToken: string }> {
    if (!(await this.d.world.user(userId))) throw badRequest("The value for the 'userId' parameter is invalid");
    const linkToken = randomBytes(24).toString('base64url').replace(/[-_]/g, '').slice(0, 32).padEnd(32, '0');
    const now = this.d.clock.now();
    await this.d.tokens.insert({
      token_hash: hashToken(linkToken),
      channel_id: channel.channel_id,
      user_id: userId,
      issued_at: now,
      expires_at: now + LINK_TOKEN_LIFE_MS,
    });
    return { linkToken };
  }

  /**
   * The platform's linking page was reached: uses the token and sends `accountLink` (`ok`, the
   * nonce) to the bot; or says why not (no event).
   * @param query the page's query, checked ({@link AccountLinkQuery}); undefined when it broke the
   *   schema (the `missing` outcome)
   */
  async complete(query: Static<typeof AccountLinkQuery> | undefined): Promise<LinkOutcome> {
    if (!query) return { linked: false, reason: 'missing' };
    const { linkToken: token, nonce } = query;
    const hash = hashToken(token);
    const row = await this.d.tokens.find(hash);
    if (!row) return { linked: false, reason: 'unknown' };
    const now = this.d.clock.now();
    if (row.used_at !== null) return { linked: false, reason: 'used' };
    if (row.expires_at <= now) return { linked: false, reason: 'expired' };
    if ((await this.d.botsInChats.friendState(row.channel_id, row.user_id)) !== 'friend') return { linked: false, reason: 'not-friend' };
    if (!(await this.d.tokens.use(hash, now))) return { linked: false, reason: 'used' };
    await this.d.events.accountLink(row.channel_id, { userId: row.user_id, nonce, result: 'ok' });
    const channel = await this.d.world.channel(row.channel_id);
    return { linked: true, botName: channel?.bot_name ?? channel?.name ?? row.channel_id };
  }
}
