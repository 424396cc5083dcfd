// A token that worked a moment ago is refused the moment it is revoked, invalidated, refreshed away
// or its world reset: the token checks answer from memory on the embedded database
// (db/kept-until-written.ts), and every one of these changes must reach them. Each case uses the
// token first, so that a check answered from memory would show a stale answer here.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { CHANNEL_1, channelToken, makeKit } from '../helpers.js';
import { ALICE, bearer, makeSocialKit, refreshCall, signIn, WEB } from '../social/helpers.js';

let kit: Embedkit;
afterEach(() => kit.close());

describe('user access tokens', () => {
  beforeEach(async () => (kit = await makeSocialKit()));
  const profile = (token: string) => request(kit.app).get('/v2/profile').set(bearer(token));

  it('revoked: 401 at once', async () => {
    const { access_token } = await signIn(kit);
    expect((await profile(access_token)).status).toBe(200);
    expect((await profile(access_token)).status).toBe(200);
    await request(kit.app)
      .post('/oauth2/v2.1/revoke')
      .type('form')
      .send({ access_token, client_id: WEB.id, client_secret: WEB.secret })
      .expect(200);
    expect((await profile(access_token)).status).toBe(401);
  });

  it('invalidated: 401 at once, and a token signed in after it works', async () => {
    const { access_token } = await signIn(kit);
    expect((await profile(access_token)).status).toBe(200);
    await request(kit.app)
      .post('/embedkit/v1/tokens/invalidate')
      .send({ userId: ALICE, channelId: WEB.id, reason: 'platform' })
      .expect(200);
    const refused = await profile(access_token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/invalidated/);
    const next = await signIn(kit);
    expect((await profile(next.access_token)).status).toBe(200);
  });

  it('reissued by the v1 social API: the old access token 401 at once, the new one works', async () => {
    const tokens = await signIn(kit);
    expect((await profile(tokens.access_token)).status).toBe(200);
    const reissued = await request(kit.app)
      .post('/v1/oauth/accessToken')
      .set(bearer(tokens.access_token))
      .type('form')
      .send({ refreshToken: tokens.refresh_token });
    expect(reissued.status).toBe(200);
    expect((await profile(tokens.access_token)).status).toBe(401);
    expect((await profile(reissued.body.accessToken)).status).toBe(200);
  });

  it('refreshed by v2.1: the old access token keeps working (the platform does not revoke it), the new one works', async () => {
    const tokens = await signIn(kit);
    expect((await profile(tokens.access_token)).status).toBe(200);
    const refreshed = await refreshCall(kit, tokens.refresh_token);
    expect((await profile(refreshed.body.access_token)).status).toBe(200);
    expect((await profile(tokens.access_token)).status).toBe(200);
  });

  it('expired: 401 when the clock passes its end, though it was answered a moment before', async () => {
    const { access_token } = await signIn(kit);
    expect((await profile(access_token)).status).toBe(200);
    kit.clock.advance(31 * 24 * 3600 * 1000);
    expect((await profile(access_token)).status).toBe(401);
  });
});

describe('channel access tokens', () => {
  beforeEach(async () => (kit = await makeKit()));
  const apps = (token: string) => request(kit.app).get('/embed/v1/apps').set(bearer(token));

  it('revoked: 401 at once', async () => {
    const token = await channelToken(kit);
    expect((await apps(token)).status).toBe(200);
    expect((await apps(token)).status).toBe(200);
    await request(kit.app).post('/v2/oauth/revoke').type('form').send({ access_token: token }).expect(200);
    expect((await apps(token)).status).toBe(401);
  });

  it('the 31st short-lived token revokes the first: 401 at once', async () => {
    const first = await channelToken(kit);
    expect((await apps(first)).status).toBe(200);
    for (let i = 0; i < 30; i++)
      await request(kit.app)
        .post('/v2/oauth/accessToken')
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: CHANNEL_1.id, client_secret: CHANNEL_1.secret })
        .expect(200);
    expect((await apps(first)).status).toBe(401);
  });

  it('the world reset: 401 at once', async () => {
    const token = await channelToken(kit);
    expect((await apps(token)).status).toBe(200);
    await request(kit.app).post('/embedkit/v1/world/reset').send({}).expect(200);
    expect((await apps(token)).status).toBe(401);
  });
});
