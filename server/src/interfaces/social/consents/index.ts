/**
 * The consents of the social unit (docs/platform/authorization-flow.md): grants per person and
 * channel, the agreement to the channel consent simplification, the world's side of the
 * 2026-08-26 change, the MINI App authorization flow's plan and its consent screens.
 */
import type { UnitHandlers } from '../../../simulator-api/handlers.js';
import type { CONSENTS_ROUTES } from '#contract/simulator-api/social/consents.js';
import type { ConsentService } from './service.js';

export { ConsentService, type ConsentDeps } from './service.js';
export { ConsentStore } from './store.js';
export { consentScenario } from './scenario.js';
export { CONSENT_DEFAULTS, filledSettings, simplificationOf, type FilledConsentSettings } from './rules.js';

/** The consents' simulator handlers. */
export function consentHandlers(consents: ConsentService): Pick<UnitHandlers<'social'>, keyof typeof CONSENTS_ROUTES> {
  return {
    consentPlan: ({ params }) => consents.plan(params.userId, params.embedId),
    grants: ({ params }) => consents.grants(params.userId),
    grantScopes: ({ params, body }) => consents.grant(params.userId, params.channelId, body.scopes),
    revokeGrants: ({ params, body }) => consents.revoke(params.userId, params.channelId, body.scopes),
    setSimplificationAgreement: ({ params, body }) => consents.setAgreement(params.userId, body.agreed),
    consentFlow: async () => ({ flow: await consents.flow() }),
    setConsentFlow: ({ body }) => consents.setFlow(body.flow),
    consentScreens: ({ query }) => consents.screens(query),
    openConsentScreen: ({ body }) => consents.open(body),
    consentScreen: ({ params }) => consents.screen(params.screenId),
    answerConsentScreen: ({ params, body }) => consents.answer(params.screenId, body),
  };
}
