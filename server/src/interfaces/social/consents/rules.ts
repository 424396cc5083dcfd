/**
 * The rules of the LINE MINI App authorization flow that need nothing but their input
 * (docs/platform/authorization-flow.md): whether the channel consent simplification is in effect
 * for an app, and what opening the app shows the person first. Pure: no clock, no store.
 *
 * Sources: LINE MINI App docs, "LINE MINI App authorization flow" and "Skipping the channel consent
 * process" (https://developers.line.biz/en/docs/line-mini-app/develop/channel-consent-simplification/);
 * the news of 2025-10-31 (the simplification mandatory for new channels of Japan from 2026-01-08)
 * and of 2026-08-26 (the simplification's consent and loading screens gone).
 */
import type { ConsentFlow, ConsentPlan, ConsentScreenKind, MiniAppConsentSettings } from '#contract/simulator-api/social/consents.js';

/** A MINI App's settings of the flow, every one filled in. */
export type FilledConsentSettings = Required<MiniAppConsentSettings>;

/** The console's defaults: the switch off, a channel of Japan, created before the simplification became mandatory. */
export const CONSENT_DEFAULTS: FilledConsentSettings = { simplification: false, region: 'JP', channelCreatedAt: '2025-12-01' };

/** From this day (`YYYY-MM-DD`) a new MINI App channel of Japan has the simplification on whatever its switch says (news of 2025-10-31). */
export const MANDATORY_SIMPLIFICATION_FROM = '2026-01-08';

/** The scope the simplification consents to for the person: the user ID's, and only it. */
export const SIMPLIFIED_SCOPE = 'openid';

/** The world's flow when none was set: the authorization flow as it is since 2026-08-26. */
export const DEFAULT_CONSENT_FLOW: ConsentFlow = 'current';

/** A MINI App as the flow sees it: verified or not, the internal channel it stands for, its settings. */
export interface ConsentMiniApp {
  verified: boolean;
  stage: 'developing' | 'published';
  consent: FilledConsentSettings;
}

/** An app as the flow sees it: its channel, name and registered scopes, and its MINI App (null: a LIFF app on a LINE Login channel). */
export interface ConsentApp {
  embedId: string;
  channelId: string;
  name: string;
  scopes: readonly string[];
  miniApp: ConsentMiniApp | null;
}

/** The person as the plan sees them: their grants of the app's channel (undefined: no grant yet), their agreement, their friendship with its bot. */
export interface ConsentPerson {
  granted: readonly string[] | undefined;
  simplificationAgreed: boolean;
  friend: boolean;
}

/** The channel's linked bot: whether it has one, and its name (the add-friend option shows it). */
export interface ConsentBot {
  linked: boolean;
  botName: string;
}

/** Settings given in part, filled with what `base` holds (the stored ones, or {@link CONSENT_DEFAULTS}). */
export function filledSettings(
  given: MiniAppConsentSettings | undefined,
  base: FilledConsentSettings = CONSENT_DEFAULTS,
): FilledConsentSettings {
  return {
    simplification: given?.simplification ?? base.simplification,
    region: given?.region ?? base.region,
    channelCreatedAt: given?.channelCreatedAt ?? base.channelCreatedAt,
  };
}

/**
 * Whether the channel consent simplification is in effect for an app, and why, in words: never for
 * a LIFF app that is not a MINI App; never for an unverified MINI App on its Published internal
 * channel ("This feature is only available for verified MINI Apps... you can test the feature on
 * the internal channel for Developing"); always for a channel of Japan created on or after
 * {@link MANDATORY_SIMPLIFICATION_FROM}; else the console's switch.
 */
export function simplificationOf(miniApp: ConsentMiniApp | null): { effective: boolean; why: string } {
  if (!miniApp) return { effective: false, why: 'off: a LIFF app that is not a LINE MINI App keeps the LIFF consent rules' };
  const { consent } = miniApp;
  const mandatory = consent.region === 'JP' && consent.channelCreatedAt >= MANDATORY_SIMPLIFICATION_FROM;
  if (!miniApp.verified && miniApp.stage === 'published' && (mandatory || consent.simplification))
    return { effective: false, why: 'off: an unverified MINI App cannot use the simplification on its Published internal channel' };
  if (mandatory)
    return {
      effective: true,
      why: `on: mandatory for a channel of Japan created on or after ${MANDATORY_SIMPLIFICATION_FROM} (created ${consent.channelCreatedAt})`,
    };
  if (consent.simplification) return { effective: true, why: 'on: the console’s "Channel consent simplification" switch is on' };
  return {
    effective: false,
    why:
      consent.region === 'JP'
        ? `off: the switch is off and the channel was created before ${MANDATORY_SIMPLIFICATION_FROM}`
        : `off: the switch is off (the mandatory rule is for channels of Japan; this one is of ${consent.region})`,
  };
}

/** `a` with the scopes of `b` it lacks, in order, each once. */
export function withScopes(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}

/**
 * What opening an app shows the person first, and the scopes it starts with:
 * - a LIFF app that is not a MINI App: no screen, every registered scope (the host's rule);
 * - simplification in effect: `openid` deemed granted; the flow `current` shows nothing; the flow
 *   `before-2026-08-26` shows the simplification's consent screen until the person agreed, then a
 *   loading screen the first time they open each MINI App (no grant of its channel yet); the app
 *   starts with `openid` and what the person granted of its registered scopes;
 * - simplification off: the channel consent screen until every registered scope is granted (with the
 *   add-friend option when the channel has a linked bot the person is not a friend of); the app
 *   starts with its registered scopes once it is allowed.
 */
export function consentPlan(d: { app: ConsentApp; person: ConsentPerson; flow: ConsentFlow; bot: ConsentBot }): ConsentPlan {
  const { app, person, flow, bot } = d;
  const { effective, why } = simplificationOf(app.miniApp);
  // Answered in the order of the contract's fields.
  const planOf = (p: Pick<ConsentPlan, 'granted' | 'screen' | 'launchScopes'> & { addFriend?: ConsentPlan['addFriend'] }): ConsentPlan => ({
    embedId: app.embedId,
    channelId: app.channelId,
    miniApp: app.miniApp !== null,
    verified: app.miniApp?.verified ?? false,
    simplification: effective,
    simplificationWhy: why,
    appScopes: [...app.scopes],
    granted: p.granted,
    screen: p.screen,
    launchScopes: p.launchScopes,
    addFriend: p.addFriend ?? null,
    flow,
  });
  const granted = [...(person.granted ?? [])];
  if (!app.miniApp) return planOf({ granted, screen: 'none', launchScopes: [...app.scopes] });
  if (effective) {
    const deemed = withScopes([SIMPLIFIED_SCOPE], granted);
    const screen =
      flow === 'current' ? 'none' : !person.simplificationAgreed ? 'simplification-consent' : person.granted ? 'none' : 'loading';
    return planOf({ granted: deemed, screen, launchScopes: app.scopes.filter((s) => deemed.includes(s)) });
  }
  const missing = app.scopes.filter((s) => !granted.includes(s));
  if (!missing.length) return planOf({ granted, screen: 'none', launchScopes: [...app.scopes] });
  const addFriend = bot.linked && !person.friend ? { channelId: app.channelId, botName: bot.botName } : null;
  return planOf({ granted, screen: 'channel-consent', launchScopes: [...app.scopes], addFriend });
}

/**
 * What a screen to open may ask: scopes the app registered, or `openid` (the simplification's).
 * @returns the problems, each naming `scopes[i]`; empty when it may be opened
 */
export function screenScopeProblems(
  kind: ConsentScreenKind,
  scopes: readonly string[],
  app: ConsentApp,
): { message: string; property: string }[] {
  const problems: { message: string; property: string }[] = [];
  scopes.forEach((s, i) => {
    if (s !== SIMPLIFIED_SCOPE && !app.scopes.includes(s))
      problems.push({
        message: `${s} is not a scope the app ${app.embedId} registered (${app.scopes.join(', ') || 'none'})`,
        property: `scopes[${i}]`,
      });
  });
  if (kind === 'permission-request' && !scopes.length)
    problems.push({ message: 'a permission request asks for one scope or more', property: 'scopes' });
  return problems;
}
