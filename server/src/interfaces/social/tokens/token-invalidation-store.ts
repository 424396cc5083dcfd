/**
 * SQL for user access tokens invalidated before their expiry (spec "Errors", v1 table): by the
 * platform (`accessToken expired(1)`) or because the user unlinked the app (`expired(2)`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Why a token was invalidated. */
export type InvalidationReason = 'platform' | 'unlinked';

export class TokenInvalidationStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Invalidates every access token of a user on a channel; tokens already invalidated keep their
   * first reason.
   * @returns how many tokens were newly invalidated.
   */
  async invalidateUser(userId: string, channelId: string, reason: InvalidationReason, now: number): Promise<number> {
    const r = await this.db
      .insertInto('token_invalidations')
      .columns(['token_hash', 'reason', 'invalidated_at'])
      .expression((eb) =>
        eb
          .selectFrom('user_tokens')
          .select((s) => ['token_hash', s.val(reason).as('reason'), s.val(now).as('invalidated_at')])
          .where('user_id', '=', userId)
          .where('channel_id', '=', channelId),
      )
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0);
  }

  /** The reason a token was invalidated, or undefined when it was not. */
  async reasonOf(tokenHash: string): Promise<InvalidationReason | undefined> {
    const row = await this.db.selectFrom('token_invalidations').select('reason').where('token_hash', '=', tokenHash).executeTakeFirst();
    return row?.reason as InvalidationReason | undefined;
  }
}
