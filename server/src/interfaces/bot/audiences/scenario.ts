/** Audience groups in the scenario file (docs/platform/audiences.md): `channels[].audiences`, READY when the scenario loads. */
import { Type } from '@sinclair/typebox';
import { scenarioSlice } from '../../../unit/scenario-slice.js';
import { scenarioAudienceOf, scenarioAudienceRow } from './rules.js';
import { drawAudienceGroupId } from './service.js';
import { AudienceStore } from './store.js';

/** The audiences' slice: IDs unique; members are user IDs, or IFAs when `isIfaAudience`; CLICK and IMP name their request. */
export const audienceScenario = scenarioSlice({
  name: 'audiences',
  parts: {
    channel: {
      // Audience groups of the channel (docs/platform/audiences.md): READY when the scenario loads.
      audiences: Type.Optional(
        Type.Array(
          Type.Object(
            {
              audienceGroupId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
              description: Type.String({ minLength: 1, maxLength: 120 }),
              type: Type.Optional(Type.Unsafe<'UPLOAD' | 'CLICK' | 'IMP'>({ type: 'string', enum: ['UPLOAD', 'CLICK', 'IMP'] })),
              isIfaAudience: Type.Optional(Type.Boolean()),
              requestId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
              clickUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://' })),
              ids: Type.Array(
                Type.String({
                  pattern: '^(U[0-9a-f]{32}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$',
                }),
                {
                  maxItems: 10_000,
                },
              ),
            },
            { additionalProperties: false },
          ),
          { maxItems: 1000 },
        ),
      ),
    },
  },
  reads: { channel: { channelId: Type.String() } },
  problems(s) {
    const problems: string[] = [];
    const ids = new Set<number>();
    s.channels.forEach((c, i) =>
      (c.audiences ?? []).forEach((a, j) => {
        const at = `channels[${i}].audiences[${j}]`;
        if (a.audienceGroupId !== undefined && ids.has(a.audienceGroupId))
          problems.push(`${at}.audienceGroupId: ${a.audienceGroupId} is used twice`);
        if (a.audienceGroupId !== undefined) ids.add(a.audienceGroupId);
        const ifa = a.isIfaAudience === true;
        a.ids.forEach((id, k) =>
          id.startsWith('U') === ifa ? problems.push(`${at}.ids[${k}]: not ${ifa ? 'an IFA' : 'a user ID'}`) : undefined,
        );
        if ((a.type ?? 'UPLOAD') !== 'UPLOAD' && !a.requestId) problems.push(`${at}.requestId: a ${a.type} audience names its request`);
        if (a.clickUrl !== undefined && a.type !== 'CLICK') problems.push(`${at}.clickUrl: only a CLICK audience has a clickUrl`);
      }),
    );
    return problems;
  },
  async seed(s, at) {
    await new AudienceStore(at.db).seed(
      s.channels.flatMap((c) =>
        (c.audiences ?? []).map((a) => ({ group: scenarioAudienceRow(c.channelId, a, at.now, drawAudienceGroupId), ids: a.ids })),
      ),
    );
  },
  async export(db) {
    const { groups, members } = await new AudienceStore(db).scenarioRows();
    return {
      channel: (channelId) => {
        const audiences = groups
          .filter((g) => g.channel_id === channelId)
          .map((g) =>
            scenarioAudienceOf(
              g,
              members.filter((m) => Number(m.audience_group_id) === Number(g.audience_group_id)).map((m) => m.member_id),
            ),
          );
        return audiences.length ? { audiences } : {};
      },
    };
  },
});
