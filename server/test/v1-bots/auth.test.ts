/**
 * Who may call the v1 bot interfaces (spec "Authentication" D, "Errors" v1 table):
 * enterprise calls with a channel access token of an enterprise channel, trial calls with the three
 * headers; the deprecated host answers the enterprise paths with `Deprecation: true`.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { channelToken } from '../helpers.js';
import { ALICE, ALICE_ENTERPRISE, chatMessages, ENTERPRISE, GROUP, makeV1Kit, MESSAGING, single, TRIAL, trialHeaders } from './helpers.js';

let kit: Embedkit;
beforeAll(async () => (kit = await makeV1Kit()));
afterAll(() => kit.close());

const text = (t: string) => JSON.stringify(single([ALICE], { contentType: 1, text: t }));
const post = (app: Embedkit['app'], headers: Record<string, string>, t = 'hi') =>
  request(app).post('/v1/events').set(headers).set('Content-Type', 'application/json; charset=UTF-8').send(text(t));

describe('enterprise interface: X-Service-ChannelToken', () => {
  it('refuses a missing, unknown or expired token, and a token of another interface’s channel', async () => {
    expect((await post(kit.app, {})).body).toEqual({ statusCode: '401', statusMessage: 'authentication scheme not found.' });
    const unknown = await post(kit.app, { 'X-Service-ChannelToken': 'not-a-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ statusCode: '401', statusMessage: 'invalid token' });
    const messaging = await post(kit.app, { 'X-Service-ChannelToken': await channelToken(kit, MESSAGING) });
    expect(messaging.status).toBe(403);
    expect(messaging.body.statusMessage).toMatch(/channel 1650000001 uses the messaging bot interface, not the enterprise one/);
    const trialToken = await post(kit.app, { 'X-Service-ChannelToken': await channelToken(kit, TRIAL) });
    expect(trialToken.status).toBe(403);
    // Nothing of the refused calls reached the chat.
    expect((await chatMessages(kit, ALICE_ENTERPRISE)).length).toBe(0);
  });

  it('answers 412 accessToken expired after the token’s 30 days', async () => {
    const kit2 = await makeV1Kit();
    try {
      const token = await channelToken(kit2, ENTERPRISE);
      await request(kit2.app).post('/embedkit/v1/clock').send({ advance: '31d' }).expect(200);
      const res = await post(kit2.app, { 'X-Service-ChannelToken': token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: '412', statusMessage: 'accessToken expired' });
    } finally {
      await kit2.close();
    }
  });

  it('answers 403 418 CHANNEL_INACTIVE for an inactive channel, and works again when active', async () => {
    const headers = { 'X-Service-ChannelToken': await channelToken(kit, ENTERPRISE) };
    await request(kit.app).patch(`/embedkit/v1/channels/${ENTERPRISE.id}`).send({ active: false }).expect(200);
    const res = await post(kit.app, headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: '418', statusMessage: 'CHANNEL_INACTIVE' });
    await request(kit.app).patch(`/embedkit/v1/channels/${ENTERPRISE.id}`).send({ active: true }).expect(200);
    expect((await post(kit.app, headers)).status).toBe(200);
  });

  it('is served at {deprecated_url} too, with Deprecation: true', async () => {
    const headers = { 'X-Service-ChannelToken': await channelToken(kit, ENTERPRISE) };
    const res = await post(kit.apps.deprecated, headers, 'from the deprecated host');
    expect(res.status).toBe(200);
    expect(res.headers.deprecation).toBe('true');
    expect((await chatMessages(kit, ALICE_ENTERPRISE)).at(-1)!.message.text).toBe('from the deprecated host');
    const base = await post(kit.app, headers);
    expect(base.headers.deprecation).toBeUndefined();
  });
});

describe('trial interface: three headers at {trialbot_url}', () => {
  it('refuses missing headers, a wrong secret, a wrong MID and another interface’s channel', async () => {
    const missing = await post(kit.apps.trialbot, { 'X-Service-ChannelID': TRIAL.id });
    expect(missing.status).toBe(401);
    expect(missing.body.statusMessage).toBe('authentication headers not found: X-Service-ChannelSecret, X-Service-Trusted-User-With-ACL');
    const secret = await post(kit.apps.trialbot, { ...trialHeaders(), 'X-Service-ChannelSecret': '0'.repeat(32) });
    expect(secret.status).toBe(401);
    expect(secret.body).toEqual({ statusCode: '401', statusMessage: 'invalid channel id or channel secret' });
    const mid = await post(kit.apps.trialbot, { ...trialHeaders(), 'X-Service-Trusted-User-With-ACL': ENTERPRISE.mid });
    expect(mid.status).toBe(401);
    const enterprise = await post(kit.apps.trialbot, trialHeaders(ENTERPRISE));
    expect(enterprise.status).toBe(403);
    expect(enterprise.body.statusMessage).toMatch(/uses the enterprise bot interface, not the trial one/);
    expect((await post(kit.apps.trialbot, trialHeaders())).status).toBe(200);
  });

  it('has no enterprise-only calls, and the enterprise interface has no trial headers', async () => {
    const leave = await request(kit.apps.trialbot).delete(`/v1/bot/group/leave/${GROUP}`).set(trialHeaders());
    expect(leave.status).toBe(404);
    const contacts = await request(kit.apps.trialbot).post('/v1/officialaccount/contacts').set(trialHeaders());
    expect(contacts.status).toBe(404);
    const onBase = await post(kit.app, trialHeaders());
    expect(onBase.status).toBe(401);
  });
});
