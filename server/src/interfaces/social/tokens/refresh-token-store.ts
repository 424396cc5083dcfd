/**
 * SQL for refresh tokens and the token pairs they belong to (spec part C, "States and
 * transitions": social access token rows). Every change that touches an access token and its
 * refresh token together runs in one transaction.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { RefreshTokenTable } from '../tables.js';
import type { UserTokenRow } from '../../../tokens/user-token-store.js';

export type RefreshTokenRow = Selectable<RefreshTokenTable>;

/** An access token and the refresh token issued with it. */
export interface TokenPair {
  access: UserTokenRow;
  refresh: RefreshTokenRow;
}

export class RefreshTokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The refresh token with this hash, or undefined (expired ones too: the caller decides). */
  find(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * Marks an authorization code used and stores the pair it was exchanged for, atomically: of two
   * concurrent exchanges of one code, one wins.
   * @returns false when the code was already used (nothing written).
   */
  redeemCode(codeHash: string, now: number, pair: TokenPair): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('authorization_codes')
        .set({ used_at: now, access_hash: pair.access.token_hash })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await trx.insertInto('user_tokens').values(pair.access).execute();
      await trx.insertInto('refresh_tokens').values(pair.refresh).execute();
      return true;
    });
  }

  /**
   * Replaces a refresh token by a new pair: the old refresh token stops working. With
   * `dropOldAccess` the old access token goes too (v1 reissue: "the old tokens must be discarded").
   * @returns false when the old refresh token was already gone (nothing written).
   */
  rotate(old: RefreshTokenRow, pair: TokenPair, dropOldAccess: boolean): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx.deleteFrom('refresh_tokens').where('token_hash', '=', old.token_hash).executeTakeFirst();
      if (Number(r.numDeletedRows) !== 1) return false;
      if (dropOldAccess) {
        await trx.deleteFrom('user_tokens').where('token_hash', '=', old.access_hash).execute();
        await trx.deleteFrom('token_invalidations').where('token_hash', '=', old.access_hash).execute();
      }
      await trx.insertInto('user_tokens').values(pair.access).execute();
      await trx.insertInto('refresh_tokens').values(pair.refresh).execute();
      return true;
    });
  }

  /**
   * Removes an access token with its refresh tokens (revoke, v1 logout, a replayed code). Removing
   * an unknown token is not an error.
   */
  async revokeAccess(accessHash: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('refresh_tokens').where('access_hash', '=', accessHash).execute();
      await trx.deleteFrom('user_tokens').where('token_hash', '=', accessHash).execute();
      await trx.deleteFrom('token_invalidations').where('token_hash', '=', accessHash).execute();
    });
  }
}
