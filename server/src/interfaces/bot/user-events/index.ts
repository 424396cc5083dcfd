/**
 * Users' events (spec part B, "Events") as a feature of the bot unit: the service that turns what
 * a person does in the host into webhook events. Most features build on it; the person's side in
 * the simulator is the unit's (`simulator-routes.ts`).
 */
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { BotEventService } from './service.js';

/** The user events feature: needs no other feature's service. */
export const userEventsFeature = {
  name: 'user-events',
  scenario: [],
  build: ({ world, botsInChats, messages, contents, emitter, live, clock, baseUrl }): BuiltBotFeature<BotEventService> => ({
    service: new BotEventService({ world, botsInChats, messages, contents, emitter, live, clock, baseUrl }),
  }),
} as const satisfies BotFeature<object, BuiltBotFeature<BotEventService>>;
