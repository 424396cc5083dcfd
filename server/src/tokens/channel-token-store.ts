/** SQL for channel access tokens (spec part B, "Channel access token" transitions). */
import type { Kysely, Selectable } from 'kysely';
import { prepared } from '../db/prepared.js';
import { lockChannel } from '../db/db.js';
import type { ChannelTokenTable, Database } from '../db/schema.js';

export type ChannelTokenRow = Selectable<ChannelTokenTable>;

export class ChannelTokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a new token and revokes the earliest issued ones beyond `maxAlive` alive tokens of the
   * channel, in one transaction (spec: at most 30 alive, earliest revoked first); on PostgreSQL
   * with the channel's row locked, so that processes issuing together keep exactly 30.
   */
  insertKeepingNewest(row: Omit<ChannelTokenRow, 'seq'>, maxAlive: number, now: number): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await lockChannel(trx, row.channel_id);
      await trx.deleteFrom('channel_tokens').where('channel_id', '=', row.channel_id).where('expires_at', '<=', now).execute();
      await trx.insertInto('channel_tokens').values(row).execute();
      const keep = trx
        .selectFrom('channel_tokens')
        .select('seq')
        .where('channel_id', '=', row.channel_id)
        .orderBy('seq', 'desc')
        .limit(maxAlive);
      await trx.deleteFrom('channel_tokens').where('channel_id', '=', row.channel_id).where('seq', 'not in', keep).execute();
    });
  }

  /** The token with this hash, or undefined (expired tokens are returned too: the caller decides). */
  async find(tokenHash: string): Promise<ChannelTokenRow | undefined> {
    return (await this.byHash(tokenHash))[0];
  }

  // Runs on every bot and registry request.
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
