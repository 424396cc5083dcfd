// The one clock (GET/POST /embedkit/v1/clock), kept across restarts, and the host's session,
// which now comes from the login flow: refresh token, 30 days on the clock, verify and revoke.
import { jwtVerify } from 'jose';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { withTempDir } from '../helpers.js';
import { ALICE, bearer, DAY, HOUR, makeSocialKit, refreshCall, UTOU, verifyCall, WEB } from './helpers.js';

let kit: Embedkit;
beforeEach(async () => (kit = await makeSocialKit()));
afterEach(() => kit.close());

const advance = (body: unknown) =>
  request(kit.app)
    .post('/embedkit/v1/clock')
    .send(body as object);
const session = (scopes = ['profile', 'chat_message.write']) =>
  request(kit.app)
    .post('/embedkit/v1/sessions')
    .send({ userId: ALICE, channelId: WEB.id, scopes, context: { type: 'utou', chatId: UTOU } });

describe('/embedkit/v1/clock', () => {
  it('shows simulated time and moves it forward by ms or by a duration', async () => {
    const start = await request(kit.app).get('/embedkit/v1/clock');
    expect(start.status).toBe(200);
    expect(start.body.offsetMs).toBe(0);
    expect(new Date(start.body.iso).getTime()).toBe(start.body.now);
    expect(Math.abs(start.body.now - Date.now())).toBeLessThan(5000);
    expect((await advance({ advance: '1d2h' })).body.offsetMs).toBe(DAY + 2 * HOUR);
    const after = await advance({ advanceMs: 1500 });
    expect(after.body.offsetMs).toBe(DAY + 2 * HOUR + 1500);
    expect(after.body.now - Date.now()).toBeGreaterThan(DAY);
    expect(kit.clock.offset).toBe(DAY + 2 * HOUR + 1500);
  });

  it.each([
    [{}],
    [{ advanceMs: 1, advance: '1d' }],
    [{ advanceMs: -1 }],
    [{ advanceMs: 1.5 }],
    [{ advance: 'soon' }],
    [{ advance: '-1d' }],
    [{ advance: '99999d' }],
    [{ advanceMs: 'x' }],
  ])('refuses %j with 400 and leaves the clock alone', async (body) => {
    const res = await advance(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The request body has \d+ error\(s\)$/);
    expect(kit.clock.offset).toBe(0);
  });

  it('keeps simulated time across a restart of the same data directory', async () => {
    await withTempDir(async (dir) => {
      const first = await makeSocialKit({ inMemory: false, dataDir: dir });
      await request(first.app).post('/embedkit/v1/clock').send({ advance: '30d' }).expect(200);
      await first.close();
      const second = await makeSocialKit({ inMemory: false, dataDir: dir });
      try {
        expect(second.clock.offset).toBe(30 * DAY);
        expect((await request(second.app).get('/embedkit/v1/clock')).body.offsetMs).toBe(30 * DAY);
      } finally {
        await second.close();
      }
    }, 'embedkit-clock-');
  });
});

describe('POST /embedkit/v1/sessions (the host signs in through the login flow)', () => {
  it('answers a token response with a refresh token, and an id_token with openid', async () => {
    const plain = await session();
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ token_type: 'Bearer', expires_in: 30 * 24 * 3600, scope: 'profile chat_message.write' });
    expect(plain.body.refresh_token).toEqual(expect.any(String));
    expect(plain.body).not.toHaveProperty('id_token');
    const withId = await session(['profile', 'openid']);
    const { payload } = await jwtVerify(withId.body.id_token, new TextEncoder().encode(WEB.secret));
    expect(payload).toMatchObject({ sub: ALICE, aud: WEB.id });
  });

  it('gives a token that the platform verifies, that expires after 30 days on the clock, and that can be revoked', async () => {
    const { access_token } = (await session()).body;
    expect((await verifyCall(kit, access_token)).body.client_id).toBe(WEB.id);
    await advance({ advance: '30d' }).expect(200);
    const expired = await request(kit.app).get('/v2/profile').set(bearer(access_token));
    expect(expired.status).toBe(401);
    expect(expired.body.message).toContain('expired');
    const fresh = (await session()).body;
    expect((await request(kit.app).get('/v2/profile').set(bearer(fresh.access_token))).status).toBe(200);
    await request(kit.app)
      .post('/oauth2/v2.1/revoke')
      .type('form')
      .send({ access_token: fresh.access_token, client_id: WEB.id, client_secret: WEB.secret })
      .expect(200);
    expect((await request(kit.app).get('/v2/profile').set(bearer(fresh.access_token))).status).toBe(401);
    expect((await refreshCall(kit, fresh.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('refuses an inactive channel with 400', async () => {
    await request(kit.app).patch(`/embedkit/v1/channels/${WEB.id}`).send({ active: false }).expect(200);
    const res = await session();
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('inactive');
  });
});
