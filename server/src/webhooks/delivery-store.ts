/**
 * SQL for webhook deliveries and their attempts. A delivery is written before it is sent and
 * changes state only when an attempt ends, so a restart finds every undelivered one.
 */
import type { DeliveryAttempt, DeliveryStatus } from '#contract/wire.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import { isPostgres } from '../db/db.js';
import { compileOnce, prepared, type QueryExecutor } from '../db/prepared.js';
import type { Database } from '../db/schema.js';
import type { DeliveryAttemptTable, DeliveryTable } from './tables.js';

export type DeliveryRow = Selectable<DeliveryTable>;

/**
 * Webhook attempts in flight at once (at most one per chat): the dispatcher's concurrency, and so
 * the number of in-flight delivery ids the compiled due query can leave out.
 */
export const MAX_IN_FLIGHT = 32;
export type DeliveryAttemptRow = Selectable<DeliveryAttemptTable>;

export type { DeliveryStatus };

/** A delivery to store. */
export interface NewDelivery {
  channelId: string;
  orderKey: string;
  eventTypes: string[];
  body: string;
  signature: string;
  status: 'pending' | 'skipped';
  createdAt: number;
}

/** The outcome of one HTTP attempt: what the deliveries list shows of it (the contract's shape). */
export type AttemptResult = DeliveryAttempt;

/**
 * Chats held at once by one process on PostgreSQL (see {@link DeliveryStore.withChatLock}). Each
 * holds a pool connection while its write runs on others, so this stays below the smallest pool
 * (4 connections, an in-memory kit): the writes always find a free connection.
 */
export const MAX_CHAT_LOCKS = 2;

export class DeliveryStore {
  /** True when several processes may send from this database (PostgreSQL): deliveries are claimed. */
  readonly shared: boolean;
  private readonly lockSlots = new Slots(MAX_CHAT_LOCKS);

  constructor(private readonly db: Kysely<Database>) {
    this.shared = isPostgres(db);
  }

  /**
   * Runs `fn` holding the chat across every process on the database: on PostgreSQL a transaction
   * holds an advisory lock named after the schema and the chat (`pg_advisory_xact_lock`) while
   * `fn` runs on other connections; it ends when `fn` settles, or with its connection if the
   * process dies. Another process's step of the same chat waits for it. On SQLite (one process)
   * `fn` just runs.
   * @returns what `fn` returns; rejects with what it throws, or when the lock cannot be taken
   */
  withChatLock<T>(chatId: string, fn: () => Promise<T>): Promise<T> {
    return this.shared ? this.withAdvisoryLock(chatId, fn) : fn();
  }

  private async withAdvisoryLock<T>(chatId: string, fn: () => Promise<T>): Promise<T> {
    await this.lockSlots.take();
    try {
      return await this.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(current_schema() || ':chat:' || ${chatId}, 0))`.execute(trx);
        return fn();
      });
    } finally {
      this.lockSlots.give();
    }
  }

  /** Stores a delivery; a pending one is due at once. @returns its id. */
  async insert(d: NewDelivery): Promise<number> {
    const r = await this.db
      .insertInto('deliveries')
      .values({
        channel_id: d.channelId,
        order_key: d.orderKey,
        event_types: d.eventTypes.join(','),
        body: d.body,
        signature: d.signature,
        status: d.status,
        next_attempt_at: d.status === 'pending' ? d.createdAt : null,
        created_at: d.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  get(id: number): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Pending deliveries that are due at `now` and first in line of their order key (no earlier
   * pending delivery with the same key), oldest first, leaving out the ids in `except` (those in
   * flight).
   */
  due(now: number, limit: number, except: readonly number[] = []): Promise<DeliveryRow[]> {
    if (except.length > MAX_IN_FLIGHT) {
      return this.dueQuery(this.db, now, limit).where('d.id', 'not in', except).execute();
    }
    // 0 is no delivery's id: the free slots of the list.
    const slots = Array.from({ length: MAX_IN_FLIGHT }, (_, i) => except[i] ?? 0);
    return this.dueCompiled(now, limit, ...slots);
  }

  /** {@link due} compiled once (it runs after every attempt). */
  private readonly dueCompiled = prepared(
    () => this.db,
    (now: number, limit: number, ...except: number[]) => this.dueQuery(this.db, now, limit).where('d.id', 'not in', except),
  );

  /**
   * Walks pending deliveries in id order (index `deliveries_pending_order`) and stops at `limit`;
   * the earlier-in-line check is an index seek (`deliveries_line`), so the cost does not grow with
   * the backlog. The unary `+` keeps the planners off the `next_attempt_at` index, which
   * would read every pending row and sort them.
   */
  private dueQuery(db: Kysely<Database>, now: number, limit: number) {
    return db
      .selectFrom('deliveries as d')
      .selectAll()
      .where('d.status', '=', 'pending')
      .where(sql<number>`+${sql.ref('d.next_attempt_at')}`, '<=', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('deliveries as e')
              .select(sql`1`.as('one'))
              .where('e.status', '=', 'pending')
              .whereRef('e.channel_id', '=', 'd.channel_id')
              .whereRef('e.order_key', '=', 'd.order_key')
              .whereRef('e.id', '<', 'd.id'),
          ),
        ),
      )
      .orderBy('d.id')
      .limit(limit);
  }

  /**
   * PostgreSQL, several processes: takes up to `limit` due deliveries for this process. Rows locked
   * by another process's claim are skipped (`FOR UPDATE SKIP LOCKED`), and each claimed row's next
   * attempt moves to `leaseUntil`, so no other process sees it as due while this one sends it. A
   * process that dies mid-attempt leaves the delivery due again when the lease ends. A claimed row
   * stays `pending`, so a later delivery of its chat is not first in line: one delivery of a chat
   * is in flight at a time, across processes. Each claim counts one send (`sends`).
   * @returns the claimed rows (with their `next_attempt_at` and `sends` as they were before the claim).
   */
  claimDue(now: number, limit: number, leaseUntil: number): Promise<DeliveryRow[]> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.dueQuery(trx, now, limit).forUpdate().skipLocked().execute();
      if (rows.length === 0) return rows;
      await trx
        .updateTable('deliveries')
        .set((eb) => ({ next_attempt_at: leaseUntil, sends: eb('sends', '+', 1) }))
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      return rows;
    });
  }

  /**
   * Counts one send of a delivery, just before its request goes out (one process: nothing claims
   * it). A crash or stop after this makes the next send of it a re-send.
   */
  async countSend(id: number): Promise<void> {
    await this.countSendCompiled(id);
  }

  private readonly countSendCompiled = prepared(
    () => this.db,
    (id: number) =>
      this.db
        .updateTable('deliveries')
        .set((eb) => ({ sends: eb('sends', '+', 1) }))
        .where('id', '=', id),
  );

  /**
   * Makes the channel's pending deliveries that wait for a retry due at `now`. One claimed by a
   * process (its send counted, its attempt not yet recorded: `sends > attempts`) keeps its lease,
   * so that it is never sent twice at once.
   * @returns how many were moved
   */
  async retryChannelNow(channelId: string, now: number): Promise<number> {
    const result = await this.db
      .updateTable('deliveries')
      .set({ next_attempt_at: now })
      .where('channel_id', '=', channelId)
      .where('status', '=', 'pending')
      .where('attempts', '>', 0)
      .where('next_attempt_at', '>', now)
      .whereRef('sends', '<=', 'attempts')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Gives a claimed delivery back, due at `now` (this process stopped before its attempt ended). */
  async release(id: number, now: number): Promise<void> {
    await this.db.updateTable('deliveries').set({ next_attempt_at: now }).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  /** The earliest `next_attempt_at` of any pending delivery, or undefined when none waits. */
  async nextDueAt(): Promise<number | undefined> {
    const [row] = await this.nextDueAtCompiled('pending');
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }

  private readonly nextDueAtCompiled = prepared(
    () => this.db,
    (status: DeliveryStatus) =>
      this.db
        .selectFrom('deliveries')
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .where('status', '=', status),
  );

  /**
   * Records an attempt and the delivery's new state in one transaction.
   * @param next `delivered`, `failed`, or `pending` with the time of the next attempt
   */
  async recordAttempt(
    id: number,
    result: AttemptResult,
    next: { status: DeliveryStatus; nextAttemptAt: number | null; deliveredAt: number | null },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('delivery_attempts').values(attemptRow(id, result)).execute();
      // Most attempts end delivered: that update is compiled once (it runs for every delivery).
      if (next.status === 'delivered' && next.deliveredAt !== null) await this.markDelivered(() => trx)(next.deliveredAt, id);
      else
        await trx
          .updateTable('deliveries')
          .set((eb) => ({
            status: next.status,
            attempts: eb('attempts', '+', 1),
            next_attempt_at: next.nextAttemptAt,
            delivered_at: next.deliveredAt,
          }))
          .where('id', '=', id)
          .execute();
    });
  }

  /**
   * Records a send that changes nothing of the delivery's state: the extra send of a fault rule
   * (`redeliver`, `duplicate`) after the delivery was delivered.
   */
  async addAttempt(id: number, result: AttemptResult): Promise<void> {
    await this.db.insertInto('delivery_attempts').values(attemptRow(id, result)).execute();
  }

  /** The update of a delivered delivery, compiled once; run on the given executor (a transaction). */
  private markDelivered(on: () => QueryExecutor): (deliveredAt: number, id: number) => Promise<unknown[]> {
    this.markDeliveredCompiled ??= compileOnce((deliveredAt: number, id: number) =>
      this.db
        .updateTable('deliveries')
        .set((eb) => ({ status: 'delivered', attempts: eb('attempts', '+', 1), next_attempt_at: null, delivered_at: deliveredAt }))
        .where('id', '=', id),
    );
    return (deliveredAt, id) => this.markDeliveredCompiled!(on(), deliveredAt, id);
  }
  private markDeliveredCompiled: ((on: QueryExecutor, deliveredAt: number, id: number) => Promise<unknown[]>) | undefined;

  /** Marks a delivery as never sendable (e.g. no webhook URL any more). */
  async setStatus(id: number, status: DeliveryStatus): Promise<void> {
    await this.db.updateTable('deliveries').set({ status, next_attempt_at: null }).where('id', '=', id).execute();
  }

  /** Queues a delivery again, due at `now` (the host's redeliver button); its `sends` stay (a re-send). */
  async requeue(id: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('deliveries')
      .set({ status: 'pending', next_attempt_at: now, delivered_at: null, attempts: 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The newest deliveries of a channel (all channels when undefined), newest first. */
  list(channelId: string | undefined, limit: number): Promise<DeliveryRow[]> {
    let q = this.db.selectFrom('deliveries').selectAll().orderBy('id', 'desc').limit(limit);
    if (channelId !== undefined) q = q.where('channel_id', '=', channelId);
    return q.execute();
  }

  /** Attempts of the given deliveries, oldest first. */
  attemptsOf(ids: number[]): Promise<DeliveryAttemptRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('delivery_attempts').selectAll().where('delivery_id', 'in', ids).orderBy('id').execute();
  }
}

/** An attempt's row: its outcome and the fault rule that made or moved it, if any. */
function attemptRow(id: number, result: AttemptResult) {
  return {
    delivery_id: id,
    url: result.url,
    started_at: result.startedAt,
    status_code: result.statusCode,
    error: result.error,
    latency_ms: result.latencyMs,
    response_body: result.responseBody,
    fault_id: result.fault?.faultId ?? null,
    fault_kind: result.fault?.kind ?? null,
  };
}

/** A counting semaphore: at most `size` holders, the others wait in the order they asked. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}
