// The consents' simulator routes (docs/platform/authorization-flow.md): the plan of opening an
// app, grants and their revocation (the person's tokens of the channel stop working), the
// agreement and the flow, consent screens opened and answered (the live event, the grants, the
// friend added with its follow event), their errors, and the world's consents kept across a
// restart, written by export, read by import and emptied by a reset.
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedkit, type Embedkit, type EmbedkitOptions } from '../../../src/kit/embedkit.js';
import type { LiveEvent } from '../../../src/live/hub.js';
import { ALICE, BOB, onTestDatabase, withTempDir } from '../../helpers.js';

const SCENARIO = fileURLToPath(new URL('../../fixtures/consents.json', import.meta.url));
const CAFE = { channelId: '1650000301', embedId: '1650000301-cafeapp1' };
const BAKERY = { channelId: '1650000302', embedId: '1650000302-bakery01' };
const API = '/embedkit/v1';

const kits: Embedkit[] = [];
afterEach(async () => {
  for (const k of kits.splice(0)) await k.close();
});

async function start(options: EmbedkitOptions = {}): Promise<Embedkit> {
  const kit = await createEmbedkit(
    onTestDatabase({ inMemory: true, scenarioFile: SCENARIO, logger: pino({ level: 'silent' }), ...options }),
  );
  kits.push(kit);
  return kit;
}

const plan = (kit: Embedkit, userId: string, embedId: string) => request(kit.app).get(`${API}/users/${userId}/apps/${embedId}/consent`);

describe('the plan of opening an app', () => {
  it('answers each MINI App’s screen and launch scopes from the person’s grants', async () => {
    const kit = await start();
    expect((await plan(kit, ALICE, CAFE.embedId).expect(200)).body).toEqual({
      embedId: CAFE.embedId,
      channelId: CAFE.channelId,
      miniApp: true,
      verified: true,
      simplification: true,
      simplificationWhy: expect.stringMatching(/^on:/),
      appScopes: ['openid', 'profile', 'chat_message.write'],
      granted: ['openid'],
      screen: 'none',
      launchScopes: ['openid'],
      addFriend: null,
      flow: 'current',
    });
    expect((await plan(kit, BOB, CAFE.embedId)).body.launchScopes).toEqual(['openid', 'profile']);
    expect((await plan(kit, ALICE, BAKERY.embedId)).body).toMatchObject({
      simplification: false,
      screen: 'channel-consent',
      addFriend: { channelId: BAKERY.channelId, botName: 'Bakery bot' },
    });
    expect((await plan(kit, ALICE, '1650000303-newapp01')).body).toMatchObject({
      simplification: true,
      simplificationWhy: expect.stringMatching(/mandatory/),
    });
    expect((await plan(kit, ALICE, '1650000305-pubapp01')).body).toMatchObject({ simplification: false, screen: 'channel-consent' });
    expect((await plan(kit, ALICE, '1650000304-liffapp1')).body).toMatchObject({
      miniApp: false,
      screen: 'none',
      launchScopes: ['openid', 'profile'],
    });
  });

  it('shows the simplification screen, then loading, when the world plays the flow before 2026-08-26', async () => {
    const kit = await start();
    expect((await request(kit.app).get(`${API}/consent-flow`).expect(200)).body).toEqual({ flow: 'current' });
    await request(kit.app).put(`${API}/consent-flow`).send({ flow: 'before-2026-08-26' }).expect(200, { flow: 'before-2026-08-26' });
    expect((await plan(kit, ALICE, CAFE.embedId)).body.screen).toBe('simplification-consent');
    await request(kit.app).put(`${API}/users/${ALICE}/consent-simplification`).send({ agreed: true }).expect(200, { agreed: true });
    expect((await plan(kit, ALICE, CAFE.embedId)).body.screen).toBe('loading');
    await request(kit.app)
      .post(`${API}/users/${ALICE}/grants/${CAFE.channelId}`)
      .send({ scopes: ['openid'] })
      .expect(200);
    expect((await plan(kit, ALICE, CAFE.embedId)).body.screen).toBe('none');
    await request(kit.app).put(`${API}/consent-flow`).send({ flow: 'someday' }).expect(400);
  });

  it('answers 404 in {message} for an unknown person or app', async () => {
    const kit = await start();
    const res = await plan(kit, 'U00000000000000000000000000000404', CAFE.embedId).expect(404);
    expect(res.body).toEqual({ message: expect.stringMatching(/U00000000000000000000000000000404/) });
    expect((await plan(kit, ALICE, '1650000301-nothere1').expect(404)).body.message).toMatch(/Unknown app/);
  });
});

describe('grants', () => {
  it('adds scopes, lists them with the agreement, and keeps the first grant’s time', async () => {
    const kit = await start();
    const first = await request(kit.app)
      .post(`${API}/users/${ALICE}/grants/${CAFE.channelId}`)
      .send({ scopes: ['profile'] })
      .expect(200);
    kit.clock.advance(60_000);
    const second = await request(kit.app)
      .post(`${API}/users/${ALICE}/grants/${CAFE.channelId}`)
      .send({ scopes: ['chat_message.write', 'profile'] });
    expect(second.body).toEqual({ channelId: CAFE.channelId, scopes: ['profile', 'chat_message.write'], grantedAt: first.body.grantedAt });
    expect((await request(kit.app).get(`${API}/users/${BOB}/grants`).expect(200)).body).toEqual({
      userId: BOB,
      grants: [{ channelId: CAFE.channelId, scopes: ['openid', 'profile'], grantedAt: expect.any(Number) }],
      simplificationAgreed: true,
    });
    await request(kit.app)
      .post(`${API}/users/${ALICE}/grants/1650000999`)
      .send({ scopes: ['profile'] })
      .expect(404);
    await request(kit.app).post(`${API}/users/${ALICE}/grants/${CAFE.channelId}`).send({ scopes: [] }).expect(400);
  });

  it('revokes scopes: the tokens of the channel stop working, and the plan asks again', async () => {
    const kit = await start();
    const session = await request(kit.app)
      .post(`${API}/sessions`)
      .send({ userId: BOB, channelId: CAFE.channelId, scopes: ['openid', 'profile'] })
      .expect(200);
    const token = session.body.access_token as string;
    await request(kit.app).get('/oauth2/v2.1/verify').query({ access_token: token }).expect(200);
    const revoked = await request(kit.app)
      .post(`${API}/users/${BOB}/grants/${CAFE.channelId}/revoke`)
      .send({ scopes: ['profile'] })
      .expect(200);
    expect(revoked.body).toEqual({ channelId: CAFE.channelId, scopes: ['openid'], tokensRevoked: 1 });
    await request(kit.app).get('/oauth2/v2.1/verify').query({ access_token: token }).expect(400);
    await request(kit.app).get('/v2/profile').set('Authorization', `Bearer ${token}`).expect(401);
    expect((await plan(kit, BOB, CAFE.embedId)).body.launchScopes).toEqual(['openid']);
    const all = await request(kit.app).post(`${API}/users/${BOB}/grants/${CAFE.channelId}/revoke`).send({}).expect(200);
    expect(all.body).toEqual({ channelId: CAFE.channelId, scopes: [], tokensRevoked: 0 });
    expect((await request(kit.app).get(`${API}/users/${BOB}/grants`)).body.grants).toEqual([]);
  });
});

describe('consent screens', () => {
  function open(kit: Embedkit, body: Record<string, unknown>) {
    return request(kit.app).post(`${API}/consent-screens`).send(body);
  }

  it('opens a permission request, lists it pending, and Allow grants its scopes, each told to the live feed', async () => {
    const kit = await start();
    const events: LiveEvent[] = [];
    kit.services.bots.live.subscribe((e) => events.push(e));
    const opened = await open(kit, { kind: 'permission-request', userId: ALICE, embedId: CAFE.embedId, scopes: ['profile'] }).expect(200);
    expect(opened.body).toEqual({
      screenId: expect.stringMatching(/^cs[0-9]+$/),
      kind: 'permission-request',
      userId: ALICE,
      embedId: CAFE.embedId,
      channelId: CAFE.channelId,
      appName: 'Cafe',
      scopes: ['profile'],
      addFriend: null,
      state: 'pending',
      openedAt: expect.any(Number),
    });
    const { screenId } = opened.body as { screenId: string };
    const pending = await request(kit.app).get(`${API}/consent-screens`).query({ userId: ALICE, pending: 'true' }).expect(200);
    expect(pending.body.screens.map((s: { screenId: string }) => s.screenId)).toEqual([screenId]);
    const answered = await request(kit.app).post(`${API}/consent-screens/${screenId}/answer`).send({ answer: 'allow' }).expect(200);
    expect(answered.body).toMatchObject({ state: 'allowed', answeredAt: expect.any(Number) });
    expect((await request(kit.app).get(`${API}/consent-screens/${screenId}`)).body.state).toBe('allowed');
    expect((await plan(kit, ALICE, CAFE.embedId)).body.launchScopes).toEqual(['openid', 'profile']);
    expect(events.filter((e) => e.type === 'consentScreen')).toEqual([
      { type: 'consentScreen', screenId, userId: ALICE, state: 'pending' },
      { type: 'consentScreen', screenId, userId: ALICE, state: 'allowed' },
    ]);
    expect((await request(kit.app).get(`${API}/consent-screens`).query({ pending: 'true' })).body.screens).toEqual([]);
  });

  it('refuses a second answer with 409, and Deny grants nothing', async () => {
    const kit = await start();
    const { screenId } = (await open(kit, { kind: 'permission-request', userId: ALICE, embedId: CAFE.embedId, scopes: ['profile'] })).body;
    await request(kit.app).post(`${API}/consent-screens/${screenId}/answer`).send({ answer: 'deny' }).expect(200);
    const again = await request(kit.app).post(`${API}/consent-screens/${screenId}/answer`).send({ answer: 'allow' }).expect(409);
    expect(again.body.message).toMatch(/already answered/);
    expect((await request(kit.app).get(`${API}/users/${ALICE}/grants`)).body.grants).toEqual([]);
  });

  it('adds the friend of a channel consent screen (the bot gets follow), unless the option is unticked', async () => {
    const kit = await start();
    const opened = await open(kit, { kind: 'channel-consent', userId: ALICE, embedId: BAKERY.embedId, scopes: ['openid', 'profile'] });
    expect(opened.body.addFriend).toEqual({ channelId: BAKERY.channelId, botName: 'Bakery bot' });
    const answered = await request(kit.app)
      .post(`${API}/consent-screens/${opened.body.screenId}/answer`)
      .send({ answer: 'allow' })
      .expect(200);
    expect(answered.body).toMatchObject({ state: 'allowed', friendAdded: true });
    expect((await request(kit.app).get(`${API}/users/${ALICE}/friendships/${BAKERY.channelId}`)).body.state).toBe('friend');
    const deliveries = await request(kit.app).get(`${API}/deliveries`).query({ channelId: BAKERY.channelId });
    expect(deliveries.body.deliveries.flatMap((d: { eventTypes: string[] }) => d.eventTypes)).toContain('follow');
    expect((await plan(kit, ALICE, BAKERY.embedId)).body.screen).toBe('none');

    const bob = await open(kit, { kind: 'channel-consent', userId: BOB, embedId: BAKERY.embedId, scopes: ['openid', 'profile'] });
    const unticked = await request(kit.app)
      .post(`${API}/consent-screens/${bob.body.screenId}/answer`)
      .send({ answer: 'allow', addFriend: false });
    expect(unticked.body).toMatchObject({ state: 'allowed', friendAdded: false });
    expect((await request(kit.app).get(`${API}/users/${BOB}/friendships/${BAKERY.channelId}`)).body.state).toBe('none');
  });

  it('agrees to the simplification and grants openid when its screen is allowed', async () => {
    const kit = await start();
    const { screenId } = (await open(kit, { kind: 'simplification-consent', userId: ALICE, embedId: CAFE.embedId, scopes: [] })).body;
    await request(kit.app).post(`${API}/consent-screens/${screenId}/answer`).send({ answer: 'allow' }).expect(200);
    expect((await request(kit.app).get(`${API}/users/${ALICE}/grants`)).body).toMatchObject({
      grants: [{ channelId: CAFE.channelId, scopes: ['openid'] }],
      simplificationAgreed: true,
    });
  });

  it('refuses scopes the app did not register (400) and unknown people, apps and screens (404)', async () => {
    const kit = await start();
    const bad = await open(kit, {
      kind: 'permission-request',
      userId: ALICE,
      embedId: BAKERY.embedId,
      scopes: ['chat_message.write'],
    }).expect(400);
    expect(bad.body.details).toEqual([{ message: expect.stringMatching(/not a scope the app/), property: 'scopes[0]' }]);
    await open(kit, { kind: 'permission-request', userId: ALICE, embedId: '1650000301-nothere1', scopes: ['profile'] }).expect(404);
    await request(kit.app).get(`${API}/consent-screens/cs999999`).expect(404);
    await request(kit.app).post(`${API}/consent-screens/nonsense/answer`).send({ answer: 'allow' }).expect(404);
  });
});

describe('MINI App consent settings', () => {
  it('changes the settings given and answers them all with the effect', async () => {
    const kit = await start();
    const res = await request(kit.app)
      .patch(`${API}/mini-apps/${BAKERY.embedId}/consent`)
      .send({ channelCreatedAt: '2026-01-08' })
      .expect(200);
    expect(res.body).toEqual({
      embedId: BAKERY.embedId,
      simplification: false,
      region: 'JP',
      channelCreatedAt: '2026-01-08',
      effective: true,
      why: expect.stringMatching(/mandatory/),
    });
    const tw = await request(kit.app).patch(`${API}/mini-apps/${BAKERY.embedId}/consent`).send({ region: 'TW' }).expect(200);
    expect(tw.body).toMatchObject({ channelCreatedAt: '2026-01-08', region: 'TW', effective: false });
    expect((await plan(kit, ALICE, BAKERY.embedId)).body.screen).toBe('channel-consent');
    await request(kit.app).patch(`${API}/mini-apps/1650000304-liffapp1/consent`).send({ simplification: true }).expect(404);
    await request(kit.app).patch(`${API}/mini-apps/${BAKERY.embedId}/consent`).send({}).expect(400);
  });
});

describe('the consents in the world', () => {
  it('keeps grants, agreements, screens and settings across a restart', async () => {
    await withTempDir(async (dir) => {
      const first = await start({ inMemory: false, dataDir: dir });
      await request(first.app)
        .post(`${API}/users/${ALICE}/grants/${CAFE.channelId}`)
        .send({ scopes: ['profile'] })
        .expect(200);
      await request(first.app).patch(`${API}/mini-apps/${BAKERY.embedId}/consent`).send({ simplification: true }).expect(200);
      await request(first.app).put(`${API}/consent-flow`).send({ flow: 'before-2026-08-26' }).expect(200);
      await request(first.app)
        .post(`${API}/consent-screens`)
        .send({ kind: 'permission-request', userId: ALICE, embedId: CAFE.embedId, scopes: ['chat_message.write'] });
      await first.close();
      kits.splice(kits.indexOf(first), 1);
      const second = await start({ inMemory: false, dataDir: dir });
      expect((await request(second.app).get(`${API}/users/${ALICE}/grants`)).body.grants).toEqual([
        expect.objectContaining({ scopes: ['profile'] }),
      ]);
      expect((await plan(second, ALICE, BAKERY.embedId)).body).toMatchObject({ simplification: true, flow: 'before-2026-08-26' });
      expect((await request(second.app).get(`${API}/consent-screens`).query({ pending: 'true' })).body.screens).toHaveLength(1);
    }, 'embedkit-consents-');
  });

  it('exports them into the scenario, which imports back the same, and a reset empties what was changed', async () => {
    const kit = await start();
    await request(kit.app)
      .post(`${API}/users/${ALICE}/grants/${BAKERY.channelId}`)
      .send({ scopes: ['openid'] })
      .expect(200);
    await request(kit.app).put(`${API}/users/${ALICE}/consent-simplification`).send({ agreed: true }).expect(200);
    await request(kit.app).put(`${API}/consent-flow`).send({ flow: 'before-2026-08-26' }).expect(200);
    await request(kit.app).patch(`${API}/mini-apps/${BAKERY.embedId}/consent`).send({ region: 'TH' }).expect(200);
    const exported = (await request(kit.app).get(`${API}/scenario`).expect(200)).body;
    expect(exported.consentFlow).toBe('before-2026-08-26');
    const user = (id: string) => exported.users.find((u: { userId: string }) => u.userId === id);
    expect(user(ALICE)).toMatchObject({ grants: [{ channelId: BAKERY.channelId, scopes: ['openid'] }], consentSimplificationAgreed: true });
    expect(user(BOB)).toMatchObject({
      grants: [{ channelId: CAFE.channelId, scopes: ['openid', 'profile'] }],
      consentSimplificationAgreed: true,
    });
    expect(exported.apps.find((a: { embedId: string }) => a.embedId === CAFE.embedId).miniApp.consent).toEqual({ simplification: true });
    expect(exported.apps.find((a: { embedId: string }) => a.embedId === BAKERY.embedId).miniApp.consent).toEqual({ region: 'TH' });

    await request(kit.app).post(`${API}/world/reset`).send({}).expect(200);
    expect((await request(kit.app).get(`${API}/users/${ALICE}/grants`)).body).toEqual({
      userId: ALICE,
      grants: [],
      simplificationAgreed: false,
    });
    expect((await request(kit.app).get(`${API}/consent-flow`)).body.flow).toBe('current');

    await request(kit.app).post(`${API}/world/reset`).send({ scenario: exported }).expect(200);
    expect((await request(kit.app).get(`${API}/scenario`)).body).toEqual(exported);
  });

  it('refuses grants of an unknown channel or a channel granted twice in a scenario', async () => {
    const kit = await start();
    const s = (await request(kit.app).get(`${API}/scenario`)).body;
    s.users[1].grants = [
      { channelId: '1650000999', scopes: ['openid'] },
      { channelId: '1650000999', scopes: ['profile'] },
    ];
    const res = await request(kit.app).post(`${API}/world/reset`).send({ scenario: s }).expect(400);
    expect(res.body.details.map((d: { property: string }) => d.property)).toEqual([
      'scenario.users[1].grants[0].channelId',
      'scenario.users[1].grants[1].channelId',
      'scenario.users[1].grants[1].channelId',
    ]);
  });
});
