/**
 * SQL of the blockchain interface (spec part A): services, wallets, item-token
 * contracts, non-fungible token types and tokens, transactions, nonces and the request log. A
 * write and the transaction that records it are stored together or not at all.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { isPostgres } from '../../db/db.js';
import { FoundOnce } from '../../db/found-once.js';
import { KeptUntilWritten } from '../../db/kept-until-written.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type {
  BcContractTable,
  BcRequestTable,
  BcServiceTable,
  BcTokenTable,
  BcTokenTypeTable,
  BcTransactionTable,
  BcWalletTable,
} from './tables.js';

export type BcServiceRow = Selectable<BcServiceTable>;
export type BcWalletRow = Selectable<BcWalletTable>;
export type BcContractRow = Selectable<BcContractTable>;
export type BcTokenTypeRow = Selectable<BcTokenTypeTable>;
export type BcTokenRow = Selectable<BcTokenTable>;
export type BcTransactionRow = Selectable<BcTransactionTable>;
export type BcRequestRow = Selectable<BcRequestTable>;

/** Every this many nonces taken, those past the reuse window are deleted. */
const NONCE_SWEEP_EVERY = 500;

/** Signed requests kept for the host's tab. */
const KEPT_REQUESTS = 200;

/** Most request rows one INSERT writes (a statement is compiled for each number of rows up to it). */
const REQUEST_ROWS_PER_INSERT = 32;

/** How long a request's log row may wait for others to be written with, in ms. */
const REQUEST_LOG_DELAY_MS = 20;

/** The scenario's blockchain section, as rows (see scenario.ts). */
export interface BlockchainSeed {
  services: BcServiceRow[];
  wallets: BcWalletRow[];
  contracts: BcContractRow[];
  tokenTypes: BcTokenTypeRow[];
  tokens: BcTokenRow[];
}

/** A transaction to record: its message, the wallets it touches, its log events. */
export interface NewTransaction {
  apiKey: string;
  msgType: string;
  msg: unknown;
  events: unknown;
  wallets: string[];
  timestamp: number;
}

/** A transaction hash as the platform writes them: 64 upper-case hex digits. */
export function newTxHash(): string {
  return createHash('sha256').update(randomBytes(32)).digest('hex').toUpperCase();
}

/** Most services {@link BlockchainStore.service} keeps in memory (then it starts again from none). */
const SERVICE_CACHE_SIZE = 1_000;

export class BlockchainStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Loads the scenario's section (first start). */
  seed(s: BlockchainSeed): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      if (s.services.length) await trx.insertInto('bc_services').values(s.services).execute();
      if (s.wallets.length) await trx.insertInto('bc_wallets').values(s.wallets).execute();
      if (s.contracts.length) await trx.insertInto('bc_contracts').values(s.contracts).execute();
      if (s.tokenTypes.length) await trx.insertInto('bc_token_types').values(s.tokenTypes).execute();
      if (s.tokens.length) await trx.insertInto('bc_tokens').values(s.tokens).execute();
    });
  }

  /**
   * The service of an API key. Every signed request reads it, so a service once found is answered
   * from memory after ({@link FoundOnce}): services are only ever inserted (the scenario's, at
   * first start), never updated or deleted.
   */
  service(apiKey: string): Promise<BcServiceRow | undefined> {
    return this.servicesFound.get(apiKey);
  }

  private readonly servicesFound = new FoundOnce<string, BcServiceRow>(
    async (apiKey) => (await this.serviceByKey(apiKey))[0],
    (service) => ({ ...service }),
    SERVICE_CACHE_SIZE,
  );

  private readonly serviceByKey = prepared(
    () => this.db,
    (apiKey: string) => this.db.selectFrom('bc_services').selectAll().where('api_key', '=', apiKey),
  );

  services(): Promise<BcServiceRow[]> {
    return this.db.selectFrom('bc_services').selectAll().orderBy('name').execute();
  }

  wallet(address: string): Promise<BcWalletRow | undefined> {
    return this.db.selectFrom('bc_wallets').selectAll().where('address', '=', address).executeTakeFirst();
  }

  /** Wallets of a service (all services when undefined), oldest first, then by name. */
  wallets(apiKey?: string): Promise<BcWalletRow[]> {
    if (apiKey !== undefined) return this.walletsKept.get(apiKey) as Promise<BcWalletRow[]>;
    return this.db.selectFrom('bc_wallets').selectAll().orderBy('created_at').orderBy('name').orderBy('address').execute();
  }

  // The answer of every `GET /v1/wallets`: kept until a wallet is added (any service's).
  private readonly walletsKept = new KeptUntilWritten(
    () => this.db,
    ['bc_wallets'],
    (apiKey: string) => this.walletsOfService(apiKey),
    (rows) => rows.map((r) => ({ ...r })),
    1_000,
  );

  private readonly walletsOfService = prepared(
    () => this.db,
    (apiKey: string) =>
      this.db.selectFrom('bc_wallets').selectAll().where('api_key', '=', apiKey).orderBy('created_at').orderBy('name').orderBy('address'),
  );

  contract(contractId: string): Promise<BcContractRow | undefined> {
    return this.db.selectFrom('bc_contracts').selectAll().where('contract_id', '=', contractId).executeTakeFirst();
  }

  tokenType(contractId: string, tokenType: string): Promise<BcTokenTypeRow | undefined> {
    return this.db
      .selectFrom('bc_token_types')
      .selectAll()
      .where('contract_id', '=', contractId)
      .where('token_type', '=', tokenType)
      .executeTakeFirst();
  }

  token(contractId: string, tokenType: string, tokenIndex: string): Promise<BcTokenRow | undefined> {
    return this.db
      .selectFrom('bc_tokens')
      .selectAll()
      .where('contract_id', '=', contractId)
      .where('token_type', '=', tokenType)
      .where('token_index', '=', tokenIndex)
      .executeTakeFirst();
  }

  /** Tokens a wallet holds in a contract, by type and index; a page of `limit` after `offset`. */
  holdings(owner: string, contractId: string, limit: number, offset: number): Promise<BcTokenRow[]> {
    return this.db
      .selectFrom('bc_tokens')
      .selectAll()
      .where('owner', '=', owner)
      .where('contract_id', '=', contractId)
      .orderBy('token_type')
      .orderBy('token_index')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Every token (the host's tab), newest first, at most `limit`. */
  allTokens(limit: number): Promise<BcTokenRow[]> {
    return this.db
      .selectFrom('bc_tokens')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('token_type')
      .orderBy('token_index')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a nonce for an API key: true when it was not used within `windowMs` before `now` (then
   * it is used now), false otherwise. One conditional upsert decides, so of concurrent requests
   * with one nonce exactly one gets true.
   */
  async useNonce(apiKey: string, nonce: string, now: number, windowMs: number): Promise<boolean> {
    // Nonces past the window mean nothing any more: swept now and then, so the table stays small.
    if (++this.nonceTakes % NONCE_SWEEP_EVERY === 0) await this.sweepNonces(now - windowMs);
    return (await this.takeNonce(apiKey, nonce, now, now - windowMs)).length === 1;
  }

  private nonceTakes = 0;

  private readonly sweepNonces = prepared(
    () => this.db,
    (cutoff: number) => this.db.deleteFrom('bc_nonces').where('used_at', '<=', cutoff),
  );

  private readonly takeNonce = prepared(
    () => this.db,
    (apiKey: string, nonce: string, now: number, cutoff: number) =>
      this.db
        .insertInto('bc_nonces')
        .values({ api_key: apiKey, nonce, used_at: now })
        .onConflict((oc) => oc.columns(['api_key', 'nonce']).doUpdateSet({ used_at: now }).where('bc_nonces.used_at', '<=', cutoff))
        .returning('nonce'),
  );

  /** Gives a nonce back (its request was refused after it was taken: nothing was done). */
  async releaseNonce(apiKey: string, nonce: string, usedAt: number): Promise<void> {
    await this.db.deleteFrom('bc_nonces').where('api_key', '=', apiKey).where('nonce', '=', nonce).where('used_at', '=', usedAt).execute();
  }

  /**
   * Runs a write and records its transaction in one database transaction; on PostgreSQL the
   * contract's row is locked first, so that concurrent mints number their tokens one after the
   * other.
   * @returns the transaction's hash
   */
  async write(contractId: string, tx: NewTransaction, change: (trx: Kysely<Database>) => Promise<void>): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      if (isPostgres(trx))
        await trx.selectFrom('bc_contracts').select('contract_id').where('contract_id', '=', contractId).forUpdate().execute();
      await change(trx);
      const txHash = newTxHash();
      const { height } = await trx
        .insertInto('bc_transactions')
        .values({
          tx_hash: txHash,
          api_key: tx.apiKey,
          msg_type: tx.msgType,
          msg: JSON.stringify(tx.msg),
          events: JSON.stringify(tx.events),
          timestamp: tx.timestamp,
        })
        .returning('height')
        .executeTakeFirstOrThrow();
      const wallets = [...new Set(tx.wallets)];
      await trx
        .insertInto('bc_tx_wallets')
        .values(wallets.map((address) => ({ address, height: Number(height) })))
        .execute();
      return txHash;
    });
  }

  /** Sets a token's name and meta (inside {@link write}). */
  static async updateToken(
    trx: Kysely<Database>,
    t: { contractId: string; tokenType: string; tokenIndex: string; name: string; meta?: string },
  ): Promise<void> {
    await trx
      .updateTable('bc_tokens')
      .set({ name: t.name, ...(t.meta !== undefined ? { meta: t.meta } : {}) })
      .where('contract_id', '=', t.contractId)
      .where('token_type', '=', t.tokenType)
      .where('token_index', '=', t.tokenIndex)
      .execute();
  }

  /** The highest index of a token type (8 hex digits), or undefined when it has no token (inside {@link write}). */
  static async lastIndex(trx: Kysely<Database>, contractId: string, tokenType: string): Promise<string | undefined> {
    const row = await trx
      .selectFrom('bc_tokens')
      .select('token_index')
      .where('contract_id', '=', contractId)
      .where('token_type', '=', tokenType)
      .orderBy('token_index', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.token_index;
  }

  /** Adds tokens (inside {@link write}). */
  static async insertTokens(trx: Kysely<Database>, tokens: BcTokenRow[]): Promise<void> {
    if (tokens.length) await trx.insertInto('bc_tokens').values(tokens).execute();
  }

  transaction(txHash: string): Promise<BcTransactionRow | undefined> {
    return this.db.selectFrom('bc_transactions').selectAll().where('tx_hash', '=', txHash).executeTakeFirst();
  }

  /**
   * Transactions that touch a wallet: optionally of one `msgType`, after / before a time (ms),
   * `order` by height, a page of `limit` (pages count from 1).
   */
  transactionsOf(
    address: string,
    q: { msgType?: string; after?: number; before?: number; order: 'asc' | 'desc'; limit: number; page: number },
  ): Promise<BcTransactionRow[]> {
    let query = this.db
      .selectFrom('bc_tx_wallets as w')
      .innerJoin('bc_transactions as t', 't.height', 'w.height')
      .selectAll('t')
      .where('w.address', '=', address);
    if (q.msgType !== undefined) query = query.where('t.msg_type', '=', q.msgType);
    if (q.after !== undefined) query = query.where('t.timestamp', '>', q.after);
    if (q.before !== undefined) query = query.where('t.timestamp', '<', q.before);
    return query
      .orderBy('t.height', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
  }

  /** The newest transactions of every wallet (the host's tab). */
  recentTransactions(limit: number): Promise<BcTransactionRow[]> {
    return this.db.selectFrom('bc_transactions').selectAll().orderBy('height', 'desc').limit(limit).execute();
  }

  /**
   * Records a signed request and its verdict, keeping the newest {@link KEPT_REQUESTS}. The rows
   * of the requests answered within {@link REQUEST_LOG_DELAY_MS} (at most
   * {@link REQUEST_ROWS_PER_INSERT}) are written together, in the order they came, by one
   * statement: a row each cost a statement on every signed request, a tenth of the request's CPU
   * under load (`npm run bench -- http`). A read of the log writes what waits first.
   * @returns once the row is written (or its write failed: the promise rejects)
   */
  logRequest(r: Omit<BcRequestRow, 'id'>): Promise<void> {
    this.pendingRequests.push(r);
    this.requestsWritten ??= new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, REQUEST_LOG_DELAY_MS);
      this.writeRequestsNow = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => this.writeRequests());
    if (this.pendingRequests.length >= REQUEST_ROWS_PER_INSERT) this.writeRequestsNow();
    return this.requestsWritten;
  }

  /** Rows {@link logRequest} has not written yet, oldest first. */
  private pendingRequests: Omit<BcRequestRow, 'id'>[] = [];
  /** The write of {@link pendingRequests}, once one is planned. */
  private requestsWritten: Promise<void> | undefined;
  /** Starts the planned write at once (nothing when none is planned). */
  private writeRequestsNow: () => void = () => undefined;

  private async writeRequests(): Promise<void> {
    const rows = this.pendingRequests;
    this.pendingRequests = [];
    this.requestsWritten = undefined;
    this.writeRequestsNow = () => undefined;
    for (let from = 0; from < rows.length; from += REQUEST_ROWS_PER_INSERT) {
      const batch = rows.slice(from, from + REQUEST_ROWS_PER_INSERT);
      // "" stands for no value: the statement is compiled once per number of rows.
      const ids = await this.insertRequests(batch.length)(
        ...batch.flatMap((r) => [r.at, r.method, r.path, r.api_key ?? '', r.status_code, r.status_message, r.signature_input ?? '']),
      );
      const last = Math.max(...ids.map((row) => Number(row.id)));
      const first = last - batch.length + 1;
      // Every 50 rows, those past the newest KEPT_REQUESTS go.
      if (Math.floor(last / 50) > Math.floor((first - 1) / 50)) await this.trimRequests(last - KEPT_REQUESTS);
    }
  }

  private readonly trimRequests = prepared(
    () => this.db,
    (lastGone: number) => this.db.deleteFrom('bc_requests').where('id', '<=', lastGone),
  );

  /** The INSERT of `n` request rows (7 parameters a row, in the columns' order of {@link logRequest}). */
  private insertRequests(n: number): (...params: (string | number)[]) => Promise<{ id: number }[]> {
    let insert = this.requestInserts.get(n);
    if (!insert) {
      insert = prepared(
        () => this.db,
        (...p: (string | number)[]) =>
          this.db
            .insertInto('bc_requests')
            .values(
              Array.from({ length: n }, (_, i) => {
                const [at, method, path, apiKey, statusCode, statusMessage, input] = p.slice(i * 7, i * 7 + 7);
                return {
                  at: at as number,
                  method: method as string,
                  path: path as string,
                  api_key: apiKey as string,
                  status_code: statusCode as number,
                  status_message: statusMessage as string,
                  signature_input: input as string,
                };
              }),
            )
            .returning('id'),
      );
      this.requestInserts.set(n, insert);
    }
    return insert;
  }

  private readonly requestInserts = new Map<number, (...params: (string | number)[]) => Promise<{ id: number }[]>>();

  /** The newest signed requests, newest first (`api_key`, `signature_input`: null when there was none). */
  async recentRequests(limit: number): Promise<BcRequestRow[]> {
    // The requests answered before this read are listed: those waiting are written first.
    const waiting = this.requestsWritten;
    this.writeRequestsNow();
    await waiting?.catch(() => undefined);
    const rows = await this.db.selectFrom('bc_requests').selectAll().orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({ ...r, api_key: r.api_key || null, signature_input: r.signature_input || null }));
  }

  /** Every service, wallet, contract, token type and token as stored, each in a stable order (the scenario export). */
  async scenarioRows() {
    const [services, wallets, contracts, tokenTypes, tokens] = await Promise.all([
      this.db.selectFrom('bc_services').selectAll().orderBy('api_key').execute(),
      this.db.selectFrom('bc_wallets').selectAll().orderBy('created_at').orderBy('address').execute(),
      this.db.selectFrom('bc_contracts').selectAll().orderBy('contract_id').execute(),
      this.db.selectFrom('bc_token_types').selectAll().orderBy('token_type').execute(),
      this.db.selectFrom('bc_tokens').selectAll().orderBy('token_type').orderBy('token_index').execute(),
    ]);
    return { services, wallets, contracts, tokenTypes, tokens };
  }
}
