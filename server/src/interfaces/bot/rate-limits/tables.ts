/**
 * The rate limits' table: usage per key and one-minute window, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */

declare module '../../../db/schema.js' {
  interface Database {
    rate_counters: RateCounterTable;
  }
}

/** Rate limit usage per key and one-minute window, shared by the processes on PostgreSQL. */
export interface RateCounterTable {
  /** `r|<channel>|<api>` (requests) or `m|<channel>` (message recipients). */
  counter_key: string;
  /** Start of the window, ms since 1970 on the server's clock. */
  window_start: number;
  used: number;
}
