/**
 * LINE MINI Apps in the scenario file (docs/platform/mini-apps.md): an app's `miniApp`, whether it
 * is verified, its stage, its channel's service message templates and its in-app purchase.
 */
import { Type } from '@sinclair/typebox';
import { scenarioSlice } from '../../unit/scenario-slice.js';
import { ScenarioId } from '../../world/scenario.js';
import { scenarioIapProblems, type IapProduct } from './iap/rules.js';
import { IapStore } from './iap/store.js';
import { MiniAppSchema, scenarioTemplateProblems, type ServiceMessageTemplate } from './rules.js';
import { consentOf, MiniAppStore } from './store.js';
import { CONSENT_DEFAULTS, filledSettings } from '../social/index.js';

/** The MINI Apps' slice: one per channel (its channel is the MINI App channel), templates each named once and of their layout. */
export const miniAppScenario = scenarioSlice({
  name: 'miniApps',
  parts: {
    app: {
      // A LINE MINI App: verified or not, its internal channel, its channel's service message templates (docs/platform/mini-apps.md).
      miniApp: Type.Optional(MiniAppSchema),
    },
  },
  reads: { app: { embedId: ScenarioId, channelId: ScenarioId } },
  problems(s) {
    const problems: string[] = [];
    const owners = new Map<string, number>();
    s.apps.forEach((a, i) => {
      if (!a.miniApp) return;
      const first = owners.get(a.channelId);
      if (first !== undefined) problems.push(`apps[${i}].miniApp: channel ${a.channelId} already has the MINI App apps[${first}]`);
      else owners.set(a.channelId, i);
      problems.push(...scenarioTemplateProblems(a.miniApp.serviceMessageTemplates ?? []).map((p) => `apps[${i}].miniApp.${p}`));
      if (a.miniApp.inAppPurchase) problems.push(...scenarioIapProblems(a.miniApp.inAppPurchase).map((p) => `apps[${i}].miniApp.${p}`));
    });
    return problems;
  },
  async seed(s, at) {
    await new MiniAppStore(at.db).seed(
      s.apps.flatMap((a) =>
        a.miniApp
          ? [
              {
                embedId: a.embedId,
                channelId: a.channelId,
                verified: a.miniApp.verified,
                stage: a.miniApp.stage ?? 'developing',
                templates: a.miniApp.serviceMessageTemplates ?? [],
                ...(a.miniApp.inAppPurchase ? { inAppPurchase: a.miniApp.inAppPurchase } : {}),
                consent: filledSettings(a.miniApp.consent),
              },
            ]
          : [],
      ),
    );
  },
  async export(db) {
    const [{ apps, templates }, iapSettings] = await Promise.all([new MiniAppStore(db).scenarioRows(), new IapStore(db).allSettings()]);
    return {
      // An app's MINI App settings and its channel's service message templates, as `{miniApp}`; nothing when it is not one.
      app: (embedId) => {
        const m = apps.find((x) => x.embed_id === embedId);
        if (!m) return {};
        const its = templates.filter((t) => t.embed_id === embedId).map((t) => JSON.parse(t.template) as ServiceMessageTemplate);
        const iap = iapSettings.find((x) => x.embed_id === embedId);
        // Its settings of the authorization flow, those at the console's default left out.
        const consent = Object.fromEntries(
          Object.entries(consentOf(m)).filter(([k, v]) => CONSENT_DEFAULTS[k as keyof typeof CONSENT_DEFAULTS] !== v),
        );
        return {
          miniApp: {
            verified: Number(m.verified) === 1,
            ...(m.stage === 'published' ? { stage: 'published' as const } : {}),
            ...(its.length ? { serviceMessageTemplates: its } : {}),
            // Its in-app purchase (its products and webhook URL); nothing when it does not use it.
            ...(iap
              ? {
                  inAppPurchase: {
                    ...(iap.webhook_url ? { webhookUrl: iap.webhook_url } : {}),
                    products: JSON.parse(iap.products) as IapProduct[],
                  },
                }
              : {}),
            ...(Object.keys(consent).length ? { consent } : {}),
          },
        };
      },
    };
  },
});
