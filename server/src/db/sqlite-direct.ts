/**
 * A direct way to run an already compiled statement on the embedded database (SQLite through
 * better-sqlite3), without Kysely's connection machinery, when that is safe.
 *
 * Why: better-sqlite3 answers synchronously, but every Kysely query goes through a connection
 * mutex, a provider, an executor and a result transform, each a promise: on the hot paths
 * (the token check of every request, the message insert of sendMessages, the nonce of every
 * signed blockchain call) that machinery cost more CPU and garbage than SQLite itself (measured
 * with `npm run bench -- http`). Kysely still builds and compiles every query (`prepared.ts`).
 *
 * Safe when no transaction is open on SQLite's single connection: a statement then runs as it
 * would through Kysely, in its own implicit transaction. While a transaction is open, a statement
 * run beside would land inside it, so the direct way refuses and the caller goes through Kysely,
 * which waits for the connection as usual.
 */
import {
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

/**
 * Runs one compiled statement (`sql` with its `parameters`, in order) at once.
 * @returns its rows (none for a statement without `returning`), or `undefined` when a transaction
 *   is open: the caller must then go through Kysely.
 * @throws the database's error (a constraint, a syntax error), as Kysely would reject with it
 */
export type DirectRunner = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

const runners = new WeakMap<object, DirectRunner>();

/** The direct runner of a Kysely instance of the embedded database; none for PostgreSQL or a transaction. */
export function directRunnerOf(db: object): DirectRunner | undefined {
  return runners.get(db);
}

/** Makes `runner` the direct runner of `db` (the root Kysely instance, not a transaction of it). */
export function registerDirectRunner(db: object, runner: DirectRunner): void {
  runners.set(db, runner);
}

/**
 * Kysely's SQLite dialect, with a driver that counts the open transactions; {@link runner} runs
 * statements on `database` directly while none is open.
 *
 * Only a transaction must keep other statements out: it spans awaits between its BEGIN and its
 * COMMIT, and a statement run in between would land inside it. A single query Kysely runs holds
 * the connection across awaits too, but runs its one statement synchronously: a statement run
 * beside it is as safe as one run before or after. Counting every acquisition instead let one
 * Kysely query make concurrent requests fall back to Kysely, each holding the connection in turn,
 * so under load the direct way was seldom taken (docs/project/benchmarks.md). Streamed queries (a
 * statement left open across awaits) are not used on this database.
 */
export class TrackedSqliteDialect extends SqliteDialect {
  private held = 0;

  constructor(private readonly config: SqliteDialectConfig & { database: SqliteDatabase }) {
    super(config);
  }

  override createDriver(): Driver {
    return new HeldCountingDriver(super.createDriver(), (delta) => (this.held += delta));
  }

  /** See {@link DirectRunner}. */
  readonly runner: DirectRunner = (sql, parameters) => {
    if (this.held > 0) return undefined;
    const statement = this.config.database.prepare(sql);
    if (statement.reader) return statement.all(parameters) as unknown[];
    statement.run(parameters);
    return [];
  };
}

/** Delegates to Kysely's SQLite driver; reports each transaction's start (+1) and end (−1). */
class HeldCountingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly count: (delta: 1 | -1) => void,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection();
  }

  // Counted from before BEGIN to after COMMIT or ROLLBACK, whether they succeed or not.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    this.count(1);
    try {
      await this.inner.beginTransaction(connection, settings);
    } catch (e) {
      this.count(-1);
      throw e;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(connection);
    } finally {
      this.count(-1);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } finally {
      this.count(-1);
    }
  }

  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>): Promise<void> {
    return this.inner.savepoint!(...args);
  }

  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>): Promise<void> {
    return this.inner.rollbackToSavepoint!(...args);
  }

  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>): Promise<void> {
    return this.inner.releaseSavepoint!(...args);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
