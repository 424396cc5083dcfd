/**
 * SQL for the two short-lived steps of a sign-in (spec part C): the authorization request waiting
 * on the consent page, and the authorization code. Both are kept as SHA-256 only.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuthorizationCodeTable, AuthorizationRequestTable } from './tables.js';

export type AuthorizationRequestRow = Selectable<AuthorizationRequestTable>;
export type AuthorizationCodeRow = Selectable<AuthorizationCodeTable>;

export class AuthCodeStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a pending authorization request; requests that expired before `now` are dropped. */
  async insertRequest(row: AuthorizationRequestRow, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('authorization_requests').where('expires_at', '<=', now).execute();
      await trx.insertInto('authorization_requests').values(row).execute();
    });
  }

  /** The pending request with this hash, or undefined (expired ones too: the caller decides). */
  findRequest(requestHash: string): Promise<AuthorizationRequestRow | undefined> {
    return this.db.selectFrom('authorization_requests').selectAll().where('request_hash', '=', requestHash).executeTakeFirst();
  }

  /**
   * Removes a pending request: it is answered once.
   * @returns false when another call removed it first.
   */
  async takeRequest(requestHash: string): Promise<boolean> {
    const r = await this.db.deleteFrom('authorization_requests').where('request_hash', '=', requestHash).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Stores a new code; codes that expired more than a day before `now` are dropped. */
  async insertCode(row: Omit<AuthorizationCodeRow, 'used_at' | 'access_hash'>, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('authorization_codes')
        .where('expires_at', '<=', now - 24 * 3600 * 1000)
        .execute();
      await trx.insertInto('authorization_codes').values(row).execute();
    });
  }

  /** The code with this hash, or undefined. */
  findCode(codeHash: string): Promise<AuthorizationCodeRow | undefined> {
    return this.db.selectFrom('authorization_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
  }
}
