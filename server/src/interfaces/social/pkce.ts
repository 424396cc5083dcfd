/**
 * PKCE (RFC 7636) for the social login's public clients: an app page outside the host (the
 * `embedkit/liff` plugin's `liff.login()`, as the platform's LIFF SDK does) has no secret to keep,
 * so it proves at the token operation that it made the authorization request. LINE Login v2.1
 * takes `code_challenge` and `code_challenge_method=S256` on authorize and `code_verifier` on
 * `/oauth2/v2.1/token`. embedkit accepts S256 only: `plain` (RFC 7636 §4.2) would send the
 * verifier itself through the browser's address bar, and a missing method would default to it.
 */
import { createHash } from 'node:crypto';

/** An S256 challenge: base64url (no padding) of a SHA-256 digest, always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

/**
 * Reads the PKCE parameters of an authorization request.
 * @param query the request's query (`code_challenge`, `code_challenge_method`)
 * @returns `null` when the request has neither (a confidential client), `{challenge}` for a valid
 *   S256 request, or `{problem}`: the `error_description` of an `invalid_request` redirect.
 */
export function readChallenge(query: Record<string, unknown>): null | { challenge: string } | { problem: string } {
  const challenge = query.code_challenge;
  const method = query.code_challenge_method;
  if (Array.isArray(challenge) || Array.isArray(method)) return { problem: 'code_challenge and code_challenge_method are given once' };
  if ((challenge === undefined || challenge === '') && (method === undefined || method === '')) return null;
  if (typeof challenge !== 'string' || challenge === '') return { problem: 'code_challenge_method needs a code_challenge' };
  if (method === undefined || method === '') return { problem: 'code_challenge_method is required (S256)' };
  if (method !== 'S256') return { problem: `code_challenge_method ${String(method)} is not supported (use S256)` };
  if (!S256_CHALLENGE.test(challenge))
    return { problem: 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters)' };
  return { challenge };
}

/** The S256 challenge of a verifier: `BASE64URL(SHA256(ASCII(code_verifier)))` (RFC 7636 §4.2). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
