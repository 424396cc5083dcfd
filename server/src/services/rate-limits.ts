/**
 * Rate limits of the bot messaging interface per channel plan (spec "Limits"): API requests per
 * minute per API, and message recipients per minute per bot. Exceeding either answers 429.
 *
 * Counted in this process, in fixed windows of one minute of the server's clock (so a moved clock
 * opens a new window). A fixed window may let up to twice the limit pass around a window edge;
 * the platform's exact algorithm is not published. Counts are lost on restart. (Shared limits for
 * several processes are a later issue: they move to the database.)
 */
import type { Clock } from '../clock.js';
import { ApiError } from '../http/errors.js';

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

  constructor(
    private readonly clock: Clock,
    private readonly table: Record<'developer-trial' | 'other', PlanLimits> = PLAN_LIMITS,
  ) {}

  /**
   * Counts one request of `api` for the channel.
   * @param api a name per endpoint (e.g. `push`, `profile`): each API has its own budget
   * @throws ApiError 429 when the channel has used its requests of this minute for this API.
   */
  request(channelId: string, plan: string, api: string): void {
    const key = `r|${channelId}|${api}`;
    const n = this.current(key);
    if (n >= limitsOfPlan(plan, this.table).requestsPerMinute) throw rateLimited();
    this.counts.set(key, n + 1);
  }

  /**
   * Counts `n` message recipients of the channel's bot, all or nothing.
   * @throws ApiError 429 when they would pass the recipients of this minute.
   */
  recipients(channelId: string, plan: string, n: number): void {
    const key = `m|${channelId}`;
    const used = this.current(key);
    if (used + n > limitsOfPlan(plan, this.table).recipientsPerMinute)
      throw rateLimited('The number of message recipients per minute has been exceeded. Try again later.');
    this.counts.set(key, used + n);
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
