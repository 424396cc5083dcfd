/**
 * The declared shapes of the v1 bot calls (spec parts E and F), checked at the door of their routes
 * in the v1 format `{statusCode, statusMessage}`: the Post Event body is a JSON object (its fields
 * are checked by `post-event.ts`, one message naming the first wrong field, as the interface
 * answers), and the profiles query, whose refusals are the spec's own rows.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ErrorDetail } from '#contract/errors.js';
import { v1Error, type ApiError } from '../../http/errors.js';

/** `POST /v1/events`' body: a JSON object (`body: must be a JSON object` otherwise). */
export const PostEventBody = Type.Record(Type.String(), Type.Unknown(), { platformErrors: { type: 'must be a JSON object' } });
/** A Post Event body, as the door lets it through. */
export type PostEventBody = Static<typeof PostEventBody>;

/** Most profiles one page shows. */
export const MAX_DISPLAY = 1000;
/** Profiles a page shows when `display` is not given. */
export const DEFAULT_DISPLAY = 100;

/** MIDs separated by commas, at least one that is not blank. */
const MIDS = '[^,\\s]';
/** A whole number from 1, as text (at most 9 digits, leading zeros allowed). */
const Start = Type.String({ pattern: '^(?=[0-9]{1,9}$)0*[1-9][0-9]*$' });

/**
 * `GET /v1/profiles`' query: `mids` (comma-separated, the name may repeat), `start` (1-based, from 1)
 * and `display` (1 to {@link MAX_DISPLAY}). Refused by {@link profilesRefusal}.
 */
export const ProfilesQuery = Type.Object({
  mids: Type.Union([Type.String({ pattern: MIDS }), Type.Array(Type.String(), { contains: Type.String({ pattern: MIDS }) })]),
  start: Type.Optional(Start),
  display: Type.Optional(Type.String({ pattern: '^(?=[0-9]{1,9}$)0*(?:[1-9][0-9]{0,2}|1000)$' })),
});

/**
 * The refusal of a profiles query that breaks {@link ProfilesQuery}: the spec's rows, whatever the
 * findings say: HTTP 500 `400` "Required String parameter 'mids' is not present" when `mids` is
 * missing, else 400 `400` "invalid parameter(s).".
 */
export function profilesRefusal(details: ErrorDetail[]): ApiError {
  if (details.some((d) => d.property === 'mids' && d.message === 'must be specified'))
    return v1Error(500, '400', "Required String parameter 'mids' is not present");
  return v1Error(400, '400', 'invalid parameter(s).');
}

/** A profiles query checked at the door: the MIDs once each in their order, the page with its defaults. */
export function profilesQueryOf(q: Static<typeof ProfilesQuery>): { mids: string[]; start: number; display: number } {
  const mids = (Array.isArray(q.mids) ? q.mids.join(',') : q.mids)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    mids: [...new Set(mids)],
    start: q.start === undefined ? 1 : Number(q.start),
    display: q.display === undefined ? DEFAULT_DISPLAY : Number(q.display),
  };
}
