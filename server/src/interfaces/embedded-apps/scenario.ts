/**
 * The embedded apps in the scenario file (spec part D, docs/guide/scenarios.md): the file's `apps`,
 * each with its view and its LIFF settings. An app URL may use `{demo_origin}`, replaced by the
 * origin the demo is served on (`http://127.0.0.1:<port>`, another origin than the host's, as an
 * embedded app is in production); the export puts the placeholder back.
 */
import { Type } from '@sinclair/typebox';
import { scenarioSlice } from '../../unit/scenario-slice.js';
import { declaredOnce, ScenarioId } from '../../world/scenario.js';
import { WorldStore } from '../../world/world-store.js';
import { botPromptOf, scopesOf } from './service.js';
import { APP_SCOPES, DEFAULT_BOT_PROMPT, DEFAULT_LIFF_SCOPES, type AppScope } from './rules.js';
import { AppStore } from './store.js';

const DEMO_ORIGIN = '{demo_origin}';

/** The apps' slice: each app's ID declared once, on a channel of the file. */
export const appScenario = scenarioSlice({
  name: 'embeddedApps',
  parts: {
    app: {
      embedId: ScenarioId,
      channelId: ScenarioId,
      name: Type.String({ minLength: 1 }),
      view: Type.Object(
        {
          type: Type.Unsafe<'compact' | 'tall' | 'full'>({ type: 'string', enum: ['compact', 'tall', 'full'] }),
          url: Type.String({ minLength: 1 }),
          // The LIFF server API's settings (liff.yml `LiffApp`); absent: the published defaults.
          moduleMode: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
      features: Type.Optional(
        Type.Object({ ble: Type.Optional(Type.Boolean()), qrCode: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
      ),
      permanentLinkPattern: Type.Optional(Type.Unsafe<'concat'>({ type: 'string', enum: ['concat'] })),
      // The LIFF scopes, and Quick-fill's `commonprofile.*` (docs/guide/liff.md, "Sub windows and Quick-fill").
      scope: Type.Optional(
        Type.Array(Type.Unsafe<AppScope>({ type: 'string', enum: [...APP_SCOPES] }), {
          maxItems: APP_SCOPES.length,
          uniqueItems: true,
        }),
      ),
      botPrompt: Type.Optional(Type.Unsafe<'normal' | 'aggressive' | 'none'>({ type: 'string', enum: ['normal', 'aggressive', 'none'] })),
    },
  },
  problems(s, { channels }) {
    const problems = declaredOnce(s.apps, 'apps', (a) => a.embedId, 'embedId');
    s.apps.forEach((a, i) => channels.has(a.channelId) || problems.push(`apps[${i}].channelId: unknown channel ${a.channelId}`));
    return problems;
  },
  async seed(s, at) {
    const apps = new AppStore(at.db);
    for (const a of s.apps) {
      await apps.insertWithinLimit(
        {
          embedId: a.embedId,
          channelId: a.channelId,
          name: a.name,
          viewType: a.view.type,
          viewUrl: a.view.url.replaceAll(DEMO_ORIGIN, at.demoOrigin),
          createdAt: at.now,
          moduleMode: a.view.moduleMode,
          ble: a.features?.ble,
          qrCode: a.features?.qrCode,
          permanentLinkPattern: a.permanentLinkPattern,
          scopes: a.scope,
          botPrompt: a.botPrompt,
        },
        Number.MAX_SAFE_INTEGER,
      );
    }
  },
  // The LIFF settings are written only where they differ from the published defaults, so a world
  // without them exports as it did before they existed.
  async export(db) {
    const [rows, demoOrigin] = await Promise.all([new AppStore(db).listAll(), new WorldStore(db).getMeta('demo_origin')]);
    const apps = rows.map((a) => {
      const scope = scopesOf(a);
      const botPrompt = botPromptOf(a);
      const features = { ...(a.feature_ble ? { ble: true } : {}), ...(a.feature_qr_code ? { qrCode: true } : {}) };
      const defaultScopes = scope.length === DEFAULT_LIFF_SCOPES.length && DEFAULT_LIFF_SCOPES.every((s) => scope.includes(s));
      return {
        embedId: a.embed_id,
        channelId: a.channel_id,
        name: a.name,
        view: {
          type: a.view_type,
          url: demoOrigin && a.view_url.startsWith(`${demoOrigin}/`) ? DEMO_ORIGIN + a.view_url.slice(demoOrigin.length) : a.view_url,
          ...(a.module_mode ? { moduleMode: true } : {}),
        },
        ...(Object.keys(features).length ? { features } : {}),
        ...(defaultScopes ? {} : { scope }),
        ...(botPrompt === DEFAULT_BOT_PROMPT ? {} : { botPrompt }),
      };
    });
    return { file: () => ({ apps }) };
  },
  moveDemoOrigin: (db, from, to) => new AppStore(db).moveOrigin(from, to),
});
