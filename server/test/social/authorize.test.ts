// GET /oauth2/v2.1/authorize and its consent page (spec part C): redirects with code or
// error, error pages for what cannot be trusted with a redirect, single use, the clock.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import {
  ALICE,
  authorize,
  authorizeQuery,
  BOB,
  consent,
  exchange,
  NATIVE,
  NATIVE_REDIRECT,
  redirectParams,
  REDIRECT,
  requestIdOf,
  SLEEPING,
  makeSocialKit,
} from './helpers.js';

let kit: Embedkit;
beforeEach(async () => (kit = await makeSocialKit({ demoOrigin: 'http://127.0.0.1:9999' })));
afterEach(() => kit.close());

describe('the consent page', () => {
  it('lists the scenario users and the scopes, escaped, with a strict CSP and no script', async () => {
    const res = await authorize(kit, authorizeQuery({ scope: 'profile openid chat_message.write' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:5173");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toContain('Sign in to Web &lt;Login&gt; &amp; Co');
    expect(res.text).toContain('Bob &lt;b&gt;');
    expect(res.text).not.toContain('Bob <b>');
    for (const user of [ALICE, BOB]) expect(res.text).toContain(`value="${user}"`);
    for (const scope of ['profile', 'openid', 'chat_message.write']) expect(res.text).toContain(`<strong>${scope}</strong>`);
    expect(res.text).toContain('action="/oauth2/v2.1/authorize/consent"');
  });

  it('preselects the login_hint user, else the first one', async () => {
    const hinted = await authorize(kit, { ...authorizeQuery(), login_hint: BOB });
    expect(hinted.text).toMatch(new RegExp(`value="${BOB}" checked`));
    const plain = await authorize(kit, authorizeQuery());
    expect(plain.text).toMatch(/name="userId" value="[^"]+" checked/);
  });
});

describe('the answer of the consent page', () => {
  it('approve redirects (303) to redirect_uri with code and state, keeping its own query', async () => {
    const q = authorizeQuery({ redirect_uri: 'http://127.0.0.1:5173/cb?keep=1' });
    const page = await authorize(kit, q);
    const res = await consent(kit, { request: requestIdOf(page.text), userId: BOB, decision: 'approve' });
    expect(res.status).toBe(303);
    const params = redirectParams(res.headers.location, 'http://127.0.0.1:5173/cb');
    expect(params.get('keep')).toBe('1');
    expect(params.get('state')).toBe('st-123');
    expect(params.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.has('error')).toBe(false);
  });

  it('deny redirects with error=access_denied and state, and no code', async () => {
    const page = await authorize(kit, authorizeQuery());
    const res = await consent(kit, { request: requestIdOf(page.text), userId: ALICE, decision: 'deny' });
    expect(res.status).toBe(303);
    const params = redirectParams(res.headers.location);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_description')).toBeTruthy();
    expect(params.get('state')).toBe('st-123');
    expect(params.has('code')).toBe(false);
  });

  it('answers a request once: a second answer gets the error page', async () => {
    const id = requestIdOf((await authorize(kit, authorizeQuery())).text);
    expect((await consent(kit, { request: id, userId: ALICE, decision: 'approve' })).status).toBe(303);
    const again = await consent(kit, { request: id, userId: ALICE, decision: 'approve' });
    expect(again.status).toBe(400);
    expect(again.headers.location).toBeUndefined();
    expect(again.text).toContain('already answered');
  });

  it('refuses an unknown user or decision with the error page and keeps the request usable', async () => {
    const id = requestIdOf((await authorize(kit, authorizeQuery())).text);
    const nobody = await consent(kit, { request: id, userId: 'Unobody', decision: 'approve' });
    expect(nobody.status).toBe(400);
    expect(nobody.headers.location).toBeUndefined();
    expect((await consent(kit, { request: id, userId: ALICE, decision: 'maybe' })).status).toBe(400);
    expect((await consent(kit, { request: id, userId: ALICE, decision: 'approve' })).status).toBe(303);
  });

  it('refuses an unknown request id, and a JSON body', async () => {
    expect((await consent(kit, { request: 'forged', userId: ALICE, decision: 'approve' })).status).toBe(400);
    const json = await request(kit.app).post('/oauth2/v2.1/authorize/consent').send({ request: 'x', decision: 'approve' });
    expect(json.status).toBe(400);
    expect(json.headers['content-type']).toContain('text/html');
  });

  it('lets the consent page expire after 10 minutes of simulated time', async () => {
    const id = requestIdOf((await authorize(kit, authorizeQuery())).text);
    kit.clock.advance(10 * 60 * 1000);
    const late = await consent(kit, { request: id, userId: ALICE, decision: 'approve' });
    expect(late.status).toBe(400);
    expect(late.headers.location).toBeUndefined();
    expect(late.text).toContain('expired');
  });
});

describe('requests that cannot be redirected: an error page, never a redirect', () => {
  it.each([
    ['no client_id', { client_id: undefined }, 'client_id is missing'],
    ['an unknown client_id', { client_id: '1999999999' }, 'Unknown client_id'],
    ['an inactive channel', { client_id: SLEEPING.id }, 'inactive'],
    ['no redirect_uri', { redirect_uri: undefined }, 'redirect_uri is missing'],
    ['a relative redirect_uri', { redirect_uri: '/callback' }, 'absolute URL'],
    ['a javascript: redirect_uri', { redirect_uri: 'javascript:alert(1)' }, 'http or https'],
    ['plain http on a public host', { redirect_uri: 'http://example.com/cb' }, 'must use https'],
    ['a fragment', { redirect_uri: 'https://example.com/cb#x' }, 'fragment'],
    ['a URL not registered for the channel', { client_id: NATIVE.id, redirect_uri: 'https://app.example.com/other' }, 'does not match'],
  ])('%s', async (_name, over, text) => {
    const res = await authorize(kit, authorizeQuery(over));
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain(text);
  });

  it('escapes what the request put in the page', async () => {
    const res = await authorize(kit, authorizeQuery({ client_id: '<img src=x onerror=alert(1)>' }));
    expect(res.status).toBe(400);
    expect(res.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.text).not.toContain('<img src=x');
  });
});

describe('redirect_uri rule', () => {
  it.each(['https://example.com/cb', 'http://localhost:3000/cb', 'http://127.0.0.1:8080/', 'http://[::1]:8080/x'])(
    'accepts %s on a channel without registered callback URLs',
    async (uri) => {
      expect((await authorize(kit, authorizeQuery({ redirect_uri: uri }))).status).toBe(200);
    },
  );

  it('accepts exactly the registered callback URLs, {demo_origin} expanded', async () => {
    expect((await authorize(kit, authorizeQuery({ client_id: NATIVE.id, redirect_uri: NATIVE_REDIRECT }))).status).toBe(200);
    expect((await authorize(kit, authorizeQuery({ client_id: NATIVE.id, redirect_uri: 'http://127.0.0.1:9999/demo/login/' }))).status).toBe(
      200,
    );
    expect((await authorize(kit, authorizeQuery({ client_id: NATIVE.id, redirect_uri: `${NATIVE_REDIRECT}?x=1` }))).status).toBe(400);
    expect((await authorize(kit, authorizeQuery({ client_id: NATIVE.id, redirect_uri: 'http://localhost:3000/cb' }))).status).toBe(400);
  });
});

describe('invalid parameters once the client and redirect_uri are checked: redirected errors', () => {
  it.each([
    ['no response_type', { response_type: undefined }, 'invalid_request'],
    ['response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
    ['no scope', { scope: undefined }, 'invalid_request'],
    ['an unknown scope', { scope: 'profile email' }, 'invalid_scope'],
  ])('%s → error=%s with the state', async (_name, over, error) => {
    const res = await authorize(kit, authorizeQuery(over));
    expect(res.status).toBe(302);
    const params = redirectParams(res.headers.location);
    expect(params.get('error')).toBe(error);
    expect(params.get('error_description')).toBeTruthy();
    expect(params.get('state')).toBe('st-123');
  });

  it('no state → error=invalid_request (without state)', async () => {
    const res = await authorize(kit, authorizeQuery({ state: undefined }));
    expect(res.status).toBe(302);
    const params = redirectParams(res.headers.location);
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('error_description')).toContain('state');
    expect(params.has('state')).toBe(false);
  });

  it('a parameter given twice → invalid_request', async () => {
    const res = await request(kit.app).get(
      `/oauth2/v2.1/authorize?response_type=code&client_id=${'1650000101'}&redirect_uri=${encodeURIComponent(REDIRECT)}&state=a&state=b&scope=profile`,
    );
    expect(res.status).toBe(302);
    expect(redirectParams(res.headers.location).get('error')).toBe('invalid_request');
  });
});

describe('codes', () => {
  it('are bound to the redirect_uri and client, single use, and die after 10 minutes', async () => {
    const q = authorizeQuery();
    const id = requestIdOf((await authorize(kit, q)).text);
    const code = redirectParams((await consent(kit, { request: id, userId: ALICE, decision: 'approve' })).headers.location).get('code')!;
    kit.clock.advance(10 * 60 * 1000);
    const late = await exchange(kit, code);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: 'invalid_grant', error_description: 'authorization code expired' });
  });
});
