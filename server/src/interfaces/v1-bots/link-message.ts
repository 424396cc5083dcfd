/**
 * Link messages of the enterprise interface (spec part E, "Rules for link messages"; template fields
 * and the `${name}` placeholder form as the platform's link message template page published them):
 * a template registered beforehand, filled with the request's placeholder values. Pure.
 */
import { invalidField, url } from './fields.js';
import type { LinkParams } from './post-event.js';

/** A link message template (the platform's template form). */
export interface LinkTemplate {
  templateId: string;
  /** Shown text, max 200 chars; `<b>`…`</b>` is the only markup, other `<` `>` escaped; not only placeholders. */
  text: string;
  /** Smaller text under it, max 50 chars. */
  subText?: string;
  /** The link's text, max 16 chars; default "Check now". */
  linkText?: string;
  previewUrl?: string;
  /** Web link URL; exclusive with the app URIs. */
  linkUri?: string;
  /** Android app URI. */
  aLinkUri?: string;
  /** iPhone app URI. */
  iLinkUri?: string;
}

/** The link text when the template gives none (the platform's default). */
export const DEFAULT_LINK_TEXT = 'Check now';

const PLACEHOLDER = /\$\{([A-Za-z0-9_.-]{1,50})\}/g;
/** `&` that starts one of the five entities the spec names. */
const ENTITY = /&(lt|gt|quot|#39|amp);/y;

/** The placeholder names of a template field. */
export function placeholders(field: string | undefined): Set<string> {
  return new Set([...(field ?? '').matchAll(PLACEHOLDER)].map((m) => m[1]!));
}

/**
 * Checks a template before it is stored.
 * @throws ApiError 400 naming the field (`text`, `subText`, `linkText`, `linkUri`, ...)
 */
export function checkLinkTemplate(t: LinkTemplate): void {
  if (typeof t.text !== 'string' || t.text === '' || t.text.length > 200) throw invalidField('text', 'must be 1 to 200 characters');
  if (t.text.replace(PLACEHOLDER, '').trim() === '') throw invalidField('text', 'cannot consist only of placeholders');
  if (/[<>]/.test(t.text.replace(/<\/?b>/g, ''))) throw invalidField('text', '"<" and ">" must be escaped, except in <b> and </b>');
  if (t.subText !== undefined && t.subText.length > 50) throw invalidField('subText', 'must be at most 50 characters');
  if (t.linkText !== undefined && (t.linkText === '' || t.linkText.length > 16))
    throw invalidField('linkText', 'must be 1 to 16 characters');
  if (t.previewUrl !== undefined) url(t.previewUrl, 'previewUrl');
  if (t.linkUri !== undefined && (t.aLinkUri !== undefined || t.iLinkUri !== undefined))
    throw invalidField('linkUri', 'a web link URL and the iPhone/Android link URIs are mutually exclusive');
  if (t.linkUri === undefined && t.aLinkUri === undefined && t.iLinkUri === undefined)
    throw invalidField('linkUri', 'a web link URL or an app link URI is required');
}

/** A `textParams` value: `<` `>` `"` `'` escaped, and `&` only as one of the five entities (spec). */
export function isEscapedText(value: string): boolean {
  if (/[<>"']/.test(value)) return false;
  for (let i = value.indexOf('&'); i !== -1; i = value.indexOf('&', i + 1)) {
    ENTITY.lastIndex = i;
    if (!ENTITY.test(value)) return false;
  }
  return true;
}

const FIELDS = ['text', 'subText', 'linkText', 'aLinkUri', 'iLinkUri', 'linkUri'] as const;
const PARAM_NAMES: Record<(typeof FIELDS)[number], string> = {
  text: 'textParams',
  subText: 'subTextParams',
  linkText: 'linkTextParams',
  aLinkUri: 'aLinkUriParams',
  iLinkUri: 'iLinkUriParams',
  linkUri: 'linkUriParams',
};

/**
 * The stored link message: `{type: "link", templateId, text, subText?, linkText, linkUri, previewUrl}`
 * with every placeholder replaced. `text` keeps `<b>` and the entities (the host renders them);
 * `linkUri` is the web link, else the iPhone URI, else the Android URI; `previewUrl` is the
 * request's, else the template's, else `channelIcon`.
 * @throws ApiError 400 for a value of a placeholder the template does not define, a placeholder
 *   left without a value, a `textParams` value that is not escaped, or a link that is not a URL
 */
export function linkMessageBody(
  t: LinkTemplate,
  params: LinkParams,
  previewUrl: string | undefined,
  channelIcon: string,
): Record<string, unknown> {
  const filled: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const field of FIELDS) {
    const name = PARAM_NAMES[field];
    const defined = placeholders(t[field]);
    const values = params[field];
    for (const [k, v] of Object.entries(values)) {
      if (!defined.has(k))
        throw invalidField(`content.${name}.${k}`, `the template ${t.templateId} has no placeholder \${${k}} in ${field}`);
      if (field === 'text' && !isEscapedText(v))
        throw invalidField(`content.${name}.${k}`, `must escape < > " ' & as &lt; &gt; &quot; &#39; &amp;`);
    }
    for (const k of defined)
      if (values[k] === undefined) throw invalidField(`content.${name}`, `the template's placeholder \${${k}} in ${field} needs a value`);
    if (t[field] !== undefined) filled[field] = t[field]!.replace(PLACEHOLDER, (_m, k: string) => values[k]!);
  }
  const linkUri = filled.linkUri ?? filled.iLinkUri ?? filled.aLinkUri ?? '';
  if (filled.linkUri !== undefined) url(linkUri, 'content.linkUriParams');
  return {
    type: 'link',
    templateId: t.templateId,
    text: filled.text,
    ...(filled.subText ? { subText: filled.subText } : {}),
    linkText: filled.linkText ?? DEFAULT_LINK_TEXT,
    linkUri,
    previewUrl: previewUrl ?? t.previewUrl ?? channelIcon,
  };
}
