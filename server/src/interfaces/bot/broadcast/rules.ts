/**
 * Narrowcast demographic filters (the platform's published `filter.demographic`): the
 * filter checked, and each friend matched against the demographics the scenario gives users
 * (gender, age, app type, area) and the time since they added the bot. An attribute the scenario
 * does not give is unknown, and a filter that depends on it does not send (the platform only
 * targets users whose attribute it knows); and the bodies and queries of the calls as TypeBox
 * schemas, checked at the door (`http/door.ts`) before the handler runs. Pure.
 */
import { Type } from '@sinclair/typebox';
import type { ErrorDetail } from '#contract/errors.js';
import { checkValidateMessagesBody } from '../../../messages/bodies.js';
import { quoteTokensRefused } from '../messaging/rules.js';

/** Followers IDs per page (platform default and maximum: 1,000). */
export const FOLLOWERS_PER_PAGE = 1000;

/** What the scenario tells about a user (all optional). */
export interface Demographics {
  gender?: 'male' | 'female';
  /** Years. */
  age?: number;
  appType?: 'ios' | 'android';
  /** The platform's area codes: `jp_01`…`jp_47`, `tw_01`…, `th_01`…, `id_01`…. */
  area?: string;
}

/** A friend as the filter sees them. */
export interface Audience extends Demographics {
  /** ms the user has been a friend of the bot. */
  friendForMs: number;
}

/** The age bounds of the platform (`age_15` … `age_70`). */
export const AGE_BOUNDS = [
  'age_15',
  'age_20',
  'age_25',
  'age_30',
  'age_35',
  'age_40',
  'age_45',
  'age_50',
  'age_55',
  'age_60',
  'age_65',
  'age_70',
] as const;
/** The subscription period bounds of the platform. */
export const PERIOD_BOUNDS = ['day_7', 'day_30', 'day_90', 'day_180', 'day_365'] as const;
/** The area code form of the platform (country and a two-digit region). */
export const AREA_CODE = /^(jp|tw|th|id)_[0-9]{2}$/;

const DAY_MS = 86_400_000;
type Detail = { message: string; property: string };
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every problem of a demographic filter object, with its property path (`filter.demographic...`). */
export function demographicProblems(f: unknown, path = 'filter.demographic', depth = 0): Detail[] {
  if (!isObject(f)) return [{ message: 'must be a demographic filter object', property: path }];
  if (depth > 10) return [{ message: 'operators nest at most 10 deep', property: path }];
  const range = (allowed: readonly string[]): Detail[] => {
    const out: Detail[] = [];
    for (const k of ['gte', 'lt'] as const)
      if (f[k] !== undefined && !allowed.includes(f[k] as string))
        out.push({ message: `must be one of ${allowed.join(', ')}`, property: `${path}.${k}` });
    if (f.gte === undefined && f.lt === undefined) out.push({ message: 'gte or lt is required', property: path });
    if (
      out.length === 0 &&
      f.gte !== undefined &&
      f.lt !== undefined &&
      allowed.indexOf(f.gte as string) >= allowed.indexOf(f.lt as string)
    )
      out.push({ message: 'gte must be below lt', property: path });
    return out;
  };
  const oneOf = (ok: (v: unknown) => boolean, what: string): Detail[] =>
    Array.isArray(f.oneOf) && f.oneOf.length > 0 && f.oneOf.every(ok)
      ? []
      : [{ message: `must be a non-empty array of ${what}`, property: `${path}.oneOf` }];
  switch (f.type) {
    case 'gender':
      return oneOf((v) => v === 'male' || v === 'female', 'male, female');
    case 'age':
      return range(AGE_BOUNDS);
    case 'appType':
      return oneOf((v) => v === 'ios' || v === 'android', 'ios, android');
    case 'area':
      return oneOf((v) => typeof v === 'string' && AREA_CODE.test(v), 'area codes such as jp_13');
    case 'subscriptionPeriod':
      return range(PERIOD_BOUNDS);
    case 'operator': {
      const given = (['and', 'or', 'not'] as const).filter((k) => f[k] !== undefined);
      if (given.length !== 1) return [{ message: 'exactly one of and, or, not is required', property: path }];
      const k = given[0]!;
      if (k === 'not') return demographicProblems(f.not, `${path}.not`, depth + 1);
      const list = f[k];
      if (!Array.isArray(list) || list.length === 0) return [{ message: 'must be a non-empty array of filters', property: `${path}.${k}` }];
      return list.flatMap((x, i) => demographicProblems(x, `${path}.${k}[${i}]`, depth + 1));
    }
    default:
      return [{ message: 'must be one of gender, age, appType, area, subscriptionPeriod, operator', property: `${path}.type` }];
  }
}

/** The number in a bound such as `age_20` or `day_30`. */
const bound = (v: unknown): number | undefined => (typeof v === 'string' ? Number(v.split('_')[1]) : undefined);

/**
 * Whether a friend matches a (checked) demographic filter. An attribute the scenario does not give
 * the user is unknown, and operators follow three-valued logic: `not` of unknown is unknown, `or`
 * is true when any part is true, `and` false when any part is false. Only a true result sends.
 */
export function matchesDemographic(f: Json, a: Audience): boolean {
  return evaluate(f, a) === true;
}

/** true, false, or null when the user's attribute is not known. */
function evaluate(f: Json, a: Audience): boolean | null {
  const inRange = (n: number | undefined) =>
    n === undefined ? null : (f.gte === undefined || n >= bound(f.gte)!) && (f.lt === undefined || n < bound(f.lt)!);
  const oneOf = (v: string | undefined) => (v === undefined ? null : (f.oneOf as string[]).includes(v));
  switch (f.type) {
    case 'gender':
      return oneOf(a.gender);
    case 'age':
      return inRange(a.age);
    case 'appType':
      return oneOf(a.appType);
    case 'area':
      return oneOf(a.area);
    case 'subscriptionPeriod':
      return inRange(Math.floor(a.friendForMs / DAY_MS));
    case 'operator': {
      if (f.not) {
        const v = evaluate(f.not as Json, a);
        return v === null ? null : !v;
      }
      const parts = ((f.and ?? f.or) as Json[]).map((x) => evaluate(x, a));
      if (f.and) return parts.includes(false) ? false : parts.includes(null) ? null : true;
      return parts.includes(true) ? true : parts.includes(null) ? null : false;
    }
    default:
      return false;
  }
}

/**
 * Narrowcast's body besides its messages (the messages are checked by the message validator,
 * `checkValidateMessagesBody`): `recipient` (an object, resolved by the audience unit), `filter:
 * {demographic}` (its operators checked by {@link demographicProblems}: recursive, and `gte` below
 * `lt` is not a schema's rule) and `limit: {max?: 1.., upToRemainingQuota?}`.
 */
export const NarrowcastBody = Type.Object({
  messages: Type.Array(Type.Unknown()),
  recipient: Type.Optional(Type.Unknown()),
  filter: Type.Optional(Type.Object({ demographic: Type.Unknown() }, { platformErrors: { type: 'must be an object with demographic' } })),
  limit: Type.Optional(
    Type.Object({ max: Type.Optional(Type.Integer({ minimum: 1 })), upToRemainingQuota: Type.Optional(Type.Boolean()) }),
  ),
});

/** A query parameter given once (Express makes a repeated one an array). */
const Once = (options: { pattern?: string; platformErrors?: Record<string, string> } = {}) =>
  Type.String({ ...options, platformErrors: { type: 'must be given once', ...options.platformErrors } });

/** `GET /v2/bot/message/progress/narrowcast`'s query: the narrowcast's `requestId`. */
export const ProgressQuery = Type.Object({ requestId: Once({ pattern: '.', platformErrors: { pattern: 'requestId is required' } }) });

/** `GET /v2/bot/message/delivery/<kind>`'s query: `date`, `yyyyMMdd` in the platform's timezone. */
export const DeliveryQuery = Type.Object({
  date: Once({ pattern: '^[0-9]{8}$', platformErrors: { pattern: "The value for the 'date' parameter is invalid" } }),
});

/**
 * `GET /v2/bot/followers/ids`' query: `start` (a continuation token this kit gave, `f<offset>`) and
 * `limit` (1 to {@link FOLLOWERS_PER_PAGE}, as decimal text).
 */
export const FollowersQuery = Type.Object({
  start: Type.Optional(Once({ pattern: '^f[0-9]+$', platformErrors: { pattern: 'The continuation token in start is invalid' } })),
  limit: Type.Optional(
    Once({
      pattern: '^0*(?:[1-9][0-9]{0,2}|1000)$',
      platformErrors: { pattern: `limit must be an integer from 1 to ${FOLLOWERS_PER_PAGE}` },
    }),
  ),
});

/** A body of message objects (broadcast, the validate calls): the messages, checked by {@link messageFindings}. */
export const MessagesBody = Type.Object({ messages: Type.Array(Type.Unknown()) });

/**
 * The findings of the message validator over a body's `messages` (`checkValidateMessagesBody`:
 * properties that are `null` read as absent, a bound on nesting, the rules between fields, which
 * a schema alone does not say), for the door's `rules`; then, unless `quoteTokens`, a
 * `quoteToken` on any message (push and reply only: a quote names one chat's message).
 */
export function messageFindings(body: unknown, quoteTokens: boolean): ErrorDetail[] {
  const details = checkValidateMessagesBody(body);
  if (details) return details;
  if (quoteTokens || typeof body !== 'object' || body === null || !('messages' in body) || !Array.isArray(body.messages)) return [];
  return quoteTokensRefused(body.messages);
}
