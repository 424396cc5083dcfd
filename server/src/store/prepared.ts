/**
 * Queries built and compiled once, then run with new parameters. Kysely otherwise rebuilds and
 * recompiles its operation tree on every call; on the hot paths (a token check on every request)
 * that costs more than the database running the query, and the garbage it leaves lengthens GC
 * pauses under load.
 */
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

/** What runs a compiled query: a Kysely instance or a transaction. */
export interface QueryExecutor {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Stands for parameter `i` while the query compiles; replaced by the real value on each run. */
const sentinel = (i: number) => `\u0000embedkit-parameter-${i}\u0000`;

/**
 * @param db the database (a function, so class field initialisers can pass `() => this.db`)
 * @param build builds the query from string parameters; called once, with placeholders
 * @returns runs the query with the given parameters and answers its rows
 */
export function prepared<R, P extends string[]>(
  db: () => QueryExecutor,
  build: (...params: P) => Compilable<R>,
): (...params: P) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  let slots: number[] = [];
  return async (...params) => {
    if (!compiled) {
      compiled = build(...(params.map((_, i) => sentinel(i)) as P)).compile();
      slots = compiled.parameters.map((p) => (typeof p === 'string' ? params.findIndex((_, i) => p === sentinel(i)) : -1));
    }
    const parameters = compiled.parameters.map((p, i) => (slots[i]! >= 0 ? params[slots[i]!] : p));
    const { rows } = await db().executeQuery<R>({ ...compiled, parameters });
    return rows;
  };
}
