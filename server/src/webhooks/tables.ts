/**
 * The webhook tables: reply tokens, deliveries and their attempts, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Generated } from 'kysely';
import type { DeliveryStatus } from '#contract/wire.js';
import type { Nullable } from '../db/schema.js';

declare module '../db/schema.js' {
  interface Database {
    reply_tokens: ReplyTokenTable;
    deliveries: DeliveryTable;
    delivery_attempts: DeliveryAttemptTable;
  }
}

/** A reply token issued with a repliable webhook event (spec "States and transitions"); SHA-256 only. */
export interface ReplyTokenTable {
  token_hash: string;
  channel_id: string;
  /** Where a reply goes: the chat the event came from. */
  chat_id: string;
  issued_at: number;
  expires_at: number;
  used_at: Nullable<number>;
}

/**
 * A webhook request to a channel's bot: the exact body and signature, kept until delivered, so
 * that none is lost across a restart. `status`: pending, delivered, failed (retries exhausted),
 * skipped (no webhook URL).
 */
export interface DeliveryTable {
  id: Generated<number>;
  channel_id: string;
  /** Deliveries with the same key are sent in order (one chat, or one user for 1:1 events). */
  order_key: string;
  /** Comma-separated event types of the body, for lists. */
  event_types: string;
  body: string;
  signature: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  /** Times handed to an attempt (claimed, or started on SQLite), never reset: more than 0 means a re-send. */
  sends: Generated<number>;
  next_attempt_at: Nullable<number>;
  created_at: number;
  delivered_at: Nullable<number>;
}

/** One HTTP attempt of a delivery. `status_code` null: no answer (`error` says why). */
export interface DeliveryAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  url: string;
  started_at: number;
  status_code: Nullable<number>;
  error: Nullable<string>;
  latency_ms: number;
  /** The first bytes of the bot's answer. */
  response_body: Nullable<string>;
  /** The fault rule that made or moved this send, and its kind (a delivery fault kind); null for none. */
  fault_id: Nullable<string>;
  fault_kind: Nullable<string>;
}
