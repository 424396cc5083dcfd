/**
 * The rules of audience groups (published `manage-audience.yml`, operations named below), pure:
 * the limits, the checks of request bodies, queries and uploaded files, the status of an audience
 * on the simulated clock, the answer shapes, and the narrowcast `recipient` objects
 * (`messaging-api.yml`, `Recipient`) evaluated over a bot's friends. Choices: docs/platform/audiences.md.
 */
import { Type, type Static } from '@sinclair/typebox';
import { compile, type ErrorDetail } from '../../../http/validate.js';
import type { Selectable } from 'kysely';
import type { AudienceGroupTable } from './tables.js';

/** An audience group row as read (and as written: every column given). */
export type AudienceGroupRow = Selectable<AudienceGroupTable>;

/** Longest audience name, in characters (`description`, maxLength 120). */
export const MAX_DESCRIPTION = 120;
/** IDs per JSON request (`audiences`, maxItems 10,000). */
export const MAX_IDS_PER_REQUEST = 10_000;
/** IDs (lines) per uploaded file (`file`: "Max number: 1,500,000"). */
export const MAX_IDS_PER_FILE = 1_500_000;
/** Largest uploaded file, in bytes: 1,500,000 IFAs of 36 characters and their line ends. */
export const MAX_FILE_BYTES = 60 * 1024 * 1024;
/** Audience groups a channel may hold (the platform's 1,000 per channel). */
export const MAX_AUDIENCES_PER_CHANNEL = 1_000;
/** Life of an audience, in ms: 180 days, as the published examples' `expireTimestamp - created`. */
export const AUDIENCE_LIFE_MS = 180 * 86_400_000;
/** How long a click or impression audience stays IN_PROGRESS, in ms of the simulated clock. */
export const REACH_AUDIENCE_BUILD_MS = 10_000;
/** Age of a request a click or impression audience may be built from, in ms ("the past 60 days"). */
export const MAX_REQUEST_AGE_MS = 60 * 86_400_000;
/** Request kinds a click or impression audience may be built from ("a broadcast or narrowcast message"). */
export const REACH_REQUEST_KINDS: readonly string[] = ['broadcast', 'narrowcast'];
/** Longest `clickUrl`, in characters. */
export const MAX_CLICK_URL = 2_000;
/** Audiences per page of a list: default and maximum (`size`). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 40;
/** Jobs answered by getAudienceData (`jobs`, maxItems 50), newest first. */
export const MAX_JOBS = 50;
/** Audience objects one narrowcast `recipient` may name. */
export const MAX_RECIPIENT_AUDIENCES = 10;

/** The statuses an audience of embedkit takes (`AudienceGroupStatus`); the others are never reached. */
export const AUDIENCE_STATUSES = ['IN_PROGRESS', 'READY', 'FAILED', 'EXPIRED', 'INACTIVE', 'ACTIVATING'] as const;
export type AudienceStatus = (typeof AUDIENCE_STATUSES)[number];
/** `AudienceGroupCreateRoute`: every audience of embedkit is created with the Messaging API. */
export const CREATE_ROUTES = ['OA_MANAGER', 'MESSAGING_API', 'POINT_AD', 'AD_MANAGER'] as const;
/** The types the Messaging API creates. */
export type AudienceType = 'UPLOAD' | 'CLICK' | 'IMP';

const USER_ID = /^U[0-9a-f]{32}$/;
const IFA = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** Why `id` is not a member ID of an audience (a user ID, or an IFA when `isIfa`), or null. */
export function memberIdProblem(id: string, isIfa: boolean): string | null {
  if (isIfa) return IFA.test(id) ? null : 'must be an IFA (a UUID such as 8D0B4B4B-36A4-4F5E-9B1E-0B4B4B36A44F)';
  return USER_ID.test(id) ? null : 'must be a user ID (U followed by 32 hexadecimal digits)';
}

const Description = Type.String({ minLength: 1, maxLength: MAX_DESCRIPTION });
const Ids = (minItems: number) => Type.Array(Type.Object({ id: Type.String() }), { minItems, maxItems: MAX_IDS_PER_REQUEST });

/** `createAudienceGroup`'s body (and the text fields of its file upload). */
export const CreateUploadBody = Type.Object({
  description: Description,
  isIfaAudience: Type.Optional(Type.Boolean()),
  uploadDescription: Type.Optional(Type.String({ maxLength: 300 })),
  audiences: Type.Optional(Ids(0)),
});
/** `addAudienceToAudienceGroup`'s body (and the text fields of its file upload). */
export const AddUploadBody = Type.Object({
  audienceGroupId: Type.Integer({ minimum: 1 }),
  uploadDescription: Type.Optional(Type.String({ maxLength: 300 })),
  audiences: Ids(1),
});
/** `createClickBasedAudienceGroup`'s body. */
export const ClickBody = Type.Object({
  description: Description,
  requestId: Type.String({ minLength: 1, maxLength: 100 }),
  clickUrl: Type.Optional(Type.String({ maxLength: MAX_CLICK_URL, uriSchemes: ['http', 'https'] })),
});
/** `createImpBasedAudienceGroup`'s body. */
export const ImpBody = Type.Object({ description: Description, requestId: Type.String({ minLength: 1, maxLength: 100 }) });
/** `updateAudienceGroupDescription`'s body. */
export const DescriptionBody = Type.Object({ description: Description });

// A multipart upload's text fields are checked by the service, not at the door: the file is not JSON.
/** {@link CreateUploadBody}, compiled for the fields of a file upload. */
export const checkCreateUploadBody = compile(CreateUploadBody);
/** {@link AddUploadBody}, compiled for the fields of a file upload. */
export const checkAddUploadBody = compile(AddUploadBody);

/**
 * The member IDs of a JSON upload, distinct, in their order.
 * @returns the IDs, or the details of every malformed one (`audiences[i].id`)
 */
export function idsOfJson(audiences: readonly { id: string }[], isIfa: boolean): { ids: string[] } | { details: ErrorDetail[] } {
  const details: ErrorDetail[] = [];
  audiences.forEach((a, i) => {
    const problem = memberIdProblem(a.id, isIfa);
    if (problem && details.length < 100) details.push({ message: problem, property: `audiences[${i}].id` });
  });
  return details.length ? { details } : { ids: [...new Set(audiences.map((a) => a.id))] };
}

/**
 * The member IDs of an uploaded file: UTF-8 text, one ID per line (LF or CRLF), blank lines
 * skipped; distinct, in their order.
 * @returns the IDs, or details at `file` naming the first malformed lines (by 1-based number),
 *   an empty file or more than {@link MAX_IDS_PER_FILE} lines
 */
export function idsOfFile(content: Buffer, isIfa: boolean): { ids: string[] } | { details: ErrorDetail[] } {
  const text = content.toString('utf8');
  if (text.includes('\uFFFD') || text.includes('\u0000')) return { details: [{ message: 'must be a UTF-8 text file', property: 'file' }] };
  const lines = text.split(/\r?\n/);
  const details: ErrorDetail[] = [];
  const ids: string[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const problem = memberIdProblem(line, isIfa);
    if (problem) {
      if (details.length < 10) details.push({ message: `line ${i + 1} ${problem}`, property: 'file' });
    } else ids.push(line);
  });
  if (details.length) return { details };
  if (!ids.length) return { details: [{ message: 'must hold at least one ID, one per line', property: 'file' }] };
  if (ids.length > MAX_IDS_PER_FILE) return { details: [{ message: `must hold at most ${MAX_IDS_PER_FILE} IDs`, property: 'file' }] };
  return { ids: [...new Set(ids)] };
}

/** An audience group's status at `now` (ms): IN_PROGRESS until ready, READY until it expires, then EXPIRED. */
export function statusOf(row: Pick<AudienceGroupRow, 'ready_at' | 'expires_at'>, now: number): AudienceStatus {
  if (now >= Number(row.expires_at)) return 'EXPIRED';
  return now >= Number(row.ready_at) ? 'READY' : 'IN_PROGRESS';
}

/** Seconds since 1970 of a time in ms (the published answers' UNIX times). */
export const unixSeconds = (ms: number): number => Math.floor(ms / 1000);

/** An audience group row and its member count, as the store answers it. */
export type AudienceRow = AudienceGroupRow & { audience_count: number };

/** The published `AudienceGroup` of a row at `now`: the channel's own audiences are READ_WRITE. */
export function audienceGroupOf(row: AudienceRow, now: number): Record<string, unknown> {
  return {
    audienceGroupId: Number(row.audience_group_id),
    type: row.type,
    description: row.description,
    status: statusOf(row, now),
    audienceCount: Number(row.audience_count),
    created: unixSeconds(Number(row.created_at)),
    ...(row.request_id !== null ? { requestId: row.request_id } : {}),
    ...(row.click_url !== null ? { clickUrl: row.click_url } : {}),
    isIfaAudience: Number(row.is_ifa) === 1,
    permission: 'READ_WRITE',
    createRoute: 'MESSAGING_API',
  };
}

/**
 * The answer of a creation: `CreateAudienceGroupResponse` (UPLOAD),
 * `CreateClickBasedAudienceGroupResponse` (CLICK) or `CreateImpBasedAudienceGroupResponse` (IMP,
 * whose published schema has neither permission nor expireTimestamp).
 */
export function createdAnswerOf(row: AudienceGroupRow): Record<string, unknown> {
  const base = {
    audienceGroupId: Number(row.audience_group_id),
    type: row.type,
    description: row.description,
    created: unixSeconds(Number(row.created_at)),
  };
  if (row.type === 'IMP') return { ...base, requestId: row.request_id };
  return {
    ...base,
    ...(row.type === 'CLICK' ? { requestId: row.request_id, ...(row.click_url !== null ? { clickUrl: row.click_url } : {}) } : {}),
    createRoute: 'MESSAGING_API',
    permission: 'READ_WRITE',
    expireTimestamp: unixSeconds(Number(row.expires_at)),
    isIfaAudience: Number(row.is_ifa) === 1,
  };
}

/** A query parameter given once, as the text of a whole number from `min` to `max`. */
const Whole = (min: number, max: number, pattern: string) =>
  Type.String({
    pattern,
    platformErrors: { pattern: `must be an integer from ${min} to ${max}`, type: 'must be given once' },
  });
/** A query parameter given once, one of `values` (refused with `message`, else the usual wording). */
const OneOf = <V extends string>(values: readonly V[], message?: string) =>
  Type.Unsafe<V>({
    type: 'string',
    enum: [...values],
    platformErrors: { type: 'must be given once', ...(message ? { enum: message } : {}) },
  });
const TrueOrFalse = OneOf(['true', 'false'], 'must be true or false');
const listFilters = {
  // 1 to 999,999,999 and 1 to MAX_PAGE_SIZE (40), as text.
  page: Whole(1, 999_999_999, '^[1-9][0-9]{0,8}$'),
  size: Type.Optional(Whole(1, MAX_PAGE_SIZE, '^(?:[1-9]|[1-3][0-9]|40)$')),
  description: Type.Optional(Type.String({ platformErrors: { type: 'must be given once' } })),
  status: Type.Optional(OneOf(AUDIENCE_STATUSES)),
  createRoute: Type.Optional(OneOf(CREATE_ROUTES)),
};
/** `getAudienceGroups`' query. */
export const ListQueryParams = Type.Object({ ...listFilters, includesExternalPublicGroups: Type.Optional(TrueOrFalse) });
/** `getSharedAudienceGroups`' query. */
export const SharedListQueryParams = Type.Object({ ...listFilters, includesOwnedAudienceGroups: Type.Optional(TrueOrFalse) });

/** The filters and page of `getAudienceGroups` and `getSharedAudienceGroups`, read. */
export interface ListQuery {
  page: number;
  size: number;
  description?: string;
  status?: AudienceStatus;
  createRoute?: (typeof CREATE_ROUTES)[number];
  /** `includesExternalPublicGroups` (list) or `includesOwnedAudienceGroups` (shared list). */
  includes: boolean;
}

/**
 * A list query checked at the door, as numbers and a boolean with their published defaults.
 * @param includes the operation's boolean parameter as given, and its default
 */
export function listQueryOf(
  q: Omit<Static<typeof ListQueryParams>, 'includesExternalPublicGroups'>,
  includes: string | undefined,
  includesDefault: boolean,
): ListQuery {
  return {
    page: Number(q.page),
    size: q.size === undefined ? DEFAULT_PAGE_SIZE : Number(q.size),
    ...(q.description !== undefined ? { description: q.description } : {}),
    ...(q.status !== undefined ? { status: q.status } : {}),
    ...(q.createRoute !== undefined ? { createRoute: q.createRoute } : {}),
    includes: includes === undefined ? includesDefault : includes === 'true',
  };
}

/**
 * One page of audiences (`GetAudienceGroupsResponse`), newest first: those the filters match
 * (name by case-insensitive partial match, status at `now`, create route).
 */
export function pageOf(rows: readonly AudienceRow[], q: ListQuery, now: number): Record<string, unknown> {
  const needle = q.description?.toLowerCase();
  const matching = rows
    .filter((r) => needle === undefined || r.description.toLowerCase().includes(needle))
    .filter((r) => q.status === undefined || statusOf(r, now) === q.status)
    // Every audience of embedkit was created with the Messaging API.
    .filter(() => q.createRoute === undefined || q.createRoute === 'MESSAGING_API')
    .sort((a, b) => Number(b.created_at) - Number(a.created_at) || Number(b.audience_group_id) - Number(a.audience_group_id));
  const start = (q.page - 1) * q.size;
  return {
    audienceGroups: matching.slice(start, start + q.size).map((r) => audienceGroupOf(r, now)),
    hasNextPage: start + q.size < matching.length,
    totalCount: matching.length,
    // Every audience a channel can list is its own, so READ_WRITE.
    readWriteAudienceGroupTotalCount: matching.length,
    page: q.page,
    size: q.size,
  };
}

// ---- Narrowcast recipients (messaging-api.yml `Recipient`) ----

/** A checked narrowcast recipient. */
export type Recipient =
  | { type: 'audience'; audienceGroupId: number }
  | { type: 'redelivery'; requestId: string }
  | { type: 'operator'; and: Recipient[] }
  | { type: 'operator'; or: Recipient[] }
  | { type: 'operator'; not: Recipient };

/** Deepest nesting of operators a recipient may have. */
const MAX_RECIPIENT_DEPTH = 10;

/**
 * Checks a narrowcast `recipient`: `audience` with an integer `audienceGroupId`, `redelivery` with
 * a `requestId`, `operator` with exactly one of `and`, `or` (non-empty arrays) and `not`; at most
 * {@link MAX_RECIPIENT_AUDIENCES} audience and redelivery objects in all.
 * @returns the details (property paths from `recipient`), empty when it is valid
 */
export function recipientProblems(value: unknown, path = 'recipient', depth = 0): ErrorDetail[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [{ message: 'Must be an object', property: path }];
  if (depth > MAX_RECIPIENT_DEPTH) return [{ message: `must not nest more than ${MAX_RECIPIENT_DEPTH} operators`, property: path }];
  const v = value as Record<string, unknown>;
  switch (v.type) {
    case 'audience':
      return Number.isSafeInteger(v.audienceGroupId) && (v.audienceGroupId as number) > 0
        ? []
        : [{ message: 'must be an audience ID (a positive integer)', property: `${path}.audienceGroupId` }];
    case 'redelivery':
      return typeof v.requestId === 'string' && v.requestId.length > 0
        ? []
        : [{ message: 'must be the request ID of an earlier narrowcast or broadcast', property: `${path}.requestId` }];
    case 'operator': {
      const given = (['and', 'or', 'not'] as const).filter((k) => v[k] !== undefined);
      if (given.length !== 1) return [{ message: 'exactly one of and, or, not is required', property: path }];
      const k = given[0]!;
      if (k === 'not') return recipientProblems(v.not, `${path}.not`, depth + 1);
      const list = v[k];
      if (!Array.isArray(list) || list.length === 0)
        return [{ message: 'must be a non-empty array of recipients', property: `${path}.${k}` }];
      const details = list.flatMap((r, i) => recipientProblems(r, `${path}.${k}[${i}]`, depth + 1));
      if (!details.length && depth === 0 && leavesOf(value as Recipient).length > MAX_RECIPIENT_AUDIENCES)
        details.push({ message: `must name at most ${MAX_RECIPIENT_AUDIENCES} audiences and redeliveries`, property: path });
      return details;
    }
    default:
      return [{ message: 'Must be one of the following values: [audience, redelivery, operator]', property: `${path}.type` }];
  }
}

/** The audience and redelivery objects of a checked recipient, with their paths. */
export function leavesOf(
  r: Recipient,
  path = 'recipient',
): { leaf: Extract<Recipient, { type: 'audience' | 'redelivery' }>; path: string }[] {
  if (r.type !== 'operator') return [{ leaf: r, path }];
  if ('not' in r) return leavesOf(r.not, `${path}.not`);
  const [k, list] = 'and' in r ? ['and', r.and] : ['or', r.or];
  return list.flatMap((x, i) => leavesOf(x, `${path}.${k}[${i}]`));
}

/**
 * The friends a recipient reaches: an audience or redelivery reaches its members who are friends,
 * `and` the friends in every part, `or` in any, `not` the friends outside its part.
 * @param friends the bot's friends (user IDs)
 * @param membersOf the members of a leaf (looked up before, by {@link leavesOf})
 */
export function recipientsOf(r: Recipient, friends: ReadonlySet<string>, membersOf: (leaf: Recipient) => ReadonlySet<string>): Set<string> {
  if (r.type !== 'operator') return new Set([...membersOf(r)].filter((u) => friends.has(u)));
  if ('not' in r) {
    const out = recipientsOf(r.not, friends, membersOf);
    return new Set([...friends].filter((u) => !out.has(u)));
  }
  const parts = ('and' in r ? r.and : r.or).map((x) => recipientsOf(x, friends, membersOf));
  if ('or' in r) return new Set(parts.flatMap((p) => [...p]));
  return new Set([...friends].filter((u) => parts.every((p) => p.has(u))));
}

/** An audience a scenario declares for a channel (`scenario.ts`: `channels[].audiences`). */
export interface ScenarioAudience {
  audienceGroupId?: number;
  description: string;
  type?: AudienceType;
  isIfaAudience?: boolean;
  requestId?: string;
  clickUrl?: string;
  ids: string[];
}

/**
 * The row of an audience a scenario declares: READY from `now` (ms), expiring 180 days later.
 * @param drawId the ID when the scenario gives none
 */
export function scenarioAudienceRow(channelId: string, a: ScenarioAudience, now: number, drawId: () => number): AudienceGroupRow {
  return {
    audience_group_id: a.audienceGroupId ?? drawId(),
    channel_id: channelId,
    type: a.type ?? 'UPLOAD',
    description: a.description,
    is_ifa: a.isIfaAudience ? 1 : 0,
    request_id: a.requestId ?? null,
    click_url: a.clickUrl ?? null,
    created_at: now,
    ready_at: now,
    expires_at: now + AUDIENCE_LIFE_MS,
  };
}

/** A stored audience as a scenario declares it (the export); fields at their default left out. */
export function scenarioAudienceOf(row: AudienceGroupRow, ids: string[]): ScenarioAudience {
  return {
    audienceGroupId: Number(row.audience_group_id),
    description: row.description,
    ...(row.type !== 'UPLOAD' ? { type: row.type as AudienceType } : {}),
    ...(Number(row.is_ifa) === 1 ? { isIfaAudience: true } : {}),
    ...(row.request_id !== null ? { requestId: row.request_id } : {}),
    ...(row.click_url !== null ? { clickUrl: row.click_url } : {}),
    ids,
  };
}
