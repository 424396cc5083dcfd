/**
 * Sending to every friend and the counters (the platform's published calls): broadcast,
 * narrowcast (every friend) and its progress, followers IDs, the message quota and consumption,
 * and the number of messages sent per kind and day. Broadcast and narrowcast count against the
 * recipients per minute like push. Choices are in docs/platform/bot-daily-calls.md.
 */
import type { Clock } from '../../../clock/clock.js';
import { accessDenied, badRequest, invalidBody, notFound } from '../../../http/errors.js';
import { checkValidateMessagesBody } from '../../../messages/bodies.js';
import type { BotCounterStore } from './store.js';
import type { ChannelRow } from '../../../world/world-store.js';
import { quoteTokensRefused, type BotMessagingService, type Claim } from '../messaging/service.js';
import { demographicProblems, matchesDemographic, type Demographics } from './rules.js';
import type { RateLimiter } from '../rate-limits/service.js';

/** Offset of the platform's timezone (UTC+9), in ms: counters' `date` is a day there. */
export const PLATFORM_TZ_OFFSET_MS = 9 * 3600_000;
/** Followers IDs per page (platform default and maximum: 1,000). */
export const FOLLOWERS_PER_PAGE = 1000;
/** Monthly message quota of a channel, by plan (scenario has none: the free plan's 200, else 'none'). */
export const QUOTA_BY_PLAN: Record<string, number | null> = { 'developer-trial': 200, verified: null, official: null };
/** The kinds of sent messages counted (`GET /v2/bot/message/delivery/<kind>`). */
export const SENT_KINDS = ['reply', 'push', 'multicast', 'broadcast', 'narrowcast'] as const;
export type SentKind = (typeof SENT_KINDS)[number];
/** Kinds that use the monthly quota (replies are free on the platform). */
export const QUOTA_KINDS: readonly SentKind[] = ['push', 'multicast', 'broadcast', 'narrowcast'];

/** `yyyyMMdd` of a time (ms since 1970) in the platform's timezone. Pure. */
export function platformDay(ms: number): string {
  return new Date(ms + PLATFORM_TZ_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * The friends a narrowcast `recipient` reaches among `friends` (the audience unit's rule).
 * @throws ApiError 400 with details for a malformed recipient or an audience it cannot use
 */
export type RecipientResolver = (channel: ChannelRow, recipient: unknown, friends: ReadonlySet<string>) => Promise<Set<string>>;

export class BotBroadcastService {
  constructor(
    private readonly d: {
      counters: BotCounterStore;
      bot: BotMessagingService;
      limits: RateLimiter;
      clock: Clock;
      /** Narrowcast recipients (audiences, redelivery); without it a `recipient` is refused. */
      recipients?: RecipientResolver;
    },
  ) {}

  /** Counts `n` messages (recipients) of `kind` sent now. */
  async count(channelId: string, kind: SentKind, n: number): Promise<void> {
    await this.d.counters.add(channelId, kind, platformDay(this.d.clock.now()), n);
  }

  /**
   * The messages of a valid body to store (a `quoteToken` is refused: a quote names one chat's
   * message; a coupon message must name a RUNNING coupon of the channel).
   */
  private async checked(channelId: string, body: unknown): Promise<unknown[]> {
    const details = checkValidateMessagesBody(body);
    if (details) throw invalidBody(details);
    const { messages } = body as { messages: unknown[] };
    const quotes = quoteTokensRefused(messages);
    if (quotes.length) throw invalidBody(quotes);
    return this.d.bot.withCoupons(channelId, messages);
  }

  /**
   * Broadcast: the messages to every friend of the bot.
   * @param claim called once the body passed, before anything is counted or sent (retry keys)
   * @throws ApiError 400 invalid body; 429 when the recipients of this minute are used up; what `claim` throws.
   */
  async broadcast(channel: ChannelRow, body: unknown, claim: Claim = async () => undefined, requestId?: string): Promise<void> {
    const messages = await this.checked(channel.channel_id, body);
    await claim();
    const friends = await this.d.counters.friends(channel.channel_id);
    await this.d.limits.recipients(channel.channel_id, channel.plan, friends.length);
    await this.d.bot.sendToUsers(
      channel.channel_id,
      friends,
      messages,
      requestId === undefined ? undefined : { requestId, kind: 'broadcast' },
    );
    await this.count(channel.channel_id, 'broadcast', friends.length);
  }

  /**
   * Narrowcast, done at once: to every friend, or those a `recipient` reaches (audiences and
   * redelivery combined with and/or/not, see audiences/rules.ts), of them those a
   * `filter.demographic` matches (rules.ts), at most `limit.max`.
   * @param requestId the request's ID (answered in `<prefix>Request-Id`), for the progress call
   * @param claim called once the body passed, before anything is counted or sent (retry keys)
   * @throws ApiError 400 invalid body, filter or recipient (an unknown or not-ready audience); 429 as broadcast; what `claim` throws.
   */
  async narrowcast(channel: ChannelRow, body: unknown, requestId: string, claim: Claim = async () => undefined): Promise<void> {
    const messages = await this.checked(channel.channel_id, body);
    const b = body as { recipient?: unknown; filter?: { demographic?: unknown }; limit?: { max?: unknown } };
    if (b.recipient !== undefined && !this.d.recipients)
      throw invalidBody([
        { message: 'recipients are not served by this kit: use filter.demographic or omit recipient', property: 'recipient' },
      ]);
    if (b.filter !== undefined) {
      const problems =
        typeof b.filter === 'object' && b.filter !== null
          ? demographicProblems(b.filter.demographic)
          : [{ message: 'must be an object with demographic', property: 'filter' }];
      if (problems.length) throw invalidBody(problems);
    }
    const now = this.d.clock.now();
    const all = await this.d.counters.friendsWithDemographics(channel.channel_id);
    // Before the claim: a recipient naming an audience the channel cannot use is a refusal that
    // leaves the retry key free.
    const reached =
      b.recipient !== undefined && this.d.recipients
        ? await this.d.recipients(channel, b.recipient, new Set(all.map((f) => f.user_id)))
        : undefined;
    await claim();
    let friends = all
      .filter((f) => reached === undefined || reached.has(f.user_id))
      .filter(
        (f) =>
          b.filter === undefined ||
          matchesDemographic(b.filter.demographic as Record<string, unknown>, {
            ...(f.demographics ? (JSON.parse(f.demographics) as Demographics) : {}),
            friendForMs: now - f.since,
          }),
      )
      .map((f) => f.user_id);
    const max = b.limit?.max;
    if (typeof max === 'number' && Number.isInteger(max) && max >= 1) friends = friends.slice(0, max);
    await this.d.limits.recipients(channel.channel_id, channel.plan, friends.length);
    await this.d.bot.sendToUsers(channel.channel_id, friends, messages, { requestId, kind: 'narrowcast' });
    await this.count(channel.channel_id, 'narrowcast', friends.length);
    await this.d.counters.insertNarrowcast(requestId, channel.channel_id, friends.length, now);
  }

  /** Progress of a narrowcast (always `succeeded`). @throws ApiError 400 without ID, 404 unknown. */
  async progress(channel: ChannelRow, requestId: unknown): Promise<Record<string, unknown>> {
    if (typeof requestId !== 'string' || !requestId) throw badRequest('requestId is required');
    const r = await this.d.counters.narrowcast(channel.channel_id, requestId);
    if (!r) throw notFound('Not found');
    const at = new Date(r.accepted_at).toISOString();
    return {
      phase: 'succeeded',
      successCount: r.success_count,
      failureCount: 0,
      targetCount: r.success_count,
      acceptedTime: at,
      completedTime: at,
    };
  }

  /** `{type: 'limited', value}` or `{type: 'none'}`. */
  quota(channel: ChannelRow): { type: 'limited' | 'none'; value?: number } {
    const value = QUOTA_BY_PLAN[channel.plan] ?? null;
    return value === null ? { type: 'none' } : { type: 'limited', value };
  }

  /** `{totalUsage}`: quota kinds sent this month (platform timezone). */
  async consumption(channel: ChannelRow): Promise<{ totalUsage: number }> {
    return { totalUsage: await this.d.counters.month(channel.channel_id, QUOTA_KINDS, platformDay(this.d.clock.now()).slice(0, 6)) };
  }

  /**
   * Messages of `kind` sent on `date` (yyyyMMdd, platform timezone): `{status: 'ready', success}`,
   * or `{status: 'out_of_service'}` for a day before the channel's history (not tracked).
   * @throws ApiError 400 for a malformed date.
   */
  async delivered(channel: ChannelRow, kind: SentKind, date: unknown): Promise<{ status: string; success?: number }> {
    if (typeof date !== 'string' || !/^\d{8}$/.test(date)) throw badRequest("The value for the 'date' parameter is invalid");
    return { status: 'ready', success: await this.d.counters.get(channel.channel_id, kind, date) };
  }

  /** Followers, paged by 1 to 1,000 (`limit`); verified and official plans only. @throws ApiError 403, 400 (bad start/limit). */
  async followers(channel: ChannelRow, start: unknown, limit: unknown): Promise<{ userIds: string[]; next?: string }> {
    if (channel.plan !== 'verified' && channel.plan !== 'official') throw accessDenied();
    let offset = 0;
    if (start !== undefined) {
      if (typeof start !== 'string' || !/^f[0-9]+$/.test(start)) throw badRequest('The continuation token in start is invalid');
      offset = Number(start.slice(1));
    }
    let per = FOLLOWERS_PER_PAGE;
    if (limit !== undefined) {
      per = Number(limit);
      if (!Number.isInteger(per) || per < 1 || per > FOLLOWERS_PER_PAGE)
        throw badRequest(`limit must be an integer from 1 to ${FOLLOWERS_PER_PAGE}`);
    }
    const all = await this.d.counters.friends(channel.channel_id);
    const userIds = all.slice(offset, offset + per);
    const end = offset + userIds.length;
    return end < all.length ? { userIds, next: `f${end}` } : { userIds };
  }
}
