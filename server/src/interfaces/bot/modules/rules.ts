/**
 * The rules of module channels (published `module.yml`, `module-attach.yml`; docs/platform/module-channels.md),
 * as pure functions: the acquire call's TTL, whether a chat's control has run out, the scopes of an
 * attachment, the pages of `getModules`. No clock, no store.
 */
import { detail, type ErrorDetail } from '../../../http/validate.js';

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

/**
 * The end of a control acquired at `now` (ms) from the acquire body (published
 * `AcquireChatControlRequest`): `expired` true by default, then `ttl` seconds (default 3600, at
 * most one year); `expired: false` → null (no limit; `ttl` ignored).
 * @returns `{expiresAt}`, or `{details}` with one detail per bad property (`expired`, `ttl`)
 */
export function controlExpiry(body: unknown, now: number): { expiresAt: number | null } | { details: ErrorDetail[] } {
  const b = body === undefined || body === null ? {} : body;
  if (typeof b !== 'object' || Array.isArray(b)) return { details: [detail('must be an object', '')] };
  const { expired, ttl } = b as { expired?: unknown; ttl?: unknown };
  const details: ErrorDetail[] = [];
  if (expired !== undefined && typeof expired !== 'boolean') details.push(detail('must be a boolean', 'expired'));
  if (expired !== false && ttl !== undefined && (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1 || ttl > MAX_CONTROL_TTL_S))
    details.push(detail(`must be an integer between 1 and ${MAX_CONTROL_TTL_S}`, 'ttl'));
  if (details.length) return { details };
  if (expired === false) return { expiresAt: null };
  return { expiresAt: now + (typeof ttl === 'number' ? ttl : DEFAULT_CONTROL_TTL_S) * 1000 };
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
 * One page of `getModules` (published `GetModulesResponse`): `limit` items (default and maximum
 * 100) from `start` (the `next` of the page before: the position, as a decimal string).
 * @returns `{offset, limit}`, or `{details}` for a bad `start` or `limit`
 */
export function modulesPageOf(query: { start?: unknown; limit?: unknown }): { offset: number; limit: number } | { details: ErrorDetail[] } {
  const details: ErrorDetail[] = [];
  let offset = 0;
  let limit = MAX_MODULES_PAGE;
  if (query.start !== undefined) {
    if (typeof query.start !== 'string' || !/^[0-9]{1,9}$/.test(query.start)) details.push(detail('invalid continuation token', 'start'));
    else offset = Number(query.start);
  }
  if (query.limit !== undefined) {
    if (
      typeof query.limit !== 'string' ||
      !/^[0-9]{1,3}$/.test(query.limit) ||
      Number(query.limit) < 1 ||
      Number(query.limit) > MAX_MODULES_PAGE
    )
      details.push(detail(`must be an integer between 1 and ${MAX_MODULES_PAGE}`, 'limit'));
    else limit = Number(query.limit);
  }
  return details.length ? { details } : { offset, limit };
}

/** The `next` of a page that ends at `end` of `total` items, or undefined on the last page. */
export function nextOf(end: number, total: number): string | undefined {
  return end < total ? String(end) : undefined;
}
