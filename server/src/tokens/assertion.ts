/**
 * JWT assertions of channel access tokens v2.1 and stateless ones (the published document
 * `channel-access-token.yml`: `issueChannelTokenByJWT`, `getsAllValidChannelAccessTokenKeyIds`,
 * `issueStatelessChannelToken`; `docs/platform/channel-access-tokens.md`): a JWT the developer signs (RS256)
 * with the private key of an assertion signing key, verified with the public key (JWK) the channel
 * registered under the JWT header's `kid`. Times on the simulated clock.
 */
import type * as Jose from 'jose';
import type { JWK, JWTPayload } from 'jose';
import type { Clock } from '../clock/clock.js';
import { oauthError } from '../http/errors.js';
import type { AssertionKeyRow, AssertionKeyStore } from './assertion-key-store.js';

/** The only `client_assertion_type` the platform takes. */
export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** The `aud` the platform documents; embedkit also takes its own base URL (see {@link AssertionVerifier}). */
export const PLATFORM_AUDIENCE = 'https://api.line.me/';
/** Latest `exp` of an assertion, after the current time (ms): 30 minutes, as the platform documents. */
export const MAX_ASSERTION_LIFE_MS = 30 * 60 * 1000;
/** Longest `token_exp` of a v2.1 token, in seconds: 30 days, as the platform documents. */
export const MAX_TOKEN_EXP_S = 30 * 24 * 60 * 60;
/** Shortest RSA modulus of an assertion signing key, in bits (the platform asks for RSA 2048). */
export const MIN_RSA_BITS = 2048;

// jose is loaded at the first assertion key or JWT assertion, not at start: a server whose
// channels use no v2.1 or stateless token by JWT never holds its memory.
let loadingJose: Promise<typeof Jose> | undefined;
const loadJose = (): Promise<typeof Jose> => (loadingJose ??= import('jose'));

/** A verified assertion: the channel it speaks for and its claims. */
export interface VerifiedAssertion {
  channelId: string;
  claims: JWTPayload;
}

/** A public key as registered: its key ID and the JWK (with that `kid`). */
export interface AssertionKey {
  kid: string;
  jwk: JWK;
}

/** What verifying reads of a channel: whether it exists. */
export interface AssertionChannels {
  channel(channelId: string): Promise<{ channel_id: string } | undefined>;
}

/**
 * The key ID and stored form of a public RSA key: its own `kid` when it has one, else its
 * RFC 7638 thumbprint (SHA-256, base64url).
 * @throws Error with a readable reason when the JWK is not a public RSA signing key of at least
 *   {@link MIN_RSA_BITS} bits (a private key is refused: the platform never sees one)
 */
export async function assertionKeyOf(jwk: JWK): Promise<AssertionKey> {
  if (jwk.kty !== 'RSA' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string')
    throw new Error('the key must be an RSA public key (kty RSA, n, e)');
  if (['d', 'p', 'q', 'dp', 'dq', 'qi'].some((m) => m in jwk)) throw new Error('the key is a private key: register its public part only');
  if (jwk.alg !== undefined && jwk.alg !== 'RS256') throw new Error('alg must be RS256');
  if (jwk.use !== undefined && jwk.use !== 'sig') throw new Error('use must be sig');
  if (Buffer.from(jwk.n, 'base64url').length * 8 < MIN_RSA_BITS) throw new Error(`the RSA modulus must have at least ${MIN_RSA_BITS} bits`);
  const { importJWK, calculateJwkThumbprint } = await loadJose();
  try {
    await importJWK({ kty: 'RSA', n: jwk.n, e: jwk.e }, 'RS256');
  } catch {
    throw new Error('the key is not a valid RSA public key');
  }
  const kid = jwk.kid ?? (await calculateJwkThumbprint({ kty: 'RSA', n: jwk.n, e: jwk.e }, 'sha256'));
  const stored: JWK = { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RS256', use: 'sig', kid };
  return { kid, jwk: stored };
}

/** Verifies JWT assertions against the channels' registered keys, on the simulated clock. */
export class AssertionVerifier {
  /**
   * @param audiences the `aud` values taken: {@link PLATFORM_AUDIENCE} and embedkit's base URL (with
   *   or without the trailing slash), read at each call since the port is known only once listening
   */
  constructor(
    private readonly keys: AssertionKeyStore,
    private readonly channels: AssertionChannels,
    private readonly clock: Clock,
    private readonly audiences: () => string[],
  ) {}

  /**
   * Checks `client_assertion_type` and `client_assertion` of a form or query: header `alg` RS256
   * and a `kid` the channel registered, `iss` = `sub` = a channel ID, `aud` one of the audiences,
   * a valid signature, `exp` not passed and at most 30 minutes ahead.
   * @throws ApiError 400 `invalid_request` (a field missing or malformed, `exp` too far ahead) or
   *   `invalid_client` (unknown channel or kid, wrong signature, audience or issuer, expired), in
   *   the OAuth error format
   */
  async verify(fields: Record<string, unknown>): Promise<VerifiedAssertion> {
    const type = fields.client_assertion_type;
    const jwt = fields.client_assertion;
    if (typeof type !== 'string' || type === '') throw oauthError('invalid_request', "'client_assertion_type' must be specified");
    if (type !== JWT_BEARER) throw oauthError('invalid_request', `client_assertion_type must be ${JWT_BEARER}`);
    if (typeof jwt !== 'string' || jwt === '') throw oauthError('invalid_request', "'client_assertion' must be specified");
    const { decodeProtectedHeader, decodeJwt } = await loadJose();
    let header: ReturnType<typeof Jose.decodeProtectedHeader>;
    let unverified: JWTPayload;
    try {
      header = decodeProtectedHeader(jwt);
      unverified = decodeJwt(jwt);
    } catch {
      throw oauthError('invalid_request', 'client_assertion is not a signed JWT');
    }
    if (header.alg !== 'RS256') throw oauthError('invalid_client', 'client_assertion must be signed with RS256');
    if (typeof header.kid !== 'string' || header.kid === '')
      throw oauthError('invalid_request', "the JWT header must carry the 'kid' of an assertion signing key");
    const channelId = unverified.iss;
    if (typeof channelId !== 'string' || channelId === '' || unverified.sub !== channelId)
      throw oauthError('invalid_client', "'iss' and 'sub' must both be the channel ID");
    if (!(await this.channels.channel(channelId))) throw oauthError('invalid_client', 'invalid client_assertion: unknown channel');
    const key = await this.keys.find(channelId, header.kid);
    if (!key) throw oauthError('invalid_client', `invalid client_assertion: no assertion signing key '${header.kid}' on this channel`);
    const now = this.clock.now();
    const claims = await this.checkSignature(jwt, key, now);
    if ((claims.exp as number) * 1000 > now + MAX_ASSERTION_LIFE_MS)
      throw oauthError('invalid_request', "'exp' must be at most 30 minutes after the current time");
    return { channelId, claims };
  }

  private async checkSignature(jwt: string, key: AssertionKeyRow, now: number): Promise<JWTPayload> {
    const { importJWK, jwtVerify, errors } = await loadJose();
    const publicKey = await importJWK(JSON.parse(key.jwk) as JWK, 'RS256');
    try {
      const { payload } = await jwtVerify(jwt, publicKey, {
        algorithms: ['RS256'],
        audience: this.audiences(),
        currentDate: new Date(now),
        requiredClaims: ['exp', 'aud'],
      });
      return payload;
    } catch (e) {
      if (e instanceof errors.JWSSignatureVerificationFailed)
        throw oauthError('invalid_client', 'invalid client_assertion: invalid signature');
      if (e instanceof errors.JWTExpired) throw oauthError('invalid_client', "invalid client_assertion: the JWT has expired ('exp')");
      if (e instanceof errors.JWTClaimValidationFailed) {
        if (e.claim === 'aud') throw oauthError('invalid_client', `invalid client_assertion: 'aud' must be ${PLATFORM_AUDIENCE}`);
        throw oauthError(
          'invalid_request',
          `invalid client_assertion: '${e.claim}' ${e.reason === 'missing' ? 'must be specified' : 'is invalid'}`,
        );
      }
      if (e instanceof errors.JOSEError) throw oauthError('invalid_request', 'client_assertion is not a signed JWT');
      throw e;
    }
  }
}
