/** SQL for the embedded-app registry (spec part D). */
import type { ViewType } from '#contract/wire.js';
import type { Kysely, Selectable } from 'kysely';
import { lockChannel } from '../../db/db.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { AppTable } from './tables.js';

/** An app row as the services see it. */
export type AppRow = Selectable<AppTable>;

/**
 * The LIFF server API's settings of an app (liff.yml `LiffApp`), as stored: what is left out
 * takes the published default (migration 0018's column defaults).
 */
export interface LiffSettings {
  moduleMode?: boolean;
  ble?: boolean;
  qrCode?: boolean;
  permanentLinkPattern?: string;
  scopes?: readonly string[];
  botPrompt?: string;
}

/** New app values; `seq` is assigned by the database. */
export interface NewApp extends LiffSettings {
  embedId: string;
  channelId: string;
  name: string;
  viewType: ViewType;
  viewUrl: string;
  createdAt: number;
}

/** A change to an app: only the fields given are written. */
export interface AppChange extends LiffSettings {
  name?: string;
  viewType?: ViewType;
  viewUrl?: string;
}

/** The columns of the fields a change or a new app gives. */
function columnsOf(c: AppChange) {
  const bit = (b: boolean | undefined) => (b === undefined ? undefined : b ? 1 : 0);
  const columns = {
    name: c.name,
    view_type: c.viewType,
    view_url: c.viewUrl,
    module_mode: bit(c.moduleMode),
    feature_ble: bit(c.ble),
    feature_qr_code: bit(c.qrCode),
    permanent_link_pattern: c.permanentLinkPattern,
    scopes: c.scopes === undefined ? undefined : JSON.stringify(c.scopes),
    bot_prompt: c.botPrompt,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Partial<typeof columns>;
}

export class AppStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Apps of one channel, oldest first. */
  listByChannel(channelId: string): Promise<AppRow[]> {
    return this.appsOfChannel(channelId);
  }

  // The list call of the app registry (`GET /embed/v1/apps`, `/liff/v1/apps`): compiled once (db/prepared.ts).
  private readonly appsOfChannel = prepared(
    () => this.db,
    (channelId: string) => this.db.selectFrom('apps').selectAll().where('channel_id', '=', channelId).orderBy('seq'),
  );

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
          ...columnsOf(app),
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

  /**
   * Writes the given fields of a channel's app (the LIFF server API's partial update); the others
   * keep their values. @returns false when no such app belongs to the channel.
   */
  async update(channelId: string, embedId: string, change: AppChange): Promise<boolean> {
    const columns = columnsOf(change);
    if (Object.keys(columns).length === 0) return (await this.get(embedId))?.channel_id === channelId;
    const r = await this.db
      .updateTable('apps')
      .set(columns)
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
