/**
 * Message IDs as they cross HTTP: a stored message's ID is a positive integer, written in paths
 * and bodies as its decimal digits (the platform's message IDs are numeric strings).
 */

/**
 * The message ID `raw` names: decimal digits without a leading zero, at most 16 and within
 * `Number.MAX_SAFE_INTEGER`; undefined for anything else (a route answers its own 404 or 400).
 */
export function parseMessageId(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}
