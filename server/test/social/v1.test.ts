// The social interface v1 (spec part G, deprecated): logout, reissue, verify, both token headers,
// the Deprecation header, and every row of the spec's v1 error table that applies to it.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { ALICE, bearer, DAY, HOUR, makeSocialKit, refreshCall, signIn, verifyCall, WEB } from './helpers.js';

let kit: Embedkit;
beforeEach(async () => {
  kit = await makeSocialKit();
});
afterEach(() => kit.close());

type Auth = { Authorization: string } | { 'X-Service-ChannelToken': string } | Record<string, never>;
const viaBearer = (t: string): Auth => bearer(t);
const viaLegacy = (t: string): Auth => ({ 'X-Service-ChannelToken': t });

const verify = (auth: Auth, query: Record<string, string> = {}) => request(kit.app).get('/v1/oauth/verify').query(query).set(auth);
const reissue = (auth: Auth, refreshToken?: string) =>
  request(kit.app)
    .post('/v1/oauth/accessToken')
    .set(auth)
    .type('form')
    .send(refreshToken === undefined ? {} : { refreshToken });
const logout = (auth: Auth) => request(kit.app).delete('/v1/oauth/logout').set(auth);
const invalidate = (reason: 'platform' | 'unlinked') =>
  request(kit.app).post('/embedkit/v1/tokens/invalidate').send({ userId: ALICE, channelId: WEB.id, reason }).expect(200);
const deactivate = () => request(kit.app).patch(`/embedkit/v1/channels/${WEB.id}`).send({ active: false }).expect(200);

/** Asserts a v1 error: HTTP status, body `{statusCode, statusMessage}`, and the Deprecation header. */
function expectV1Error(res: request.Response, status: number, statusCode: string, statusMessage: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ statusCode, statusMessage });
  expect(res.headers.deprecation).toBe('true');
}

describe('GET /v1/oauth/verify', () => {
  it.each([
    ['Authorization: Bearer', viaBearer],
    ['the deprecated X-Service-ChannelToken', viaLegacy],
  ])('answers channelId and mid with %s, and expire with extend=true', async (_name, auth) => {
    const { access_token } = await signIn(kit);
    const res = await verify(auth(access_token));
    expect(res.status).toBe(200);
    expect(res.headers.deprecation).toBe('true');
    expect(res.body).toEqual({ channelId: Number(WEB.id), mid: ALICE });
    const extended = await verify(auth(access_token), { extend: 'true' });
    expect(extended.body.expire).toBeGreaterThan(kit.clock.now() + 30 * DAY - 5000);
    expect(extended.body.expire).toBeLessThanOrEqual(kit.clock.now() + 30 * DAY);
    expect((await verify(auth(access_token), { extend: 'false' })).body).not.toHaveProperty('expire');
  });

  it('no access token given: 401 / 401 authentication scheme not found.', async () => {
    expectV1Error(await verify({}), 401, '401', 'authentication scheme not found.');
    expectV1Error(await verify({ Authorization: 'Basic abc' }), 401, '401', 'authentication scheme not found.');
  });

  it('access token never issued: 401 / 401 invalid token', async () => {
    expectV1Error(await verify(viaBearer('never-issued')), 401, '401', 'invalid token');
  });

  it('access token expired (clock): 401 / 412 accessToken expired', async () => {
    const { access_token } = await signIn(kit);
    kit.clock.advance(30 * DAY - HOUR);
    expect((await verify(viaBearer(access_token))).status).toBe(200);
    kit.clock.advance(HOUR);
    expectV1Error(await verify(viaBearer(access_token)), 401, '412', 'accessToken expired');
  });

  it('token invalidated by the platform: 401 / 412 accessToken expired(1)', async () => {
    const { access_token } = await signIn(kit);
    await invalidate('platform');
    expectV1Error(await verify(viaBearer(access_token)), 401, '412', 'accessToken expired(1)');
    expect((await request(kit.app).get('/v2/profile').set(bearer(access_token))).status).toBe(401);
    expect((await verifyCall(kit, access_token)).body.error_description).toBe('invalid access token');
  });

  it('user unlinked the app: 401 / 412 accessToken expired(2)', async () => {
    const { access_token } = await signIn(kit);
    await invalidate('unlinked');
    expectV1Error(await verify(viaLegacy(access_token)), 401, '412', 'accessToken expired(2)');
  });

  it('channel invalid: 403 / 418 CHANNEL_INACTIVE', async () => {
    const { access_token } = await signIn(kit);
    await deactivate();
    expectV1Error(await verify(viaBearer(access_token)), 403, '418', 'CHANNEL_INACTIVE');
  });
});

describe('POST /v1/oauth/accessToken (reissue)', () => {
  it('answers mid, accessToken, expire and refreshToken; the old tokens are dead', async () => {
    const old = await signIn(kit);
    const res = await reissue(viaLegacy(old.access_token), old.refresh_token);
    expect(res.status).toBe(200);
    expect(res.headers.deprecation).toBe('true');
    expect(Object.keys(res.body)).toEqual(['mid', 'accessToken', 'expire', 'refreshToken']);
    expect(res.body.mid).toBe(ALICE);
    expect(res.body.expire).toBeGreaterThan(kit.clock.now() + 30 * DAY - 5000);
    expect((await verify(viaBearer(res.body.accessToken))).status).toBe(200);
    expectV1Error(await verify(viaBearer(old.access_token)), 401, '401', 'invalid token');
    expectV1Error(await reissue(viaBearer(res.body.accessToken), old.refresh_token), 401, '401', 'invalid refreshToken');
    expect((await refreshCall(kit, old.refresh_token)).body.error).toBe('invalid_grant');
    expect((await reissue(viaBearer(res.body.accessToken), res.body.refreshToken)).status).toBe(200);
  });

  it('works after the access token expired, up to 10 days; then 403 / 414 TOKEN_NOT_REFRESHABLE', async () => {
    const a = await signIn(kit);
    kit.clock.advance(39 * DAY);
    expect((await reissue(viaBearer(a.access_token), a.refresh_token)).status).toBe(200);
    const b = await signIn(kit);
    kit.clock.advance(40 * DAY);
    expectV1Error(await reissue(viaBearer(b.access_token), b.refresh_token), 403, '414', 'TOKEN_NOT_REFRESHABLE');
  });

  it('no access token given: 401 / 401 authentication scheme not found.', async () => {
    const a = await signIn(kit);
    expectV1Error(await reissue({}, a.refresh_token), 401, '401', 'authentication scheme not found.');
  });

  it('invalid refresh token (missing, unknown, or not a form): 401 / 401 invalid refreshToken', async () => {
    const a = await signIn(kit);
    expectV1Error(await reissue(viaBearer(a.access_token)), 401, '401', 'invalid refreshToken');
    expectV1Error(await reissue(viaBearer(a.access_token), 'made-up'), 401, '401', 'invalid refreshToken');
    const json = await request(kit.app).post('/v1/oauth/accessToken').set(bearer(a.access_token)).send({ refreshToken: a.refresh_token });
    expectV1Error(json, 401, '401', 'invalid refreshToken');
  });

  it('invalid access and refresh token pair: 401 / 411 TOKEN_INVALID_TOKEN', async () => {
    const a = await signIn(kit);
    const b = await signIn(kit);
    expectV1Error(await reissue(viaBearer(a.access_token), b.refresh_token), 401, '411', 'TOKEN_INVALID_TOKEN');
    expectV1Error(await reissue(viaBearer('never-issued'), b.refresh_token), 401, '411', 'TOKEN_INVALID_TOKEN');
    expect((await reissue(viaBearer(b.access_token), b.refresh_token)).status).toBe(200);
  });

  it('invalidated token: 401 / 412 accessToken expired(1) and (2)', async () => {
    const a = await signIn(kit);
    await invalidate('unlinked');
    expectV1Error(await reissue(viaBearer(a.access_token), a.refresh_token), 401, '412', 'accessToken expired(2)');
    const b = await signIn(kit);
    await invalidate('platform');
    expectV1Error(await reissue(viaBearer(b.access_token), b.refresh_token), 401, '412', 'accessToken expired(1)');
  });

  it('channel invalid: 403 / 418 CHANNEL_INACTIVE', async () => {
    const a = await signIn(kit);
    await deactivate();
    expectV1Error(await reissue(viaBearer(a.access_token), a.refresh_token), 403, '418', 'CHANNEL_INACTIVE');
  });
});

describe('DELETE /v1/oauth/logout', () => {
  it('answers {result: "OK"} always, and the token and its refresh token stop working', async () => {
    const a = await signIn(kit);
    const res = await logout(viaLegacy(a.access_token));
    expect(res.status).toBe(200);
    expect(res.headers.deprecation).toBe('true');
    expect(res.body).toEqual({ result: 'OK' });
    expectV1Error(await verify(viaBearer(a.access_token)), 401, '401', 'invalid token');
    expect((await refreshCall(kit, a.refresh_token)).body.error).toBe('invalid_grant');
    expectV1Error(await reissue(viaBearer(a.access_token), a.refresh_token), 401, '401', 'invalid refreshToken');
    for (const auth of [viaLegacy(a.access_token), viaBearer('never-issued'), {}]) {
      expect((await logout(auth)).body).toEqual({ result: 'OK' });
    }
  });
});

describe('POST /embedkit/v1/tokens/invalidate and PATCH /embedkit/v1/channels/<id>', () => {
  it('counts the tokens invalidated, once each', async () => {
    await signIn(kit);
    await signIn(kit);
    expect((await invalidate('platform')).body).toEqual({ invalidated: 2 });
    expect((await invalidate('unlinked')).body).toEqual({ invalidated: 0 });
  });

  it('refuses bad bodies (400) and unknown users or channels (404)', async () => {
    const call = (body: object) => request(kit.app).post('/embedkit/v1/tokens/invalidate').send(body);
    expect((await call({ userId: ALICE, channelId: WEB.id, reason: 'expired' })).status).toBe(400);
    expect((await call({ userId: 'Unobody', channelId: WEB.id, reason: 'platform' })).status).toBe(404);
    expect((await call({ userId: ALICE, channelId: '1999999999', reason: 'platform' })).status).toBe(404);
    expect((await request(kit.app).patch('/embedkit/v1/channels/1999999999').send({ active: false })).status).toBe(404);
    expect((await request(kit.app).patch(`/embedkit/v1/channels/${WEB.id}`).send({ active: 'no' })).status).toBe(400);
  });

  it('a channel made active again answers v1 calls again', async () => {
    const { access_token } = await signIn(kit);
    await deactivate();
    expect((await verify(viaBearer(access_token))).status).toBe(403);
    const back = await request(kit.app).patch(`/embedkit/v1/channels/${WEB.id}`).send({ active: true });
    expect(back.body).toMatchObject({ channelId: WEB.id, active: true });
    expect((await verify(viaBearer(access_token))).status).toBe(200);
  });
});
