// PKCE on the social login (RFC 7636, S256; LINE Login v2.1: code_challenge and
// code_challenge_method on authorize, code_verifier on the token operation): a public client (an
// app page outside the host) signs in without a secret; the confidential path is unchanged.
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import {
  authorize,
  authorizeQuery,
  bearer,
  exchange,
  getCode,
  makeSocialKit,
  NATIVE,
  NATIVE_REDIRECT,
  REDIRECT,
  tokenCall,
  WEB,
} from './helpers.js';

let kit: Embedkit;
beforeEach(async () => (kit = await makeSocialKit()));
afterEach(() => kit.close());

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
/** RFC 7636 appendix B: the S256 challenge of the verifier above. */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const PKCE = { code_challenge: CHALLENGE, code_challenge_method: 'S256' };

/** The token operation of a public client: no secret, the verifier. */
function publicExchange(code: string, over: Record<string, string | undefined> = {}) {
  const fields = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: WEB.id, code_verifier: VERIFIER, ...over };
  return tokenCall(kit, Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined)));
}

describe('authorize with PKCE', () => {
  it('computes the RFC 7636 example challenge', () => {
    expect(createHash('sha256').update(VERIFIER).digest('base64url')).toBe(CHALLENGE);
  });

  it('signs a public client in: the verifier alone gives the tokens', async () => {
    const code = await getCode(kit, PKCE);
    const res = await publicExchange(code);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ scope: 'profile openid', token_type: 'Bearer' });
    expect(typeof res.body.id_token).toBe('string');
    expect((await request(kit.app).get('/v2/profile').set(bearer(res.body.access_token))).status).toBe(200);
  });

  it.each([
    ['plain method', { code_challenge: VERIFIER, code_challenge_method: 'plain' }, 'plain is not supported'],
    ['no method', { code_challenge: CHALLENGE }, 'code_challenge_method is required'],
    ['a method without a challenge', { code_challenge_method: 'S256' }, 'needs a code_challenge'],
    ['a challenge of the wrong shape', { code_challenge: 'short', code_challenge_method: 'S256' }, '43 characters'],
  ])('redirects invalid_request for %s', async (_name, over, text) => {
    const res = await authorize(kit, authorizeQuery(over));
    expect(res.status).toBe(302);
    const params = new URL(String(res.headers.location)).searchParams;
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('error_description')).toContain(text);
    expect(params.get('state')).toBe('st-123');
  });

  it("sends a public client back only to the origin of one of the channel's apps or a registered callback URL", async () => {
    // Accepted without PKCE (a loopback URL on a channel without callback URLs), refused with it.
    const other = 'http://localhost:4000/callback';
    expect((await authorize(kit, authorizeQuery({ redirect_uri: other }))).status).toBe(200);
    for (const uri of [other, 'https://evil.example/callback']) {
      const res = await authorize(kit, authorizeQuery({ redirect_uri: uri, ...PKCE }));
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).toContain('origin of one of the channel');
    }
    // Any page on the app's origin (its endpoint URL http://localhost:5173/app/).
    expect((await authorize(kit, authorizeQuery({ redirect_uri: 'http://localhost:5173/other/page?x=1', ...PKCE }))).status).toBe(200);
    // A registered callback URL of a channel without apps.
    const native = authorizeQuery({ client_id: NATIVE.id, redirect_uri: NATIVE_REDIRECT, ...PKCE });
    expect((await authorize(kit, native)).status).toBe(200);
  });
});

describe('the token operation with PKCE', () => {
  it('answers invalid_grant for a wrong verifier, and the code still works with the right one', async () => {
    const code = await getCode(kit, PKCE);
    const wrong = await publicExchange(code, { code_verifier: 'x'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('does not match') });
    expect((await publicExchange(code)).status).toBe(200);
  });

  it('answers invalid_grant without the verifier for a PKCE code, even with the secret', async () => {
    const code = await getCode(kit, PKCE);
    const res = await exchange(kit, code);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier') });
  });

  it('answers invalid_request with neither secret nor verifier, and for a verifier of the wrong shape', async () => {
    const code = await getCode(kit, PKCE);
    const neither = await publicExchange(code, { code_verifier: undefined });
    expect(neither.body).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('client_secret') });
    const bad = await publicExchange(code, { code_verifier: 'has spaces '.repeat(5) });
    expect(bad.body).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('code_verifier') });
    expect((await publicExchange(code, { code_verifier: 'a'.repeat(129) })).body.error).toBe('invalid_request');
  });

  it('refuses a verifier for a code issued without a challenge (no downgrade)', async () => {
    const code = await getCode(kit);
    const res = await publicExchange(code);
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('no code_challenge') });
  });

  it('keeps the confidential client unchanged: a secret and no verifier', async () => {
    const code = await getCode(kit);
    expect((await exchange(kit, code)).status).toBe(200);
  });

  it('answers invalid_client for an unknown channel without a secret, invalid_grant for a code of another channel', async () => {
    const code = await getCode(kit, PKCE);
    expect((await publicExchange(code, { client_id: '1999999999' })).body.error).toBe('invalid_client');
    expect((await publicExchange(code, { client_id: NATIVE.id })).body.error).toBe('invalid_grant');
  });
});

describe('CORS of the calls an app page makes', () => {
  it("answers the preflight and the calls of any origin; embedkit's own API stays closed", async () => {
    const origin = 'http://localhost:5173';
    const pre = await request(kit.app)
      .options('/v2/profile')
      .set({ Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-headers']).toContain('Authorization');
    const code = await getCode(kit, PKCE);
    const token = await publicExchange(code).set('Origin', origin);
    expect(token.headers['access-control-allow-origin']).toBe('*');
    const friendship = await request(kit.app)
      .get('/friendship/v1/status')
      .set({ Origin: origin, ...bearer(token.body.access_token) });
    expect(friendship.status).toBe(200);
    expect(friendship.headers['access-control-allow-origin']).toBe('*');
    const own = await request(kit.app).get('/embedkit/v1/apps').set('Origin', origin);
    expect(own.status).toBe(403);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
  });
});
