/**
 * The body of a webhook sent again. The platform's published `webhook.yml` gives every event a
 * `deliveryContext: {isRedelivery}`: false on the first send, true on every later one (a retry
 * after a failed attempt, the host's Redeliver, a re-send after a restart or by another server),
 * so that a bot can tell a re-sent event (same `webhookEventId`) from a new one.
 */

/**
 * The stored body with `deliveryContext: {isRedelivery: true}` on each event of `events` (set
 * where the event has none, replaced where it has one, in the same place among its keys). A body
 * without an `events` array (a v1 callback, `{"result": [...]}`, whose events have no such field)
 * comes back unchanged.
 * @param body a delivery's stored body (JSON text, as signed on the first send)
 * @returns the body to send and sign; `body` itself when nothing changes
 */
export function redeliveryBody(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray((parsed as { events?: unknown }).events)) return body;
  const envelope = parsed as { events: unknown[] };
  return JSON.stringify({
    ...envelope,
    events: envelope.events.map((e) =>
      typeof e === 'object' && e !== null && !Array.isArray(e) ? { ...e, deliveryContext: { isRedelivery: true } } : e,
    ),
  });
}
