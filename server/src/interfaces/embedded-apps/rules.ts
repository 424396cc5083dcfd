/**
 * Request bodies of the embedded app server API (spec part D, "D. Embedded app objects" and the
 * endpoint table) and of the LIFF server API over the same registry (liff.yml `AddLiffAppRequest`,
 * `UpdateLiffAppRequest`): the schemas the routes' door checks, and the rules of a body a JSON
 * Schema cannot say (a view URL's scheme by host, a LIFF app's name), reported with the schema's
 * findings in one refusal.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ErrorDetail } from '#contract/errors.js';
import { COMMON_PROFILE_SCOPES } from '#contract/common-profile.js';
import { isLoopbackHost } from '../../http/guards/loopback.js';

// View types of spec part D (and liff.yml `LiffView`): compact = 50%, tall = 80%, full = 100% of the screen height.
const ViewType = Type.Unsafe<'compact' | 'tall' | 'full'>({ type: 'string', enum: ['compact', 'tall', 'full'] });
const ViewUrl = Type.String({ minLength: 1, maxLength: 1000 });

/**
 * `view` object: `type` and `url`; also the body of `PUT /embed/v1/apps/<embed_id>/view`. The URL's
 * scheme rule is {@link viewBodyFindings}.
 */
export const ViewBody = Type.Object({ type: ViewType, url: ViewUrl }, { additionalProperties: false });
/** A view as its schema admits it. */
export type ViewBody = Static<typeof ViewBody>;

/** Body of `POST /embed/v1/apps`; the URL's scheme rule is {@link addAppBodyFindings}. */
export const AddAppBody = Type.Object({ view: ViewBody }, { additionalProperties: false });
/** An add body, as its schema admits it. */
export type AddAppBody = Static<typeof AddAppBody>;

/** Scopes a LIFF app can ask for (liff.yml `LiffScope`). */
export const LIFF_SCOPES = ['openid', 'email', 'profile', 'chat_message.write'] as const;
/** One of {@link LIFF_SCOPES}. */
export type LiffScope = (typeof LIFF_SCOPES)[number];
/**
 * Scopes an app may be registered with: the LIFF server API's, and Quick-fill's `commonprofile.*`,
 * which the platform's console sets; embedkit has no console, so its LIFF server API and the
 * scenario take them too (docs/guide/liff.md, "Sub windows and Quick-fill").
 */
export const APP_SCOPES = [...LIFF_SCOPES, ...COMMON_PROFILE_SCOPES] as const;
/** One of {@link APP_SCOPES}. */
export type AppScope = (typeof APP_SCOPES)[number];
/** Bot prompts (liff.yml `LiffBotPrompt`): where the person is offered to add the channel's bot as a friend. */
export const BOT_PROMPTS = ['normal', 'aggressive', 'none'] as const;
/** One of {@link BOT_PROMPTS}. */
export type BotPrompt = (typeof BOT_PROMPTS)[number];

/** liff.yml `LiffScope`: "The default value is `["profile", "chat_message.write"]`". */
export const DEFAULT_LIFF_SCOPES: readonly LiffScope[] = ['profile', 'chat_message.write'];
/** liff.yml `LiffBotPrompt`: "The default value is none". */
export const DEFAULT_BOT_PROMPT: BotPrompt = 'none';

/** `description` (the app's name): not empty; at most 100 characters is embedkit's bound (the document gives none). */
const Description = Type.String({ minLength: 1, maxLength: 100 });
const LiffFields = {
  description: Type.Optional(Description),
  features: Type.Optional(
    Type.Object({ ble: Type.Optional(Type.Boolean()), qrCode: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  ),
  // "Specify `concat`": the one value the platform documents.
  permanentLinkPattern: Type.Optional(Type.Unsafe<'concat'>({ type: 'string', enum: ['concat'] })),
  scope: Type.Optional(
    Type.Array(
      // The published refusal names the published scopes; Quick-fill's are embedkit's stand-in for the console.
      Type.Unsafe<AppScope>({
        type: 'string',
        enum: [...APP_SCOPES],
        platformErrors: { enum: `Must be one of the following values: [${LIFF_SCOPES.join(', ')}]` },
      }),
      { maxItems: APP_SCOPES.length },
    ),
  ),
  botPrompt: Type.Optional(Type.Unsafe<BotPrompt>({ type: 'string', enum: [...BOT_PROMPTS] })),
  // embedkit's extension (no console): a verified MINI App's Custom Path, null to remove it (docs/platform/mini-apps.md).
  customPath: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()])),
};

/**
 * Body of `POST /liff/v1/apps` (liff.yml `AddLiffAppRequest`, operationId `addLIFFApp`): `view`
 * required. The URL and name rules are {@link liffBodyFindings}.
 */
export const AddLiffAppBody = Type.Object(
  {
    view: Type.Object({ type: ViewType, url: ViewUrl, moduleMode: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
    ...LiffFields,
  },
  { additionalProperties: false },
);
/**
 * Body of `PUT /liff/v1/apps/{liffId}` (liff.yml `UpdateLiffAppRequest`, operationId
 * `updateLIFFApp`): every field optional. The URL and name rules are {@link liffBodyFindings}.
 */
export const UpdateLiffAppBody = Type.Object(
  {
    view: Type.Optional(
      Type.Object(
        { type: Type.Optional(ViewType), url: Type.Optional(ViewUrl), moduleMode: Type.Optional(Type.Boolean()) },
        { additionalProperties: false },
      ),
    ),
    ...LiffFields,
  },
  { additionalProperties: false },
);

/** A LIFF request body, as its schema admits it. */
export type AddLiffAppBody = Static<typeof AddLiffAppBody>;
/** An update body, as its schema admits it. */
export type UpdateLiffAppBody = Static<typeof UpdateLiffAppBody>;

/**
 * The spec requires an https view URL (part D "view"). embedkit also accepts plain http for
 * loopback hosts (localhost, 127.0.0.0/8, [::1]) so that apps served on the developer's machine work.
 * `noFragment`: the LIFF server API's rule (liff.yml `LiffView.url`: "URL fragments (#URL-fragment)
 * can't be specified"); spec part D says nothing of fragments, so `/embed/v1` keeps accepting them.
 * @returns an error message, or null when the URL is acceptable
 */
export function checkViewUrl(url: string, rules: { noFragment?: boolean } = {}): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Must be an absolute URL';
  }
  if (rules.noFragment && url.includes('#')) return 'URL fragments (#URL-fragment) cannot be specified';
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return null;
  return 'invalid uri scheme: the URL must use https (http is accepted for loopback hosts only)';
}

/**
 * The findings of {@link AddAppBody}'s view URL rule ({@link checkViewUrl}) on the sent body,
 * whatever its shape (the schema reports the shape).
 * @returns `[{message, property: 'view.url'}]`, or none
 */
export function addAppBodyFindings(body: unknown): ErrorDetail[] {
  return urlFindings(field(field(body, 'view'), 'url'), 'view.url');
}

/** The findings of {@link ViewBody}'s URL rule on the sent body: `[{message, property: 'url'}]`, or none. */
export function viewBodyFindings(body: unknown): ErrorDetail[] {
  return urlFindings(field(body, 'url'), 'url');
}

/**
 * The findings of the LIFF bodies' rules on the sent body: the view URL (no fragment, liff.yml
 * `LiffView.url`) and the name. liff.yml `description`: "The LIFF app name can't include "LINE" or
 * similar strings"; embedkit refuses the word itself in any case (not letters inside another word,
 * as in "Online").
 * @returns findings at `view.url` and `description`, or none
 */
export function liffBodyFindings(body: unknown): ErrorDetail[] {
  const found = urlFindings(field(field(body, 'view'), 'url'), 'view.url', true);
  const description = field(body, 'description');
  if (typeof description === 'string' && /\bline\b/i.test(description))
    found.push({ message: 'The LIFF app name cannot include "LINE"', property: 'description' });
  return found;
}

/** The URL rule of a view, only for a non-empty string (the schema reports other values). */
function urlFindings(url: unknown, property: string, noFragment = false): ErrorDetail[] {
  if (typeof url !== 'string' || url === '') return [];
  const message = checkViewUrl(url, { noFragment });
  return message ? [{ message, property }] : [];
}

/** A property of a JSON object, or undefined for any other value. */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}
