/**
 * Membership plans (docs/platform/memberships.md) as a feature of the bot unit: its store and
 * service, the `/v2/bot/membership` routes, the person's side in the simulator (the plans, joining,
 * leaving), the renewals when the clock moves, and the plans of the scenario file.
 */
import type { BotEventService } from '../user-events/service.js';
import type { BotFeature, BuiltBotFeature } from '../feature.js';
import { botMembershipRoutes } from './routes.js';
import { membershipScenario } from './scenario.js';
import { MembershipPlanService } from './service.js';
import { MembershipPlanStore } from './store.js';

/** What the memberships feature needs: the user events, which send the `membership` event. */
export interface MembershipNeeds {
  events: BotEventService;
}

/** The membership plans feature. */
export const membershipsFeature = {
  name: 'memberships',
  scenario: [membershipScenario],
  build: (
    { db, world, botsInChats, clock, logger },
    { events }: MembershipNeeds,
  ): BuiltBotFeature<MembershipPlanService, 'memberships'> => {
    const plans = new MembershipPlanService({
      store: new MembershipPlanStore(db),
      world,
      botsInChats,
      clock,
      changed: (channelId, userId, type, membershipId) => events.membershipChanged(channelId, userId, type, membershipId),
    });
    return {
      service: plans,
      routes: (api) => [botMembershipRoutes({ ...api, plans })],
      simulator: {
        membershipPlans: ({ params, query }) => plans.planViews(params.channelId, String(query.userId ?? '')),
        joinMembership: ({ params }) => plans.join(params.membershipId, params.userId),
        leaveMembership: ({ params }) => plans.leave(params.membershipId, params.userId),
      },
      onLive: (event) => {
        // Moving the clock renews the subscriptions whose billing time it passed (docs/platform/memberships.md).
        if (event.type === 'clock') plans.renewDue().catch((err: unknown) => logger.warn({ err }, 'membership renewal failed'));
      },
    };
  },
} as const satisfies BotFeature<MembershipNeeds, BuiltBotFeature<MembershipPlanService, 'memberships'>>;
