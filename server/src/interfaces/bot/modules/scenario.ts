/** Module channels in the scenario file (docs/platform/module-channels.md): `channels[].module` and the bots it is attached to. */
import { Type } from '@sinclair/typebox';
import { scenarioSlice } from '../../../unit/scenario-slice.js';
import { DEFAULT_MODULE_SCOPES } from './rules.js';
import { ModuleStore } from './store.js';

/** The module channels' slice: attached to channels of the scenario that are not module channels, each once. */
export const moduleScenario = scenarioSlice({
  name: 'modules',
  parts: {
    channel: {
      // A module channel (docs/platform/module-channels.md): the bots (basic channels) it is attached to,
      // each with the scopes granted (default message:send and message:receive).
      module: Type.Optional(
        Type.Object(
          {
            attachedTo: Type.Optional(
              Type.Array(
                Type.Object(
                  {
                    botChannelId: Type.String({ pattern: '^[0-9]{10}$' }),
                    scopes: Type.Optional(
                      Type.Array(Type.String({ pattern: '^[a-z_]{1,32}(:[a-z_]{1,32})?$' }), { minItems: 1, maxItems: 20 }),
                    ),
                  },
                  { additionalProperties: false },
                ),
                { maxItems: 500 },
              ),
            ),
          },
          { additionalProperties: false },
        ),
      ),
    },
  },
  reads: { channel: { channelId: Type.String() } },
  problems(s, { channels }) {
    const modules = new Set(s.channels.filter((c) => c.module).map((c) => c.channelId));
    const problems: string[] = [];
    s.channels.forEach((c, i) => {
      const seen = new Set<string>();
      (c.module?.attachedTo ?? []).forEach((a, j) => {
        const at = `channels[${i}].module.attachedTo[${j}].botChannelId`;
        if (!channels.has(a.botChannelId)) problems.push(`${at}: unknown channel ${a.botChannelId}`);
        else if (modules.has(a.botChannelId)) problems.push(`${at}: ${a.botChannelId} is a module channel, not a bot`);
        if (seen.has(a.botChannelId)) problems.push(`${at}: ${a.botChannelId} is named twice`);
        seen.add(a.botChannelId);
      });
    });
    return problems;
  },
  async seed(s, at) {
    await new ModuleStore(at.db).seed(
      s.channels.filter((c) => c.module).map((c) => c.channelId),
      s.channels.flatMap((c) =>
        (c.module?.attachedTo ?? []).map((a) => ({
          module_channel_id: c.channelId,
          bot_channel_id: a.botChannelId,
          scopes: (a.scopes ?? DEFAULT_MODULE_SCOPES).join(' '),
          attached_at: at.now,
        })),
      ),
    );
  },
  async export(db) {
    const store = new ModuleStore(db);
    const [modules, attachments] = await Promise.all([store.modules(), store.attachments()]);
    return {
      // A module channel's attachments as `{module: {attachedTo}}`; nothing for a channel that is not a module channel.
      channel: (channelId) => {
        if (!modules.includes(channelId)) return {};
        const attachedTo = attachments
          .filter((a) => a.module_channel_id === channelId)
          .map((a) => ({ botChannelId: a.bot_channel_id, scopes: a.scopes.split(' ').filter(Boolean) }));
        return { module: attachedTo.length ? { attachedTo } : {} };
      },
    };
  },
});
