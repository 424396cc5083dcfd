/** SQL for the secrets a database makes once (`kit_secrets`, migration 0017). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export class KitSecretStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The secret stored under `name`, made with `make` and stored when there is none yet. Processes
   * sharing a PostgreSQL database that make one together keep the first stored: each reads back
   * what won.
   */
  async getOrCreate(name: string, make: () => string): Promise<string> {
    const found = await this.db.selectFrom('kit_secrets').select('value').where('name', '=', name).executeTakeFirst();
    if (found) return found.value;
    await this.db
      .insertInto('kit_secrets')
      .values({ name, value: make() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db.selectFrom('kit_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }
}
