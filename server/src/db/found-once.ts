/**
 * Rows of a table whose rows are only ever inserted, never updated or deleted: a row found once
 * is answered from memory afterwards (one query less on a hot path). Such an answer
 * cannot go stale, in this process or beside others on PostgreSQL. A key not found is asked again
 * each time: its row may be inserted later. A store that starts to update or delete the table
 * must stop using this for it. The one exception, a reset of the whole world (`resetWorld`), calls
 * {@link forgetFoundRows}.
 */
/** Counts the world resets of this process: a {@link FoundOnce} of an older count forgets what it found. */
let generation = 0;

/** The world was emptied (`resetWorld`): every {@link FoundOnce} of this process forgets its rows. */
export function forgetFoundRows(): void {
  generation++;
}

export class FoundOnce<K, V> {
  private readonly found = new Map<K, V>();
  private generation = generation;

  /**
   * @param load reads one row (undefined when there is none)
   * @param copy a copy of a row for a caller, who may change it without changing the next answer
   * @param max most rows kept; past it the memory starts again from none
   */
  constructor(
    private readonly load: (key: K) => Promise<V | undefined>,
    private readonly copy: (row: V) => V,
    private readonly max: number,
  ) {}

  /** The row of `key` (a copy), or undefined when the table has none yet. */
  async get(key: K): Promise<V | undefined> {
    if (this.generation !== generation) {
      this.found.clear();
      this.generation = generation;
    }
    const known = this.found.get(key);
    if (known !== undefined) return this.copy(known);
    const row = await this.load(key);
    if (row === undefined) return undefined;
    if (this.found.size >= this.max) this.found.clear();
    // A copy is kept, not the row read: see KeptUntilWritten (better-sqlite3's rows copy slowly).
    const keep = this.copy(row);
    this.found.set(key, keep);
    return this.copy(keep);
  }
}
