/**
 * What every `/v2/bot` call does first (spec part B, Authentication and Limits): the channel
 * access token, then the per-API rate limit of the channel's plan; the channel lands in
 * `res.locals.channel`. Authentication comes before the body is read, so a caller without a
 * token learns nothing.
 */
import type { RequestHandler, Response } from 'express';
import type { ChannelTokenService } from '../../tokens/channel-tokens.js';
import type { RateLimiter } from './rate-limits/service.js';
import type { ChannelRow } from '../../world/world-store.js';

/** What every `/v2/bot` call is authenticated and counted with: the channel's token, its plan, its limits. */
export interface BotApiDeps {
  tokens: ChannelTokenService;
  /** Where the authenticated channel is looked up (the messaging service, handed in by `index.ts`). */
  bot: { channel(channelId: string): Promise<ChannelRow> };
  limits: RateLimiter;
}

/**
 * @returns a middleware factory: `api('push')` authenticates and counts one call of that API
 * @throws (through `next`) ApiError 401 for a bad token, 429 over the plan's limit
 */
export function botApi(deps: BotApiDeps): (name: string) => RequestHandler {
  return (name) => async (req, res, next) => {
    const channelId = await deps.tokens.authenticate(req.headers.authorization);
    const channel = await deps.bot.channel(channelId);
    await deps.limits.request(channel.channel_id, channel.plan, name);
    res.locals.channel = channel;
    next();
  };
}

/** The channel {@link botApi} authenticated. */
export const channelOf = (res: Response): ChannelRow => res.locals.channel as ChannelRow;
