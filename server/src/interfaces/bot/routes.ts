/**
 * The bot unit's routers in the order they are mounted: `/v2/oauth`, `/v2/bot` and the account
 * link page, each feature's from its `index.ts` (docs/project/architecture.md, "Where a change
 * goes"). One router per API group of the platform's published documents; their paths do not overlap.
 */
import type { Router } from 'express';
import type { BotApiDeps } from './authenticate.js';
import type { AnyBuiltBotFeature } from './feature.js';

/**
 * Every feature's watchers first, then every feature's routers, each in the order of the list.
 * @param features the built features, in the order of the unit's list (`BOT_FEATURES`)
 * @param api the bot API's authentication, which every `/v2/bot` route is behind
 */
export function botRoutes(features: readonly AnyBuiltBotFeature[], api: BotApiDeps): Router[] {
  // What must see a `/v2/bot` request before the route that answers it, so mounted first: the
  // sent counter (it counts on the answer's finish) and the refusal of a retry key where the API
  // takes none.
  const watchers = features.flatMap((f) => f.watchers?.(api) ?? []);
  const apis = features.flatMap((f) => f.routes?.(api) ?? []);
  return [...watchers, ...apis];
}
