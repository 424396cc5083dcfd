/**
 * Request bodies of the embedded app server API (spec part D, "D. Embedded app objects" and the
 * endpoint table).
 */
import { Type } from '@sinclair/typebox';
import { isLoopbackHost } from '../../http/loopback.js';
import { compile } from '../../http/validate.js';

/** `view` object: `type` and `url` (scheme rules are checked by {@link checkViewUrl}). */
export const ViewSchema = Type.Object(
  {
    // View types of spec part D: compact = 50%, tall = 80%, full = 100% of the screen height.
    type: Type.Unsafe<'compact' | 'tall' | 'full'>({ type: 'string', enum: ['compact', 'tall', 'full'] }),
    url: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  { additionalProperties: false },
);

/** Body of `POST /embed/v1/apps`. */
export const AddAppBodySchema = Type.Object({ view: ViewSchema }, { additionalProperties: false });

export const checkAddAppBody = compile(AddAppBodySchema);
/** Body of `PUT /embed/v1/apps/<embed_id>/view` is a view object. */
export const checkViewBody = compile(ViewSchema);

/**
 * The spec requires an https view URL (part D "view"). embedkit also accepts plain http for
 * loopback hosts (localhost, 127.0.0.0/8, [::1]) so that apps served on the developer's machine work.
 * @returns an error message, or null when the URL is acceptable
 */
export function checkViewUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Must be an absolute URL';
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return null;
  return 'invalid uri scheme: the URL must use https (http is accepted for loopback hosts only)';
}
