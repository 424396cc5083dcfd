// Channel access tokens: spec part B endpoint table and the channel access token transitions.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { CHANNEL_1, channelToken, makeKit } from '../helpers.js';

let kit: Embedkit;
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(() => kit.close());

const issue = (form: Record<string, string>) => request(kit.app).post('/v2/oauth/accessToken').type('form').send(form);
const works = async (token: string) =>
  (
    await request(kit.app)
      .get('/embed/v1/apps')
      .set({ Authorization: `Bearer ${token}` })
  ).status !== 401;

describe('POST /v2/oauth/accessToken', () => {
  it('issues a Bearer token valid for 30 days', async () => {
    const res = await issue({ grant_type: 'client_credentials', client_id: CHANNEL_1.id, client_secret: CHANNEL_1.secret });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), expires_in: 2592000, token_type: 'Bearer' });
    expect(res.headers['x-service-request-id']).toBeTruthy();
    expect(await works(res.body.access_token)).toBe(true);
    kit.clock.advance(2592000 * 1000 - 1000);
    expect(await works(res.body.access_token)).toBe(true);
    kit.clock.advance(1000);
    expect(await works(res.body.access_token)).toBe(false);
  });

  it.each([
    [{ client_id: CHANNEL_1.id, client_secret: CHANNEL_1.secret }, 'invalid_request'],
    [{ grant_type: 'password', client_id: CHANNEL_1.id, client_secret: CHANNEL_1.secret }, 'unsupported_grant_type'],
    [{ grant_type: 'client_credentials', client_secret: CHANNEL_1.secret }, 'invalid_request'],
    [{ grant_type: 'client_credentials', client_id: CHANNEL_1.id }, 'invalid_request'],
    [{ grant_type: 'client_credentials', client_id: CHANNEL_1.id, client_secret: 'wrong' }, 'invalid_client'],
    [{ grant_type: 'client_credentials', client_id: '9999999999', client_secret: CHANNEL_1.secret }, 'invalid_client'],
  ])('answers 400 with the OAuth error body for %j', async (form, error) => {
    const res = await issue(form);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(typeof res.body.error_description).toBe('string');
  });

  it('names every field missing, empty or given twice in invalid_request, before the grant type is read', async () => {
    const res = await request(kit.app)
      .post('/v2/oauth/accessToken')
      .type('form')
      .send(`grant_type=password&client_id=${CHANNEL_1.id}&client_id=${CHANNEL_1.id}&client_secret=`);
    expect([res.status, res.body]).toEqual([
      400,
      { error: 'invalid_request', error_description: "'client_id' must be given once; 'client_secret' must be specified" },
    ]);
    const none = await request(kit.app).post('/oauth2/v3/token').type('form').send('');
    expect([none.status, none.body]).toEqual([
      400,
      {
        error: 'invalid_request',
        error_description: "'client_id' must be specified; 'client_secret' must be specified; 'grant_type' must be specified",
      },
    ]);
  });

  it('answers 400 invalid_request for a JSON body', async () => {
    const res = await request(kit.app).post('/v2/oauth/accessToken').send({ grant_type: 'client_credentials' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('keeps at most 30 tokens alive, revoking the earliest first', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 32; i++) tokens.push(await channelToken(kit));
    expect(await works(tokens[0]!)).toBe(false);
    expect(await works(tokens[1]!)).toBe(false);
    for (const t of tokens.slice(2)) expect(await works(t)).toBe(true);
  });

  it('keeps at most 30 alive under concurrent issues', async () => {
    const form = { grant_type: 'client_credentials', client_id: CHANNEL_1.id, client_secret: CHANNEL_1.secret };
    const results = await Promise.all(Array.from({ length: 50 }, () => issue(form)));
    const alive = await Promise.all(results.map((r) => works(r.body.access_token)));
    expect(alive.filter(Boolean)).toHaveLength(30);
  });
});

describe('POST /v2/oauth/revoke', () => {
  it('revokes a token with an empty 200', async () => {
    const token = await channelToken(kit);
    const res = await request(kit.app).post('/v2/oauth/revoke').type('form').send({ access_token: token });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(await works(token)).toBe(false);
  });

  it('answers 200 for an invalid token (no error), 400 when the token is missing', async () => {
    const res = await request(kit.app).post('/v2/oauth/revoke').type('form').send({ access_token: 'nope' });
    expect(res.status).toBe(200);
    const missing = await request(kit.app).post('/v2/oauth/revoke').type('form').send({});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
  });
});
