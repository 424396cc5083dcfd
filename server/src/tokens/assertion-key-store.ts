/** SQL for the public keys channels registered for JWT assertions (`docs/platform/channel-access-tokens.md`). */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ChannelAssertionKeyTable } from './tables.js';

export type AssertionKeyRow = Selectable<ChannelAssertionKeyTable>;

export class AssertionKeyStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Registers a key under its kid; registering a kid the channel already has changes nothing.
   * @returns the row stored under that kid afterwards (the new one, or the one already there)
   */
  async add(row: AssertionKeyRow): Promise<AssertionKeyRow> {
    await this.db
      .insertInto('channel_assertion_keys')
      .values(row)
      .onConflict((oc) => oc.columns(['channel_id', 'kid']).doNothing())
      .execute();
    return (await this.find(row.channel_id, row.kid)) ?? row;
  }

  /** The key a channel registered under `kid`, or undefined. */
  find(channelId: string, kid: string): Promise<AssertionKeyRow | undefined> {
    return this.db
      .selectFrom('channel_assertion_keys')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('kid', '=', kid)
      .executeTakeFirst();
  }

  /** Every registered key, by channel then registration (the scenario export). */
  all(): Promise<AssertionKeyRow[]> {
    return this.db.selectFrom('channel_assertion_keys').selectAll().orderBy('channel_id').orderBy('created_at').orderBy('kid').execute();
  }
}
