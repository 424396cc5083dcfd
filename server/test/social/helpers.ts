/** Setup of the social login tests: a kit on the social scenario and the sign-in steps over HTTP. */
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { expect } from 'vitest';
import type { Embedkit, EmbedkitOptions } from '../../src/kit/embedkit.js';
import { ALICE, BASE_URL, makeKit } from '../helpers.js';

export { ALICE, BASE_URL, BOB, CAROL, UTOU } from '../helpers.js';

export const SOCIAL = fileURLToPath(new URL('./fixtures/social.json', import.meta.url));
/** WEB, no callback URLs (any https or loopback http redirect_uri), bot linked. */
export const WEB = { id: '1650000101', secret: '0123456789abcdef0123456789abcdef' };
/** NATIVE, callback URLs registered, no linked bot. */
export const NATIVE = { id: '1650000102', secret: 'fedcba9876543210fedcba9876543210' };
/** Inactive from the start. */
export const SLEEPING = { id: '1650000103', secret: '00000000000000000000000000000003' };
export const REDIRECT = 'http://localhost:5173/callback';
export const NATIVE_REDIRECT = 'https://app.example.com/callback';

export const HOUR = 3600 * 1000;
export const DAY = 24 * HOUR;

/** An embedkit on the social scenario, in memory, silent, with a known public origin. */
export function makeSocialKit(options: EmbedkitOptions = {}): Promise<Embedkit> {
  return makeKit({ scenarioFile: SOCIAL, baseUrl: BASE_URL, ...options });
}

/** Query of an authorization request, with defaults that pass every check. */
export function authorizeQuery(over: Record<string, string | undefined> = {}): Record<string, string> {
  const q: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: WEB.id,
    redirect_uri: REDIRECT,
    state: 'st-123',
    scope: 'profile openid',
    nonce: 'n-456',
    ...over,
  };
  return Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));
}

/** `GET /oauth2/v2.1/authorize` with the query. */
export function authorize(kit: Embedkit, query: Record<string, string>) {
  return request(kit.app).get('/oauth2/v2.1/authorize').query(query);
}

/** The pending request id in a consent page. */
export function requestIdOf(page: string): string {
  const m = /name="request" value="([^"]+)"/.exec(page);
  if (!m?.[1]) throw new Error(`no request id in page:\n${page}`);
  return m[1];
}

/** `POST /oauth2/v2.1/authorize/consent`. */
export function consent(kit: Embedkit, fields: Record<string, string>) {
  return request(kit.app).post('/oauth2/v2.1/authorize/consent').type('form').send(fields);
}

/** The query parameters of a redirect answer's Location, checking it goes to `base`. */
export function redirectParams(location: string | undefined, base = REDIRECT): URLSearchParams {
  expect(location).toBeDefined();
  const url = new URL(location!);
  expect(`${url.origin}${url.pathname}`).toBe(base);
  return url.searchParams;
}

/** The whole consent step: authorize, pick `userId`, approve. @returns the code. */
export async function getCode(kit: Embedkit, over: Record<string, string | undefined> = {}, userId = ALICE): Promise<string> {
  const q = authorizeQuery(over);
  const page = await authorize(kit, q);
  expect(page.status).toBe(200);
  const answer = await consent(kit, { request: requestIdOf(page.text), userId, decision: 'approve' });
  expect(answer.status).toBe(303);
  const params = redirectParams(answer.headers.location, q.redirect_uri);
  expect(params.get('state')).toBe(q.state);
  return params.get('code')!;
}

/** `POST /oauth2/v2.1/token` with a form. */
export function tokenCall(kit: Embedkit, fields: Record<string, string>) {
  return request(kit.app).post('/oauth2/v2.1/token').type('form').send(fields);
}

/** Exchanges a code of {@link getCode} (WEB channel, default redirect_uri). */
export function exchange(kit: Embedkit, code: string, over: Record<string, string> = {}) {
  return tokenCall(kit, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: WEB.id,
    client_secret: WEB.secret,
    ...over,
  });
}

/** Tokens of a full sign-in (consent, code, token). */
export async function signIn(
  kit: Embedkit,
  over: Record<string, string | undefined> = {},
  userId = ALICE,
): Promise<{ access_token: string; refresh_token: string; id_token?: string; scope: string; expires_in: number }> {
  const code = await getCode(kit, over, userId);
  const res = await exchange(kit, code);
  expect(res.status).toBe(200);
  return res.body;
}

/** Refresh grant on the WEB channel. */
export function refreshCall(kit: Embedkit, refreshToken: string, over: Record<string, string | undefined> = {}) {
  const fields = Object.fromEntries(
    Object.entries({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: WEB.id,
      client_secret: WEB.secret,
      ...over,
    }).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return tokenCall(kit, fields);
}

/** `GET /oauth2/v2.1/verify?access_token=`. */
export function verifyCall(kit: Embedkit, accessToken: string) {
  return request(kit.app).get('/oauth2/v2.1/verify').query({ access_token: accessToken });
}

export const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
