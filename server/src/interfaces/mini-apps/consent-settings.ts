/**
 * A MINI App's settings of the authorization flow (docs/platform/authorization-flow.md): the
 * console's "Channel consent simplification" switch, the region and the channel's creation date,
 * which decide whether the simplification is in effect (the social unit's rule).
 */
import type { MiniAppConsent, MiniAppConsentSettings } from '#contract/simulator-api/social/consents.js';
import { notFound } from '../../http/errors.js';
import { filledSettings, simplificationOf } from '../social/index.js';
import { consentOf, type MiniAppStore } from './store.js';

/**
 * Changes the settings given (the others kept) and answers them all, with whether the
 * simplification is in effect and why.
 * @throws ApiError 404 for an app that is not a MINI App
 */
export async function setMiniAppConsent(store: MiniAppStore, embedId: string, change: MiniAppConsentSettings): Promise<MiniAppConsent> {
  const app = await store.ofEmbed(embedId);
  if (!app) throw notFound(`The app ${embedId} is not a LINE MINI App`);
  const consent = filledSettings(change, consentOf(app));
  await store.setConsent(embedId, consent);
  const { effective, why } = simplificationOf({
    verified: Number(app.verified) === 1,
    stage: app.stage === 'published' ? 'published' : 'developing',
    consent,
  });
  return { embedId, ...consent, effective, why };
}
