/** SQL for reply tokens (spec "States and transitions", reply token rows). Only hashes are stored. */
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ReplyTokenTable } from './tables.js';

export type ReplyTokenRow = Selectable<ReplyTokenTable>;

/**
 * The condition that a reply token can be used at `now` (ms): the row of `tokenHash` belongs to
 * `channelId`, is unused and is unexpired (`expires_at` after `now`). Spec: a token is used once,
 * by its channel, before it expires. Used by both the UPDATE that spends the token and the SELECT
 * that only checks it, so the two cannot disagree. Throws nothing (it only builds SQL).
 */
function usableToken(tokenHash: string, channelId: string, now: number) {
  return (eb: ExpressionBuilder<Database, 'reply_tokens'>) =>
    eb.and([eb('token_hash', '=', tokenHash), eb('channel_id', '=', channelId), eb('used_at', 'is', null), eb('expires_at', '>', now)]);
}

export class ReplyTokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<ReplyTokenRow, 'used_at'>): Promise<void> {
    await this.db.insertInto('reply_tokens').values(row).execute();
  }

  /**
   * Marks the token used when it is unused, unexpired at `now` and belongs to the channel: one
   * UPDATE, so two concurrent replies cannot both use it (spec: a used token cannot be used again).
   * @returns the token's row (with the chat to reply into), or undefined when it cannot be used.
   */
  async use(tokenHash: string, channelId: string, now: number): Promise<ReplyTokenRow | undefined> {
    const r = await this.db
      .updateTable('reply_tokens')
      .set({ used_at: now })
      .where(usableToken(tokenHash, channelId, now))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return undefined;
    return this.db.selectFrom('reply_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * The token's row when it could be used now (unused, unexpired, of the channel), without using it:
   * a reply checks what depends on the chat (quote tokens) before it spends the token.
   */
  async usable(tokenHash: string, channelId: string, now: number): Promise<ReplyTokenRow | undefined> {
    return this.db
      .selectFrom('reply_tokens')
      .selectAll()
      .where(usableToken(tokenHash, channelId, now))
      .executeTakeFirst();
  }

  /** Deletes tokens that expired before `before` (they can never be used again). */
  async deleteExpired(before: number): Promise<void> {
    await this.db.deleteFrom('reply_tokens').where('expires_at', '<', before).execute();
  }
}
