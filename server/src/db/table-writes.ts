/**
 * Which tables of the embedded database may have been written since a moment: every statement
 * of the process passes through one place (the statement cache of db.ts, for Kysely's queries and
 * the direct ones alike), so counting there misses no writer, present or future. The embedded
 * database has one process (db.ts), so this process's statements are all the writes there are. On
 * PostgreSQL other processes write too: nothing is counted there, and {@link tableWritesOf}
 * answers undefined.
 */

/** Counts, per watched table, the statements that may have written to it. */
export class TableWrites {
  private readonly counts = new Map<string, number>();
  /** The watched tables each statement's SQL may write, worked out once per SQL text. */
  private readonly written = new Map<string, readonly string[]>();

  /** Starts counting the writes of `table` (its name as the schema spells it). */
  watch(table: string): void {
    if (this.counts.has(table)) return;
    this.counts.set(table, 0);
    this.written.clear();
  }

  /**
   * How many statements that may have written to `table` ran since it was first watched: a change
   * of the number means the table may have changed.
   * @throws Error when `table` is not watched
   */
  count(table: string): number {
    const n = this.counts.get(table);
    if (n === undefined) throw new Error(`table ${table} is not watched`);
    return n;
  }

  /**
   * Notes a statement about to run. Any statement that is not a plain SELECT and names a watched
   * table counts as a write of it (an INSERT, UPDATE or DELETE, a DDL statement, a CTE): a
   * statement counted that wrote nothing only costs a reader one query, one missed would be a stale
   * answer.
   */
  note(sql: string): void {
    let tables = this.written.get(sql);
    if (tables === undefined) {
      tables = /^\s*select\b/i.test(sql) ? [] : [...this.counts.keys()].filter((t) => sql.includes(t));
      // SQL texts repeat (compiled queries); one built with values inside would not, so the memory is bounded.
      if (this.written.size < 5_000) this.written.set(sql, tables);
    }
    for (const t of tables) this.counts.set(t, this.counts.get(t)! + 1);
  }
}

const registry = new WeakMap<object, TableWrites>();

/** Makes `writes` the write counts of `db` (the root Kysely instance of an embedded database). */
export function registerTableWrites(db: object, writes: TableWrites): void {
  registry.set(db, writes);
}

/** The write counts of an embedded database; undefined on PostgreSQL, where other processes write too. */
export function tableWritesOf(db: object): TableWrites | undefined {
  return registry.get(db);
}
