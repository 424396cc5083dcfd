/**
 * The declared shapes of the social login's requests (spec parts C and G), checked at the door of
 * their routes: the token operation's forms and the verify query in the OAuth format
 * (`{error: "invalid_request", error_description}`, each finding worded as "'<field>' must be
 * specified"), and the queries and forms whose refusals are published as something else (an error
 * page or a redirect of the authorization request, the v1 `invalid refreshToken`), declared as
 * what Express hands over (a string, or strings for a repeated name) and left to their service's
 * rules.
 */
import { KindGuard, Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import type { ErrorDetail } from '#contract/errors.js';
import { oauthError, type ApiError } from '../../http/errors.js';

/**
 * The refusal of a token operation's form or query at the door: 400 `{error: "invalid_request",
 * error_description}` with each finding's message, `; `-separated. Each message names its field
 * ("'code' must be specified", as the service always worded it), so no property is put before it
 * (the door would name a query's finding `query`).
 * @param details at least one finding
 */
export function invalidRequest(details: ErrorDetail[]): ApiError {
  return oauthError('invalid_request', details.map((d) => d.message).join('; '));
}

/** A form or query value as given: once (a string) or repeated (strings); never refused. */
const AsGiven = Type.Union([Type.String(), Type.Array(Type.String())]);

/** A field given once: "'<name>' must be given once" for a repeated one. */
const Once = (name: string, extra: { minLength?: number; pattern?: string; message?: string } = {}) =>
  Type.String({
    ...(extra.minLength !== undefined ? { minLength: extra.minLength } : {}),
    ...(extra.pattern !== undefined ? { pattern: extra.pattern } : {}),
    platformErrors: {
      type: { message: `'${name}' must be given once`, at: 'parent' },
      ...(extra.minLength !== undefined ? { minLength: { message: `'${name}' must be specified`, at: 'parent' } } : {}),
      ...(extra.pattern !== undefined ? { pattern: { message: extra.message, at: 'parent' } } : {}),
    },
  });
/** A field that must be given once and not empty: "'<name>' must be specified". */
const Given = (name: string) => Once(name, { minLength: 1 });

/** An object of `properties` whose required ones are refused as "'<name>' must be specified". */
function Form<P extends TProperties>(properties: P, extra: Record<string, unknown> = {}): TObject<P> {
  const required = Object.entries(properties).flatMap(([name, schema]) => (KindGuard.IsOptional(schema) ? [] : [name]));
  return Type.Object(properties, { platformErrors: { required: messages(required) }, ...extra });
}

/** "'<name>' must be specified" for each name. */
function messages(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, `'${n}' must be specified`]));
}

/** When `grant_type` is `grant`, the fields `names` must be given (each refused as "'<name>' must be specified"). */
function grantNeeds(grant: string, names: string[]) {
  return {
    if: { properties: { grant_type: { const: grant } }, required: ['grant_type'] },
    // The fields are declared again (as anything) because Ajv's strict mode wants a required name declared beside it.
    then: { properties: Object.fromEntries(names.map((n) => [n, {}])), required: names, platformErrors: { required: messages(names) } },
  };
}

/** RFC 7636 §4.1: 43 to 128 characters of `[A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~"`; empty is "not given". */
const VERIFIER = '^(?:[A-Za-z0-9._~-]{43,128})?$';

/**
 * `POST /oauth2/v2.1/token`'s form (spec part C): `grant_type`, and what its grant needs:
 * `authorization_code` needs `code`, `redirect_uri` and `client_id` (and a `client_secret` or a PKCE
 * `code_verifier`, the service's rule: which one decides the client), `refresh_token` needs
 * `refresh_token` and `client_id`. Other grant types pass the door: the service answers
 * `unsupported_grant_type`. Empty `client_secret` and `code_verifier` count as not given; other
 * fields are ignored.
 */
export const TokenForm = Form(
  {
    grant_type: Given('grant_type'),
    code: Type.Optional(Given('code')),
    redirect_uri: Type.Optional(Given('redirect_uri')),
    client_id: Type.Optional(Given('client_id')),
    client_secret: Type.Optional(Once('client_secret')),
    code_verifier: Type.Optional(
      Once('code_verifier', { pattern: VERIFIER, message: "'code_verifier' must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~" }),
    ),
    refresh_token: Type.Optional(Given('refresh_token')),
  },
  {
    allOf: [
      grantNeeds('authorization_code', ['code', 'redirect_uri', 'client_id']),
      grantNeeds('refresh_token', ['refresh_token', 'client_id']),
    ],
  },
);
/** A token form as the door lets it through. */
export type TokenForm = Static<typeof TokenForm>;

/** The authorization code grant's fields, as {@link TokenForm} requires them for that grant. */
export interface CodeGrant {
  code: string;
  redirect_uri: string;
  client_id: string;
  /** Empty or absent: a public client (PKCE). */
  client_secret?: string | undefined;
  /** Empty or absent: a confidential client. */
  code_verifier?: string | undefined;
}

/** The refresh token grant's fields, as {@link TokenForm} requires them for that grant. */
export interface RefreshGrant {
  refresh_token: string;
  client_id: string;
  /** Empty or absent: not given (required for a WEB channel, a rule of the channel). */
  client_secret?: string | undefined;
}

/**
 * The grant of a token form that passed the door, with the fields its grant requires.
 * @returns `undefined` for a grant type the platform does not support
 */
export function grantOf(
  form: TokenForm,
): { type: 'authorization_code'; fields: CodeGrant } | { type: 'refresh_token'; fields: RefreshGrant } | undefined {
  // The door refused a form of these grants without these fields (TokenForm's `allOf`).
  const { code = '', redirect_uri = '', client_id = '', refresh_token = '', client_secret, code_verifier } = form;
  if (form.grant_type === 'authorization_code')
    return { type: 'authorization_code', fields: { code, redirect_uri, client_id, client_secret, code_verifier } };
  if (form.grant_type === 'refresh_token') return { type: 'refresh_token', fields: { refresh_token, client_id, client_secret } };
  return undefined;
}

/** `POST /oauth2/v2.1/revoke`'s form (spec part C): the token, and the channel's credentials. */
export const RevokeForm = Form({
  access_token: Given('access_token'),
  client_id: Given('client_id'),
  client_secret: Given('client_secret'),
});

/** `GET /oauth2/v2.1/verify`'s query (spec part C). */
export const VerifyQuery = Form({ access_token: Given('access_token') });

/**
 * `GET /oauth2/v2.1/authorize`'s query (spec part C), as given: its refusals are an error page (for
 * the client and redirect_uri, which must be checked against the channel before any redirect) or a
 * redirect with `error` (RFC 6749 §4.1.2.1), so the authorization service reads each parameter in
 * that order, a repeated one included.
 */
export const AuthorizeQuery = Type.Object({
  response_type: Type.Optional(AsGiven),
  client_id: Type.Optional(AsGiven),
  redirect_uri: Type.Optional(AsGiven),
  state: Type.Optional(AsGiven),
  scope: Type.Optional(AsGiven),
  nonce: Type.Optional(AsGiven),
  code_challenge: Type.Optional(AsGiven),
  code_challenge_method: Type.Optional(AsGiven),
  login_hint: Type.Optional(AsGiven),
});
/** An authorization request's query, as given. */
export type AuthorizeQuery = Static<typeof AuthorizeQuery>;

/** The consent page's form (`request`, `decision`, `userId`), as given: every refusal is an error page. */
export const ConsentForm = Type.Object({
  request: Type.Optional(AsGiven),
  decision: Type.Optional(AsGiven),
  userId: Type.Optional(AsGiven),
});
/** A consent form as given. */
export type ConsentForm = Static<typeof ConsentForm>;

/**
 * `POST /v1/oauth/accessToken`'s form (spec part G), as given: a missing, repeated or unknown
 * `refreshToken` is the published 401 `invalid refreshToken`, answered after the access token is
 * looked for (401 `authentication scheme not found.` first).
 */
export const ReissueForm = Type.Object({ refreshToken: Type.Optional(AsGiven) });
/** A reissue form as given. */
export type ReissueForm = Static<typeof ReissueForm>;

/** `GET /v1/oauth/verify`'s query (spec part G), as given: `extend=true` adds `expire`, anything else does not. */
export const V1VerifyQuery = Type.Object({ extend: Type.Optional(AsGiven) });
