/**
 * SQL for the demo login's sessions: kept in the database, so that every server of a
 * team sandbox serves a session another one started. Keyed by the SHA-256 of the cookie value.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Sessions kept at once; the oldest go first (a demo). */
export const MAX_DEMO_SESSIONS = 200;

export class DemoLoginSessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The session data stored under this hash, parsed, or undefined. */
  async find<T>(sidHash: string): Promise<T | undefined> {
    const row = await this.db.selectFrom('demo_login_sessions').select('data').where('sid_hash', '=', sidHash).executeTakeFirst();
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  /** Stores a new session, dropping the oldest beyond {@link MAX_DEMO_SESSIONS}. */
  async insert(sidHash: string, data: unknown, now: number): Promise<void> {
    await this.db
      .insertInto('demo_login_sessions')
      .values({ sid_hash: sidHash, data: JSON.stringify(data), created_at: now })
      .execute();
    const keep = this.db
      .selectFrom('demo_login_sessions')
      .select('sid_hash')
      .orderBy('created_at', 'desc')
      .orderBy('sid_hash')
      .limit(MAX_DEMO_SESSIONS);
    await this.db.deleteFrom('demo_login_sessions').where('sid_hash', 'not in', keep).execute();
  }

  /** Replaces a session's data (after a refresh). */
  async update(sidHash: string, data: unknown): Promise<void> {
    await this.db
      .updateTable('demo_login_sessions')
      .set({ data: JSON.stringify(data) })
      .where('sid_hash', '=', sidHash)
      .execute();
  }

  async delete(sidHash: string): Promise<void> {
    await this.db.deleteFrom('demo_login_sessions').where('sid_hash', '=', sidHash).execute();
  }
}
