/**
 * The mini-apps unit's tables: MINI Apps, their service message templates, service notification tokens, sent service messages, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Generated } from 'kysely';

declare module '../../db/schema.js' {
  interface Database {
    mini_apps: MiniAppTable;
    service_message_templates: ServiceMessageTemplateTable;
    service_notification_tokens: ServiceNotificationTokenTable;
    service_messages: ServiceMessageTable;
  }
}

/**
 * An app that is a LINE MINI App (docs/platform/mini-apps.md): its channel (one MINI App per
 * channel), verified (1) or not (0), and the internal channel it stands for, `developing` or
 * `published` (LINE MINI App API reference: an unverified MINI App uses service messages on its
 * Developing channel only).
 */
export interface MiniAppTable {
  embed_id: string;
  channel_id: string;
  verified: number;
  stage: string;
  /** The authorization flow's settings (migration 0033): the simplification switch (0 or 1), region, channel creation date `YYYY-MM-DD`. */
  consent_simplification: Generated<number>;
  consent_region: Generated<string>;
  consent_channel_created_at: Generated<string>;
}

/** A service message template of a MINI App channel: its full name (`thankyou_msg_en`), place in the list, the template as JSON. */
export interface ServiceMessageTemplateTable {
  embed_id: string;
  template_name: string;
  position: number;
  template: string;
}

/**
 * A service notification token (LINE MINI App API reference, "Issue a service notification
 * token"): its session, the SHA-256 hash of the LIFF access token it was issued from (one token
 * per LIFF access token), of the current token value (null once it can no longer be renewed), the
 * MINI App and person, when it was issued and expires (ms, simulated clock) and the sends left.
 */
export interface ServiceNotificationTokenTable {
  session_id: string;
  liff_token_hash: string;
  token_hash: string | null;
  embed_id: string;
  user_id: string;
  issued_at: number;
  expires_at: number;
  remaining_count: number;
}

/** A service message sent to a person: the card they see (`notice`, JSON of `ServiceNotice` in the contract), when (ms, simulated clock). */
export interface ServiceMessageTable {
  id: Generated<number>;
  user_id: string;
  embed_id: string;
  session_id: string;
  template_name: string;
  notice: string;
  sent_at: number;
}
