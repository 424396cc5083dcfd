/** One autocannon load of an HTTP route on loopback, the same for every group that sets rows side by side under load. */
import autocannon from 'autocannon';

/** Length of one load, s. */
export const LOAD_SECONDS = 3;
/** Connections kept open by one load. */
export const LOAD_CONNECTIONS = 10;

/** What one load measured: mean requests per second, and the p99 latency in ms. */
export interface Load {
  rps: number;
  p99: number;
}

/**
 * Loads a route with {@link LOAD_CONNECTIONS} connections for {@link LOAD_SECONDS} s.
 * @param opts autocannon's options for the route (its `url` at least); they override the connections and duration
 * @throws Error naming `opts.url` when any answer is not 2xx or any request fails, since a row
 *   measured over failures would report the speed of the failure
 */
export async function load(opts: autocannon.Options): Promise<Load> {
  const r = await autocannon({ connections: LOAD_CONNECTIONS, duration: LOAD_SECONDS, ...opts });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${opts.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}
