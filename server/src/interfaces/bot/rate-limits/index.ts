/**
 * The rate limits (`docs/platform/bot-answers.md`) as a feature of the bot unit: the limiter every
 * `/v2/bot` call counts on (`authenticate.ts`), which forgets its counts when the world is reset.
 */
import { isPostgres } from '../../../db/db.js';
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { RateLimiter } from './service.js';
import { RateCounterStore } from './store.js';

/** The rate limits feature: needs no other feature's service. */
export const rateLimitsFeature = {
  name: 'rate-limits',
  scenario: [],
  build: ({ db, clock, options }): BuiltBotFeature<RateLimiter> => {
    // On PostgreSQL the processes sharing the database count together.
    const limits = new RateLimiter(clock, options.planLimits, isPostgres(db) ? new RateCounterStore(db) : undefined);
    return {
      service: limits,
      onLive: (event) => {
        // A reset world (here or in another process on the database) starts with no counts.
        if (event.type === 'world') limits.forget();
      },
    };
  },
} as const satisfies BotFeature<object, BuiltBotFeature<RateLimiter>>;
