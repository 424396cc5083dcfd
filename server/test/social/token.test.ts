// POST /oauth2/v2.1/token (spec part C; "States and transitions", social access token rows):
// the code grant, the ID token, the refresh grant, their error answers and the clock cases.
import { errors, jwtVerify } from 'jose';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import {
  ALICE,
  BASE_URL,
  bearer,
  CAROL,
  DAY,
  exchange,
  getCode,
  HOUR,
  makeSocialKit,
  NATIVE,
  NATIVE_REDIRECT,
  REDIRECT,
  refreshCall,
  signIn,
  tokenCall,
  UTOU,
  verifyCall,
  WEB,
} from './helpers.js';

let kit: Embedkit;
beforeEach(async () => (kit = await makeSocialKit()));
afterEach(() => kit.close());

const key = (secret: string) => new TextEncoder().encode(secret);
const THIRTY_DAYS_S = 30 * 24 * 3600;

describe('grant_type=authorization_code', () => {
  it('answers the token response: 30 days, refresh token, scope, Bearer, id_token with openid', async () => {
    const code = await getCode(kit);
    const res = await exchange(kit, code);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(res.body)).toEqual(['access_token', 'expires_in', 'id_token', 'refresh_token', 'scope', 'token_type']);
    expect(res.body).toMatchObject({ expires_in: THIRTY_DAYS_S, scope: 'profile openid', token_type: 'Bearer' });
    expect(res.body.access_token).not.toBe(res.body.refresh_token);
    expect((await request(kit.app).get('/v2/profile').set(bearer(res.body.access_token))).status).toBe(200);
  });

  it('has no id_token without openid', async () => {
    const tokens = await signIn(kit, { scope: 'profile' });
    expect(tokens).not.toHaveProperty('id_token');
    expect(tokens.scope).toBe('profile');
  });

  it('signs the id_token with HS256 and the channel secret, with the claims of the user and request', async () => {
    const before = Math.floor(kit.clock.now() / 1000);
    const { id_token } = await signIn(kit);
    const { payload, protectedHeader } = await jwtVerify(id_token!, key(WEB.secret), {
      issuer: 'https://access.line.me',
      audience: WEB.id,
      algorithms: ['HS256'],
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({
      iss: 'https://access.line.me',
      sub: ALICE,
      aud: WEB.id,
      nonce: 'n-456',
      name: 'Alice',
      picture: `${BASE_URL}/embedkit/v1/users/${ALICE}/picture`,
    });
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('gives an id_token that fails with another secret', async () => {
    const { id_token } = await signIn(kit);
    await expect(jwtVerify(id_token!, key(NATIVE.secret))).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
  });

  it('leaves nonce and picture out of the id_token when there are none', async () => {
    const { id_token } = await signIn(kit, { nonce: undefined }, CAROL);
    const { payload } = await jwtVerify(id_token!, key(WEB.secret));
    expect(payload.sub).toBe(CAROL);
    expect(payload.name).toBe('Carol');
    expect(payload).not.toHaveProperty('nonce');
    expect(payload).not.toHaveProperty('picture');
  });

  it('leaves name and picture out of the id_token without the profile scope, and verify answers openid alone', async () => {
    const tokens = await signIn(kit, { scope: 'openid' });
    const { payload } = await jwtVerify(tokens.id_token!, key(WEB.secret));
    expect(payload.sub).toBe(ALICE);
    expect(payload).not.toHaveProperty('name');
    expect(payload).not.toHaveProperty('picture');
    expect((await verifyCall(kit, tokens.access_token)).body).toMatchObject({ scope: 'openid', client_id: WEB.id });
  });

  it('uses simulated time for the id_token', async () => {
    kit.clock.advance(5 * DAY);
    const { id_token } = await signIn(kit);
    const { payload } = await jwtVerify(id_token!, key(WEB.secret), { currentDate: new Date(kit.clock.now()) });
    expect(Math.abs(payload.iat! * 1000 - kit.clock.now())).toBeLessThan(5000);
  });

  it.each(['code', 'redirect_uri', 'client_id', 'client_secret'])('answers invalid_request without %s', async (field) => {
    const code = await getCode(kit);
    const fields: Record<string, string> = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: WEB.id,
      client_secret: WEB.secret,
    };
    delete fields[field];
    const res = await tokenCall(kit, fields);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request', error_description: `'${field}' must be specified` });
  });

  it('answers invalid_request without grant_type or with JSON, unsupported_grant_type for another grant', async () => {
    expect((await tokenCall(kit, { code: 'x' })).body.error).toBe('invalid_request');
    const json = await request(kit.app).post('/oauth2/v2.1/token').send({ grant_type: 'authorization_code' });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
    const other = await tokenCall(kit, { grant_type: 'password' });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('unsupported_grant_type');
  });

  it('answers invalid_client for an unknown channel or a wrong secret', async () => {
    const code = await getCode(kit);
    const wrong: Record<string, string>[] = [{ client_id: '1999999999' }, { client_secret: NATIVE.secret }];
    for (const over of wrong) {
      const res = await exchange(kit, code, over);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_client');
    }
    expect((await exchange(kit, code)).status).toBe(200);
  });

  it('answers invalid_grant for an unknown code, a code of another channel, another redirect_uri', async () => {
    expect((await exchange(kit, 'made-up')).body).toEqual({ error: 'invalid_grant', error_description: 'invalid authorization code' });
    const code = await getCode(kit);
    const other = await exchange(kit, code, { client_id: NATIVE.id, client_secret: NATIVE.secret });
    expect(other.body).toEqual({ error: 'invalid_grant', error_description: 'invalid authorization code' });
    const uri = await exchange(kit, code, { redirect_uri: 'http://localhost:5173/other' });
    expect(uri.body).toEqual({ error: 'invalid_grant', error_description: 'redirect_uri does not match' });
    expect((await exchange(kit, code)).status).toBe(200);
  });

  it('takes a code once; a second use fails and revokes the tokens of the first', async () => {
    const code = await getCode(kit);
    const first = await exchange(kit, code);
    expect(first.status).toBe(200);
    const second = await exchange(kit, code);
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ error: 'invalid_grant', error_description: 'authorization code already used' });
    expect((await verifyCall(kit, first.body.access_token)).status).toBe(400);
    expect((await refreshCall(kit, first.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('lets a code live 10 minutes of simulated time', async () => {
    const code = await getCode(kit);
    kit.clock.advance(10 * 60 * 1000 - 1000);
    expect((await exchange(kit, code)).status).toBe(200);
    const late = await getCode(kit);
    kit.clock.advance(10 * 60 * 1000);
    expect((await exchange(kit, late)).body).toEqual({ error: 'invalid_grant', error_description: 'authorization code expired' });
  });

  it('answers unauthorized_client once the channel is inactive', async () => {
    const code = await getCode(kit);
    await request(kit.app).patch(`/embedkit/v1/channels/${WEB.id}`).send({ active: false }).expect(200);
    const res = await exchange(kit, code);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unauthorized_client');
  });
});

describe('grant_type=refresh_token', () => {
  it('answers new access and refresh tokens; the old refresh token no longer works', async () => {
    const tokens = await signIn(kit);
    const res = await refreshCall(kit, tokens.refresh_token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['access_token', 'token_type', 'refresh_token', 'expires_in', 'scope']);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: THIRTY_DAYS_S, scope: 'profile openid' });
    expect(res.body.access_token).not.toBe(tokens.access_token);
    expect(res.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await request(kit.app).get('/v2/profile').set(bearer(res.body.access_token))).body.userId).toBe(ALICE);
    const again = await refreshCall(kit, tokens.refresh_token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: 'invalid refresh token' });
    expect((await refreshCall(kit, res.body.refresh_token)).status).toBe(200);
  });

  it('keeps the old access token valid until its own expiry', async () => {
    const tokens = await signIn(kit);
    kit.clock.advance(DAY);
    expect((await refreshCall(kit, tokens.refresh_token)).status).toBe(200);
    const left = (await verifyCall(kit, tokens.access_token)).body.expires_in;
    // Real time runs on under the simulated offset: a second or two may have passed.
    expect(left).toBeLessThanOrEqual(THIRTY_DAYS_S - 24 * 3600);
    expect(left).toBeGreaterThan(THIRTY_DAYS_S - 24 * 3600 - 5);
  });

  it('works after the access token expired, until 10 days later; then the user must log in again', async () => {
    const a = await signIn(kit);
    kit.clock.advance(30 * DAY + HOUR);
    expect((await verifyCall(kit, a.access_token)).body.error_description).toBe('access token expired');
    expect((await refreshCall(kit, a.refresh_token)).status).toBe(200);

    const b = await signIn(kit);
    kit.clock.advance(40 * DAY - 1000);
    expect((await refreshCall(kit, b.refresh_token)).status).toBe(200);

    const c = await signIn(kit);
    kit.clock.advance(40 * DAY);
    const dead = await refreshCall(kit, c.refresh_token);
    expect(dead.status).toBe(400);
    expect(dead.body).toEqual({ error: 'invalid_grant', error_description: 'refresh token expired' });
  });

  it('gives the new refresh token 10 days after the new access token', async () => {
    const a = await signIn(kit);
    kit.clock.advance(35 * DAY);
    const b = (await refreshCall(kit, a.refresh_token)).body;
    kit.clock.advance(39 * DAY);
    expect((await refreshCall(kit, b.refresh_token)).status).toBe(200);
  });

  it('needs client_secret on a WEB channel, checks it when given, and not on a NATIVE channel', async () => {
    const web = await signIn(kit);
    const missing = await refreshCall(kit, web.refresh_token, { client_secret: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    expect(missing.body.error_description).toContain('client_secret');
    expect((await refreshCall(kit, web.refresh_token, { client_secret: NATIVE.secret })).body.error).toBe('invalid_client');

    const code = await getCode(kit, { client_id: NATIVE.id, redirect_uri: NATIVE_REDIRECT });
    const native = await exchange(kit, code, { client_id: NATIVE.id, client_secret: NATIVE.secret, redirect_uri: NATIVE_REDIRECT });
    expect(native.status).toBe(200);
    expect((await refreshCall(kit, native.body.refresh_token, { client_id: NATIVE.id, client_secret: WEB.secret })).body.error).toBe(
      'invalid_client',
    );
    expect((await refreshCall(kit, native.body.refresh_token, { client_id: NATIVE.id, client_secret: undefined })).status).toBe(200);
  });

  it('answers invalid_request without refresh_token or client_id, invalid_client for an unknown channel', async () => {
    expect((await refreshCall(kit, '', {})).body).toEqual({
      error: 'invalid_request',
      error_description: "'refresh_token' must be specified",
    });
    expect((await refreshCall(kit, 'x', { client_id: undefined })).body).toEqual({
      error: 'invalid_request',
      error_description: "'client_id' must be specified",
    });
    expect((await refreshCall(kit, 'x', { client_id: '1999999999' })).body.error).toBe('invalid_client');
  });

  it('answers invalid_grant for an unknown refresh token and for one of another channel', async () => {
    expect((await refreshCall(kit, 'made-up')).body.error).toBe('invalid_grant');
    const tokens = await signIn(kit);
    const other = await refreshCall(kit, tokens.refresh_token, { client_id: NATIVE.id, client_secret: NATIVE.secret });
    expect(other.body).toEqual({ error: 'invalid_grant', error_description: 'invalid refresh token' });
  });

  it('refuses the refresh token of an invalidated access token, and on an inactive channel', async () => {
    const a = await signIn(kit);
    await request(kit.app)
      .post('/embedkit/v1/tokens/invalidate')
      .send({ userId: ALICE, channelId: WEB.id, reason: 'platform' })
      .expect(200);
    expect((await refreshCall(kit, a.refresh_token)).body.error).toBe('invalid_grant');
    const b = await signIn(kit);
    await request(kit.app).patch(`/embedkit/v1/channels/${WEB.id}`).send({ active: false }).expect(200);
    expect((await refreshCall(kit, b.refresh_token)).body.error).toBe('unauthorized_client');
  });

  it('carries the chat of a host session to the refreshed token', async () => {
    const session = await request(kit.app)
      .post('/embedkit/v1/sessions')
      .send({ userId: ALICE, channelId: WEB.id, scopes: ['profile', 'chat_message.write'], context: { type: 'utou', chatId: UTOU } });
    expect(session.status).toBe(200);
    const refreshed = await refreshCall(kit, session.body.refresh_token);
    expect(refreshed.body.scope).toBe('profile chat_message.write');
    const share = await request(kit.app)
      .post('/message/v3/share')
      .set(bearer(refreshed.body.access_token))
      .send({ messages: [{ type: 'text', text: 'after refresh' }] });
    expect(share.status).toBe(200);
    const messages = (await request(kit.app).get(`/embedkit/v1/chats/${UTOU}/messages`)).body.messages;
    expect(messages.map((m: { message: { text: string } }) => m.message.text)).toEqual(['after refresh']);
  });
});
