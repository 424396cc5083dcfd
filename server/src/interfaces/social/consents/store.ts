/** SQL of the consents (migration 0033, docs/platform/authorization-flow.md): grants, agreements, consent screens. */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ConsentScreenTable } from './tables.js';

/** A consent screen as stored. */
export type ConsentScreenRow = Selectable<ConsentScreenTable>;

/** A grant of a scenario, ready to store. */
export interface GrantSeed {
  userId: string;
  channelId: string;
  scopes: readonly string[];
}

/** An app with its MINI App's columns (null for an app that is not one), as the flow reads it. */
export interface ConsentAppRow {
  embed_id: string;
  channel_id: string;
  name: string;
  scopes: string;
  verified: number | null;
  stage: string | null;
  consent_simplification: number | null;
  consent_region: string | null;
  consent_channel_created_at: string | null;
}

/** A scope list stored as JSON; nothing for a value no write makes. */
function scopeList(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
}

export class ConsentStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** An app and its MINI App's settings (the `apps` and `mini_apps` rows), or undefined. */
  app(embedId: string): Promise<ConsentAppRow | undefined> {
    return this.db
      .selectFrom('apps')
      .leftJoin('mini_apps', 'mini_apps.embed_id', 'apps.embed_id')
      .select(['apps.embed_id', 'apps.channel_id', 'apps.name', 'apps.scopes'])
      .select(['mini_apps.verified', 'mini_apps.stage', 'mini_apps.consent_simplification', 'mini_apps.consent_region'])
      .select('mini_apps.consent_channel_created_at')
      .where('apps.embed_id', '=', embedId)
      .executeTakeFirst();
  }

  /** The scopes a person granted a channel, or undefined when they granted it nothing yet. */
  async granted(userId: string, channelId: string): Promise<string[] | undefined> {
    const row = await this.db
      .selectFrom('consent_grants')
      .select('scopes')
      .where('user_id', '=', userId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return row && scopeList(row.scopes);
  }

  /** Every grant of a person (or of everyone), by channel: the scopes and when first granted. */
  async grantsOf(userId?: string): Promise<{ userId: string; channelId: string; scopes: string[]; grantedAt: number }[]> {
    let q = this.db.selectFrom('consent_grants').selectAll().orderBy('user_id').orderBy('channel_id');
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    const rows = await q.execute();
    return rows.map((r) => ({ userId: r.user_id, channelId: r.channel_id, scopes: scopeList(r.scopes), grantedAt: Number(r.granted_at) }));
  }

  /**
   * Writes what a person granted a channel (the whole list), keeping when they first granted it.
   * @returns when it was first granted (ms)
   */
  async setGranted(userId: string, channelId: string, scopes: readonly string[], now: number): Promise<number> {
    const row = await this.db
      .insertInto('consent_grants')
      .values({ user_id: userId, channel_id: channelId, scopes: JSON.stringify(scopes), granted_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'channel_id']).doUpdateSet({ scopes: JSON.stringify(scopes) }))
      .returning('granted_at')
      .executeTakeFirstOrThrow();
    return Number(row.granted_at);
  }

  /** Removes a person's grant of a channel (every scope revoked). */
  async removeGrant(userId: string, channelId: string): Promise<void> {
    await this.db.deleteFrom('consent_grants').where('user_id', '=', userId).where('channel_id', '=', channelId).execute();
  }

  /** Every person who agreed to the simplification, and when. */
  agreements(): Promise<{ user_id: string; agreed_at: number }[]> {
    return this.db.selectFrom('consent_simplification_agreements').selectAll().execute();
  }

  /** Whether a person agreed to the simplification. */
  async agreed(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('consent_simplification_agreements')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The person agrees (kept from the first time) or the agreement is withdrawn. */
  async setAgreed(userId: string, agreed: boolean, now: number): Promise<void> {
    if (!agreed) {
      await this.db.deleteFrom('consent_simplification_agreements').where('user_id', '=', userId).execute();
      return;
    }
    await this.db
      .insertInto('consent_simplification_agreements')
      .values({ user_id: userId, agreed_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /** Stores a new pending screen. @returns its number */
  async openScreen(row: Omit<ConsentScreenRow, 'id'>): Promise<number> {
    const { id } = await this.db.insertInto('consent_screens').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  }

  /** A screen by its number, or undefined. */
  screen(id: number): Promise<ConsentScreenRow | undefined> {
    return this.db.selectFrom('consent_screens').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Records the answer of a screen still pending (of two answers at once, one wins).
   * @returns false when it was answered already (nothing written)
   */
  async answerScreen(id: number, answer: { state: string; friend_added: number | null; answered_at: number }): Promise<boolean> {
    const r = await this.db
      .updateTable('consent_screens')
      .set(answer)
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Screens, pending first then newest first: one person's, only the pending ones when asked; at most `limit`. */
  screens(filter: { userId?: string; pending?: boolean }, limit: number): Promise<ConsentScreenRow[]> {
    let q = this.db.selectFrom('consent_screens').selectAll();
    if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
    if (filter.pending) q = q.where('state', '=', 'pending');
    return q
      .orderBy((eb) => eb.case().when('state', '=', 'pending').then(0).else(1).end())
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Stores a scenario's grants and agreements (the scenario loader, on an empty world). */
  async seed(grants: readonly GrantSeed[], agreedUsers: readonly string[], now: number): Promise<void> {
    if (grants.length)
      await this.db
        .insertInto('consent_grants')
        .values(grants.map((g) => ({ user_id: g.userId, channel_id: g.channelId, scopes: JSON.stringify(g.scopes), granted_at: now })))
        .execute();
    if (agreedUsers.length)
      await this.db
        .insertInto('consent_simplification_agreements')
        .values(agreedUsers.map((u) => ({ user_id: u, agreed_at: now })))
        .execute();
  }
}
