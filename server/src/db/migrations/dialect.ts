/**
 * What differs between the two databases in a migration: the few column types, and the dialect
 * itself for the rare statement only one of them needs. On SQLite the migrations compile to
 * exactly the SQL they did before PostgreSQL was supported.
 */
import type { ColumnDefinitionBuilder } from 'kysely';

/** The databases embedkit runs on. */
export type Dialect = 'sqlite' | 'postgres';

/**
 * Column types per dialect: integers are 64-bit on PostgreSQL (times are ms since 1970, beyond
 * int4), auto-numbered keys are `bigserial` there, binary data is `bytea`.
 */
export interface ColumnTypes {
  int: 'bigint' | 'integer';
  blob: 'bytea' | 'blob';
  serial: 'bigserial' | 'integer';
  /** The primary key of an auto-numbered column. */
  autoId: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}

/** The {@link ColumnTypes} of one dialect. */
export function columnTypes(dialect: Dialect): ColumnTypes {
  const pg = dialect === 'postgres';
  return {
    int: pg ? 'bigint' : 'integer',
    blob: pg ? 'bytea' : 'blob',
    serial: pg ? 'bigserial' : 'integer',
    autoId: (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()),
  };
}
