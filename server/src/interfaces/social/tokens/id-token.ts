/** The ID token of social login v2.1 (spec part C), issued with a token pair when the scope has `openid`. */
import { ID_TOKEN_LIFE_S } from '../../../limits.js';
import { pictureUrl } from '../../../world/profiles.js';
import type { ChannelRow, UserRow } from '../../../world/world-store.js';

/**
 * The ID token's `iss`, always the platform's (LINE Login "Verify ID token": `iss` is
 * `https://access.line.me`), whichever origin issued it: an app that checks it as the LINE Login
 * docs say passes unchanged, pointed at embedkit or routed to it by `embedkit/register`.
 */
export const ID_TOKEN_ISSUER = 'https://access.line.me';

/**
 * The ID token: a JWT signed with HS256 and the channel secret, with `iss`
 * ({@link ID_TOKEN_ISSUER}), `sub` (user ID), `aud` (channel ID), `exp` (1 hour), `iat`, `nonce` (when the
 * request had one), and with the `profile` scope `name` and `picture` (when the user has one): the
 * profile claims come with the profile scope alone (LINE Login docs, "Verify ID token": the
 * payload's `name` and `picture` are "Included when the `profile` scope is specified"; the LINE
 * MINI App docs' "LINE MINI App authorization flow": an ID token of a MINI App started with
 * `openid` alone has no profile information). Times are simulated seconds.
 * @param t `scopes`: the token's granted scopes; `now`: the clock's time (ms); `issuer`: the
 *   server's public origin, where pictures are served (not the `iss`)
 * @returns the compact JWT
 */
export async function signIdToken(t: {
  channel: ChannelRow;
  user: UserRow;
  nonce: string | null;
  scopes: readonly string[];
  now: number;
  issuer: string;
}): Promise<string> {
  const { channel, user, nonce, now, issuer } = t;
  // Loaded at the first sign-in, not at start (a server that signs no one in never holds its memory).
  const { SignJWT } = await import('jose');
  const iat = Math.floor(now / 1000);
  const claims: Record<string, unknown> = {};
  if (nonce) claims.nonce = nonce;
  if (t.scopes.includes('profile')) {
    claims.name = user.display_name;
    if (user.has_picture) claims.picture = pictureUrl(issuer, user.user_id);
  }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ID_TOKEN_ISSUER)
    .setSubject(user.user_id)
    .setAudience(channel.channel_id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ID_TOKEN_LIFE_S)
    .sign(new TextEncoder().encode(channel.secret));
}
