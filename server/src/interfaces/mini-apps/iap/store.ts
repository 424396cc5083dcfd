/** SQL of LINE MINI App in-app purchase (migration 0029, docs/platform/mini-apps.md "In-app purchase"). */
import type { Kysely, Selectable } from 'kysely';
import type { IapOrderStatus } from '#contract/iap.js';
import type { Database } from '../../../db/schema.js';
import type { IapOrderTable } from './tables.js';
import type { IapProduct } from './rules.js';

/** An order as stored. */
export type IapOrderRow = Selectable<IapOrderTable>;

/** A MINI App's in-app purchase settings: its webhook URL (null: none) and products. */
export interface IapSettings {
  webhookUrl: string | null;
  products: IapProduct[];
}

/** A MINI App's in-app purchase as a scenario declares it, ready to store. */
export interface IapSeed {
  embedId: string;
  webhookUrl: string | null;
  products: readonly IapProduct[];
}

/** One row of the event history: the delivery's id, when it was made (ms), its state and body. */
export interface HistoryRow {
  id: number;
  created_at: number;
  status: string;
  attempts: number;
  body: string;
}

/** Orders listed at most at once. */
export const MAX_LISTED_ORDERS = 200;

export class IapStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the scenario's in-app purchase settings (the scenario loader, on an empty world; after the MINI Apps). */
  async seed(apps: readonly IapSeed[]): Promise<void> {
    if (apps.length)
      await this.db
        .insertInto('iap_settings')
        .values(apps.map((a) => ({ embed_id: a.embedId, webhook_url: a.webhookUrl, products: JSON.stringify(a.products) })))
        .execute();
  }

  /** A MINI App's settings, or undefined when it does not use in-app purchase. */
  async settings(embedId: string): Promise<IapSettings | undefined> {
    const row = await this.db.selectFrom('iap_settings').selectAll().where('embed_id', '=', embedId).executeTakeFirst();
    return row && { webhookUrl: row.webhook_url, products: JSON.parse(row.products) as IapProduct[] };
  }

  /** Sets a MINI App's webhook URL. @returns false when the MINI App does not use in-app purchase (nothing written) */
  async setWebhookUrl(embedId: string, url: string | null): Promise<boolean> {
    const r = await this.db.updateTable('iap_settings').set({ webhook_url: url }).where('embed_id', '=', embedId).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** When the person agreed to the in-app purchase terms (ms), or undefined. */
  async consent(userId: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('iap_consents').select('agreed_at').where('user_id', '=', userId).executeTakeFirst();
    return row && Number(row.agreed_at);
  }

  /** Records the person's agreement at `at` (ms), kept if they had agreed already; or withdraws it (`at` null). */
  async setConsent(userId: string, at: number | null): Promise<void> {
    if (at === null) await this.db.deleteFrom('iap_consents').where('user_id', '=', userId).execute();
    else
      await this.db
        .insertInto('iap_consents')
        .values({ user_id: userId, agreed_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
  }

  /** Stores a new order. */
  async insertOrder(row: IapOrderRow): Promise<void> {
    await this.db.insertInto('iap_orders').values(row).execute();
  }

  /** An order by its order ID, or undefined. */
  order(orderId: string): Promise<IapOrderRow | undefined> {
    return this.db.selectFrom('iap_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  }

  /**
   * Moves an order from state `from` to the state of `patch`, only while it is still in `from`:
   * of two changes at once (a double tap, two tools) one goes through.
   * @returns false when the order is no longer in `from` (nothing written)
   */
  async transition(
    orderId: string,
    from: IapOrderStatus,
    patch: Partial<Pick<IapOrderRow, 'status' | 'failure' | 'paid_at' | 'refunded_at' | 'updated_at'>>,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('iap_orders')
      .set(patch)
      .where('order_id', '=', orderId)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Orders, newest first, of one channel, person or state when given, at most `limit`. */
  orders(
    filter: { channelId?: string | undefined; userId?: string | undefined; status?: IapOrderStatus | undefined },
    limit: number,
  ): Promise<IapOrderRow[]> {
    let q = this.db.selectFrom('iap_orders').selectAll();
    if (filter.channelId) q = q.where('channel_id', '=', filter.channelId);
    if (filter.userId) q = q.where('user_id', '=', filter.userId);
    if (filter.status) q = q.where('status', '=', filter.status);
    return q.orderBy('reserved_at', 'desc').orderBy('order_id', 'desc').limit(limit).execute();
  }

  /**
   * The channel's `purchaseComplete` deliveries made from `fromMs` to `toMs` (both included), after
   * delivery `after`, oldest first, at most `limit`; `SUCCESS`: delivered; `FAILED`: given up, or
   * waiting for a retry after a failed attempt.
   */
  async history(
    channelId: string,
    o: { fromMs: number; toMs: number; after: number; limit: number; status?: 'SUCCESS' | 'FAILED' },
  ): Promise<HistoryRow[]> {
    let q = this.db
      .selectFrom('deliveries')
      .select(['id', 'created_at', 'status', 'attempts', 'body'])
      .where('channel_id', '=', channelId)
      .where('event_types', '=', 'purchaseComplete')
      .where('created_at', '>=', o.fromMs)
      .where('created_at', '<=', o.toMs)
      .where('id', '>', o.after);
    if (o.status === 'SUCCESS') q = q.where('status', '=', 'delivered');
    if (o.status === 'FAILED')
      q = q.where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)])]));
    const rows = await q.orderBy('id').limit(o.limit).execute();
    return rows.map((r) => ({
      id: Number(r.id),
      created_at: Number(r.created_at),
      status: r.status,
      attempts: Number(r.attempts),
      body: r.body,
    }));
  }

  /** Every MINI App's in-app purchase settings as stored (the scenario export). */
  allSettings() {
    return this.db.selectFrom('iap_settings').selectAll().execute();
  }
}
