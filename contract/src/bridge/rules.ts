/**
 * Argument rules of the bridge methods, as plain functions of one value (spec part D, "Client SDK
 * methods"). The map of bridge methods (`protocol.ts`, beside it) assigns them: the SDK and the mock apply a
 * method's spec rule before posting, the host applies it again, because it cannot trust what
 * arrives over the port. Each rule returns why the value is invalid, or `''` when it is valid, so
 * that every side words the error the same way. The rules only the wire needs are the host's
 * (`host/src/app/bridge/wire.ts`): they stay out of the page's bundle.
 *
 * A leaf module: limits come in as arguments, so that `protocol.ts` can hold both the limits and
 * the map without an import circle.
 */

/** True when `url` is a string holding an absolute `http:` or `https:` URL (relative URLs, `javascript:`, `data:` are not). */
export function isHttpUrl(url: unknown): boolean {
  try {
    return typeof url == 'string' && /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * Whether a URL is LINE Pay's app link to a payment (`info.paymentUrl.app` of the Online API v3's
 * request: `line://pay/payment/<token>`), which the LINE app opens as LINE Pay's payment page.
 */
export function isLinePayAppLink(url: unknown): url is string {
  return typeof url == 'string' && /^line:\/\/pay\/payment\/[A-Za-z0-9_-]{1,200}$/.test(url);
}

/** The payment page a LINE Pay app link stands for, on `{linepay_base_url}` (`linepayBase`). */
export function linePayPageOf(linepayBase: string, appLink: string): string {
  return `${linepayBase}/web/payment/wait?transactionReserveId=${encodeURIComponent(appLink.slice('line://pay/payment/'.length))}`;
}

/**
 * Problem with an `openWindow` argument: it must be an object whose `url` is an absolute http(s)
 * URL (or LINE Pay's app link, which the LINE app opens too) and whose `external`, when present,
 * is a boolean (spec: `url` String, required, absolute; `external` Boolean, default false).
 */
export function openWindowProblem(params: unknown): string {
  if (typeof params != 'object' || !params) return 'params must be an object {url, external?}';
  const { url, external } = params as { url?: unknown; external?: unknown };
  if (!isHttpUrl(url) && !isLinePayAppLink(url)) return 'url must be an absolute http(s) URL';
  return external === undefined || typeof external == 'boolean' ? '' : 'external must be a boolean';
}

/**
 * The rule of a `sendMessages` argument: an array of 1 to `max` objects (spec: "Array of message
 * objects, required, max 5").
 * @param max most messages per call (spec part D, limit "Messages per sendMessages call")
 */
export function messagesRule(max: number): (messages: unknown) => string {
  return (messages) =>
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.length <= max &&
    messages.every((m) => typeof m == 'object' && m && !Array.isArray(m))
      ? ''
      : `messages must be an array of 1 to ${max} message objects`;
}
