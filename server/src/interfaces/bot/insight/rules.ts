/**
 * The insight rules as pure functions (published `insight.yml`; choices in docs/platform/insight.md): days
 * in the platform's timezone (UTC+9) and their readiness, followers and blocks from the friendship
 * history, demographics as percentages, and the message event figures with the privacy threshold.
 */
import { Type } from '@sinclair/typebox';
import { ApiError } from '../../../http/errors.js';
import type { ErrorDetail } from '../../../http/validate.js';
import { PLATFORM_TZ_OFFSET_MS, platformDay } from '../broadcast/service.js';
import type { Demographics } from '../broadcast/rules.js';

export const DAY_MS = 86_400_000;
/**
 * Below this many, a message event count is answered as null (published `insight.yml`:
 * `delivered` "shows values of less than 20", the others do not); also the least number of friends
 * for demographics and of unique clicks for rich menu figures (docs/platform/insight.md).
 */
export const PRIVACY_THRESHOLD = 20;
/** Days further back than this are out of service (the rich menu calls' "within the most recent 3 years"). */
export const HISTORY_DAYS = 3 * 366;
/** Custom aggregation units a channel may use per month (the platform's documented limit). */
export const UNITS_PER_MONTH = 1000;

/** Unit names per page of `getAggregationUnitNameList` (the platform's documented maximum and default). */
export const UNIT_NAMES_PER_PAGE = 100;

/** Readiness of a day's figures (published `status`). */
export type Readiness = 'ready' | 'unready' | 'out_of_service';

/**
 * The start (ms) of a `yyyyMMdd` day in UTC+9, or undefined when it is not such a date of the calendar.
 */
export function dayStart(date: unknown): number | undefined {
  if (typeof date !== 'string' || !/^[0-9]{8}$/.test(date)) return undefined;
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(4, 6)), Number(date.slice(6, 8))];
  const utc = Date.UTC(y, m - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return undefined;
  return utc - PLATFORM_TZ_OFFSET_MS;
}

/** The 400 of a query parameter, in the bot interface's format. */
export function invalidParameter(property: string, message: string): ApiError {
  return invalidParameters([{ message, property }]);
}

/**
 * The 400 of query parameters the door refuses, or a rule: the bot interface's format, its
 * `message` naming the first parameter as the platform's insight answers do
 * (`The value for the 'date' parameter is invalid`).
 * @param details at least one, each at its parameter
 */
export function invalidParameters(details: ErrorDetail[]): ApiError {
  return new ApiError(400, { message: `The value for the '${details[0]?.property ?? 'query'}' parameter is invalid`, details });
}

const DATE_WORDS = 'must be a date in the format yyyyMMdd (UTC+9)';
const ONCE = 'must be given once';

/**
 * A `yyyyMMdd` query parameter: eight digits, a month 01 to 12, a day 01 to 31. A day its month
 * does not have (`20240230`) is refused by {@link dateParameter}: a pattern does not know the calendar.
 */
const DateText = Type.String({
  pattern: '^[0-9]{4}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])$',
  platformErrors: { pattern: DATE_WORDS, type: ONCE },
});

/** `getNumberOfMessageDeliveries`' query. */
export const DeliveriesQuery = Type.Object({ date: DateText });
/** `getNumberOfFollowers`' query (no date: yesterday). */
export const FollowersQuery = Type.Object({ date: Type.Optional(DateText) });
/** `getMessageEvent`'s query. */
export const MessageEventQuery = Type.Object({
  requestId: Type.String({ minLength: 1, platformErrors: { minLength: 'must be a request ID', type: ONCE } }),
});
/** `getStatisticsPerUnit`'s query: the unit's name and the period (the period's rules are the service's). */
export const StatisticsPerUnitQuery = Type.Object({
  customAggregationUnit: Type.String({
    pattern: '^[a-zA-Z0-9_]{1,30}$',
    platformErrors: { pattern: 'must be 1 to 30 of a-z, A-Z, 0-9 and _', type: ONCE },
  }),
  from: DateText,
  to: DateText,
});
/** `getRichMenuInsightSummary`'s and `getRichMenuInsightDaily`'s query. */
export const RichMenuInsightQuery = Type.Object({ from: DateText, to: DateText });
/**
 * `getAggregationUnitNameList`'s query: `limit` an integer of at least 1 as text (capped by the
 * service), `start` given once (whether it is a `next` of this month is the service's rule).
 */
export const UnitNamesQuery = Type.Object({
  limit: Type.Optional(
    Type.String({ pattern: '^(?=[0-9]{1,9}$)0*[1-9][0-9]*$', platformErrors: { pattern: 'must be an integer of at least 1', type: ONCE } }),
  ),
  start: Type.Optional(Type.String({ platformErrors: { type: ONCE } })),
});

/**
 * The start (ms) of a `yyyyMMdd` query parameter checked at the door.
 * @throws ApiError 400 for a day its month does not have
 */
export function dateParameter(property: string, value: string): number {
  const start = dayStart(value);
  if (start === undefined) throw invalidParameter(property, DATE_WORDS);
  return start;
}

/**
 * Whether a day's figures can be answered: `ready` once the day has ended (UTC+9), `unready`
 * before; `out_of_service` for a day before the world's history started or more than
 * {@link HISTORY_DAYS} ago.
 * @param start the day's start (ms); `now` the simulated time; `historySince` when the world was loaded (ms)
 */
export function readiness(start: number, now: number, historySince: number): Readiness {
  if (start + DAY_MS <= dayStart(platformDay(historySince))!) return 'out_of_service';
  if (start < now - HISTORY_DAYS * DAY_MS) return 'out_of_service';
  return now >= start + DAY_MS ? 'ready' : 'unready';
}

/** A friendship today, as the rules see it. */
export interface Friendship {
  userId: string;
  state: string;
  /** ms. */
  since: number;
  demographics: Demographics | null;
}

/** A friendship change (ms). */
export interface FriendChange {
  userId: string;
  from: string;
  to: string;
  at: number;
}

/** Whether the platform would target a user by demographics: gender, age and area all known. */
export function targetable(d: Demographics | null): boolean {
  return !!d && d.gender !== undefined && d.age !== undefined && d.area !== undefined;
}

/**
 * Followers, targeted reaches and blocks as of the end of a day (published
 * `GetNumberOfFollowersResponse`). A friendship without recorded changes holds since the world was
 * loaded (the scenario's friends); one with changes was, before its first, in that change's `from`.
 * `followers` counts users who were ever a friend by then (never decreases), `blocks` those blocking
 * then, `targetedReaches` friends then whom demographics target ({@link targetable}).
 * @param end the end of the day (ms, exclusive)
 */
export function followersAsOf(
  friendships: readonly Friendship[],
  changes: readonly FriendChange[],
  historySince: number,
  end: number,
): { followers: number; targetedReaches: number; blocks: number } {
  const byUser = new Map<string, FriendChange[]>();
  for (const c of changes) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
  const users = new Map(friendships.map((f) => [f.userId, f]));
  for (const id of byUser.keys()) if (!users.has(id)) users.set(id, { userId: id, state: 'none', since: 0, demographics: null });
  let followers = 0;
  let targetedReaches = 0;
  let blocks = 0;
  for (const f of users.values()) {
    const history = byUser.get(f.userId) ?? [];
    const initial = history.length ? history[0]!.from : f.state;
    const seededAt = history.length ? historySince : Math.min(f.since, historySince);
    const timeline = [...(initial !== 'none' ? [{ at: seededAt, to: initial }] : []), ...history.map((c) => ({ at: c.at, to: c.to }))];
    const past = timeline.filter((t) => t.at < end);
    if (past.some((t) => t.to === 'friend' || t.to === 'blocked')) followers++;
    const state = past.at(-1)?.to ?? 'none';
    if (state === 'blocked') blocks++;
    if (state === 'friend' && targetable(f.demographics)) targetedReaches++;
  }
  return { followers, targetedReaches, blocks };
}

/** Percentage with one decimal, as the platform answers them. */
const pct = (n: number, of: number) => Math.round((n / of) * 1000) / 10;

/** Tiles of one attribute: each value present with its percentage, largest first. */
function tiles<K extends string>(key: K, values: readonly string[]): ({ [P in K]: string } & { percentage: number })[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([v, n]) => ({ [key]: v, percentage: pct(n, values.length) }) as { [P in K]: string } & { percentage: number });
}

/** The platform's age tile of an age in years (`from0to14` … `from70`). */
export function ageTile(age: number | undefined): string {
  if (age === undefined) return 'unknown';
  if (age < 15) return 'from0to14';
  if (age >= 70) return 'from70';
  const lo = age < 20 ? 15 : Math.floor(age / 5) * 5;
  return `from${lo}to${lo === 15 ? 19 : lo + 4}`;
}

/** The platform's subscription period tile of a friendship's length (ms). */
export function periodTile(ms: number): string {
  const days = ms / DAY_MS;
  for (const [limit, name] of [
    [7, 'within7days'],
    [30, 'within30days'],
    [90, 'within90days'],
    [180, 'within180days'],
    [365, 'within365days'],
  ] as const)
    if (days < limit) return name;
  return 'over365days';
}

/**
 * The friends' demographics (published `GetFriendsDemographicsResponse`): percentages of today's
 * friends per gender, age, area (the scenario's area code), app type and friendship length;
 * `{available: false}` with fewer than {@link PRIVACY_THRESHOLD} friends.
 */
export function demographicsOf(friends: readonly Friendship[], now: number): Record<string, unknown> {
  const current = friends.filter((f) => f.state === 'friend');
  if (current.length < PRIVACY_THRESHOLD) return { available: false };
  const d = current.map((f) => f.demographics ?? {});
  return {
    available: true,
    genders: tiles(
      'gender',
      d.map((x) => x.gender ?? 'unknown'),
    ),
    ages: tiles(
      'age',
      d.map((x) => ageTile(x.age)),
    ),
    areas: tiles(
      'area',
      d.map((x) => x.area ?? 'unknown'),
    ),
    appTypes: tiles(
      'appType',
      d.map((x) => x.appType ?? 'others'),
    ),
    subscriptionPeriods: tiles(
      'subscriptionPeriod',
      current.map((f) => periodTile(now - f.since)),
    ),
  };
}

/** What one request (or a unit's requests) reached and what people did, as recorded. */
export interface ReachFacts {
  /** Each stored message with its seq and the person it went to. */
  sent: { messageId: number; seq: number; userId: string }[];
  impressions: { messageId: number; userId: string }[];
  clicks: { messageId: number; userId: string; url: string }[];
}

/** Raw message event figures (no threshold): what the host's Insight view shows. */
export interface EventFigures {
  delivered: number;
  uniqueImpression: number;
  uniqueClick: number;
  messages: { seq: number; impression: number; uniqueImpression: number }[];
  clicks: { seq: number; url: string; click: number; uniqueClick: number; uniqueClickOfRequest: number }[];
}

/**
 * Counts of a request's (or a unit's) messages: people it was delivered to, who saw any bubble, who
 * opened any URL; per bubble (`seq`) its views; per bubble and URL its opens, the people who opened
 * it there, and the people who opened that URL in any bubble.
 */
export function eventFigures(f: ReachFacts): EventFigures {
  const seqOf = new Map<string, number>(f.sent.map((s) => [`${s.messageId}:${s.userId}`, s.seq]));
  const impressions = f.impressions.filter((i) => seqOf.has(`${i.messageId}:${i.userId}`));
  const clicks = f.clicks.filter((c) => seqOf.has(`${c.messageId}:${c.userId}`));
  const seqs = [...new Set(f.sent.map((s) => s.seq))].sort((a, b) => a - b);
  const messages = seqs.map((seq) => {
    const seen = impressions.filter((i) => seqOf.get(`${i.messageId}:${i.userId}`) === seq);
    return { seq, impression: seen.length, uniqueImpression: new Set(seen.map((i) => i.userId)).size };
  });
  const keys = new Map<string, { seq: number; url: string }>();
  for (const c of clicks) {
    const seq = seqOf.get(`${c.messageId}:${c.userId}`)!;
    keys.set(`${seq} ${c.url}`, { seq, url: c.url });
  }
  const out = [...keys.values()]
    .sort((a, b) => a.seq - b.seq || a.url.localeCompare(b.url))
    .map(({ seq, url }) => {
      const here = clicks.filter((c) => c.url === url && seqOf.get(`${c.messageId}:${c.userId}`) === seq);
      return {
        seq,
        url,
        click: here.length,
        uniqueClick: new Set(here.map((c) => c.userId)).size,
        uniqueClickOfRequest: new Set(clicks.filter((c) => c.url === url).map((c) => c.userId)).size,
      };
    });
  return {
    delivered: new Set(f.sent.map((s) => s.userId)).size,
    uniqueImpression: new Set(impressions.map((i) => i.userId)).size,
    uniqueClick: new Set(clicks.map((c) => c.userId)).size,
    messages,
    clicks: out,
  };
}

/** A count as the platform answers it: null below {@link PRIVACY_THRESHOLD}. */
export const shown = (n: number): number | null => (n < PRIVACY_THRESHOLD ? null : n);

/** The media figures of a bubble or overview: embedkit's host reports no media plays, so all are null. */
const NO_MEDIA = {
  mediaPlayed: null,
  mediaPlayed25Percent: null,
  mediaPlayed50Percent: null,
  mediaPlayed75Percent: null,
  mediaPlayed100Percent: null,
  uniqueMediaPlayed: null,
  uniqueMediaPlayed25Percent: null,
  uniqueMediaPlayed50Percent: null,
  uniqueMediaPlayed75Percent: null,
  uniqueMediaPlayed100Percent: null,
};

/** The `messages` and `clicks` of a published answer from raw figures, counts below the threshold null. */
export function publishedDetail(e: EventFigures): { messages: Record<string, unknown>[]; clicks: Record<string, unknown>[] } {
  return {
    messages: e.messages.map((m) => ({ seq: m.seq, impression: shown(m.impression), ...NO_MEDIA })),
    clicks: e.clicks.map((c) => ({
      seq: c.seq,
      url: c.url,
      click: shown(c.click),
      uniqueClick: shown(c.uniqueClick),
      uniqueClickOfRequest: shown(c.uniqueClickOfRequest),
    })),
  };
}
