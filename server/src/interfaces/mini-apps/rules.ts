/**
 * The rules of LINE MINI App service messages that need nothing but their input (LINE MINI App
 * API reference, "Service Messages"; LINE MINI App docs, "Sending service messages"): the request
 * shapes of both calls, the token's lifetime and sends, the scenario's MINI App and template
 * shapes, and the check of a send's parameters against its template. Pure: no clock, no store.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ServiceNotice } from '#contract/mini-apps.js';
import type { ErrorDetail } from '../../http/validate.js';
import { InAppPurchaseSchema } from './iap/rules.js';
import { MiniAppConsentSettingsSchema } from '#contract/simulator-api/social/consents.js';

/** A service notification token expires 1 year (31,536,000 s) after it is issued (API reference, "Issue a service notification token"). */
export const TOKEN_LIFETIME_MS = 31_536_000_000;

/** Service messages one service notification token may send while it is valid (API reference). */
export const SENDS_PER_TOKEN = 5;

/** Templates a MINI App channel can hold (docs, "Service message templates": up to 20). */
export const MAX_TEMPLATES = 20;

/** The languages of the templates and their BCP 47 tags (API reference, "Send a service message": `templateName`). */
export const TEMPLATE_LANGUAGES = ['ja', 'en', 'zh-TW', 'th', 'id', 'ko'] as const;

/** A template name as the API takes it: `{template name}_{BCP 47 language tag}`, at most 30 characters. */
const TEMPLATE_NAME = Type.String({
  minLength: 1,
  maxLength: 30,
  pattern: `^[A-Za-z0-9_]+_(${TEMPLATE_LANGUAGES.join('|')})$`,
});

/**
 * The longest value of a detail item, in grapheme clusters: the hard limit of each layout (docs,
 * "Maximum number of characters per element"); over it the platform refuses the send.
 */
export const DETAIL_HARD_LIMIT = { detailed: 50, simple: 150 } as const;

/** embedkit's bound on a button URL (the docs give none): as long as a URI action's. */
export const MAX_BUTTON_URL_LENGTH = 1000;

/** The body of `POST /message/v3/notifier/token`: the person's LIFF access token (`liff.getAccessToken()`). */
export const IssueTokenBody = Type.Object({ liffAccessToken: Type.String({ minLength: 1, maxLength: 2000 }) });
export type IssueTokenBody = Static<typeof IssueTokenBody>;

/** The query of `POST /message/v3/notifier/send`: `target=service`, required. */
export const SendQuery = Type.Object({ target: Type.Literal('service') }, { required: ['target'] });

/**
 * The body of `POST /message/v3/notifier/send?target=service`: the template by name, its
 * variable-value pairs (an empty object when it has none), the service notification token.
 * The values are strings; what each template takes is {@link templateParamProblems}'s.
 */
export const SendBody = Type.Object({
  templateName: TEMPLATE_NAME,
  params: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: MAX_BUTTON_URL_LENGTH }), { maxProperties: 50 }),
  notificationToken: Type.String({ minLength: 1, maxLength: 200 }),
});
export type SendBody = Static<typeof SendBody>;

const VARIABLE = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_]*$' });

/**
 * A service message template of a MINI App channel, as a scenario declares it: its name for the
 * API (`thankyou_msg_en`), its layout (`detailed`: labelled items, at least one required;
 * `simple`: at most one item, a longer text), its title and subtitle, its detail items (the
 * variable a send fills and the label the card shows) and its buttons (the variable carrying the
 * URL, and the label; the first is required, as published).
 */
export const ServiceMessageTemplateSchema = Type.Object(
  {
    name: TEMPLATE_NAME,
    layout: Type.Union([Type.Literal('detailed'), Type.Literal('simple')]),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    subtitle: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    details: Type.Array(
      Type.Object(
        { key: VARIABLE, label: Type.String({ minLength: 1, maxLength: 50 }), required: Type.Optional(Type.Boolean()) },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
    buttons: Type.Array(
      Type.Object({ key: VARIABLE, label: Type.String({ minLength: 1, maxLength: 30 }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 5 },
    ),
  },
  { additionalProperties: false },
);
export type ServiceMessageTemplate = Static<typeof ServiceMessageTemplateSchema>;

/**
 * Why a string cannot be a MINI App's Custom Path, or null when it can (LINE MINI App docs,
 * "Configuring Custom Path", the strings a Custom Path may be): 4 to 29 characters, only `a-z`,
 * `0-9` and `_`, not ending with `_`, not digits only. That a string is used once in the world is
 * the store's (a unique column); the docs' other rules (a proper noun of the brand, none of LY
 * Corporation's service names) are a reviewer's judgement, not checked.
 */
export function customPathProblem(path: string): string | null {
  if (path.length < 4 || path.length > 29) return 'must be 4 to 29 characters';
  if (!/^[a-z0-9_]+$/.test(path)) return 'may hold only a-z, 0-9 and _';
  if (path.endsWith('_')) return 'must not end with _';
  if (/^[0-9]+$/.test(path)) return 'must not be digits only';
  return null;
}

/**
 * Why a MINI App cannot have a Custom Path, or null when it can: the feature is only for verified
 * MINI Apps (LINE MINI App docs, "Configuring Custom Path"), and the path must follow
 * {@link customPathProblem}.
 */
export function customPathRefusal(path: string, verified: boolean): string | null {
  if (!verified) return 'only a verified MINI App can have a Custom Path';
  const problem = customPathProblem(path);
  return problem ? `${path} ${problem}` : null;
}

/**
 * What makes a scenario app a LINE MINI App: verified or not, the internal channel it stands for
 * (`developing`, the default, or `published`: an unverified MINI App cannot use service messages
 * there), its channel's service message templates, and its in-app purchase (products and webhook
 * URL; present once the MINI App may use it), a verified one's Custom Path, and its settings of the authorization flow
 * (`consent`: the simplification switch, region, channel creation date; docs/platform/authorization-flow.md).
 */
export const MiniAppSchema = Type.Object(
  {
    verified: Type.Boolean(),
    stage: Type.Optional(Type.Union([Type.Literal('developing'), Type.Literal('published')])),
    serviceMessageTemplates: Type.Optional(Type.Array(ServiceMessageTemplateSchema, { maxItems: MAX_TEMPLATES })),
    inAppPurchase: Type.Optional(InAppPurchaseSchema),
    consent: Type.Optional(MiniAppConsentSettingsSchema),
    // A verified MINI App's Custom Path (`https://miniapp.line.me/<customPath>`); its rules are customPathRefusal's.
    customPath: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ScenarioMiniApp = Static<typeof MiniAppSchema>;

/**
 * What the schema cannot say of a scenario's templates: each name once, each variable once in a
 * template, a `detailed` template with a required item, a `simple` one with at most one item.
 * @returns problems as `serviceMessageTemplates[i].<field>: <problem>`; empty when none
 */
export function scenarioTemplateProblems(templates: readonly ServiceMessageTemplate[]): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  templates.forEach((t, i) => {
    const at = `serviceMessageTemplates[${i}]`;
    if (names.has(t.name)) problems.push(`${at}.name: ${t.name} is declared twice`);
    names.add(t.name);
    const keys = new Set<string>();
    [...t.details, ...t.buttons].forEach((v) => {
      if (keys.has(v.key)) problems.push(`${at}: the variable ${v.key} is used twice`);
      keys.add(v.key);
    });
    if (t.layout === 'detailed' && !t.details.some((d) => d.required))
      problems.push(`${at}.details: a detailed template has a required item`);
    if (t.layout === 'simple' && t.details.length > 1) problems.push(`${at}.details: a simple template has at most one item`);
  });
  return problems;
}

/** Length in grapheme clusters, as the platform counts a template's text (docs: not UTF-16 code units). */
export function graphemeLength(text: string): number {
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) n++;
  return n;
}

/** An absolute http(s) URL. */
function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}

/**
 * A send's parameters held against its template (API reference, "Send a service message":
 * `params`; docs, template elements): every variable must be the template's; each required item
 * and the first button must be given; an item's value is 1 to {@link DETAIL_HARD_LIMIT} grapheme
 * clusters of its layout; a button's value is an absolute http(s) URL.
 * @returns the findings, each naming `params.<variable>`; empty when the parameters fit
 */
export function templateParamProblems(template: ServiceMessageTemplate, params: Readonly<Record<string, string>>): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const at = (key: string) => `params.${key}`;
  const known = new Set([...template.details, ...template.buttons].map((v) => v.key));
  for (const key of Object.keys(params))
    if (!known.has(key)) problems.push({ message: `not a variable of template ${template.name}`, property: at(key) });
  const limit = DETAIL_HARD_LIMIT[template.layout];
  for (const d of template.details) {
    const value = params[d.key];
    if (value === undefined || value === '') {
      if (d.required) problems.push({ message: 'must be specified (a required item of the template)', property: at(d.key) });
      continue;
    }
    if (graphemeLength(value) > limit) problems.push({ message: `must be at most ${limit} characters`, property: at(d.key) });
  }
  template.buttons.forEach((b, i) => {
    const value = params[b.key];
    if (value === undefined || value === '') {
      if (i === 0) problems.push({ message: 'must be specified (the first button of the template)', property: at(b.key) });
      return;
    }
    if (!isWebUrl(value)) problems.push({ message: 'must be an absolute http or https URL', property: at(b.key) });
  });
  return problems;
}

/**
 * The card a send shows the person: the template's title and subtitle, its items that were given
 * (label and value), and its buttons that were given a URL (docs: only buttons with a URL are shown).
 * @param params parameters that passed {@link templateParamProblems}
 */
export function noticeOf(
  template: ServiceMessageTemplate,
  params: Readonly<Record<string, string>>,
  app: ServiceNotice['app'],
): ServiceNotice {
  return {
    templateName: template.name,
    layout: template.layout,
    title: template.title,
    ...(template.subtitle ? { subtitle: template.subtitle } : {}),
    items: template.details.filter((d) => params[d.key]).map((d) => ({ label: d.label, value: params[d.key]! })),
    buttons: template.buttons.filter((b) => params[b.key]).map((b) => ({ label: b.label, url: params[b.key]! })),
    app,
  };
}

/**
 * The answer of both calls while the token can still be sent with (API reference): the token, the
 * seconds left until it expires (whole seconds, rounded down), the sends left and the session.
 */
export function tokenAnswer(token: string, expiresAtMs: number, nowMs: number, remainingCount: number, sessionId: string) {
  return { notificationToken: token, expiresIn: Math.max(0, Math.floor((expiresAtMs - nowMs) / 1000)), remainingCount, sessionId };
}

/** The answer of a send after which the token cannot be renewed (API reference: both 0, no token). */
export const NOT_RENEWED = { expiresIn: 0, remainingCount: 0 } as const;
