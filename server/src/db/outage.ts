/**
 * A database that cannot be reached (PostgreSQL stopped or restarting under a team
 * sandbox). Requests then get the platform's "temporary server error" as a 503 with
 * `Retry-After` instead of a bare 500, the log gets one line when the database goes and one when
 * it is back (not a stack trace per request), and whoever paused (the webhook dispatcher) is told
 * when to resume.
 */
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';

/** Interval of the probe that notices the database is back, in ms. */
const PROBE_MS = 500;

const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);

/**
 * True for errors that mean "the database is not there" rather than "this query is wrong":
 * PostgreSQL SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down, cannot connect
 * now), a refused or reset socket, and node-postgres's own words for a dropped connection.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || NODE_CODES.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (
    /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/i.test(
      message,
    )
  )
    return true;
  return e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause);
}

/** Tracks whether the database is reachable, from the errors that reach it. */
export class DatabaseOutage {
  private since: number | undefined;
  private probe: NodeJS.Timeout | undefined;
  private readonly backListeners = new Set<() => void>();

  constructor(
    private readonly db: Kysely<never>,
    private readonly logger: Logger,
  ) {}

  /** True while the database is known to be unreachable. */
  get down(): boolean {
    return this.since !== undefined;
  }

  /** Called when the database is back (the dispatcher resumes). @returns the unsubscribe function */
  onBack(listener: () => void): () => void {
    this.backListeners.add(listener);
    return () => this.backListeners.delete(listener);
  }

  /**
   * Takes an error: when it means the database is unreachable, notes the outage (logging once)
   * and returns true; other errors return false and are the caller's to report.
   */
  absorb(err: unknown): boolean {
    if (!isDatabaseUnavailable(err)) return false;
    if (this.since === undefined) {
      this.since = Date.now();
      const e = err as { code?: unknown; message?: unknown };
      this.logger.warn(`database unreachable (${String(e.code ?? e.message ?? err)}): answering 503 until it is back`);
      this.probe = setInterval(() => void this.check(), PROBE_MS);
      this.probe.unref();
    }
    return true;
  }

  /** Stops probing (the server closes). */
  close(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = undefined;
  }

  private async check(): Promise<void> {
    try {
      await sql`select 1`.execute(this.db);
    } catch {
      return;
    }
    if (this.since === undefined) return;
    const ms = Date.now() - this.since;
    this.since = undefined;
    this.close();
    this.logger.warn(`database is back after ${(ms / 1000).toFixed(1)} s`);
    for (const listener of this.backListeners) listener();
  }
}
