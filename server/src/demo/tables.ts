/**
 * The demo login app's table: its sessions, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */

declare module '../db/schema.js' {
  interface Database {
    demo_login_sessions: DemoLoginSessionTable;
  }
}

/** A session of the demo login app: `data` is its JSON. */
export interface DemoLoginSessionTable {
  sid_hash: string;
  data: string;
  created_at: number;
}
