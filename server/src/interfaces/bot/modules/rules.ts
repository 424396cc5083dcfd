/**
 * The rules of module channels (published `module.yml`, `module-attach.yml`; docs/platform/module-channels.md),
 * as pure functions: the acquire call's TTL, whether a chat's control has run out, the scopes of an
 * attachment, the pages of `getModules`. No clock, no store.
 */
import { Type, type Static } from '@sinclair/typebox';

/** Default TTL of a chat's control in seconds (published `AcquireChatControlRequest.ttl`: one hour). */
export const DEFAULT_CONTROL_TTL_S = 3600;
/** Longest TTL in seconds (published: one year, 3600 * 24 * 365). */
export const MAX_CONTROL_TTL_S = 31_536_000;
/** Scopes an attachment is granted when the bot's admin names none (the published example's). */
export const DEFAULT_MODULE_SCOPES: readonly string[] = ['message:send', 'message:receive'];
/** Life of an authorization code of the attach flow in ms (10 minutes, as the platform's OAuth codes). */
export const MODULE_CODE_LIFE_MS = 600_000;
/** Most bots in one page of `getModules` (published: default and maximum 100). */
export const MAX_MODULES_PAGE = 100;

/** A chat's control as stored: the module channel holding it and until when (ms; null: no limit). */
export interface ControlRow {
  bot_channel_id: string;
  chat_id: string;
  module_channel_id: string;
  acquired_at: number;
  expires_at: number | null;
}

/** A form field given once: the refusal names it as the published OAuth errors do (`grant_type is required`). */
const FormField = (name: string, required: boolean) =>
  Type.String({
    ...(required ? { minLength: 1 } : {}),
    platformErrors: {
      ...(required ? { minLength: { message: `${name} is required`, at: 'parent' } } : {}),
      type: { message: `${name} must be given once`, at: 'parent' },
    },
  });

/**
 * `attachModule`'s form (published `module-attach.yml`), checked at the door: `grant_type`, `code`
 * and `redirect_uri` given, non-empty; the client's ID and secret, when not in HTTP Basic. The
 * grant type's value (`unsupported_grant_type`), the client (`invalid_client`) and the code
 * (`invalid_grant`) are the service's rules.
 */
export const AttachModuleForm = Type.Object(
  {
    grant_type: FormField('grant_type', true),
    code: FormField('code', true),
    redirect_uri: FormField('redirect_uri', true),
    client_id: Type.Optional(FormField('client_id', false)),
    client_secret: Type.Optional(FormField('client_secret', false)),
  },
  {
    platformErrors: {
      required: { grant_type: 'grant_type is required', code: 'code is required', redirect_uri: 'redirect_uri is required' },
    },
  },
);

/** `detachModule`'s body (published `DetachModuleRequest`): the bot to leave. */
export const BotDetachBody = Type.Object({
  botId: Type.String({ minLength: 1, platformErrors: { minLength: 'must be specified' } }),
});

const ttlWords = `must be an integer between 1 and ${MAX_CONTROL_TTL_S}`;

/**
 * `acquireChatControl`'s body (published `AcquireChatControlRequest`), optional (none reads as
 * `{}`): `expired` a boolean, `ttl` seconds from 1 to one year, checked only when `expired` is not
 * `false` (the published document: ignored then).
 */
export const AcquireChatControlBody = Type.Unsafe<{ expired?: boolean; ttl?: number }>({
  type: 'object',
  platformErrors: { type: 'must be an object' },
  properties: { expired: Type.Boolean({ platformErrors: { type: 'must be a boolean' } }) },
  if: { properties: { expired: { const: false } }, required: ['expired'] },
  else: {
    properties: {
      ttl: Type.Integer({
        minimum: 1,
        maximum: MAX_CONTROL_TTL_S,
        platformErrors: { type: ttlWords, minimum: ttlWords, maximum: ttlWords },
      }),
    },
  },
});

/**
 * The end of a control acquired at `now` (ms) from the acquire body (published
 * `AcquireChatControlRequest`, checked at the door): `expired` true by default, then `ttl` seconds
 * (default 3600); `expired: false` → null (no limit; `ttl` ignored).
 */
export function controlExpiry(body: { expired?: boolean; ttl?: number }, now: number): number | null {
  if (body.expired === false) return null;
  return now + (body.ttl ?? DEFAULT_CONTROL_TTL_S) * 1000;
}

/** Whether a control has run out at `now` (ms): a control with no limit never does. */
export function hasExpired(row: Pick<ControlRow, 'expires_at'>, now: number): boolean {
  return row.expires_at !== null && row.expires_at <= now;
}

/** Scopes as stored (space-separated) → the list; an empty string → none. */
export function scopesOf(stored: string): string[] {
  return stored.split(' ').filter(Boolean);
}

/**
 * `getModules`' query (published: `start`, the `next` of the page before, the position as a decimal
 * string; `limit` 1 to {@link MAX_MODULES_PAGE}), checked at the door.
 */
export const GetModulesQuery = Type.Object({
  start: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,9}$', platformErrors: { pattern: 'invalid continuation token', type: 'must be given once' } }),
  ),
  limit: Type.Optional(
    Type.String({
      pattern: '^(?=[0-9]{1,3}$)0*(?:[1-9][0-9]?|100)$',
      platformErrors: { pattern: `must be an integer between 1 and ${MAX_MODULES_PAGE}`, type: 'must be given once' },
    }),
  ),
});

/** One page of `getModules` (published `GetModulesResponse`): `limit` items (default 100) from `start`. */
export function modulesPageOf(query: Static<typeof GetModulesQuery>): { offset: number; limit: number } {
  return { offset: Number(query.start ?? 0), limit: query.limit === undefined ? MAX_MODULES_PAGE : Number(query.limit) };
}

/** The `next` of a page that ends at `end` of `total` items, or undefined on the last page. */
export function nextOf(end: number, total: number): string | undefined {
  return end < total ? String(end) : undefined;
}
