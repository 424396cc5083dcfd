/**
 * The audiences' tables: audience groups, their members, upload jobs, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Generated } from 'kysely';
import type { Nullable } from '../../../db/schema.js';

declare module '../../../db/schema.js' {
  interface Database {
    audience_groups: AudienceGroupTable;
    audience_members: AudienceMemberTable;
    audience_jobs: AudienceJobTable;
  }
}

/**
 * An audience group of a channel (published `manage-audience.yml`): `type` UPLOAD, CLICK or IMP;
 * `is_ifa` 1 when its members are IFAs; the request ID (and clicked URL) a CLICK or IMP audience
 * was built from; times in ms on the simulated clock: READY from `ready_at`, EXPIRED from `expires_at`.
 */
export interface AudienceGroupTable {
  audience_group_id: number;
  channel_id: string;
  type: string;
  description: string;
  is_ifa: Generated<number>;
  request_id: Nullable<string>;
  click_url: Nullable<string>;
  created_at: number;
  ready_at: number;
  expires_at: number;
}

/** A member of an audience group: a user ID or an IFA, a friend of the channel's bot or not. */
export interface AudienceMemberTable {
  audience_group_id: number;
  member_id: string;
}

/** An upload job of an UPLOAD audience (`jobs[]`): its description, the IDs it uploaded, when (ms). */
export interface AudienceJobTable {
  audience_group_job_id: Generated<number>;
  audience_group_id: number;
  description: Nullable<string>;
  audience_count: number;
  created_at: number;
}
