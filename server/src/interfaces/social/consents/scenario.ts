/**
 * The consents in the scenario file (docs/guide/scenarios.md, docs/platform/authorization-flow.md):
 * each user's grants (`users[].grants`: the scopes they granted each channel) and agreement to the
 * channel consent simplification (`users[].consentSimplificationAgreed`), and the world's side of
 * the 2026-08-26 change (`consentFlow`).
 */
import { Type } from '@sinclair/typebox';
import { CONSENT_FLOWS } from '#contract/simulator-api/social/consents.js';
import { StringEnum } from '#contract/schema-builders.js';
import { scenarioSlice } from '../../../unit/scenario-slice.js';
import { ScenarioId } from '../../../world/scenario.js';
import { WorldStore } from '../../../world/world-store.js';
import { DEFAULT_CONSENT_FLOW } from './rules.js';
import { ConsentStore } from './store.js';
import { CONSENT_FLOW_META } from './tables.js';

const Scope = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z_.]+$' });

/** The consents' slice: grants per user and channel, agreements, the flow. */
export const consentScenario = scenarioSlice({
  name: 'consents',
  parts: {
    user: {
      // What the person granted each channel (the LINE MINI App authorization flow, docs/platform/authorization-flow.md).
      grants: Type.Optional(
        Type.Array(
          Type.Object({ channelId: ScenarioId, scopes: Type.Array(Scope, { minItems: 1, maxItems: 16 }) }, { additionalProperties: false }),
          { maxItems: 200 },
        ),
      ),
      // Agreed to the channel consent simplification (once, for every MINI App).
      consentSimplificationAgreed: Type.Optional(Type.Boolean()),
    },
    file: {
      // Which side of the 2026-08-26 change the world plays (default `current`).
      consentFlow: Type.Optional(StringEnum(CONSENT_FLOWS)),
    },
  },
  reads: { user: { userId: ScenarioId } },
  problems(s, { channels }) {
    const problems: string[] = [];
    s.users.forEach((u, i) => {
      const seen = new Set<string>();
      (u.grants ?? []).forEach((g, j) => {
        if (!channels.has(g.channelId)) problems.push(`users[${i}].grants[${j}].channelId: unknown channel ${g.channelId}`);
        if (seen.has(g.channelId))
          problems.push(`users[${i}].grants[${j}].channelId: ${g.channelId} is granted twice (list its scopes once)`);
        seen.add(g.channelId);
      });
    });
    return problems;
  },
  async seed(s, at) {
    await new ConsentStore(at.db).seed(
      s.users.flatMap((u) => (u.grants ?? []).map((g) => ({ userId: u.userId, channelId: g.channelId, scopes: [...new Set(g.scopes)] }))),
      s.users.filter((u) => u.consentSimplificationAgreed).map((u) => u.userId),
      at.now,
    );
    if (s.consentFlow) await at.world.setMeta(CONSENT_FLOW_META, s.consentFlow);
  },
  async export(db) {
    const store = new ConsentStore(db);
    const [grants, agreements, flow] = await Promise.all([
      store.grantsOf(),
      store.agreements(),
      new WorldStore(db).getMeta(CONSENT_FLOW_META),
    ]);
    return {
      file: () => (flow && flow !== DEFAULT_CONSENT_FLOW ? { consentFlow: flow } : {}),
      user: (userId) => {
        const its = grants.filter((g) => g.userId === userId).map((g) => ({ channelId: g.channelId, scopes: g.scopes }));
        return {
          ...(its.length ? { grants: its } : {}),
          ...(agreements.some((a) => a.user_id === userId) ? { consentSimplificationAgreed: true } : {}),
        };
      },
    };
  },
});
