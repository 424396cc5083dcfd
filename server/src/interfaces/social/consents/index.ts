/**
 * The consents of the social unit (docs/platform/authorization-flow.md): grants per person and
 * channel, the MINI App authorization flow's plan and its consent screens. Being built: every route
 * answers 501 until its handler lands.
 */
import { ApiError } from '../../../http/errors.js';
import type { UnitHandlers } from '../../../simulator-api/handlers.js';
import type { CONSENTS_ROUTES } from '#contract/simulator-api/consents.js';

const notYet = (): never => {
  throw new ApiError(501, { message: 'Not implemented yet' });
};

/** The consents' simulator handlers. */
export function consentHandlers(): Pick<UnitHandlers<'social'>, keyof typeof CONSENTS_ROUTES> {
  return {
    consentPlan: notYet,
    grants: notYet,
    grantScopes: notYet,
    revokeGrants: notYet,
    setSimplificationAgreement: notYet,
    consentFlow: notYet,
    setConsentFlow: notYet,
    consentScreens: notYet,
    openConsentScreen: notYet,
    consentScreen: notYet,
    answerConsentScreen: notYet,
  };
}
