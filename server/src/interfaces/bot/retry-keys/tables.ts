/**
 * The retry keys' table: the keys a channel's requests were accepted with, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Nullable } from '../../../db/schema.js';

declare module '../../../db/schema.js' {
  interface Database {
    retry_keys: RetryKeyTable;
  }
}

/**
 * A retry key a channel's request was accepted with: the request's ID, when (ms, simulated clock),
 * and the accepted answer's JSON (null while that request runs).
 */
export interface RetryKeyTable {
  channel_id: string;
  retry_key: string;
  request_id: string;
  accepted_at: number;
  answer: Nullable<string>;
}
