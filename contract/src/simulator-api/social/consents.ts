/**
 * The simulator API's consents (the `social` unit): what a person granted each channel, the
 * LINE MINI App authorization flow's settings, and the consent screens the host draws, which the
 * person (in the host, or an agent through MCP) allows or denies. The published rules are the
 * LINE MINI App docs' "LINE MINI App authorization flow" and "Skipping the channel consent
 * process" (docs/platform/authorization-flow.md).
 * Its handlers: `server/src/interfaces/social/consents/`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../../route.js';
import { StringEnum } from '../../schema-builders.js';

/** A scope a person can grant an app's channel: the LIFF scopes and Quick-fill's `commonprofile.*`. */
const GrantScope = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z_.]+$' });

/**
 * Which side of the 2026-08-26 change of the authorization flow the world plays: `current` (no
 * screen at all at the launch of a MINI App with simplification on) or `before-2026-08-26` (the
 * simplification's own consent screen the first time a person meets one, then a loading screen
 * the first time for each MINI App).
 */
export const CONSENT_FLOWS = ['current', 'before-2026-08-26'] as const;
export type ConsentFlow = (typeof CONSENT_FLOWS)[number];

/**
 * The screens of the authorization flow the host draws over the phone:
 * - `channel-consent`: the channel consent screen (simplification off), listing the app's scopes,
 *   with the add-friend option when the channel has a linked bot the person is not a friend of;
 * - `simplification-consent`: the person agrees to the simplification itself (before 2026-08-26, once per person);
 * - `permission-request`: the "permission request screen" of a MINI App with simplification on,
 *   listing the scopes not yet granted (the first `getProfile`, `sendMessages`..., or `liff.permission.requestAll()`).
 */
export const CONSENT_SCREEN_KINDS = ['channel-consent', 'simplification-consent', 'permission-request'] as const;
export type ConsentScreenKind = (typeof CONSENT_SCREEN_KINDS)[number];

/** The states of a consent screen: waiting for the person, or what they answered. */
export const CONSENT_SCREEN_STATES = ['pending', 'allowed', 'denied'] as const;

/** The regions a LINE MINI App channel serves ("Region to provide the service" of the console). */
export const MINI_APP_REGIONS = ['JP', 'TW', 'TH'] as const;

/**
 * A MINI App channel's settings of the authorization flow, as the console holds them:
 * `simplification` (the "Channel consent simplification" switch, default off), `region` (default
 * `JP`) and `channelCreatedAt` (the channel's creation date, `YYYY-MM-DD`, default `2025-12-01`):
 * a channel of Japan created on or after 2026-01-08 has the simplification on whatever the switch says.
 */
export const MiniAppConsentSettingsSchema = Type.Object(
  {
    simplification: Type.Optional(Type.Boolean()),
    region: Type.Optional(StringEnum(MINI_APP_REGIONS)),
    channelCreatedAt: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })),
  },
  { additionalProperties: false },
);
export type MiniAppConsentSettings = Static<typeof MiniAppConsentSettingsSchema>;

/** Body of changing a MINI App's settings of the authorization flow: at least one of them. */
export const MiniAppConsentBodySchema = Type.Object(MiniAppConsentSettingsSchema.properties, {
  additionalProperties: false,
  minProperties: 1,
});

/** A MINI App's settings of the authorization flow, every one filled in, and whether the simplification is in effect, with why. */
export const MiniAppConsentSchema = Type.Object({
  embedId: Type.String(),
  simplification: Type.Boolean(),
  region: StringEnum(MINI_APP_REGIONS),
  channelCreatedAt: Type.String(),
  effective: Type.Boolean(),
  why: Type.String(),
});
export type MiniAppConsent = Static<typeof MiniAppConsentSchema>;

/** The scopes a person granted one channel, and when first (ms, simulated clock). */
export const GrantSchema = Type.Object({
  channelId: Type.String(),
  scopes: Type.Array(Type.String()),
  grantedAt: Type.Number(),
});
export type Grant = Static<typeof GrantSchema>;

/** A person's grants, every channel, and whether they agreed to the channel consent simplification. */
export const GrantsSchema = Type.Object({
  userId: Type.String(),
  grants: Type.Array(GrantSchema),
  simplificationAgreed: Type.Boolean(),
});
export type Grants = Static<typeof GrantsSchema>;

/** Body of granting scopes to a channel (added to what was granted). */
export const GrantBodySchema = Type.Object(
  { scopes: Type.Array(GrantScope, { minItems: 1, maxItems: 16 }) },
  { additionalProperties: false },
);
export type GrantBody = Static<typeof GrantBodySchema>;

/** Body of revoking grants: the scopes named, or every one when `scopes` is left out. */
export const RevokeBodySchema = Type.Object(
  { scopes: Type.Optional(Type.Array(GrantScope, { minItems: 1, maxItems: 16 })) },
  { additionalProperties: false },
);
export type RevokeBody = Static<typeof RevokeBodySchema>;

/** What a revocation did: the scopes still granted, and how many of the person's tokens of the channel stopped working. */
export const RevokedSchema = Type.Object({ channelId: Type.String(), scopes: Type.Array(Type.String()), tokensRevoked: Type.Number() });

/** Body and answer of the person's agreement to the channel consent simplification. */
export const SimplificationAgreementSchema = Type.Object({ agreed: Type.Boolean() }, { additionalProperties: false });

/** Body and answer of the world's side of the 2026-08-26 change ({@link CONSENT_FLOWS}). */
export const ConsentFlowSchema = Type.Object({ flow: StringEnum(CONSENT_FLOWS) }, { additionalProperties: false });

/**
 * What happens when a person opens an app (the host asks before it signs them in):
 * - `miniApp`, `verified`: whether the app is a LINE MINI App, and a verified one;
 * - `simplification`: whether the channel consent simplification is in effect for it, and `simplificationWhy` in words
 *   (the MINI App's setting; mandatory for a channel of Japan created on or after 2026-01-08; off for an
 *   unverified MINI App on its Published internal channel; off for a LIFF app);
 * - `appScopes`: the scopes the app registered; `granted`: what the person granted its channel (with
 *   simplification, `openid` is deemed granted);
 * - `screen`: what the host shows before the app (`none`, a consent screen of {@link CONSENT_SCREEN_KINDS}, or `loading`);
 * - `launchScopes`: the scopes of the session the app starts with once that screen is allowed;
 * - `addFriend`: the add-friend option of the channel consent screen (the channel's linked bot,
 *   when the person is not its friend), else null;
 * - `flow`: the world's {@link CONSENT_FLOWS}.
 * A LIFF app on a LINE Login channel keeps the host's rule (no screen, every registered scope).
 */
export const ConsentPlanSchema = Type.Object({
  embedId: Type.String(),
  channelId: Type.String(),
  miniApp: Type.Boolean(),
  verified: Type.Boolean(),
  simplification: Type.Boolean(),
  simplificationWhy: Type.String(),
  appScopes: Type.Array(Type.String()),
  granted: Type.Array(Type.String()),
  screen: StringEnum(['none', 'loading', ...CONSENT_SCREEN_KINDS]),
  launchScopes: Type.Array(Type.String()),
  addFriend: Type.Union([Type.Object({ channelId: Type.String(), botName: Type.String() }), Type.Null()]),
  flow: StringEnum(CONSENT_FLOWS),
});
export type ConsentPlan = Static<typeof ConsentPlanSchema>;

/**
 * A consent screen shown to a person: its kind, the app and scopes it asks for, the add-friend
 * option offered (and, once answered, taken), and its state. Opened by the host, answered by the
 * person in the host or through the simulator API (MCP, the CLI, `embedkit/testing`); allowing
 * grants the scopes (and agrees to the simplification, or adds the friend) in the world.
 */
export const ConsentScreenSchema = Type.Object({
  screenId: Type.String(),
  kind: StringEnum(CONSENT_SCREEN_KINDS),
  userId: Type.String(),
  embedId: Type.String(),
  channelId: Type.String(),
  appName: Type.String(),
  scopes: Type.Array(Type.String()),
  addFriend: Type.Union([Type.Object({ channelId: Type.String(), botName: Type.String() }), Type.Null()]),
  state: StringEnum(CONSENT_SCREEN_STATES),
  friendAdded: Type.Optional(Type.Boolean()),
  openedAt: Type.Number(),
  answeredAt: Type.Optional(Type.Number()),
});
export type ConsentScreen = Static<typeof ConsentScreenSchema>;

/** Body of opening a consent screen (the host, as the LINE app draws one). */
export const OpenConsentScreenBodySchema = Type.Object(
  {
    kind: StringEnum(CONSENT_SCREEN_KINDS),
    userId: Type.String({ minLength: 1, maxLength: 64 }),
    embedId: Type.String({ minLength: 1, maxLength: 64 }),
    scopes: Type.Array(GrantScope, { maxItems: 16 }),
  },
  { additionalProperties: false },
);
export type OpenConsentScreenBody = Static<typeof OpenConsentScreenBodySchema>;

/** Body of answering a consent screen: Allow or Deny, and whether the add-friend option stays ticked (default true, as published). */
export const AnswerConsentScreenBodySchema = Type.Object(
  { answer: StringEnum(['allow', 'deny']), addFriend: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type AnswerConsentScreenBody = Static<typeof AnswerConsentScreenBodySchema>;

/** The consent screens of a query: pending first, newest first. */
export const ConsentScreensSchema = Type.Object({ screens: Type.Array(ConsentScreenSchema) });
/** Query of listing consent screens: one person's, and only the pending ones when `pending=true`. */
export const ConsentScreensQuerySchema = Type.Object(
  { userId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })), pending: Type.Optional(StringEnum(['true', 'false'])) },
  { additionalProperties: false },
);

/** The consents' routes, one slice of `SIMULATOR_API` (served by the `social` unit). */
export const CONSENTS_ROUTES = defineContract({
  consentPlan: {
    method: 'GET',
    path: '/users/:userId/apps/:embedId/consent',
    summary: 'what opening an app shows the person first (a consent screen, a loading screen or nothing) and the scopes it starts with',
    answer: ConsentPlanSchema,
    unit: 'social',
  },
  grants: {
    method: 'GET',
    path: '/users/:userId/grants',
    summary: 'the scopes a person granted each channel, and their agreement to the channel consent simplification',
    answer: GrantsSchema,
    unit: 'social',
  },
  grantScopes: {
    method: 'POST',
    path: '/users/:userId/grants/:channelId',
    summary: 'the person grants a channel scopes (added to the ones granted)',
    body: GrantBodySchema,
    answer: GrantSchema,
    unit: 'social',
  },
  revokeGrants: {
    method: 'POST',
    path: '/users/:userId/grants/:channelId/revoke',
    summary: 'the person revokes scopes of a channel (every one without `scopes`); their tokens of the channel stop working',
    body: RevokeBodySchema,
    answer: RevokedSchema,
    unit: 'social',
  },
  setSimplificationAgreement: {
    method: 'PUT',
    path: '/users/:userId/consent-simplification',
    summary: 'the person agrees to the channel consent simplification, or the agreement is withdrawn',
    body: SimplificationAgreementSchema,
    answer: SimplificationAgreementSchema,
    unit: 'social',
  },
  consentFlow: {
    method: 'GET',
    path: '/consent-flow',
    summary: 'which side of the 2026-08-26 change of the MINI App authorization flow the world plays',
    answer: ConsentFlowSchema,
    unit: 'social',
  },
  setConsentFlow: {
    method: 'PUT',
    path: '/consent-flow',
    summary: 'plays the MINI App authorization flow as it is now (`current`) or as it was before 2026-08-26',
    body: ConsentFlowSchema,
    answer: ConsentFlowSchema,
    unit: 'social',
  },
  consentScreens: {
    method: 'GET',
    path: '/consent-screens',
    summary: 'the consent screens shown to people (pending first, newest first)',
    query: ConsentScreensQuerySchema,
    answer: ConsentScreensSchema,
    unit: 'social',
  },
  openConsentScreen: {
    method: 'POST',
    path: '/consent-screens',
    summary: 'shows a person a consent screen (the host does, as the LINE app draws it)',
    body: OpenConsentScreenBodySchema,
    answer: ConsentScreenSchema,
    unit: 'social',
  },
  consentScreen: {
    method: 'GET',
    path: '/consent-screens/:screenId',
    summary: 'one consent screen and its answer',
    answer: ConsentScreenSchema,
    unit: 'social',
  },
  answerConsentScreen: {
    method: 'POST',
    path: '/consent-screens/:screenId/answer',
    summary: 'the person taps Allow or Deny on a consent screen (Allow grants its scopes)',
    body: AnswerConsentScreenBodySchema,
    answer: ConsentScreenSchema,
    unit: 'social',
  },
} satisfies Contract<'social'>);
