/**
 * The v1 bots' part of the scenario file (spec parts E and F): each enterprise channel's link
 * message templates, and the checks of the v1 settings the world's channel holds (link templates
 * only on enterprise channels, MIDs unique, trial bots in 1:1 chats only).
 */
import { Type } from '@sinclair/typebox';
import { scenarioSlice } from '../../unit/scenario-slice.js';
import { channelMidOf, WORLD_PARTS } from '../../world/scenario.js';
import { checkLinkTemplate, type LinkTemplate } from './link-message.js';
import { V1BotStore } from './store.js';

/** The v1 bots' slice: `channels[].linkTemplates`. */
export const v1BotScenario = scenarioSlice({
  name: 'v1Bots',
  parts: {
    channel: {
      linkTemplates: Type.Optional(
        Type.Array(
          Type.Object(
            {
              templateId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
              text: Type.String({ minLength: 1, maxLength: 200 }),
              subText: Type.Optional(Type.String({ maxLength: 50 })),
              linkText: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
              previewUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
              linkUri: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
              aLinkUri: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
              iLinkUri: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
            },
            { additionalProperties: false },
          ),
          { maxItems: 100 },
        ),
      ),
    },
  },
  reads: WORLD_PARTS,
  problems(s) {
    const problems: string[] = [];
    const iface = new Map(s.channels.map((c) => [c.channelId, c.botInterface ?? 'messaging']));
    const mids = new Set<string>();
    s.channels.forEach((c, i) => {
      if (c.linkTemplates?.length && c.botInterface !== 'enterprise')
        problems.push(`channels[${i}].linkTemplates: link messages exist on enterprise channels only`);
      (c.linkTemplates ?? []).forEach((t, j) => {
        try {
          checkLinkTemplate(t);
        } catch (e) {
          problems.push(
            `channels[${i}].linkTemplates[${j}].${String((e as { body?: { statusMessage?: string } }).body?.statusMessage ?? e)}`,
          );
        }
      });
      if (c.channelMid && (c.botInterface ?? 'messaging') === 'messaging')
        problems.push(`channels[${i}].channelMid: only enterprise and trial channels have a channel MID`);
      const mid = c.channelMid ?? channelMidOf(c.channelId);
      if ((c.botInterface ?? 'messaging') !== 'messaging' && mids.has(mid))
        problems.push(`channels[${i}].channelMid: ${mid} is used twice`);
      mids.add(mid);
    });
    s.chats.forEach((c, i) =>
      (c.bots ?? []).forEach(
        (b, j) =>
          iface.get(b) === 'trial' &&
          problems.push(`chats[${i}].bots[${j}]: a trial bot cannot be in a group or room (the trial interface knows users only)`),
      ),
    );
    return problems;
  },
  async seed(s, at) {
    const store = new V1BotStore(at.db);
    for (const c of s.channels) for (const t of c.linkTemplates ?? []) await store.putTemplate(c.channelId, t);
  },
  async export(db) {
    const templates = await new V1BotStore(db).allTemplates();
    return {
      channel: (channelId) => {
        const linkTemplates = templates.filter((t) => t.channel_id === channelId).map((t) => JSON.parse(t.body) as LinkTemplate);
        return linkTemplates.length ? { linkTemplates } : {};
      },
    };
  },
});
