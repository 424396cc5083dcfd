/**
 * The rules of coupons (published `messaging-api.yml`: createCoupon, listCoupon, getCouponDetail,
 * closeCoupon, `CouponMessage`), pure: the check of a created coupon, its status on the simulated
 * clock, the answer shapes, list paging, and what a person may do with one. Choices: docs/platform/coupons.md.
 */
import { randomBytes } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import { compile, type ErrorDetail } from '../../../http/validate.js';
import type { CouponTable, CouponUseTable } from './tables.js';
import { Enum } from '#contract/messages/common.js';

/** A coupon row as read (and as written: every column given). */
export type CouponRow = Selectable<CouponTable>;

/** Coupons per page of listCoupon: default and maximum (`limit`, 1 to 100, default 20). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Longest image or barcode URL, in characters (the platform's usual URL limit). */
export const MAX_URL_LENGTH = 2000;
/** Longest coupon code, in characters (the document names none). */
export const MAX_CODE_LENGTH = 100;
/** The detail of a `start` that is not a `next` of listCoupon. */
const NOT_A_TOKEN = 'is not a continuation token of this list';

/** `CouponCreateRequest.timezone` (and `CouponResponse.timezone`). */
export const TIMEZONES = [
  'ETC_GMT_MINUS_12',
  'ETC_GMT_MINUS_11',
  'PACIFIC_HONOLULU',
  'AMERICA_ANCHORAGE',
  'AMERICA_LOS_ANGELES',
  'AMERICA_PHOENIX',
  'AMERICA_CHICAGO',
  'AMERICA_NEW_YORK',
  'AMERICA_CARACAS',
  'AMERICA_SANTIAGO',
  'AMERICA_ST_JOHNS',
  'AMERICA_SAO_PAULO',
  'ETC_GMT_MINUS_2',
  'ATLANTIC_CAPE_VERDE',
  'EUROPE_LONDON',
  'EUROPE_PARIS',
  'EUROPE_ISTANBUL',
  'EUROPE_MOSCOW',
  'ASIA_TEHRAN',
  'ASIA_TBILISI',
  'ASIA_KABUL',
  'ASIA_TASHKENT',
  'ASIA_COLOMBO',
  'ASIA_KATHMANDU',
  'ASIA_ALMATY',
  'ASIA_RANGOON',
  'ASIA_BANGKOK',
  'ASIA_TAIPEI',
  'ASIA_TOKYO',
  'AUSTRALIA_DARWIN',
  'AUSTRALIA_SYDNEY',
  'ASIA_VLADIVOSTOK',
  'ETC_GMT_PLUS_12',
  'PACIFIC_TONGATAPU',
] as const;

/** `CouponResponse.status`; a coupon created by the Messaging API is never a DRAFT. */
export const COUPON_STATUSES = ['DRAFT', 'RUNNING', 'CLOSED'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

const Int64 = Type.Integer({ minimum: -(2 ** 53) + 1, maximum: 2 ** 53 - 1 });
const Percentage = Type.Integer({ minimum: 1, maximum: 99 });
const Amount = Type.Integer({ minimum: 0, maximum: 2 ** 53 - 1 });
const Url = Type.String({ minLength: 1, maxLength: MAX_URL_LENGTH });
const Obj = <P extends Parameters<typeof Type.Object>[0]>(p: P) => Type.Object(p, { additionalProperties: false });

const CashBackPriceInfo = Type.Union([
  Obj({ type: Type.Literal('fixed'), fixedAmount: Type.Optional(Amount) }),
  Obj({ type: Type.Literal('percentage'), percentage: Type.Optional(Percentage) }),
]);
const DiscountPriceInfo = Type.Union([
  Obj({ type: Type.Literal('fixed'), fixedAmount: Type.Optional(Amount) }),
  Obj({ type: Type.Literal('percentage'), percentage: Type.Optional(Percentage) }),
  Obj({ type: Type.Literal('explicit'), priceAfterDiscount: Type.Optional(Amount), originalPrice: Type.Optional(Amount) }),
]);
const Reward = Type.Union([
  Obj({ type: Type.Literal('cashBack'), priceInfo: Type.Optional(CashBackPriceInfo) }),
  Obj({ type: Type.Literal('discount'), priceInfo: Type.Optional(DiscountPriceInfo) }),
  Obj({ type: Type.Literal('free') }),
  Obj({ type: Type.Literal('gift') }),
  Obj({ type: Type.Literal('others') }),
]);
const AcquisitionCondition = Type.Union([
  Obj({ type: Type.Literal('normal') }),
  Obj({
    type: Type.Literal('lottery'),
    lotteryProbability: Percentage,
    maxAcquireCount: Type.Integer({ minimum: -1, maximum: 999_999 }),
  }),
]);

/** `CouponCreateRequest`, as published; unknown properties are refused. */
export const CouponCreateSchema = Obj({
  acquisitionCondition: AcquisitionCondition,
  barcodeImageUrl: Type.Optional(Url),
  couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_CODE_LENGTH })),
  description: Type.Optional(Type.String({ minLength: 0, maxLength: 1000 })),
  endTimestamp: Int64,
  imageUrl: Type.Optional(Url),
  maxUseCountPerTicket: Type.Integer({ minimum: -1, maximum: 1 }),
  startTimestamp: Int64,
  title: Type.String({ minLength: 1, maxLength: 60 }),
  usageCondition: Type.Optional(Type.String({ minLength: 0, maxLength: 100 })),
  reward: Type.Optional(Reward),
  visibility: Enum(['UNLISTED', 'PUBLIC'] as const),
  timezone: Enum(TIMEZONES),
});

/** The fields of a created coupon, as stored (`coupons.fields`) and answered by getCouponDetail. */
export type CouponFields = Static<typeof CouponCreateSchema>;

// An http(s) URL with a host and no white space or control characters: what `uriSchemes: ['http',
// 'https']` accepts, as a pattern, because the platform's wording of this field replaces Ajv's and
// `platformErrors` does not reach the errors of a keyword of embedkit's own (`uriSchemes`).
const HttpUrl = Type.String({
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#\\u0000-\\u001f\\u007f]+[^\\s\\u0000-\\u001f\\u007f]*$',
  platformErrors: { pattern: 'must be an http or https URL' },
});

/**
 * createCoupon's body, checked at the door: {@link CouponCreateSchema} and what the published
 * document says of its fields in words: the URLs are http(s) (`format: uri` in the answer) and
 * `maxUseCountPerTicket` is 1 or -1 (no limit). The timestamps' order and the end in the future
 * are rules of the service ({@link couponTimeProblems}): a schema cannot compare two fields.
 */
export const CreateCouponBody = Type.Object(
  {
    ...CouponCreateSchema.properties,
    imageUrl: Type.Optional(HttpUrl),
    barcodeImageUrl: Type.Optional(HttpUrl),
    maxUseCountPerTicket: Type.Integer({
      minimum: -1,
      maximum: 1,
      not: { const: 0 },
      platformErrors: { not: 'must be 1, or -1 for no limit' },
    }),
  },
  { additionalProperties: false },
);

/**
 * The rules of a coupon's validity that compare its fields with each other and with the clock:
 * the end comes after the start and after `nowMs`.
 * @param nowMs the simulated clock, ms (`-Infinity` for a scenario, which may hold ended coupons)
 * @returns null when they hold, else the detail at `endTimestamp`
 */
export function couponTimeProblems(f: Pick<CouponFields, 'startTimestamp' | 'endTimestamp'>, nowMs: number): ErrorDetail[] | null {
  if (f.endTimestamp <= f.startTimestamp) return [{ message: 'must be later than startTimestamp', property: 'endTimestamp' }];
  if (f.endTimestamp * 1000 <= nowMs) return [{ message: 'must be in the future', property: 'endTimestamp' }];
  return null;
}

// A scenario's coupon has passed the scenario's schema (CouponCreateSchema's fields) before this check.
const checkScenarioFields = compile(CreateCouponBody);

/**
 * A coupon's status at `nowMs` (`CouponResponse.status`): CLOSED once closed or past its end,
 * else RUNNING (also before its start: it is published and can be sent, only not used yet).
 */
export function statusOf(row: Pick<CouponRow, 'closed_at' | 'end_at'>, nowMs: number): CouponStatus {
  return row.closed_at !== null || nowMs >= Number(row.end_at) ? 'CLOSED' : 'RUNNING';
}

/** What a person sees of a coupon: usable, not started yet, used up, past its end, or closed. */
export type CouponState = 'usable' | 'notStarted' | 'used' | 'expired' | 'closed';

/**
 * The state of a coupon for one person at `nowMs`, given how many times they used it. Closing
 * wins over the end; a person who used it up sees "used" until it closes or ends.
 */
export function stateFor(
  row: Pick<CouponRow, 'closed_at' | 'end_at' | 'start_at'>,
  maxUses: number,
  used: number,
  nowMs: number,
): CouponState {
  if (row.closed_at !== null && Number(row.closed_at) <= nowMs) return 'closed';
  if (nowMs >= Number(row.end_at)) return 'expired';
  if (maxUses !== -1 && used >= maxUses) return 'used';
  if (nowMs < Number(row.start_at)) return 'notStarted';
  return 'usable';
}

/** The fields of a stored row. */
export function fieldsOf(row: Pick<CouponRow, 'fields'>): CouponFields {
  return JSON.parse(row.fields) as CouponFields;
}

/** getCouponDetail's answer (`CouponResponse`). */
export function couponResponseOf(row: CouponRow, nowMs: number): Record<string, unknown> {
  const f = fieldsOf(row);
  const lottery = f.acquisitionCondition.type === 'lottery' ? f.acquisitionCondition : null;
  return {
    couponId: row.coupon_id,
    ...f,
    ...(lottery ? { maxAcquireCount: lottery.maxAcquireCount } : {}),
    maxTicketPerUser: 1,
    createdTimestamp: Math.floor(Number(row.created_at) / 1000),
    status: statusOf(row, nowMs),
  };
}

/** A new coupon ID: a ULID (26 Crockford base32 characters, time first) at `nowMs`, as the published example. */
export function newCouponId(nowMs: number): string {
  const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let time = '';
  let t = Math.max(0, Math.floor(nowMs));
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  const rand = [...randomBytes(16)].map((b) => ALPHABET[b % 32]).join('');
  return time + rand.slice(0, 16);
}

const STATUS = `(?:${COUPON_STATUSES.join('|')})`;
const statusWords = `Must be one of the following values: [${COUPON_STATUSES.join(', ')}]`;
// A status value names statuses separated by commas, as the official SDK sends them (empty: none).
const STATUSES = `^,*(?:${STATUS}(?:,+${STATUS})*)?,*$`;
const Statuses = Type.String({ pattern: STATUSES, platformErrors: { pattern: statusWords, type: statusWords } });
// A repeated `status`: a bad value is reported at `status`, as a single one.
const RepeatedStatuses = Type.Array(
  Type.String({ pattern: STATUSES, platformErrors: { pattern: { message: statusWords, at: 'parent' } } }),
  {
    platformErrors: { type: statusWords },
  },
);
// The `next` tokens are the base64url of `coupons:<offset>`: their first ten characters are those of
// `coupons:` alone, whatever the offset (the eleventh mixes in the first digit).
const TOKEN_HEAD = Buffer.from('coupons:').toString('base64url').slice(0, 10);

/**
 * listCoupon's query, checked at the door: `status` repeated or comma-separated (`DRAFT`,
 * `RUNNING`, `CLOSED`), `limit` 1 to {@link MAX_PAGE_SIZE} as text, `start` a `next` of this list
 * (its beginning; {@link listQueryOf} reads the offset).
 */
export const ListCouponQuery = Type.Object({
  status: Type.Optional(Type.Union([Statuses, RepeatedStatuses])),
  limit: Type.Optional(
    Type.String({
      pattern: `^(?=[0-9]{1,4}$)0*(?:[1-9][0-9]?|100)$`,
      platformErrors: { pattern: `must be an integer from 1 to ${MAX_PAGE_SIZE}`, type: 'must be given once' },
    }),
  ),
  start: Type.Optional(
    Type.String({
      pattern: `^${TOKEN_HEAD}[A-Za-z0-9_-]{2,13}$`,
      platformErrors: { pattern: NOT_A_TOKEN, type: 'must be given once' },
    }),
  ),
});

/** listCoupon's query, read: the statuses to keep (none: all), page size, and the offset `start` names. */
export interface ListQuery {
  statuses: CouponStatus[];
  limit: number;
  offset: number;
}

/**
 * Reads listCoupon's query checked at the door.
 * @returns the query, or the detail at `start` when the token's offset is not a number (a token
 *   this list did not write, which only its beginning shares)
 */
export function listQueryOf(query: Static<typeof ListCouponQuery>): ListQuery | { details: ErrorDetail[] } {
  const statuses = ([] as string[]).concat(query.status ?? []).flatMap((v) => v.split(',').filter(Boolean)) as CouponStatus[];
  const offset = query.start === undefined ? 0 : offsetOf(query.start);
  if (offset === null) return { details: [{ message: NOT_A_TOKEN, property: 'start' }] };
  return { statuses: [...new Set(statuses)], limit: query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit), offset };
}

/** The `next` token of a page that ends before `offset`'s coupons run out. */
export function nextTokenOf(offset: number): string {
  return Buffer.from(`coupons:${offset}`).toString('base64url');
}

function offsetOf(token: string): number | null {
  const m = /^coupons:([0-9]{1,9})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
}

/**
 * What the host draws of a coupon message: the coupon's card fields and a person's state, carried
 * by the stored message (`coupon`) when it was sent and read again by the simulator's ticket route.
 */
export interface CouponCard {
  couponId: string;
  title: string;
  description?: string;
  imageUrl?: string;
  usageCondition?: string;
  couponCode?: string;
  reward?: CouponFields['reward'];
  /** Validity, epoch seconds, and the timezone its dates are shown in. */
  startTimestamp: number;
  endTimestamp: number;
  timezone: string;
  /** Uses per person: 1, or -1 for no limit. */
  maxUseCountPerTicket: number;
}

/** The card fields of a coupon. */
export function cardOf(row: CouponRow): CouponCard {
  const f = fieldsOf(row);
  return {
    couponId: row.coupon_id,
    title: f.title,
    ...(f.description ? { description: f.description } : {}),
    ...(f.imageUrl ? { imageUrl: f.imageUrl } : {}),
    ...(f.usageCondition ? { usageCondition: f.usageCondition } : {}),
    ...(f.couponCode ? { couponCode: f.couponCode } : {}),
    ...(f.reward ? { reward: f.reward } : {}),
    startTimestamp: f.startTimestamp,
    endTimestamp: f.endTimestamp,
    timezone: f.timezone,
    maxUseCountPerTicket: f.maxUseCountPerTicket,
  };
}

/** A person's uses of a coupon, as stored (`coupon_uses`). */
export type CouponUseRow = Selectable<CouponUseTable>;

/**
 * A coupon in a scenario file (docs/platform/coupons.md, "Coupons in a scenario"): the `CouponCreateRequest`
 * fields as created, its ID, when it was created and closed (ms on the simulated clock; created
 * defaults to when the scenario is loaded), and the people's uses.
 */
export type ScenarioCoupon = CouponFields & {
  couponId: string;
  createdAt?: number;
  closedAt?: number;
  uses?: { userId: string; count: number; lastUsedAt: number }[];
};

/**
 * The stored rows of a scenario's coupon.
 * @param nowMs when the scenario is loaded (the simulated clock), the creation time of a coupon without `createdAt`
 */
export function scenarioCouponRows(channelId: string, c: ScenarioCoupon, nowMs: number): { coupon: CouponRow; uses: CouponUseRow[] } {
  const { couponId, createdAt, closedAt, uses, ...fields } = c;
  return {
    coupon: {
      coupon_id: couponId,
      channel_id: channelId,
      title: fields.title,
      fields: JSON.stringify(fields),
      start_at: fields.startTimestamp * 1000,
      end_at: fields.endTimestamp * 1000,
      created_at: createdAt ?? nowMs,
      closed_at: closedAt ?? null,
    },
    uses: (uses ?? []).map((u) => ({ coupon_id: couponId, user_id: u.userId, use_count: u.count, last_used_at: u.lastUsedAt })),
  };
}

/** A stored coupon and its uses as a scenario writes them (the people in the order given). */
export function scenarioCouponOf(row: CouponRow, uses: readonly CouponUseRow[]): ScenarioCoupon {
  return {
    couponId: row.coupon_id,
    ...fieldsOf(row),
    createdAt: Number(row.created_at),
    ...(row.closed_at === null ? {} : { closedAt: Number(row.closed_at) }),
    ...(uses.length
      ? { uses: uses.map((u) => ({ userId: u.user_id, count: Number(u.use_count), lastUsedAt: Number(u.last_used_at) })) }
      : {}),
  };
}

/**
 * What a scenario's coupon must also satisfy beyond its shape (the rules of createCoupon but the
 * end in the future: a scenario may hold coupons past their end) and each person's count at most
 * `maxUseCountPerTicket`, each as `<property>: <problem>`.
 */
export function scenarioCouponProblems(c: ScenarioCoupon): string[] {
  const { uses, ...rest } = c;
  const fields: Record<string, unknown> = { ...rest };
  for (const key of ['couponId', 'createdAt', 'closedAt']) delete fields[key];
  const f = fields as CouponFields;
  const found = [...(checkScenarioFields(f) ?? []), ...(couponTimeProblems(f, Number.NEGATIVE_INFINITY) ?? [])];
  const problems = found.map((d) => `${d.property}: ${d.message}`);
  const max = c.maxUseCountPerTicket;
  (uses ?? []).forEach((u, i) => {
    if (max > 0 && u.count > max) problems.push(`uses[${i}].count: more than maxUseCountPerTicket ${max}`);
  });
  return problems;
}
