/**
 * The PostgreSQL driver (`pg`), loaded the first time a PostgreSQL database is opened: a server
 * on the embedded database never loads it (about 9 MB of resident memory less).
 */
import type * as Pg from 'pg';

/** The `pg` module as its default export gives it (`Client`, `Pool`, `types`). */
export type PgModule = typeof Pg;

let loading: Promise<PgModule> | undefined;

/**
 * Loads `pg` once; every caller gets the same module.
 * @throws when the package cannot be loaded (it is a dependency of embedkit: a broken install)
 */
export function loadPg(): Promise<PgModule> {
  loading ??= import('pg').then((m) => m.default as unknown as PgModule);
  return loading;
}
