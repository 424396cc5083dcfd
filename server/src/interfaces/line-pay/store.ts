/** The LINE Pay unit's SQL: merchants, wallets, transactions, refunds and regKeys (`tables.ts`). */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { LpMerchantTable, LpRefundTable, LpRegKeyTable, LpTransactionTable, LpWalletTable } from './tables.js';

export type LpMerchantRow = Selectable<LpMerchantTable>;
export type LpWalletRow = Selectable<LpWalletTable>;
export type LpTransactionRow = Selectable<LpTransactionTable>;
export type LpRefundRow = Selectable<LpRefundTable>;
export type LpRegKeyRow = Selectable<LpRegKeyTable>;

/** What a list of transactions is filtered by (the simulator API's `linePayTransactions`). */
export interface TransactionFilter {
  channelId?: string;
  userId?: string;
  orderId?: string;
  /** At most this many, newest first; default 100. */
  limit?: number;
}

/** Numbers as numbers: PostgreSQL's bigint columns arrive as strings. */
function tx(r: LpTransactionRow): LpTransactionRow {
  return {
    ...r,
    amount: Number(r.amount),
    capture: Number(r.capture),
    created_at: Number(r.created_at),
    expires_at: Number(r.expires_at),
    confirmed_at: r.confirmed_at === null ? null : Number(r.confirmed_at),
  };
}

export class LinePayStore {
  constructor(private readonly db: Kysely<Database>) {}

  async merchants(): Promise<LpMerchantRow[]> {
    const rows = await this.db.selectFrom('lp_merchants').selectAll().orderBy('channel_id').execute();
    return rows.map((m) => ({ ...m, active: Number(m.active) }));
  }

  async merchant(channelId: string): Promise<LpMerchantRow | undefined> {
    const m = await this.db.selectFrom('lp_merchants').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
    return m && { ...m, active: Number(m.active) };
  }

  async wallets(): Promise<LpWalletRow[]> {
    return this.db.selectFrom('lp_wallets').selectAll().orderBy('user_id').execute();
  }

  async wallet(userId: string): Promise<LpWalletRow | undefined> {
    return this.db.selectFrom('lp_wallets').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async putWallet(row: LpWalletRow): Promise<void> {
    await this.db
      .insertInto('lp_wallets')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ balances: row.balances, card_brand: row.card_brand, card_last4: row.card_last4 }),
      )
      .execute();
  }

  async insertTransaction(row: Insertable<LpTransactionTable>): Promise<void> {
    await this.db.insertInto('lp_transactions').values(row).execute();
  }

  /** Whether the merchant used an order ID before (any state). */
  async orderUsed(channelId: string, orderId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('lp_transactions')
      .select('transaction_id')
      .where('channel_id', '=', channelId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return r !== undefined;
  }

  async transaction(transactionId: string): Promise<LpTransactionRow | undefined> {
    const r = await this.db.selectFrom('lp_transactions').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
    return r && tx(r);
  }

  async transactionByToken(token: string): Promise<LpTransactionRow | undefined> {
    const r = await this.db.selectFrom('lp_transactions').selectAll().where('page_token', '=', token).executeTakeFirst();
    return r && tx(r);
  }

  /** A merchant's transactions with these transaction IDs or order IDs, oldest first. */
  async find(channelId: string, transactionIds: string[], orderIds: string[]): Promise<LpTransactionRow[]> {
    const rows = await this.db
      .selectFrom('lp_transactions')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where((eb) =>
        eb.or([
          ...(transactionIds.length ? [eb('transaction_id', 'in', transactionIds)] : []),
          ...(orderIds.length ? [eb('order_id', 'in', orderIds)] : []),
        ]),
      )
      .orderBy('created_at')
      .execute();
    return rows.map(tx);
  }

  async list(f: TransactionFilter): Promise<LpTransactionRow[]> {
    let q = this.db.selectFrom('lp_transactions').selectAll();
    if (f.channelId) q = q.where('channel_id', '=', f.channelId);
    if (f.userId) q = q.where('user_id', '=', f.userId);
    if (f.orderId) q = q.where('order_id', '=', f.orderId);
    const rows = await q
      .orderBy('created_at', 'desc')
      .orderBy('transaction_id', 'desc')
      .limit(f.limit ?? 100)
      .execute();
    return rows.map(tx);
  }

  /**
   * Moves a transaction on, only from the states given (two calls cannot both win).
   * @returns whether it moved
   */
  async update(transactionId: string, from: readonly string[], set: Updateable<LpTransactionTable>): Promise<boolean> {
    const r = await this.db
      .updateTable('lp_transactions')
      .set(set)
      .where('transaction_id', '=', transactionId)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async refunds(transactionIds: string[]): Promise<LpRefundRow[]> {
    if (!transactionIds.length) return [];
    const rows = await this.db
      .selectFrom('lp_refunds')
      .selectAll()
      .where('transaction_id', 'in', transactionIds)
      .orderBy('at')
      .orderBy('refund_transaction_id')
      .execute();
    return rows.map((r) => ({ ...r, amount: Number(r.amount), at: Number(r.at) }));
  }

  async insertRefund(row: LpRefundRow): Promise<void> {
    await this.db.insertInto('lp_refunds').values(row).execute();
  }

  async regKey(regKey: string): Promise<LpRegKeyRow | undefined> {
    const r = await this.db.selectFrom('lp_reg_keys').selectAll().where('reg_key', '=', regKey).executeTakeFirst();
    return r && { ...r, expired: Number(r.expired), created_at: Number(r.created_at) };
  }

  /** The regKeys, newest first, at most `limit`. */
  async regKeys(limit = 200): Promise<LpRegKeyRow[]> {
    const rows = await this.db.selectFrom('lp_reg_keys').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map((r) => ({ ...r, expired: Number(r.expired), created_at: Number(r.created_at) }));
  }

  async insertRegKey(row: LpRegKeyRow): Promise<void> {
    await this.db.insertInto('lp_reg_keys').values(row).execute();
  }

  /** @returns whether the key was live (and is now expired) */
  async expireRegKey(regKey: string): Promise<boolean> {
    const r = await this.db
      .updateTable('lp_reg_keys')
      .set({ expired: 1 })
      .where('reg_key', '=', regKey)
      .where('expired', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Writes the scenario's merchants, wallets, payments (with their refunds) and regKeys into an empty world. */
  async seed(s: {
    merchants: LpMerchantRow[];
    wallets: LpWalletRow[];
    transactions: { row: LpTransactionRow; refunds: LpRefundRow[] }[];
    regKeys: LpRegKeyRow[];
  }): Promise<void> {
    if (s.merchants.length) await this.db.insertInto('lp_merchants').values(s.merchants).execute();
    if (s.wallets.length) await this.db.insertInto('lp_wallets').values(s.wallets).execute();
    for (const t of s.transactions) {
      await this.db.insertInto('lp_transactions').values(t.row).execute();
      if (t.refunds.length) await this.db.insertInto('lp_refunds').values(t.refunds).execute();
    }
    if (s.regKeys.length) await this.db.insertInto('lp_reg_keys').values(s.regKeys).execute();
  }
}
