/**
 * The broadcast feature's tables: messages sent per kind and day, narrowcast requests, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */

declare module '../../../db/schema.js' {
  interface Database {
    bot_sent_counts: BotSentCountTable;
    narrowcasts: NarrowcastTable;
  }
}

/** Messages a bot sent per kind and day (quota and delivery counters); `day` is yyyyMMdd in UTC+9. */
export interface BotSentCountTable {
  channel_id: string;
  kind: string;
  day: string;
  messages: number;
}

/** A narrowcast request: done at once, so its progress is final. */
export interface NarrowcastTable {
  request_id: string;
  channel_id: string;
  success_count: number;
  accepted_at: number;
}
