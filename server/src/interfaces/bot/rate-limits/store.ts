/** SQL for rate limit counters shared by the server processes on one database. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

export class RateCounterStore {
  private lastPurge = -1;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds `n` to the key's usage in the window when the sum stays within `limit`, in one statement
   * (an upsert whose update is conditional), so processes counting together cannot pass the limit.
   * @returns false when the limit would be passed (nothing counted).
   */
  async take(key: string, windowStart: number, n: number, limit: number): Promise<boolean> {
    if (n > limit) return false;
    if (windowStart !== this.lastPurge) {
      this.lastPurge = windowStart;
      await this.db.deleteFrom('rate_counters').where('window_start', '<', windowStart).execute();
    }
    const row = await this.db
      .insertInto('rate_counters')
      .values({ counter_key: key, window_start: windowStart, used: n })
      .onConflict((oc) =>
        oc
          .columns(['counter_key', 'window_start'])
          .doUpdateSet((eb) => ({ used: eb('rate_counters.used', '+', eb.ref('excluded.used')) }))
          .where((eb) => eb(eb('rate_counters.used', '+', eb.ref('excluded.used')), '<=', limit)),
      )
      .returning('used')
      .executeTakeFirst();
    return row !== undefined;
  }
}
