/**
 * The embedkit database as Kysely sees it. Times are integers in ms since the Unix epoch (from the
 * server's clock); booleans are 0/1 integers (SQLite has no boolean).
 *
 * Each table's shape lives with the code that owns it, in a `tables.ts` beside its store (a unit's
 * folder, a bot feature's folder, or a shared folder: `world/`, `tokens/`, `messages/`,
 * `webhooks/`), which adds its tables to `Database` by declaration merging
 * (`declare module '…/db/schema.js' { interface Database { … } }`). So this folder names no unit,
 * and every store still takes `Kysely<Database>`; a compilation sees the tables of every
 * `tables.ts` it includes (the server's own builds include all of `server/src`).
 */
import type { ColumnType } from 'kysely';

/** A nullable column that may be left out on insert (SQLite fills NULL). */
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** Small key/value facts about the database itself (scenario loaded, demo origin). */
export interface MetaTable {
  key: string;
  value: string;
}

/** The whole database, for Kysely: `meta` here, every other table added by the `tables.ts` that owns it. */
export interface Database {
  meta: MetaTable;
}
