/**
 * `liff.getDecodedIDToken()`: the payload of the ID token (a JWT), decoded without verifying it,
 * as the platform's SDK hands it to the app (the app's server verifies the token itself).
 */

/** The JWT payload of `idToken` as an object, or null when it is not a JWT with a JSON payload. */
export function decodeIdToken(idToken: string | undefined): Record<string, unknown> | null {
  const part = idToken?.split('.')[1];
  if (!part) return null;
  try {
    const bin = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
