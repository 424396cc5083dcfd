/**
 * Sending to every friend and the counters (the platform's published calls): broadcast,
 * narrowcast (every friend) and its progress, followers IDs, the message quota and consumption,
 * and the number of messages sent per kind and day. Broadcast and narrowcast count against the
 * recipients per minute like push. Choices are in docs/platform/bot-daily-calls.md.
 */
import type { Clock } from '../../../clock/clock.js';
import type { Static } from '@sinclair/typebox';
import { accessDenied, invalidBody, notFound } from '../../../http/errors.js';
import type { BotCounterStore } from './store.js';
import type { ChannelRow } from '../../../world/world-store.js';
import type { BotMessagingService } from '../messaging/service.js';
import type { Claim } from '../retry-keys/service.js';
import { FOLLOWERS_PER_PAGE, matchesDemographic, type Demographics, type FollowersQuery, type NarrowcastBody } from './rules.js';
import type { RateLimiter } from '../rate-limits/service.js';

/** Offset of the platform's timezone (UTC+9), in ms: counters' `date` is a day there. */
export const PLATFORM_TZ_OFFSET_MS = 9 * 3600_000;
export { FOLLOWERS_PER_PAGE };
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
   * Broadcast: the messages to every friend of the bot.
   * @param messages message objects checked at the door (`checkValidateMessagesBody`, no `quoteToken`)
   * @param claim called once the messages passed, before anything is counted or sent (retry keys)
   * @throws ApiError 400 a coupon message naming no RUNNING coupon of the channel; 429 when the
   *   recipients of this minute are used up; what `claim` throws.
   */
  async broadcast(channel: ChannelRow, messages: unknown[], claim: Claim = async () => undefined, requestId?: string): Promise<void> {
    messages = await this.d.bot.withCoupons(channel.channel_id, messages);
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
   * @param b the body besides its messages, checked at the door ({@link NarrowcastBody}, its
   *   demographic filter by `demographicProblems`)
   * @param messages as {@link broadcast}'s
   * @param requestId the request's ID (answered in `<prefix>Request-Id`), for the progress call
   * @param claim called once the body passed, before anything is counted or sent (retry keys)
   * @throws ApiError 400 a recipient when this kit serves none, or one naming an unknown or not-ready
   *   audience, or a coupon as broadcast; 429 as broadcast; what `claim` throws.
   */
  async narrowcast(
    channel: ChannelRow,
    b: Static<typeof NarrowcastBody>,
    messages: unknown[],
    requestId: string,
    claim: Claim = async () => undefined,
  ): Promise<void> {
    if (b.recipient !== undefined && !this.d.recipients)
      throw invalidBody([
        { message: 'recipients are not served by this kit: use filter.demographic or omit recipient', property: 'recipient' },
      ]);
    messages = await this.d.bot.withCoupons(channel.channel_id, messages);
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
    if (b.limit?.max !== undefined) friends = friends.slice(0, b.limit.max);
    await this.d.limits.recipients(channel.channel_id, channel.plan, friends.length);
    await this.d.bot.sendToUsers(channel.channel_id, friends, messages, { requestId, kind: 'narrowcast' });
    await this.count(channel.channel_id, 'narrowcast', friends.length);
    await this.d.counters.insertNarrowcast(requestId, channel.channel_id, friends.length, now);
  }

  /** Progress of a narrowcast (always `succeeded`). @throws ApiError 404 for a request the channel did not make. */
  async progress(channel: ChannelRow, requestId: string): Promise<Record<string, unknown>> {
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
   * @param date `yyyyMMdd`, its form checked at the door (`DeliveryQuery`, rules.ts)
   */
  async delivered(channel: ChannelRow, kind: SentKind, date: string): Promise<{ status: string; success?: number }> {
    return { status: 'ready', success: await this.d.counters.get(channel.channel_id, kind, date) };
  }

  /**
   * Whether the channel may read its followers: verified and official plans only (platform). The
   * route asks before the door checks the query, as the platform refuses the plan first.
   * @throws ApiError 403 for another plan
   */
  mayListFollowers(channel: ChannelRow): void {
    if (channel.plan !== 'verified' && channel.plan !== 'official') throw accessDenied();
  }

  /**
   * Followers, paged by 1 to 1,000 (`limit`, default 1,000) from `start` (this kit's continuation
   * token `f<offset>`), both checked at the door ({@link FollowersQuery}).
   * @throws ApiError 403 as {@link mayListFollowers}
   */
  async followers(channel: ChannelRow, q: Static<typeof FollowersQuery>): Promise<{ userIds: string[]; next?: string }> {
    this.mayListFollowers(channel);
    const offset = q.start === undefined ? 0 : Number(q.start.slice(1));
    const per = q.limit === undefined ? FOLLOWERS_PER_PAGE : Number(q.limit);
    const all = await this.d.counters.friends(channel.channel_id);
    const userIds = all.slice(offset, offset + per);
    const end = offset + userIds.length;
    return end < all.length ? { userIds, next: `f${end}` } : { userIds };
  }
}
