// GET /oauth2/v2.1/verify, POST /oauth2/v2.1/revoke, GET /v2/profile (and its pictures) and
// GET /friendship/v1/status (spec part C), with their error answers and the clock cases.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import type { FriendshipChange } from '../../src/interfaces/social/friendships.js';
import {
  ALICE,
  BASE_URL,
  bearer,
  BOB,
  CAROL,
  DAY,
  exchange,
  getCode,
  makeSocialKit,
  NATIVE,
  NATIVE_REDIRECT,
  refreshCall,
  signIn,
  verifyCall,
  WEB,
} from './helpers.js';

let kit: Embedkit;
beforeEach(async () => (kit = await makeSocialKit()));
afterEach(() => kit.close());

const THIRTY_DAYS_S = 30 * 24 * 3600;
const revoke = (fields: Record<string, string>) => request(kit.app).post('/oauth2/v2.1/revoke').type('form').send(fields);
const profile = (token: string) => request(kit.app).get('/v2/profile').set(bearer(token));
const friendship = (token: string) => request(kit.app).get('/friendship/v1/status').set(bearer(token));
const setFriend = (userId: string, channelId: string, body: unknown) =>
  request(kit.app)
    .put(`/embedkit/v1/users/${userId}/friendships/${channelId}`)
    .send(body as object);

describe('GET /oauth2/v2.1/verify', () => {
  it('answers scope, client_id and the seconds left on the clock', async () => {
    const { access_token } = await signIn(kit);
    const res = await verifyCall(kit, access_token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['scope', 'client_id', 'expires_in']);
    expect(res.body.scope).toBe('profile openid');
    expect(res.body.client_id).toBe(WEB.id);
    expect(res.body.expires_in).toBeGreaterThan(THIRTY_DAYS_S - 5);
    expect(res.body.expires_in).toBeLessThanOrEqual(THIRTY_DAYS_S);
    kit.clock.advance(29 * DAY);
    const later = (await verifyCall(kit, access_token)).body.expires_in;
    expect(later).toBeLessThanOrEqual(DAY / 1000);
    expect(later).toBeGreaterThan(DAY / 1000 - 5);
  });

  it('answers 400 invalid_request: missing, unknown, expired', async () => {
    const missing = await request(kit.app).get('/oauth2/v2.1/verify');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    expect((await verifyCall(kit, 'made-up')).body).toEqual({ error: 'invalid_request', error_description: 'invalid access token' });
    const { access_token } = await signIn(kit);
    kit.clock.advance(30 * DAY);
    const expired = await verifyCall(kit, access_token);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ error: 'invalid_request', error_description: 'access token expired' });
  });
});

describe('POST /oauth2/v2.1/revoke', () => {
  it('answers an empty 200; the access token and its refresh token stop working', async () => {
    const tokens = await signIn(kit);
    const res = await revoke({ access_token: tokens.access_token, client_id: WEB.id, client_secret: WEB.secret });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect((await verifyCall(kit, tokens.access_token)).body.error_description).toBe('invalid access token');
    expect((await profile(tokens.access_token)).status).toBe(401);
    expect((await refreshCall(kit, tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('answers 200 for an unknown, expired or already revoked token', async () => {
    expect((await revoke({ access_token: 'made-up', client_id: WEB.id, client_secret: WEB.secret })).status).toBe(200);
    const { access_token } = await signIn(kit);
    kit.clock.advance(31 * DAY);
    expect((await revoke({ access_token, client_id: WEB.id, client_secret: WEB.secret })).status).toBe(200);
    expect((await revoke({ access_token, client_id: WEB.id, client_secret: WEB.secret })).status).toBe(200);
  });

  it.each(['access_token', 'client_id', 'client_secret'])('needs %s: 400 invalid_request', async (field) => {
    const fields: Record<string, string> = { access_token: 'x', client_id: WEB.id, client_secret: WEB.secret };
    delete fields[field];
    const res = await revoke(fields);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: `'${field}' must be specified` });
  });

  it('answers invalid_client for a wrong secret, and refuses a token of another channel', async () => {
    const { access_token } = await signIn(kit);
    const wrong = await revoke({ access_token, client_id: WEB.id, client_secret: NATIVE.secret });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_client');
    const other = await revoke({ access_token, client_id: NATIVE.id, client_secret: NATIVE.secret });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('invalid_request');
    expect((await verifyCall(kit, access_token)).status).toBe(200);
  });
});

describe('GET /v2/profile with a login token', () => {
  it('answers the profile; pictureUrl and statusMessage are absent when unset', async () => {
    const alice = await profile((await signIn(kit)).access_token);
    expect(alice.body).toEqual({
      userId: ALICE,
      displayName: 'Alice',
      pictureUrl: `${BASE_URL}/embedkit/v1/users/${ALICE}/picture`,
      statusMessage: 'Hi',
    });
    const carol = await profile((await signIn(kit, {}, CAROL)).access_token);
    expect(carol.body).toEqual({ userId: CAROL, displayName: 'Carol' });
  });

  it('answers 401 without or with a bad Authorization header, or an expired token; 403 without the profile scope', async () => {
    expect((await request(kit.app).get('/v2/profile')).status).toBe(401);
    expect((await request(kit.app).get('/v2/profile').set('Authorization', 'Basic abc')).status).toBe(401);
    expect((await profile('made-up')).status).toBe(401);
    const openidOnly = await profile((await signIn(kit, { scope: 'openid' })).access_token);
    expect(openidOnly.status).toBe(403);
    expect(openidOnly.body.message).toContain('profile');
    const { access_token } = await signIn(kit);
    kit.clock.advance(30 * DAY - 1000);
    expect((await profile(access_token)).status).toBe(200);
    kit.clock.advance(1000);
    const expired = await profile(access_token);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toContain('expired');
  });

  it('serves the picture and its /large (200x200) and /small (51x51) variants', async () => {
    const { pictureUrl } = (await profile((await signIn(kit)).access_token)).body;
    const path = new URL(pictureUrl).pathname;
    for (const [suffix, size] of [
      ['', 200],
      ['/large', 200],
      ['/small', 51],
    ] as const) {
      const res = await request(kit.app).get(path + suffix);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      const svg = res.text ?? Buffer.from(res.body as Buffer).toString('utf8');
      expect(svg).toContain(`width="${size}" height="${size}"`);
    }
    expect((await request(kit.app).get(`${path}/huge`)).status).toBe(404);
    expect((await request(kit.app).get(`/embedkit/v1/users/${CAROL}/picture/small`)).status).toBe(404);
  });
});

describe('GET /friendship/v1/status', () => {
  it('is false until the user adds the bot, false once blocked, true again after unblocking', async () => {
    const { access_token } = await signIn(kit);
    expect((await friendship(access_token)).body).toEqual({ friendFlag: false });
    expect((await setFriend(ALICE, WEB.id, { state: 'friend' })).body).toMatchObject({ state: 'friend', friendFlag: true });
    expect((await friendship(access_token)).body).toEqual({ friendFlag: true });
    await setFriend(ALICE, WEB.id, { state: 'blocked' }).expect(200);
    expect((await friendship(access_token)).body).toEqual({ friendFlag: false });
    await setFriend(ALICE, WEB.id, { state: 'friend' }).expect(200);
    expect((await friendship(access_token)).body).toEqual({ friendFlag: true });
  });

  it('is per user: another user of the channel is not a friend', async () => {
    await setFriend(ALICE, WEB.id, { state: 'friend' }).expect(200);
    expect((await friendship((await signIn(kit, {}, BOB)).access_token)).body).toEqual({ friendFlag: false });
  });

  it('answers 401 without a valid token, 403 without the profile scope and on a channel without a linked bot', async () => {
    expect((await request(kit.app).get('/friendship/v1/status')).status).toBe(401);
    expect((await friendship('made-up')).status).toBe(401);
    expect((await friendship((await signIn(kit, { scope: 'openid' })).access_token)).status).toBe(403);
    const code = await getCode(kit, { client_id: NATIVE.id, redirect_uri: NATIVE_REDIRECT });
    const native = await exchange(kit, code, { client_id: NATIVE.id, client_secret: NATIVE.secret, redirect_uri: NATIVE_REDIRECT });
    const noBot = await friendship(native.body.access_token);
    expect(noBot.status).toBe(403);
    expect(noBot.body.message).toContain('no linked bot');
  });
});

describe('simulator friendships (/embedkit/v1/users/<userId>/friendships/<channelId>)', () => {
  it('shows the state and tells listeners of every change', async () => {
    expect((await request(kit.app).get(`/embedkit/v1/users/${ALICE}/friendships/${WEB.id}`)).body).toEqual({
      userId: ALICE,
      channelId: WEB.id,
      state: 'none',
      friendFlag: false,
      botLinked: true,
    });
    const changes: FriendshipChange[] = [];
    kit.services.social.friendships.onChange((c) => void changes.push(c));
    await setFriend(ALICE, WEB.id, { state: 'friend' }).expect(200);
    await setFriend(ALICE, WEB.id, { state: 'friend' }).expect(200);
    await setFriend(ALICE, WEB.id, { state: 'blocked' }).expect(200);
    expect(changes.map((c) => [c.from, c.to])).toEqual([
      ['none', 'friend'],
      ['friend', 'blocked'],
    ]);
  });

  it('refuses a bad body (400), unknown users and channels (404), a channel without a linked bot (400)', async () => {
    expect((await setFriend(ALICE, WEB.id, { state: 'followed' })).status).toBe(400);
    expect((await setFriend('Unobody', WEB.id, { state: 'friend' })).status).toBe(404);
    expect((await setFriend(ALICE, '1999999999', { state: 'friend' })).status).toBe(404);
    const noBot = await setFriend(ALICE, NATIVE.id, { state: 'friend' });
    expect(noBot.status).toBe(400);
    expect(noBot.body.message).toContain('no linked bot');
  });
});
