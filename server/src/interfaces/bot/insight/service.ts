/**
 * The insight service (published `insight.yml`, docs/platform/insight.md): records what message-sending
 * requests sent (a {@link SendRecorder}), what the host reports people did, friendship changes and
 * rich menu views and taps; answers the seven insight calls and the host's Insight view, every
 * figure computed from those records on the simulated clock.
 */
import type { Static } from '@sinclair/typebox';
import type { Clock } from '../../../clock/clock.js';
import type { BotInsight } from '#contract/wire.js';
import { ApiError, invalidBody, notFound } from '../../../http/errors.js';
import type { WorldStore, ChannelRow } from '../../../world/world-store.js';
import type { InsightReportBody } from '#contract/requests.js';
import { platformDay } from '../broadcast/service.js';
import type { BotCounterStore } from '../broadcast/store.js';
import type { Demographics } from '../broadcast/rules.js';
import type { SendRecorder, SendTrace } from '../messaging/service.js';
import type { InsightStore } from './store.js';
import {
  DAY_MS,
  ageTile,
  PRIVACY_THRESHOLD,
  UNITS_PER_MONTH,
  UNIT_NAMES_PER_PAGE,
  dateParameter,
  dayStart,
  demographicsOf,
  eventFigures,
  followersAsOf,
  invalidParameter,
  publishedDetail,
  readiness,
  shown,
  type Friendship,
  type RichMenuInsightQuery,
  type StatisticsPerUnitQuery,
  type UnitNamesQuery,
} from './rules.js';

/** A friendship change as the social unit tells it (`from` may be `none`). */
export interface FriendshipChangeInput {
  userId: string;
  channelId: string;
  from: string;
  to: string;
  at: number;
}

/** The published delivery kinds (`GetNumberOfMessageDeliveriesResponse`) and the sent counter's kind behind each. */
const DELIVERY_KINDS = {
  apiBroadcast: 'broadcast',
  apiPush: 'push',
  apiMulticast: 'multicast',
  apiNarrowcast: 'narrowcast',
  apiReply: 'reply',
} as const;

export class InsightService implements SendRecorder {
  constructor(private readonly d: { store: InsightStore; counters: BotCounterStore; world: WorldStore; clock: Clock }) {}

  private async historySince(): Promise<number> {
    return Number((await this.d.world.getMeta('history_since')) ?? 0);
  }

  /** @throws ApiError 400 when the unit would be the channel's unit number {@link UNITS_PER_MONTH} + 1 this month (UTC+9). */
  async admit(channelId: string, trace: SendTrace): Promise<void> {
    if (trace.unit === undefined) return;
    const units = await this.d.store.units(channelId, platformDay(this.d.clock.now()).slice(0, 6));
    if (!units.includes(trace.unit) && units.length >= UNITS_PER_MONTH)
      throw invalidBody([
        {
          message: `The channel has used ${UNITS_PER_MONTH} aggregation units this month (the limit): use one of them`,
          property: 'customAggregationUnits',
        },
      ]);
  }

  async request(channelId: string, trace: SendTrace): Promise<void> {
    const now = this.d.clock.now();
    if (trace.unit !== undefined) await this.d.store.useUnit(channelId, platformDay(now).slice(0, 6), trace.unit, now);
    await this.d.store.addRequest(channelId, { requestId: trace.requestId, kind: trace.kind, sentAt: now, unit: trace.unit ?? null });
  }

  async delivered(channelId: string, trace: SendTrace, chatId: string, messageIds: readonly number[]): Promise<void> {
    const chat = await this.d.world.chat(chatId);
    await this.d.store.addSent(channelId, trace.requestId, messageIds, chat?.memberIds ?? []);
  }

  /** Records a friendship change (the follower and block history). */
  async friendshipChanged(c: FriendshipChangeInput): Promise<void> {
    await this.d.store.addFriendChange(c.channelId, { userId: c.userId, from: c.from, to: c.to, at: c.at });
  }

  /**
   * The number of custom aggregation units the channel used this month (UTC+9, simulated clock):
   * published `getAggregationUnitUsage`.
   */
  async unitUsage(channel: ChannelRow): Promise<{ numOfCustomAggregationUnits: number }> {
    const units = await this.d.store.units(channel.channel_id, platformDay(this.d.clock.now()).slice(0, 6));
    return { numOfCustomAggregationUnits: units.length };
  }

  /**
   * The names of the units the channel used this month (UTC+9), in order of first use, a page at a
   * time: published `getAggregationUnitNameList`. `limit` (a string of an integer) is capped at
   * {@link UNIT_NAMES_PER_PAGE} as documented; `next` is given only while names remain and is
   * bound to the month it was given in.
   * @param query checked at the door ({@link UnitNamesQuery})
   * @throws ApiError 400 with a detail at `start` (not a token this call gave this month)
   */
  async unitNames(
    channel: ChannelRow,
    { limit, start }: Static<typeof UnitNamesQuery>,
  ): Promise<{ customAggregationUnits: string[]; next?: string }> {
    const month = platformDay(this.d.clock.now()).slice(0, 6);
    const per = limit === undefined ? UNIT_NAMES_PER_PAGE : Math.min(Number(limit), UNIT_NAMES_PER_PAGE);
    let offset = 0;
    if (start !== undefined) {
      const found = /^([0-9]{6}):([0-9]{1,9})$/.exec(Buffer.from(start, 'base64url').toString('utf8'));
      if (!found || found[1] !== month) throw invalidParameter('start', 'must be the next token of an earlier answer this month');
      offset = Number(found[2]);
    }
    const units = await this.d.store.units(channel.channel_id, month);
    const page = units.slice(offset, offset + per);
    const end = offset + page.length;
    return end < units.length
      ? { customAggregationUnits: page, next: Buffer.from(`${month}:${end}`).toString('base64url') }
      : { customAggregationUnits: page };
  }

  /**
   * What the host reports a person did (the simulator route `reportInsight`). A message counts only
   * when a recorded request sent it to that person, a rich menu only when it is a menu of that channel.
   * @returns whether it was recorded (a second impression of the same message by the same person is not)
   */
  async report(r: InsightReportBody): Promise<{ recorded: boolean }> {
    const now = this.d.clock.now();
    if (r.type === 'impression' || r.type === 'click') {
      const id = Number(r.messageId);
      if (!(await this.d.store.sentMessage(id, r.userId))) return { recorded: false };
      if (r.type === 'click') await this.d.store.addClick(id, r.userId, r.url, now);
      else {
        const seen = await this.d.store.impressedOnce(id, r.userId, now);
        return { recorded: seen };
      }
      return { recorded: true };
    }
    const menu = await this.d.store.richMenuBody(r.channelId, r.richMenuId);
    if (!menu) return { recorded: false };
    if (r.type === 'richMenuClick' && r.area >= ((JSON.parse(menu) as { areas?: unknown[] }).areas?.length ?? 0))
      return { recorded: false };
    await this.d.store.addRichMenuEvent(r.channelId, r.richMenuId, r.type === 'richMenuClick' ? r.area : null, r.userId, now);
    return { recorded: true };
  }

  /** Today's friendships of a channel with parsed demographics. */
  private async friendships(channelId: string): Promise<Friendship[]> {
    return (await this.d.store.friendships(channelId)).map((f) => ({
      userId: f.userId,
      state: f.state,
      since: f.since,
      demographics: f.demographics ? (JSON.parse(f.demographics) as Demographics) : null,
    }));
  }

  /** `getFriendsDemographics`. */
  async demographics(channel: ChannelRow): Promise<Record<string, unknown>> {
    return demographicsOf(await this.friendships(channel.channel_id), this.d.clock.now());
  }

  /**
   * `getNumberOfMessageDeliveries`: the sent counter's figures of a ready day.
   * @param date `yyyyMMdd`, checked at the door (`DeliveriesQuery`, rules.ts)
   * @throws ApiError 400 for a day its month does not have
   */
  async deliveries(channel: ChannelRow, date: string): Promise<Record<string, unknown>> {
    const start = dateParameter('date', date);
    const status = readiness(start, this.d.clock.now(), await this.historySince());
    if (status !== 'ready') return { status };
    return { status, ...(await this.deliveryCounts(channel.channel_id, date)) };
  }

  private async deliveryCounts(channelId: string, date: string): Promise<Record<string, number>> {
    const api = Object.fromEntries(
      await Promise.all(
        Object.entries(DELIVERY_KINDS).map(async ([name, kind]) => [name, await this.d.counters.get(channelId, kind, date)]),
      ),
    ) as Record<keyof typeof DELIVERY_KINDS, number>;
    // embedkit has no Official Account Manager: its broadcasts and targeted messages are the API's.
    return { broadcast: api.apiBroadcast, targeting: api.apiNarrowcast, autoResponse: 0, welcomeResponse: 0, chat: 0, ...api };
  }

  /**
   * `getNumberOfFollowers`: as of a ready day (default yesterday, UTC+9).
   * @param date `yyyyMMdd`, checked at the door (`FollowersQuery`, rules.ts)
   * @throws ApiError 400 for a day its month does not have
   */
  async followers(channel: ChannelRow, date: string | undefined): Promise<Record<string, unknown>> {
    const now = this.d.clock.now();
    const start = date === undefined ? dayStart(platformDay(now - DAY_MS))! : dateParameter('date', date);
    const status = readiness(start, now, await this.historySince());
    if (status !== 'ready') return { status };
    return { status, ...(await this.followersAt(channel.channel_id, start + DAY_MS)) };
  }

  private async followersAt(channelId: string, end: number) {
    const [friendships, changes, since] = await Promise.all([
      this.friendships(channelId),
      this.d.store.friendChanges(channelId),
      this.historySince(),
    ]);
    return followersAsOf(friendships, changes, since, end);
  }

  /**
   * `getMessageEvent`: a broadcast's, narrowcast's, push's or multicast's figures. Before the send
   * day has ended (UTC+9) only `delivered` is counted.
   * @param requestId checked at the door (`MessageEventQuery`, rules.ts)
   * @throws ApiError 404 when the channel sent no such request
   */
  async messageEvent(channel: ChannelRow, requestId: string): Promise<Record<string, unknown>> {
    const r = (await this.d.store.requests(channel.channel_id)).find((x) => x.requestId === requestId);
    if (!r) throw notFound('Not found');
    const reach = await this.d.store.reach(channel.channel_id, [requestId]);
    const e = eventFigures(reach);
    const ready = this.d.clock.now() >= dayStart(platformDay(r.sentAt))! + DAY_MS;
    const overview = {
      requestId,
      timestamp: Math.floor(r.sentAt / 1000),
      delivered: e.delivered,
      uniqueImpression: ready ? shown(e.uniqueImpression) : null,
      uniqueClick: ready ? shown(e.uniqueClick) : null,
      uniqueMediaPlayed: null,
      uniqueMediaPlayed100Percent: null,
    };
    return { overview, ...(ready ? publishedDetail(e) : { messages: [], clicks: [] }) };
  }

  /**
   * `getStatisticsPerUnit`: the figures of a unit's push and multicast requests sent from `from`
   * to `to` (yyyyMMdd, UTC+9, inclusive, at most 30 days apart), those of ended days only.
   * @param q checked at the door ({@link StatisticsPerUnitQuery})
   * @throws ApiError 400 for a day its month does not have, or a period that is reversed or too long
   */
  async statisticsPerUnit(channel: ChannelRow, q: Static<typeof StatisticsPerUnitQuery>): Promise<Record<string, unknown>> {
    const unit = q.customAggregationUnit;
    const from = dateParameter('from', q.from);
    const to = dateParameter('to', q.to);
    if (to < from) throw invalidParameter('to', 'must not be before from');
    if (to > from + 30 * DAY_MS) throw invalidParameter('to', 'must be at most 30 days after from');
    const readyEnd = dayStart(platformDay(this.d.clock.now()))!;
    const requests = await this.d.store.requests(channel.channel_id, { unit, from, to: Math.min(to + DAY_MS, readyEnd) });
    const e = eventFigures(
      await this.d.store.reach(
        channel.channel_id,
        requests.map((r) => r.requestId),
      ),
    );
    return {
      overview: {
        uniqueImpression: shown(e.uniqueImpression),
        uniqueClick: shown(e.uniqueClick),
        uniqueMediaPlayed: null,
        uniqueMediaPlayed100Percent: null,
      },
      ...publishedDetail(e),
    };
  }

  /**
   * `getRichMenuInsightSummary` (`daily` false) and `getRichMenuInsightDaily` (true): views of the
   * menu and taps per area from `from` to `to` (inclusive, up to yesterday), only the menu's ID
   * when fewer than {@link PRIVACY_THRESHOLD} people tapped it in that period.
   * @param q checked at the door ({@link RichMenuInsightQuery})
   * @throws ApiError 400 for a day its month does not have, a reversed or too long period (396 days
   *   summary, 99 daily) or a start more than 3 years back; 404 for a rich menu the channel does not have
   */
  async richMenu(
    channel: ChannelRow,
    richMenuId: string,
    q: Static<typeof RichMenuInsightQuery>,
    daily: boolean,
  ): Promise<Record<string, unknown>> {
    const from = dateParameter('from', q.from);
    const to = dateParameter('to', q.to);
    const now = this.d.clock.now();
    if (to < from) throw invalidParameter('to', 'must not be before from');
    const maxDays = daily ? 99 : 396;
    if (to > from + maxDays * DAY_MS) throw invalidParameter('to', `must be at most ${maxDays} days after from`);
    if (from < dayStart(platformDay(now))! - 3 * 365 * DAY_MS) throw invalidParameter('from', 'must be within the most recent 3 years');
    const body = await this.d.store.richMenuBody(channel.channel_id, richMenuId);
    if (!body) throw notFound('Not found');
    const areas = ((JSON.parse(body) as { areas?: { bounds: { x: number; y: number; width: number; height: number } }[] }).areas ?? []).map(
      (a) => ({ x: a.bounds.x, y: a.bounds.y, width: a.bounds.width, height: a.bounds.height }),
    );
    const end = Math.min(to + DAY_MS, dayStart(platformDay(now))!);
    const events = end > from ? await this.d.store.richMenuEvents(richMenuId, from, end) : [];
    const taps = events.filter((e) => e.area !== null);
    if (new Set(taps.map((t) => t.userId)).size < PRIVACY_THRESHOLD) return { richMenuId };
    const metrics = (list: typeof events) => ({ count: list.length, uniqueUsers: new Set(list.map((e) => e.userId)).size });
    const perDay = (list: typeof events) => {
      const days = new Map<string, typeof events>();
      for (const e of list) days.set(platformDay(e.at), [...(days.get(platformDay(e.at)) ?? []), e]);
      return [...days].map(([date, l]) => ({ date, ...metrics(l) }));
    };
    const shape = daily ? perDay : metrics;
    const views = events.filter((e) => e.area === null);
    return {
      richMenuId,
      metricsFrom: platformDay(from),
      metricsTo: platformDay(end - DAY_MS),
      impression: { metrics: shape(views) },
      clicks: areas.map((bounds, i) => ({ bounds, metrics: shape(taps.filter((t) => t.area === i)) })),
    };
  }

  /**
   * The host's Insight view: the last `days` ended days (1 to 90, default 14), the last 50
   * requests and today's demographics, without the privacy threshold.
   * @throws ApiError 404 for an unknown channel; 400 for a bad `days`
   */
  async view(channelId: string, daysParam: unknown): Promise<BotInsight> {
    if (!(await this.d.world.channel(channelId))) throw notFound(`Unknown channel ${channelId}`);
    const days = daysParam === undefined ? 14 : Number(daysParam);
    if (!Number.isInteger(days) || days < 1 || days > 90) throw new ApiError(400, { message: 'days must be an integer from 1 to 90' });
    const now = this.d.clock.now();
    const today = dayStart(platformDay(now))!;
    const [friendships, changes, since, requests] = await Promise.all([
      this.friendships(channelId),
      this.d.store.friendChanges(channelId),
      this.historySince(),
      this.d.store.requests(channelId, { limit: 50 }),
    ]);
    const dayRows = [];
    for (let i = days; i >= 1; i--) {
      const start = today - i * DAY_MS;
      const date = platformDay(start);
      dayRows.push({
        date,
        status: readiness(start, now, since),
        ...followersAsOf(friendships, changes, since, start + DAY_MS),
        deliveries: await this.deliveryCounts(channelId, date),
      });
    }
    const reach = await this.d.store.reach(
      channelId,
      requests.map((r) => r.requestId),
    );
    const requestRows = requests.map((r) => {
      const e = eventFigures({
        sent: reach.sent.filter((s) => s.requestId === r.requestId),
        impressions: reach.impressions,
        clicks: reach.clicks,
      });
      return {
        requestId: r.requestId,
        kind: r.kind,
        sentAt: r.sentAt,
        unit: r.unit,
        ready: now >= dayStart(platformDay(r.sentAt))! + DAY_MS,
        delivered: e.delivered,
        uniqueImpression: e.uniqueImpression,
        uniqueClick: e.uniqueClick,
        impressions: e.messages.reduce((n, m) => n + m.impression, 0),
        clicks: e.clicks.reduce((n, c) => n + c.click, 0),
      };
    });
    const friends = friendships.filter((f) => f.state === 'friend');
    const pairs = (values: string[]): [string, number][] => {
      const counts = new Map<string, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([v, n]) => [v, Math.round((n / values.length) * 1000) / 10]);
    };
    const d = friends.map((f) => f.demographics ?? {});
    return {
      channelId,
      days: dayRows,
      requests: requestRows,
      demographics: friends.length
        ? {
            friends: friends.length,
            genders: pairs(d.map((x) => x.gender ?? 'unknown')),
            ages: pairs(d.map((x) => ageTile(x.age))),
            areas: pairs(d.map((x) => x.area ?? 'unknown')),
            appTypes: pairs(d.map((x) => x.appType ?? 'others')),
          }
        : null,
    };
  }
}
