/**
 * Request bodies of the embedded app server API (spec part D, "D. Embedded app objects" and the
 * endpoint table) and of the LIFF server API over the same registry (liff.yml `AddLiffAppRequest`,
 * `UpdateLiffAppRequest`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { isLoopbackHost } from '../../http/loopback.js';
import { compile } from '../../http/validate.js';

// View types of spec part D (and liff.yml `LiffView`): compact = 50%, tall = 80%, full = 100% of the screen height.
const ViewType = Type.Unsafe<'compact' | 'tall' | 'full'>({ type: 'string', enum: ['compact', 'tall', 'full'] });
const ViewUrl = Type.String({ minLength: 1, maxLength: 1000 });

/** `view` object: `type` and `url` (scheme rules are checked by {@link checkViewUrl}). */
export const ViewSchema = Type.Object({ type: ViewType, url: ViewUrl }, { additionalProperties: false });

/** Body of `POST /embed/v1/apps`. */
export const AddAppBodySchema = Type.Object({ view: ViewSchema }, { additionalProperties: false });

export const checkAddAppBody = compile(AddAppBodySchema);
/** Body of `PUT /embed/v1/apps/<embed_id>/view` is a view object. */
export const checkViewBody = compile(ViewSchema);

/** Scopes a LIFF app can ask for (liff.yml `LiffScope`). */
export const LIFF_SCOPES = ['openid', 'email', 'profile', 'chat_message.write'] as const;
/** One of {@link LIFF_SCOPES}. */
export type LiffScope = (typeof LIFF_SCOPES)[number];
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
  scope: Type.Optional(Type.Array(Type.Unsafe<LiffScope>({ type: 'string', enum: [...LIFF_SCOPES] }), { maxItems: LIFF_SCOPES.length })),
  botPrompt: Type.Optional(Type.Unsafe<BotPrompt>({ type: 'string', enum: [...BOT_PROMPTS] })),
};

/** Body of `POST /liff/v1/apps` (liff.yml `AddLiffAppRequest`, operationId `addLIFFApp`): `view` required. */
export const AddLiffAppBodySchema = Type.Object(
  {
    view: Type.Object({ type: ViewType, url: ViewUrl, moduleMode: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
    ...LiffFields,
  },
  { additionalProperties: false },
);
/** Body of `PUT /liff/v1/apps/{liffId}` (liff.yml `UpdateLiffAppRequest`, operationId `updateLIFFApp`): every field optional. */
export const UpdateLiffAppBodySchema = Type.Object(
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

/** A LIFF request body as its schema admits it. */
export type AddLiffAppBody = Static<typeof AddLiffAppBodySchema>;
/** An update body as its schema admits it. */
export type UpdateLiffAppBody = Static<typeof UpdateLiffAppBodySchema>;

export const checkAddLiffAppBody = compile(AddLiffAppBodySchema);
export const checkUpdateLiffAppBody = compile(UpdateLiffAppBodySchema);

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
