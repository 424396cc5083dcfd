/**
 * Insight (published `insight.yml`, docs/platform/insight.md) as a part of the bot unit: its store, the
 * service that records and computes, the `/v2/bot/insight` routes and the simulator handlers
 * (`reportInsight`, `botInsight`). The bot unit builds it ({@link insightFeature}) and hands its recorder
 * to the messaging service; other units reach its {@link MessageReach} through the bot unit.
 */
import type { Kysely } from 'kysely';
import { Router } from 'express';
import type { Clock } from '../../../clock/clock.js';
import type { UnitHandlers } from '../../../simulator-api/handlers.js';
import type { Database } from '../../../db/schema.js';
import type { WorldStore } from '../../../world/world-store.js';
import type { BotApiDeps } from '../authenticate.js';
import type { BotCounterStore } from '../broadcast/store.js';
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { InsightService } from './service.js';
import { botInsightRoutes } from './routes.js';
import { botAggregationUnitRoutes } from './unit-routes.js';
import { InsightStore } from './store.js';
import type { MessageReach } from './message-reach.js';

export type { MessageReach } from './message-reach.js';
export type { InsightService, FriendshipChangeInput } from './service.js';

/** The insight part: the service (also the messaging's recorder), who requests reached, its routes. */
export interface Insight {
  service: InsightService;
  reach: MessageReach;
  /** `/v2/bot/insight` and `/v2/bot/message/aggregation` (need the bot API's authentication, given later). */
  routes(api: BotApiDeps): Router;
  simulator: UnitHandlers<'insight'>;
}

/** Builds the insight part on the database, reading the sent counters the bot unit keeps. */
export function createInsight(db: Kysely<Database>, world: WorldStore, clock: Clock, counters: BotCounterStore): Insight {
  const store = new InsightStore(db);
  const service = new InsightService({ store, counters, world, clock });
  return {
    service,
    reach: store,
    routes: (api) => Router().use(botInsightRoutes({ ...api, insight: service }), botAggregationUnitRoutes({ ...api, insight: service })),
    simulator: {
      reportInsight: ({ body }) => service.report(body),
      botInsight: ({ params, query }) => service.view(params.channelId, query.days),
    },
  };
}

/** The insight feature: needs no other feature's service (it reads the unit's sent counters). */
export const insightFeature = {
  name: 'insight',
  scenario: [],
  build: ({ db, world, clock, counters }): BuiltBotFeature<Insight, 'insight'> => {
    const insight = createInsight(db, world, clock, counters);
    return { service: insight, routes: (api) => [insight.routes(api)], simulator: insight.simulator };
  },
} as const satisfies BotFeature<object, BuiltBotFeature<Insight, 'insight'>>;
