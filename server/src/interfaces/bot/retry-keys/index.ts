/**
 * Retry keys (`docs/platform/bot-answers.md`) as a feature of the bot unit: the `Claim` a send
 * calls before it sends, and the watcher that refuses a retry key where the API takes none.
 */
import { Router } from 'express';
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { RetryKeys } from './service.js';
import { RetryKeyStore } from './store.js';

/** The retry keys feature: needs no other feature's service. */
export const retryKeysFeature = {
  name: 'retry-keys',
  scenario: [],
  build: ({ db, clock, headers }): BuiltBotFeature<RetryKeys> => {
    const retryKeys = new RetryKeys({ store: new RetryKeyStore(db), clock, headers });
    return { service: retryKeys, watchers: () => [Router().all('/v2/bot/*rest', retryKeys.onlyWhereTaken())] };
  },
} as const satisfies BotFeature<object, BuiltBotFeature<RetryKeys>>;
