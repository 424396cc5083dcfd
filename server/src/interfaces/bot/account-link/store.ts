/** SQL for account link tokens. Only hashes are stored. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { LinkTokenTable } from './tables.js';

export type LinkTokenRow = Selectable<LinkTokenTable>;

export class LinkTokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<LinkTokenRow, 'used_at'>): Promise<void> {
    await this.db.insertInto('link_tokens').values(row).execute();
  }

  /** The token's row in any state, or undefined. */
  find(tokenHash: string): Promise<LinkTokenRow | undefined> {
    return this.db.selectFrom('link_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * Marks the token used when it is unused and unexpired at `now`: one UPDATE, so two tabs cannot
   * both use it. @returns whether this call used it
   */
  async use(tokenHash: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('link_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
