/** SQL for user access tokens (spec part C); refresh tokens are in refresh-tokens.ts. */
import type { Kysely, Selectable } from 'kysely';
import { firstRowKept } from '../db/kept-until-written.js';
import { prepared } from '../db/prepared.js';
import type { Database } from '../db/schema.js';
import type { UserTokenTable } from './tables.js';

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

  /**
   * The token with this hash and why it was invalidated (`invalidated`: null when it was not), or
   * undefined when no such token exists (never issued, revoked, or replaced by a v1 reissue).
   */
  findWithState(tokenHash: string): Promise<(UserTokenRow & { invalidated: string | null }) | undefined> {
    return this.withState.get(tokenHash);
  }

  // Runs on every user request (profile, sendMessages): on the embedded database answered from
  // memory until a token is issued, revoked, refreshed or invalidated (any token: they are rare).
  private readonly withState = firstRowKept(
    () => this.db,
    ['user_tokens', 'token_invalidations'],
    (hash: string) => this.withStateByHash(hash),
  );

  private readonly withStateByHash = prepared(
    () => this.db,
    (hash: string) =>
      this.db
        .selectFrom('user_tokens')
        .leftJoin('token_invalidations', 'token_invalidations.token_hash', 'user_tokens.token_hash')
        .selectAll('user_tokens')
        .select('token_invalidations.reason as invalidated')
        .where('user_tokens.token_hash', '=', hash),
  );
}
