/**
 * SQL for retry keys (the platform's `X-Line-Retry-Key` on push, multicast, narrowcast and
 * broadcast, published `messaging-api.yml` and "Retry failed API requests"). A key is claimed by
 * one statement on the table's primary key (channel, key), so two requests with one key, on one
 * server or on several sharing a PostgreSQL database, cannot both be accepted.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { RetryKeyTable } from './tables.js';

export type RetryKeyRow = Selectable<RetryKeyTable>;

/** What {@link RetryKeyStore.claim} found: this request holds the key now, or an earlier one does. */
export type RetryKeyClaim = { claimed: true } | { claimed: false; holder: RetryKeyRow };

export class RetryKeyStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims `key` of `channelId` for the request `requestId` at `now` (ms). A row older than
   * `windowMs` is no longer a claim (the platform keeps a key for 24 hours) and is taken over in the
   * same statement: `INSERT ... ON CONFLICT DO UPDATE ... WHERE accepted_at <= now - window`.
   * @returns `claimed: true` when this request holds the key, else the row of the request that does
   *   (when that row vanished in between, because its request failed and released it, one more try)
   */
  async claim(channelId: string, key: string, requestId: string, now: number, windowMs: number): Promise<RetryKeyClaim> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const taken = await this.db
        .insertInto('retry_keys')
        .values({ channel_id: channelId, retry_key: key, request_id: requestId, accepted_at: now, answer: null })
        .onConflict((oc) =>
          oc
            .columns(['channel_id', 'retry_key'])
            .doUpdateSet({ request_id: requestId, accepted_at: now, answer: null })
            .where('retry_keys.accepted_at', '<=', now - windowMs),
        )
        .returning('request_id')
        .executeTakeFirst();
      if (taken) return { claimed: true };
      const holder = await this.db
        .selectFrom('retry_keys')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('retry_key', '=', key)
        .executeTakeFirst();
      if (holder) return { claimed: false, holder };
    }
    throw new Error(`retry key ${key}: neither claimed nor held after 3 tries`);
  }

  /** Keeps the accepted answer (JSON text) with the claim of `requestId`. */
  async accept(channelId: string, key: string, requestId: string, answer: string): Promise<void> {
    await this.db
      .updateTable('retry_keys')
      .set({ answer })
      .where('channel_id', '=', channelId)
      .where('retry_key', '=', key)
      .where('request_id', '=', requestId)
      .execute();
  }

  /** Deletes the channel's keys accepted before `before` (ms): they block nothing any more. */
  async prune(channelId: string, before: number): Promise<void> {
    await this.db.deleteFrom('retry_keys').where('channel_id', '=', channelId).where('accepted_at', '<', before).execute();
  }

  /** Gives the key back (the request holding it failed: the platform lets a failed request's key be used again). */
  async release(channelId: string, key: string, requestId: string): Promise<void> {
    await this.db
      .deleteFrom('retry_keys')
      .where('channel_id', '=', channelId)
      .where('retry_key', '=', key)
      .where('request_id', '=', requestId)
      .execute();
  }
}
