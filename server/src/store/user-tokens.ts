/** SQL for user access tokens (spec part C). */
import type { Kysely, Selectable } from 'kysely';
import type { Database, UserTokenTable } from './schema.js';

export type UserTokenRow = Selectable<UserTokenTable>;

export class UserTokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: UserTokenRow): Promise<void> {
    await this.db.insertInto('user_tokens').values(row).execute();
  }

  /** The token with this hash, or undefined. */
  find(tokenHash: string): Promise<UserTokenRow | undefined> {
    return this.db.selectFrom('user_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }
}
