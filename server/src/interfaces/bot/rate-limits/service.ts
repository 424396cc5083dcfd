/**
 * Rate limits of the bot messaging interface per channel plan (spec "Limits"): API requests per
 * minute per API, and message recipients per minute per bot. Exceeding either answers 429.
 *
 * Counted in fixed windows of one minute of the server's clock (so a moved clock opens a new
 * window). A fixed window may let up to twice the limit pass around a window edge; the platform's
 * exact algorithm is not published. On the embedded database (one process) counts live in this
 * process and are lost on restart; on PostgreSQL (several processes) they live in the
 * database, so the limit holds for all processes together.
 */
import type { Clock } from '../../../clock/clock.js';
import { ApiError } from '../../../http/errors.js';
import type { RateCounterStore } from './store.js';

/** Limits of one plan. */
export interface PlanLimits {
  /** Requests per minute per API. */
  requestsPerMinute: number;
  /** Message recipients per minute per bot. */
  recipientsPerMinute: number;
}

/** Spec "Limits": Developer Trial 1,000 requests and 20,000 recipients per minute; other plans 10,000 and 200,000. */
export const PLAN_LIMITS: Record<'developer-trial' | 'other', PlanLimits> = {
  'developer-trial': { requestsPerMinute: 1_000, recipientsPerMinute: 20_000 },
  other: { requestsPerMinute: 10_000, recipientsPerMinute: 200_000 },
};

/** The limits of a channel plan (`developer-trial`, `verified`, `official`). */
export function limitsOfPlan(plan: string, table = PLAN_LIMITS): PlanLimits {
  return plan === 'developer-trial' ? table['developer-trial'] : table.other;
}

/** 429 answer of the bot messaging interface. */
export function rateLimited(message = 'The API rate limit has been exceeded. Try again later.'): ApiError {
  return new ApiError(429, { message });
}

const WINDOW_MS = 60_000;

export class RateLimiter {
  private window = -1;
  private readonly counts = new Map<string, number>();

  /**
   * @param shared counters in the database (several processes); default in this process
   */
  constructor(
    private readonly clock: Clock,
    private readonly table: Record<'developer-trial' | 'other', PlanLimits> = PLAN_LIMITS,
    private readonly shared?: RateCounterStore,
  ) {}

  /**
   * Counts one request of `api` for the channel.
   * @param api a name per endpoint (e.g. `push`, `profile`): each API has its own budget
   * @throws ApiError 429 when the channel has used its requests of this minute for this API.
   */
  async request(channelId: string, plan: string, api: string): Promise<void> {
    if (!(await this.take(`r|${channelId}|${api}`, 1, limitsOfPlan(plan, this.table).requestsPerMinute))) throw rateLimited();
  }

  /**
   * Counts `n` message recipients of the channel's bot, all or nothing.
   * @throws ApiError 429 when they would pass the recipients of this minute.
   */
  async recipients(channelId: string, plan: string, n: number): Promise<void> {
    if (!(await this.take(`m|${channelId}`, n, limitsOfPlan(plan, this.table).recipientsPerMinute)))
      throw rateLimited('The number of message recipients per minute has been exceeded. Try again later.');
  }

  /** Forgets this process's counts (the world was reset); counts on PostgreSQL went with its tables. */
  forget(): void {
    this.counts.clear();
  }

  /** Counts `n` for the key in the current window unless that passes `limit`. @returns false when it would. */
  private async take(key: string, n: number, limit: number): Promise<boolean> {
    if (this.shared) return this.shared.take(key, Math.floor(this.clock.now() / WINDOW_MS) * WINDOW_MS, n, limit);
    const used = this.current(key);
    if (used + n > limit) return false;
    this.counts.set(key, used + n);
    return true;
  }

  /** The count of a key in the current window (a new window starts empty). */
  private current(key: string): number {
    const window = Math.floor(this.clock.now() / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    return this.counts.get(key) ?? 0;
  }
}
