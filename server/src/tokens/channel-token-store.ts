/** SQL for channel access tokens (spec part B, "Channel access token" transitions). */
import type { Kysely, Selectable } from 'kysely';
import { firstRowKept } from '../db/kept-until-written.js';
import { prepared } from '../db/prepared.js';
import { lockChannel } from '../db/db.js';
import type { Database } from '../db/schema.js';
import type { ChannelTokenTable } from './tables.js';

export type ChannelTokenRow = Selectable<ChannelTokenTable>;

export class ChannelTokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a new short-lived (`v2`) token and revokes the earliest issued ones beyond `maxAlive`
   * alive short-lived tokens of the channel, in one transaction (spec: at most 30 alive, earliest
   * revoked first); on PostgreSQL with the channel's row locked, so that processes issuing together
   * keep exactly 30. The channel's v2.1 tokens are counted apart and never revoked here.
   */
  insertKeepingNewest(row: Omit<ChannelTokenRow, 'seq' | 'kind' | 'key_id'>, maxAlive: number, now: number): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await lockChannel(trx, row.channel_id);
      await trx.deleteFrom('channel_tokens').where('channel_id', '=', row.channel_id).where('expires_at', '<=', now).execute();
      await trx
        .insertInto('channel_tokens')
        .values({ ...row, kind: 'v2' })
        .execute();
      const keep = trx
        .selectFrom('channel_tokens')
        .select('seq')
        .where('channel_id', '=', row.channel_id)
        .where('kind', '=', 'v2')
        .orderBy('seq', 'desc')
        .limit(maxAlive);
      await trx
        .deleteFrom('channel_tokens')
        .where('channel_id', '=', row.channel_id)
        .where('kind', '=', 'v2')
        .where('seq', 'not in', keep)
        .execute();
    });
  }

  /**
   * Stores a new v2.1 token unless the channel already has `maxAlive` alive v2.1 tokens, in one
   * transaction with the channel's row locked on PostgreSQL (so processes issuing together never
   * pass the limit). Expired v2.1 tokens of the channel are removed on the way.
   * @returns false when the limit is reached (nothing written)
   */
  insertV21WithinLimit(row: Omit<ChannelTokenRow, 'seq' | 'kind'> & { key_id: string }, maxAlive: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockChannel(trx, row.channel_id);
      await trx
        .deleteFrom('channel_tokens')
        .where('channel_id', '=', row.channel_id)
        .where('kind', '=', 'v2.1')
        .where('expires_at', '<=', now)
        .execute();
      const { n } = await trx
        .selectFrom('channel_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('channel_id', '=', row.channel_id)
        .where('kind', '=', 'v2.1')
        .executeTakeFirstOrThrow();
      if (Number(n) >= maxAlive) return false;
      await trx
        .insertInto('channel_tokens')
        .values({ ...row, kind: 'v2.1' })
        .execute();
      return true;
    });
  }

  /** The key IDs of a channel's v2.1 tokens alive at `now`, earliest issued first. */
  async aliveKeyIds(channelId: string, now: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('channel_tokens')
      .select('key_id')
      .where('channel_id', '=', channelId)
      .where('kind', '=', 'v2.1')
      .where('expires_at', '>', now)
      .orderBy('seq')
      .execute();
    return rows.flatMap((r) => (r.key_id ? [r.key_id] : []));
  }

  /** The token with this hash, or undefined (expired tokens are returned too: the caller decides). */
  find(tokenHash: string): Promise<ChannelTokenRow | undefined> {
    return this.found.get(tokenHash);
  }

  // Runs on every bot and registry request: on the embedded database answered from memory until
  // a channel token is issued or revoked (any token).
  private readonly found = firstRowKept(
    () => this.db,
    ['channel_tokens'],
    (hash: string) => this.byHash(hash),
  );

  private readonly byHash = prepared(
    () => this.db,
    (hash: string) => this.db.selectFrom('channel_tokens').selectAll().where('token_hash', '=', hash),
  );

  /** Removes the token; removing an unknown token is not an error (spec: revoke of an invalid token). */
  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('channel_tokens').where('token_hash', '=', tokenHash).execute();
  }

  /** Number of alive tokens of a channel at `now`. */
  async countAlive(channelId: string, now: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('channel_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', channelId)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}
