/**
 * A transaction that stores can be built on as if it were the database: a store method that opens
 * a transaction of its own (`db.transaction().execute(fn)`) runs `fn` inside this one instead, so
 * many stores' writes commit or roll back together (Kysely refuses a transaction inside a
 * transaction). Only `transaction().execute` is joined: a store asking for an isolation level
 * must not be run on it.
 */
import type { Kysely, Transaction } from 'kysely';

/** `trx` as a `Kysely` whose `transaction().execute(fn)` calls `fn` with it. */
export function joinedTransaction<DB>(trx: Transaction<DB>): Kysely<DB> {
  const joined: Kysely<DB> = new Proxy(trx, {
    get(target, prop) {
      if (prop === 'transaction') return () => ({ execute: <T>(fn: (t: Kysely<DB>) => Promise<T>) => fn(joined) });
      const value: unknown = Reflect.get(target, prop, target);
      // Kysely's methods read private fields: they run on the transaction itself, not on the proxy.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return joined;
}
