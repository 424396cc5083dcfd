/** SQL for the embedded-app registry (spec part D). */
import type { ViewType } from '../../contract/wire.js';
import type { Kysely, Selectable } from 'kysely';
import { lockChannel } from '../../db/db.js';
import type { AppTable, Database } from '../../db/schema.js';

/** An app row as the services see it. */
export type AppRow = Selectable<AppTable>;

/** New app values; `seq` is assigned by the database. */
export interface NewApp {
  embedId: string;
  channelId: string;
  name: string;
  viewType: ViewType;
  viewUrl: string;
  createdAt: number;
}

export class AppStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Apps of one channel, oldest first. */
  listByChannel(channelId: string): Promise<AppRow[]> {
    return this.db.selectFrom('apps').selectAll().where('channel_id', '=', channelId).orderBy('seq').execute();
  }

  /** Every app of every channel, oldest first (the host lists them all). */
  listAll(): Promise<AppRow[]> {
    return this.db.selectFrom('apps').selectAll().orderBy('seq').execute();
  }

  /** One app, or undefined. */
  get(embedId: string): Promise<AppRow | undefined> {
    return this.db.selectFrom('apps').selectAll().where('embed_id', '=', embedId).executeTakeFirst();
  }

  /**
   * Inserts the app unless the channel already holds `limit` apps. Count and insert run in one
   * transaction, so concurrent registrations cannot pass the limit together (on PostgreSQL the
   * channel's row is locked first: processes sharing the database wait for each other).
   * @returns false when the limit was reached (nothing written).
   */
  insertWithinLimit(app: NewApp, limit: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockChannel(trx, app.channelId);
      const { n } = await trx
        .selectFrom('apps')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('channel_id', '=', app.channelId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= limit) return false;
      await trx
        .insertInto('apps')
        .values({
          embed_id: app.embedId,
          channel_id: app.channelId,
          name: app.name,
          view_type: app.viewType,
          view_url: app.viewUrl,
          created_at: app.createdAt,
        })
        .execute();
      return true;
    });
  }

  /** Sets the view of a channel's app. @returns false when no such app belongs to the channel. */
  async updateView(channelId: string, embedId: string, viewType: ViewType, viewUrl: string): Promise<boolean> {
    const r = await this.db
      .updateTable('apps')
      .set({ view_type: viewType, view_url: viewUrl })
      .where('embed_id', '=', embedId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes a channel's app. @returns false when no such app belongs to the channel. */
  async delete(channelId: string, embedId: string): Promise<boolean> {
    const r = await this.db.deleteFrom('apps').where('embed_id', '=', embedId).where('channel_id', '=', channelId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /**
   * Rewrites view URLs that start with `fromOrigin/` to start with `toOrigin/` instead: the demo
   * app moves with the port the server listens on.
   */
  async moveOrigin(fromOrigin: string, toOrigin: string): Promise<void> {
    const rows = await this.db.selectFrom('apps').select(['embed_id', 'view_url']).execute();
    for (const row of rows) {
      if (!row.view_url.startsWith(`${fromOrigin}/`)) continue;
      await this.db
        .updateTable('apps')
        .set({ view_url: toOrigin + row.view_url.slice(fromOrigin.length) })
        .where('embed_id', '=', row.embed_id)
        .execute();
    }
  }
}
