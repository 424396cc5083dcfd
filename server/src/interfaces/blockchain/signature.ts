/**
 * The signature of a blockchain request (spec "Authentication", part A, rules 3-9): what is
 * signed, and the HMAC-SHA512 over it. Pure functions: the same code signs (tests, the README's
 * example) and verifies (the server).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A JSON body value as the flattening sees it. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The flattened body (rules 5-8): `key=value` pairs joined by `&`, keys sorted ascending. An
 * array of objects gives one key per leaf, `parent.leaf`, whose value joins the elements' values
 * with commas; an element without the leaf contributes an empty string at its place, and a leaf
 * that no element has is left out. `null` counts as absent. Values are written raw (no URL
 * encoding). A nested object gives `parent.child` keys the same way; an array of plain values
 * joins them with commas.
 * @param body the parsed JSON body (an object), or undefined for none
 * @returns the pairs without a leading `?` or `&`; "" when the body has no keys
 */
export function flattenBody(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return '';
  const pairs = new Map<string, string>();
  collect(body as Record<string, Json>, '', pairs);
  return [...pairs.keys()]
    .sort()
    .map((k) => `${k}=${pairs.get(k)}`)
    .join('&');
}

function collect(obj: Record<string, Json>, prefix: string, out: Map<string, string>): void {
  for (const [key, value] of Object.entries(obj)) {
    const name = `${prefix}${key}`;
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) collectArray(name, value, out);
    else if (typeof value === 'object') collect(value, `${name}.`, out);
    else out.set(name, String(value));
  }
}

function collectArray(name: string, items: Json[], out: Map<string, string>): void {
  const objects = items.filter((i): i is Record<string, Json> => i !== null && typeof i === 'object' && !Array.isArray(i));
  if (objects.length === 0) {
    out.set(
      name,
      items
        .filter((i) => i !== null)
        .map((i) => String(i))
        .join(','),
    );
    return;
  }
  // Every leaf any element has; each element gives its value or "" at its place (rule 7).
  const leaves = new Set<string>();
  for (const o of objects) for (const [k, v] of Object.entries(o)) if (v !== null && v !== undefined) leaves.add(k);
  for (const leaf of leaves) {
    out.set(
      `${name}.${leaf}`,
      items
        .map((i) => {
          const v = i !== null && typeof i === 'object' && !Array.isArray(i) ? (i as Record<string, Json>)[leaf] : undefined;
          return v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
        })
        .join(','),
    );
  }
}

/**
 * The parameter string (rule 4): "" with neither query parameters nor body keys; else `?`, the
 * query in its original order (values decoded from their URL encoding, rule 8), then `&` and the
 * flattened body when both exist. `?` stands first even when only a body exists.
 * @param rawQuery the query string as requested, without `?` ("" for none)
 */
export function parameterString(rawQuery: string, body: unknown): string {
  const query = rawQuery
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      const [k, v] = eq === -1 ? [p, ''] : [p.slice(0, eq), p.slice(eq + 1)];
      return `${decode(k)}=${decode(v)}`;
    })
    .join('&');
  const flat = flattenBody(body);
  if (!query && !flat) return '';
  return `?${[query, flat].filter(Boolean).join('&')}`;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
}

/** The parts of a request that are signed. */
export interface SignedRequest {
  nonce: string;
  timestamp: string;
  /** HTTP method, any case (signed upper-case). */
  method: string;
  /** Request path without the query, e.g. `/v1/wallets`. */
  path: string;
  /** Query string as requested, without `?`. */
  query: string;
  /** Parsed JSON body, or undefined. */
  body?: unknown;
}

/** The signature input (rule 3): nonce, timestamp, upper-case method, path and parameter string, concatenated. */
export function signatureInput(r: SignedRequest): string {
  return `${r.nonce}${r.timestamp}${r.method.toUpperCase()}${r.path}${parameterString(r.query, r.body)}`;
}

/** Base64 of HMAC-SHA512 over the signature input, keyed with the API secret (rule 9). */
export function sign(apiSecret: string, r: SignedRequest): string {
  return createHmac('sha512', apiSecret).update(signatureInput(r)).digest('base64');
}

/** True when `signature` is the request's signature under `apiSecret` (constant-time compare). */
export function signatureMatches(apiSecret: string, r: SignedRequest, signature: string): boolean {
  return inputSignatureMatches(apiSecret, signatureInput(r), signature);
}

/**
 * {@link signatureMatches} for a signature input already made ({@link signatureInput}).
 * @param input the request's signature input
 */
export function inputSignatureMatches(apiSecret: string, input: string, signature: string): boolean {
  const expected = Buffer.from(createHmac('sha512', apiSecret).update(input).digest('base64'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
