/**
 * The v1 bots unit's table: enterprise channels' link message templates, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */

declare module '../../db/schema.js' {
  interface Database {
    link_templates: LinkTemplateTable;
  }
}

/** A link message template of an enterprise channel (spec part E); `body` is its JSON. */
export interface LinkTemplateTable {
  channel_id: string;
  template_id: string;
  body: string;
}
