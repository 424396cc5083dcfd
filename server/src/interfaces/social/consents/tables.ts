/**
 * The consents' tables (migration 0033, docs/platform/authorization-flow.md): grants, agreements to
 * the channel consent simplification and consent screens, as Kysely sees them. They join the
 * database's one `Database` interface (`db/schema.ts`) by declaration merging, so every store
 * takes `Kysely<Database>`. The world's side of the 2026-08-26 change is the `meta` key
 * {@link CONSENT_FLOW_META} (a reset empties it with the world).
 */
import type { Generated } from 'kysely';

declare module '../../../db/schema.js' {
  interface Database {
    consent_grants: ConsentGrantTable;
    consent_simplification_agreements: SimplificationAgreementTable;
    consent_screens: ConsentScreenTable;
  }
}

/** The `meta` key of the world's consent flow (`current` when absent). */
export const CONSENT_FLOW_META = 'consent_flow';

/** What a person granted one channel: the scopes (a JSON array), when first (ms, simulated clock). */
export interface ConsentGrantTable {
  user_id: string;
  channel_id: string;
  scopes: string;
  granted_at: number;
}

/** A person's agreement to the channel consent simplification (once, for every MINI App): when (ms, simulated clock). */
export interface SimplificationAgreementTable {
  user_id: string;
  agreed_at: number;
}

/**
 * A consent screen shown to a person: its number (the screen ID is `cs<id>`), kind, person, app,
 * channel and the app's name, the scopes asked (a JSON array), the add-friend option offered (JSON
 * `{channelId, botName}`, or null), its state (`pending`, `allowed`, `denied`), whether the friend
 * was added (1 or 0, null when none was offered or the screen is pending), when opened and answered
 * (ms, simulated clock).
 */
export interface ConsentScreenTable {
  id: Generated<number>;
  kind: string;
  user_id: string;
  embed_id: string;
  channel_id: string;
  app_name: string;
  scopes: string;
  add_friend: string | null;
  state: string;
  friend_added: number | null;
  opened_at: number;
  answered_at: number | null;
}
