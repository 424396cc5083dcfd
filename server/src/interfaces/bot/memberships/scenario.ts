/** Membership plans in the scenario file (docs/platform/memberships.md): `channels[].memberships` and who subscribes to them. */
import { Type } from '@sinclair/typebox';
import { scenarioSlice } from '../../../unit/scenario-slice.js';
import { scenarioMembershipOf, scenarioMembershipRows } from './rules.js';
import { MembershipPlanStore } from './store.js';

/** The membership plans' slice: IDs unique across channels; members known people, each once per plan, under the member limit. */
export const membershipScenario = scenarioSlice({
  name: 'memberships',
  parts: {
    channel: {
      // Membership plans of the bot and who subscribes to them (docs/platform/memberships.md).
      memberships: Type.Optional(
        Type.Array(
          Type.Object(
            {
              membershipId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
              title: Type.String({ minLength: 1, maxLength: 100 }),
              description: Type.String({ maxLength: 1000 }),
              benefits: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 20 }),
              price: Type.Number({ minimum: 0 }),
              currency: Type.Unsafe<'JPY' | 'TWD' | 'THB'>({ type: 'string', enum: ['JPY', 'TWD', 'THB'] }),
              memberLimit: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
              isInAppPurchase: Type.Optional(Type.Boolean()),
              isPublished: Type.Optional(Type.Boolean()),
              /** Subscribed people, member numbers in this order from 1; `joinedAt` in ms, `months` paid (default 1). */
              members: Type.Optional(
                Type.Array(
                  Type.Object(
                    {
                      userId: Type.String({ pattern: '^U[0-9a-f]{32}$' }),
                      joinedAt: Type.Integer({ minimum: 0 }),
                      months: Type.Optional(Type.Integer({ minimum: 1, maximum: 1200 })),
                    },
                    { additionalProperties: false },
                  ),
                  { maxItems: 10_000 },
                ),
              ),
            },
            { additionalProperties: false },
          ),
          { maxItems: 100 },
        ),
      ),
    },
  },
  reads: { channel: { channelId: Type.String() } },
  problems(s, { users }) {
    const problems: string[] = [];
    const ids = new Set<number>();
    s.channels.forEach((c, i) =>
      (c.memberships ?? []).forEach((m, j) => {
        const at = `channels[${i}].memberships[${j}]`;
        if (ids.has(m.membershipId)) problems.push(`${at}.membershipId: ${m.membershipId} is used twice`);
        ids.add(m.membershipId);
        const seen = new Set<string>();
        (m.members ?? []).forEach((p, k) => {
          if (!users.has(p.userId)) problems.push(`${at}.members[${k}].userId: unknown user ${p.userId}`);
          if (seen.has(p.userId)) problems.push(`${at}.members[${k}].userId: ${p.userId} is a member twice`);
          seen.add(p.userId);
        });
        if (typeof m.memberLimit === 'number' && (m.members ?? []).length > m.memberLimit)
          problems.push(`${at}.members: more members than its memberLimit ${m.memberLimit}`);
      }),
    );
    return problems;
  },
  async seed(s, at) {
    await new MembershipPlanStore(at.db).seed(
      s.channels.flatMap((c) => (c.memberships ?? []).map((m, i) => scenarioMembershipRows(c.channelId, i, m))),
    );
  },
  async export(db) {
    const { plans, subscriptions } = await new MembershipPlanStore(db).all();
    return {
      channel: (channelId) => {
        const memberships = plans
          .filter((p) => p.channel_id === channelId)
          .map((p) =>
            scenarioMembershipOf(
              p,
              subscriptions.filter((s) => Number(s.membership_id) === Number(p.membership_id)),
            ),
          );
        return memberships.length ? { memberships } : {};
      },
    };
  },
});
