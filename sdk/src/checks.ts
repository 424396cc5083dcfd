/**
 * Argument rules of the client SDK methods (spec part D, "Client SDK methods"). Shared by the SDK,
 * which checks before posting, and the host (`host/src/bridge/checks.ts`), which checks again
 * because it cannot trust what arrives over the port. Each function returns why the argument is
 * invalid, or `''` when it is valid, so that both sides word the error the same way.
 */

/** Spec part D, limit "Messages per sendMessages call". */
export const MAX_MESSAGES = 5;

/** True when `url` is a string holding an absolute `http:` or `https:` URL (relative URLs, `javascript:`, `data:` are not). */
export function isHttpUrl(url: unknown): boolean {
  try {
    return typeof url == 'string' && /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * Problem with an `openWindow` argument: it must be an object whose `url` is an absolute http(s)
 * URL and whose `external`, when present, is a boolean (spec: `url` String, required, absolute;
 * `external` Boolean, default false).
 */
export function openWindowProblem(params: unknown): string {
  if (typeof params != 'object' || !params) return 'params must be an object {url, external?}';
  const { url, external } = params as { url?: unknown; external?: unknown };
  if (!isHttpUrl(url)) return 'url must be an absolute http(s) URL';
  return external === undefined || typeof external == 'boolean' ? '' : 'external must be a boolean';
}

/** Problem with a `sendMessages` argument: it must be an array of 1 to {@link MAX_MESSAGES} objects (spec: "Array of message objects, required, max 5"). */
export function messagesProblem(messages: unknown): string {
  return Array.isArray(messages) &&
    messages.length > 0 &&
    messages.length <= MAX_MESSAGES &&
    messages.every((m) => typeof m == 'object' && m && !Array.isArray(m))
    ? ''
    : `messages must be an array of 1 to ${MAX_MESSAGES} message objects`;
}
