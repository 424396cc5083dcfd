/**
 * The insight tables: requests, sent messages, impressions, clicks, aggregation units, friendship changes, rich menu events, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Generated } from 'kysely';
import type { Nullable } from '../../../db/schema.js';

declare module '../../../db/schema.js' {
  interface Database {
    insight_requests: InsightRequestTable;
    insight_sent: InsightSentTable;
    insight_impressions: InsightImpressionTable;
    insight_clicks: InsightClickTable;
    insight_units: InsightUnitTable;
    insight_friend_changes: InsightFriendChangeTable;
    insight_rich_menu_events: InsightRichMenuEventTable;
  }
}

/** A message-sending request of a channel (push, multicast, broadcast, narrowcast): sent at (ms), its custom aggregation unit. */
export interface InsightRequestTable {
  channel_id: string;
  request_id: string;
  kind: string;
  sent_at: number;
  unit: Nullable<string>;
}

/** A chat message a request stored and a person it reached; `seq` its 1-based place in the request's messages. */
export interface InsightSentTable {
  message_id: number;
  user_id: string;
  channel_id: string;
  request_id: string;
  seq: number;
}

/** A person saw a message (once per person and message; ms). */
export interface InsightImpressionTable {
  message_id: number;
  user_id: string;
  at: number;
}

/** A person opened a URL of a message's actions (ms). */
export interface InsightClickTable {
  id: Generated<number>;
  message_id: number;
  user_id: string;
  url: string;
  at: number;
}

/** A custom aggregation unit a channel used in a month (yyyyMM, UTC+9), first used at (ms). */
export interface InsightUnitTable {
  channel_id: string;
  month: string;
  unit: string;
  first_used_at: number;
}

/** A change of a user's friendship with a channel's bot (`none`, `friend`, `blocked`; ms). */
export interface InsightFriendChangeTable {
  id: Generated<number>;
  channel_id: string;
  user_id: string;
  from_state: string;
  to_state: string;
  at: number;
}

/** A rich menu shown to a person (`area` null) or an area of it tapped (its index; ms). */
export interface InsightRichMenuEventTable {
  id: Generated<number>;
  channel_id: string;
  rich_menu_id: string;
  area: Nullable<number>;
  user_id: string;
  at: number;
}
