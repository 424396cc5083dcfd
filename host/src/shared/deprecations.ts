/**
 * Deprecated things of the spec's Versioning part: the `leave` beacon type and the
 * `text` field of the postback action. Found in what the panels show (a webhook body, messages in
 * the preview) so that they can say so. Pure.
 */

/** One deprecated use: where (a JSON path such as `messages[0].template.actions[1].text`) and why. */
export interface Deprecation {
  path: string;
  message: string;
}

/** Deprecated uses in messages (or any JSON): postback actions that carry `text`. */
export function messageDeprecations(value: unknown, path = ''): Deprecation[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => messageDeprecations(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const o = value as Record<string, unknown>;
  const here: Deprecation[] =
    o.type === 'postback' && 'text' in o
      ? [
          {
            path: `${path}.text`.replace(/^\./, ''),
            message: 'the postback action’s text is deprecated (spec Versioning): use displayText',
          },
        ]
      : [];
  return [...here, ...Object.entries(o).flatMap(([k, v]) => messageDeprecations(v, path ? `${path}.${k}` : k))];
}

/** Deprecated uses in a webhook body: beacon events of type `leave`. */
export function webhookDeprecations(body: string): Deprecation[] {
  let parsed: { events?: { type?: string; beacon?: { type?: string } }[] };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return [];
  }
  return (parsed.events ?? []).flatMap((e, i) =>
    e?.type === 'beacon' && e.beacon?.type === 'leave'
      ? [{ path: `events[${i}].beacon.type`, message: 'the leave beacon type is deprecated (spec Versioning)' }]
      : [],
  );
}
