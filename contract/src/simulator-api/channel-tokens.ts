/**
 * The simulator API's `channelTokens` unit: a channel's assertion signing keys, with their schemas.
 * Its handlers: `server/src/tokens/simulator-routes.ts`.
 */
import { Type } from '@sinclair/typebox';
import { type Contract, defineContract } from '../route.js';

/** An assertion signing key registered for a channel: the kid a JWT assertion names it by. */
export const AssertionKeyViewSchema = Type.Object({ channelId: Type.String(), kid: Type.String() });

/**
 * Body of registering an assertion signing key: the public key as a JWK (RSA, RS256), as pasted in
 * the console; `kid` optional (default: the key's RFC 7638 thumbprint). Private members refused.
 */
export const AssertionKeyBodySchema = Type.Object(
  {
    kty: Type.Literal('RSA'),
    n: Type.String({ minLength: 1, maxLength: 2000, pattern: '^[A-Za-z0-9_-]+$' }),
    e: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
    kid: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' })),
    alg: Type.Optional(Type.Literal('RS256')),
    use: Type.Optional(Type.Literal('sig')),
  },
  { additionalProperties: false },
);

/** The `channelTokens` unit's routes, one slice of `SIMULATOR_API`. */
export const CHANNEL_TOKENS_ROUTES = defineContract({
  addAssertionKey: {
    method: 'POST',
    path: '/channels/:channelId/assertion-keys',
    summary: 'registers a public key (JWK) for a channel’s JWT assertions, as the console does; answers its kid',
    body: AssertionKeyBodySchema,
    answer: AssertionKeyViewSchema,
    unit: 'channelTokens',
  },
} satisfies Contract<'channelTokens'>);
