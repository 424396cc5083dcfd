/**
 * Rows of a table whose rows are only ever inserted, never updated or deleted: a row found once
 * is answered from memory afterwards (one query less on a hot path). Such an answer
 * cannot go stale, in this process or beside others on PostgreSQL. A key not found is asked again
 * each time: its row may be inserted later. A store that starts to update or delete the table
 * must stop using this for it.
 */
export class FoundOnce<K, V> {
  private readonly found = new Map<K, V>();

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
    const known = this.found.get(key);
    if (known !== undefined) return this.copy(known);
    const row = await this.load(key);
    if (row === undefined) return undefined;
    if (this.found.size >= this.max) this.found.clear();
    this.found.set(key, row);
    return this.copy(row);
  }
}
