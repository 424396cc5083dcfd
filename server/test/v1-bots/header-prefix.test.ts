/**
 * The v1 headers with a configured header prefix (`headerPrefix: 'X-Line-'`): the enterprise
 * ChannelToken, the trial interface's three headers, the callback signature, request IDs, and the
 * v1 social ChannelToken all use it, in any case; the spec's `X-Service-` names are then unknown.
 */
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { channelToken } from '../helpers.js';
import { startReceiver, type Receiver } from '../bot/helpers.js';
import { makeSocialKit, signIn } from '../social/helpers.js';
import { ALICE, ALICE_ENTERPRISE, ALICE_TRIAL, ENTERPRISE, makeV1Kit, single, TRIAL, v1Signature } from './helpers.js';

let kit: Embedkit;
beforeAll(async () => (kit = await makeV1Kit({ headerPrefix: 'X-Line-' })));
afterAll(() => kit.close());

const text = (t: string) => JSON.stringify(single([ALICE], { contentType: 1, text: t }));
const post = (app: Embedkit['app'], headers: Record<string, string>) =>
  request(app).post('/v1/events').set(headers).set('Content-Type', 'application/json; charset=UTF-8').send(text('hi'));

describe('enterprise interface with headerPrefix X-Line-', () => {
  it('takes the token in X-Line-ChannelToken (any case) and answers X-Line-Request-Id; X-Service-ChannelToken is not read', async () => {
    const token = await channelToken(kit, ENTERPRISE);
    const ok = await post(kit.app, { 'X-Line-ChannelToken': token });
    expect(ok.status).toBe(200);
    expect(ok.headers['x-line-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers['x-service-request-id']).toBeUndefined();
    expect((await post(kit.app, { 'x-line-channeltoken': token })).status).toBe(200);
    const old = await post(kit.app, { 'X-Service-ChannelToken': token });
    expect(old.body).toEqual({ statusCode: '401', statusMessage: 'authentication scheme not found.' });
  });
});

describe('trial interface with headerPrefix X-Line-', () => {
  const trial = { 'X-Line-ChannelID': TRIAL.id, 'X-Line-ChannelSecret': TRIAL.secret, 'X-Line-Trusted-User-With-ACL': TRIAL.mid };
  it('takes the three headers with the prefix, and names them so when one is missing', async () => {
    const ok = await post(kit.apps.trialbot, trial);
    expect(ok.status).toBe(200);
    expect(ok.headers['x-line-request-id']).toBeTruthy();
    const missing = await post(kit.apps.trialbot, { 'X-Line-ChannelID': TRIAL.id, 'X-Line-ChannelSecret': TRIAL.secret });
    expect(missing.status).toBe(401);
    expect(missing.body.statusMessage).toBe('authentication headers not found: X-Line-Trusted-User-With-ACL');
    const old = await post(kit.apps.trialbot, {
      'X-Service-ChannelID': TRIAL.id,
      'X-Service-ChannelSecret': TRIAL.secret,
      'X-Service-Trusted-User-With-ACL': TRIAL.mid,
    });
    expect(old.status).toBe(401);
  });
});

describe('callbacks with headerPrefix X-Line-', () => {
  let bot: Receiver;
  afterEach(async () => {
    for (const c of [ENTERPRISE, TRIAL])
      await request(kit.app).put(`/embedkit/v1/channels/${c.id}/webhook`).send({ url: null }).expect(200);
    await bot.close();
  });
  it('are signed in X-Line-ChannelSignature', async () => {
    bot = await startReceiver();
    for (const c of [ENTERPRISE, TRIAL])
      await request(kit.app).put(`/embedkit/v1/channels/${c.id}/webhook`).send({ url: bot.url }).expect(200);
    for (const chat of [ALICE_ENTERPRISE, ALICE_TRIAL])
      await request(kit.app)
        .post(`/embedkit/v1/chats/${chat}/messages`)
        .send({ userId: ALICE, message: { type: 'text', text: 'hello' } })
        .expect(200);
    const got = await bot.waitFor(2);
    const secrets = [ENTERPRISE.secret, TRIAL.secret];
    for (const r of got) {
      expect(secrets.map((s) => v1Signature(s, r.raw))).toContain(r.headers['x-line-channelsignature']);
      expect(r.headers['x-service-channelsignature']).toBeUndefined();
    }
  });
});

describe('social interface v1 with headerPrefix X-Line-', () => {
  it('takes the user access token in X-Line-ChannelToken', async () => {
    const social = await makeSocialKit({ headerPrefix: 'X-Line-' });
    try {
      const { access_token } = await signIn(social);
      const res = await request(social.app).get('/v1/oauth/verify').set('X-Line-ChannelToken', access_token);
      expect(res.status).toBe(200);
      expect(res.headers['x-line-request-id']).toBeTruthy();
      const old = await request(social.app).get('/v1/oauth/verify').set('X-Service-ChannelToken', access_token);
      expect(old.status).toBe(401);
    } finally {
      await social.close();
    }
  });
});

describe('a malformed prefix', () => {
  it('is refused before anything opens', async () => {
    await expect(makeV1Kit({ headerPrefix: 'X-Line' })).rejects.toThrow(/header prefix "X-Line": .*ending with a hyphen/);
  });
});
