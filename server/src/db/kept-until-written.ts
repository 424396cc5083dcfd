/**
 * Rows read on every request of a kind (a token check) from tables that change now and then (a
 * token revoked, invalidated, refreshed, the world reset): a row found is answered from memory
 * until a statement writes to one of its tables, any row of them; then every kept row is
 * forgotten and read again. On PostgreSQL other processes write the tables, so nothing is kept
 * and every call reads the database ({@link tableWritesOf}).
 */
import { tableWritesOf, type TableWrites } from './table-writes.js';

export class KeptUntilWritten<K, V> {
  private readonly kept = new Map<K, V>();
  /** The tables' write counts when {@link kept} was last known good (a sum: counts only grow). */
  private seen = -1;
  /** The database's write counts (undefined on PostgreSQL), looked up at the first call. */
  private writes: TableWrites | undefined | null = null;

  /**
   * @param db the database (the root Kysely instance; a function, so class field initialisers can
   *   pass `() => this.db`)
   * @param tables every table the row is read from (as the schema spells them)
   * @param load reads one row (undefined when there is none; such an answer is not kept)
   * @param copy a copy of a row for a caller, who may change it without changing the next answer
   * @param max most rows kept; past it the memory starts again from none
   */
  constructor(
    private readonly db: () => object,
    private readonly tables: readonly string[],
    private readonly load: (key: K) => Promise<V | undefined>,
    private readonly copy: (row: V) => V,
    private readonly max: number,
  ) {}

  private version(): number {
    let n = 0;
    for (const t of this.tables) n += this.writes!.count(t);
    return n;
  }

  /** The row of `key` (a copy), or undefined when there is none. */
  async get(key: K): Promise<V | undefined> {
    if (this.writes === null) {
      this.writes = tableWritesOf(this.db());
      for (const t of this.tables) this.writes?.watch(t);
    }
    if (!this.writes) return this.load(key);
    const before = this.version();
    if (before !== this.seen) {
      this.kept.clear();
      this.seen = before;
    }
    const known = this.kept.get(key);
    if (known !== undefined) return this.copy(known);
    const row = await this.load(key);
    // Kept only when no write ran while it was read: the row read may predate that write.
    if (row === undefined || this.version() !== before) return row;
    if (this.kept.size >= this.max) this.kept.clear();
    // A copy is kept, not the row read: better-sqlite3 makes its rows as dictionaries, which V8
    // copies about 15 times slower than the plain object a copy is (one copy per call after this).
    const keep = this.copy(row);
    this.kept.set(key, keep);
    return this.copy(keep);
  }
}

/**
 * The usual case: the first row a query answers for a key, each caller getting a shallow copy, at
 * most 10,000 rows kept.
 * @param db as for {@link KeptUntilWritten}
 * @param tables every table the query reads
 * @param query the query's rows for a key (a function, so class field initialisers can pass
 *   `(k) => this.byKey(k)`)
 */
export function firstRowKept<K, R extends object>(
  db: () => object,
  tables: readonly string[],
  query: (key: K) => Promise<R[]>,
): KeptUntilWritten<K, R> {
  return new KeptUntilWritten(
    db,
    tables,
    async (key: K) => (await query(key))[0],
    (row) => ({ ...row }),
    10_000,
  );
}
