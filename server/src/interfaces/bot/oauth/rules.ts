/**
 * The shapes of the channel access token operations' forms and queries (published
 * `channel-access-token.yml`; docs/platform/channel-access-tokens.md), checked at the door in the
 * OAuth error format: a field missing, empty or given twice is `invalid_request` with the
 * platform's words (`'client_id' must be specified`). The values' meaning (the grant type, the
 * client, the assertion, the token) is the token service's rules (`tokens/channel-tokens.ts`).
 */
import { Type, type TObject, type TString } from '@sinclair/typebox';

/** A field given once and not empty, worded as the platform words its absence. */
const Field = (name: string) =>
  Type.String({
    minLength: 1,
    platformErrors: {
      minLength: { message: `'${name}' must be specified`, at: 'parent' },
      type: { message: `'${name}' must be given once`, at: 'parent' },
    },
  });

/** An object of required {@link Field}s, each missing one worded as an empty one. */
function fields<const N extends string>(...names: N[]): TObject<Record<N, TString>> {
  return Type.Object(Object.fromEntries(names.map((n) => [n, Field(n)])) as Record<N, TString>, {
    platformErrors: { required: Object.fromEntries(names.map((n) => [n, `'${n}' must be specified`])) },
  });
}

/** `issueChannelToken`'s form (`POST /v2/oauth/accessToken`). */
export const IssueTokenForm = fields('grant_type', 'client_id', 'client_secret');
/** `revokeChannelToken`'s form (`POST /v2/oauth/revoke`) and `verifyChannelToken`'s (`POST /v2/oauth/verify`). */
export const AccessTokenForm = fields('access_token');
/** `verifyChannelTokenByJWT`'s query (`GET /oauth2/v2.1/verify`). */
export const AccessTokenQuery = fields('access_token');
/** `issueChannelTokenByJWT`'s form (`POST /oauth2/v2.1/token`). */
export const IssueTokenByJwtForm = fields('grant_type', 'client_assertion_type', 'client_assertion');
/** `getsAllValidChannelAccessTokenKeyIds`' query (`GET /oauth2/v2.1/tokens/kid`). */
export const KeyIdsQuery = fields('client_assertion_type', 'client_assertion');
/** `revokeChannelTokenByJWT`'s form (`POST /oauth2/v2.1/revoke`). */
export const RevokeTokenByJwtForm = fields('client_id', 'client_secret', 'access_token');

/**
 * `issueStatelessChannelToken`'s form (`POST /oauth2/v3/token`): `grant_type`, and the client
 * either by JWT assertion (`client_assertion_type` and `client_assertion`, when either is sent) or
 * by `client_id` and `client_secret`.
 */
export const IssueStatelessTokenForm = Type.Unsafe<{
  grant_type: string;
  client_assertion_type?: string;
  client_assertion?: string;
  client_id?: string;
  client_secret?: string;
}>({
  type: 'object',
  properties: {
    grant_type: Field('grant_type'),
    client_assertion_type: Field('client_assertion_type'),
    client_assertion: Field('client_assertion'),
    client_id: Field('client_id'),
    client_secret: Field('client_secret'),
  },
  required: ['grant_type'],
  platformErrors: { required: { grant_type: "'grant_type' must be specified" } },
  if: {
    anyOf: [
      { properties: { client_assertion: {} }, required: ['client_assertion'] },
      { properties: { client_assertion_type: {} }, required: ['client_assertion_type'] },
    ],
  },
  then: fields('client_assertion_type', 'client_assertion'),
  else: fields('client_id', 'client_secret'),
});
