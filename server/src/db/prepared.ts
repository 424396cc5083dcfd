/**
 * Queries built and compiled once, then run with new parameters. Kysely otherwise rebuilds and
 * recompiles its operation tree on every call; on the hot paths (a token check on every request)
 * that costs more than the database running the query, and the garbage it leaves lengthens GC
 * pauses under load.
 */
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { directRunnerOf } from './sqlite-direct.js';

/** What runs a compiled query: a Kysely instance or a transaction. */
export interface QueryExecutor {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/**
 * Stands for parameter `i` while the query compiles; replaced by the real value on each run. A
 * number parameter gets a number sentinel (far below any id or time embedkit stores), so the query
 * compiles with the parameter's type.
 */
const sentinel = (i: number, like: string | number) =>
  typeof like === 'number' ? Number.MIN_SAFE_INTEGER + i : `\u0000embedkit-parameter-${i}\u0000`;

/**
 * @param db the database (a function, so class field initialisers can pass `() => this.db`)
 * @param build builds the query from string or number parameters (each keeps its type from call to
 *   call); called once, with placeholders
 * @returns runs the query with the given parameters and answers its rows
 */
export function prepared<R, P extends (string | number)[]>(
  db: () => QueryExecutor,
  build: (...params: P) => Compilable<R>,
): (...params: P) => Promise<R[]> {
  const run = compileOnce(build);
  return (...params) => run(db(), ...params);
}

/**
 * {@link prepared} with the executor given on each run (the database, or a transaction).
 * @param build as for {@link prepared}
 */
export function compileOnce<R, P extends (string | number)[]>(
  build: (...params: P) => Compilable<R>,
): (on: QueryExecutor, ...params: P) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  let slots: number[] = [];
  return async (on, ...params) => {
    if (!compiled) {
      const sentinels = params.map((p, i) => sentinel(i, p));
      compiled = build(...(sentinels as P)).compile();
      slots = compiled.parameters.map((p) => sentinels.indexOf(p as string | number));
    }
    const parameters = compiled.parameters.map((p, i) => (slots[i]! >= 0 ? params[slots[i]!] : p));
    // On the embedded database, at once when no transaction holds its connection (sqlite-direct.ts).
    const direct = directRunnerOf(on)?.(compiled.sql, parameters);
    if (direct) return direct as R[];
    const { rows } = await on.executeQuery<R>({ ...compiled, parameters });
    return rows;
  };
}
