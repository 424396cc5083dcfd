/**
 * Audiences (docs/platform/audiences.md) as a feature of the bot unit: its store and service, the
 * `/v2/bot/audienceGroup` routes and the audiences of the scenario file. Narrowcast reads its
 * recipients through it.
 */
import type { MessageReach } from '../insight/index.js';
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { botAudienceRoutes } from './routes.js';
import { audienceScenario } from './scenario.js';
import { AudienceService } from './service.js';
import { AudienceStore } from './store.js';

/** What the audiences feature needs: who the requests reached (insight), for the audiences made of them. */
export interface AudienceNeeds {
  reach: MessageReach;
}

/** The audiences feature. */
export const audiencesFeature = {
  name: 'audiences',
  scenario: [audienceScenario],
  build: ({ db, clock }, { reach }: AudienceNeeds): BuiltBotFeature<AudienceService> => {
    const audiences = new AudienceService({ store: new AudienceStore(db), reach, clock });
    return { service: audiences, routes: (api) => [botAudienceRoutes({ ...api, audiences })] };
  },
} as const satisfies BotFeature<AudienceNeeds, BuiltBotFeature<AudienceService>>;
