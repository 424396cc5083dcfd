/**
 * People's Common Profiles (LINE MINI Apps' Quick-fill): the scenario's `commonProfile` and its
 * checks, the `commonprofile.*` scopes an app is registered with and a token carries (what the
 * plugin reads from `/oauth2/v2.1/verify`), the simulator route the host's Quick-fill screen reads
 * with the app's token, and the export.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birthdayProblem, entriesOfScopes } from '#contract/common-profile.js';
import type { Embedkit } from '../src/kit/embedkit.js';
import { scenarioProblems } from '../src/scenario/load.js';
import { ALICE, BOB, CAROL, channelToken, makeKit } from './helpers.js';

const DEFAULT_SCENARIO = resolve('server/scenarios/default.json');
const defaultScenario = () => JSON.parse(readFileSync(DEFAULT_SCENARIO, 'utf8')) as { users: Record<string, unknown>[] };

let kit: Embedkit;
beforeAll(async () => {
  kit = await makeKit({ scenarioFile: DEFAULT_SCENARIO });
});
afterAll(async () => {
  await kit?.close();
});

/** A session of `userId` on the demo channel with `scopes`, opened outside any chat; its access token. */
async function session(userId: string, scopes: string[]): Promise<string> {
  const res = await request(kit.app)
    .post('/embedkit/v1/sessions')
    .send({ userId, channelId: '1650000001', scopes, context: { type: 'none' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access_token as string;
}

const readProfile = (accessToken: string) => request(kit.app).post('/embedkit/v1/common-profile').send({ accessToken });

describe('the commonprofile.* scopes', () => {
  it('each lets an app read its group of entries, in the plugin order; other scopes none', () => {
    expect(entriesOfScopes(['commonprofile.phone', 'commonprofile.name'])).toEqual([
      'family-name',
      'given-name',
      'family-name-kana',
      'given-name-kana',
      'tel',
    ]);
    expect(entriesOfScopes(['commonprofile.birthdate', 'commonprofile.gender'])).toEqual([
      'sex-enum',
      'bday-year',
      'bday-month',
      'bday-day',
    ]);
    expect(entriesOfScopes(['commonprofile.address'])).toEqual([
      'postal-code',
      'address-level1',
      'address-level2',
      'address-level3',
      'address-level4',
    ]);
    expect(entriesOfScopes(['profile', 'openid', 'commonprofile.nickname', 'email'])).toEqual([]);
  });

  it('are issued in a session and answered by /oauth2/v2.1/verify, where the plugin looks for them', async () => {
    const token = await session(ALICE, ['profile', 'commonprofile.name', 'commonprofile.email']);
    const verify = await request(kit.app).get('/oauth2/v2.1/verify').query({ access_token: token });
    expect(verify.status).toBe(200);
    expect(verify.body.scope.split(' ')).toEqual(['profile', 'commonprofile.name', 'commonprofile.email']);
  });

  it("verify's CORS preflight is answered, as the plugin's fetch from an app page sends one (a JSON Content-Type)", async () => {
    const preflight = await request(kit.app)
      .options('/oauth2/v2.1/verify')
      .set('Origin', 'http://127.0.0.1:5173')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Content-Type/i);
  });

  it('an app is registered with them through the LIFF server API, which lists them back', async () => {
    const token = await channelToken(kit, { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' });
    const added = await request(kit.app)
      .post('/liff/v1/apps')
      .set('Authorization', `Bearer ${token}`)
      .send({ view: { type: 'full', url: 'https://mini.example.com/' }, scope: ['profile', 'commonprofile.address'] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const listed = await request(kit.app).get('/liff/v1/apps').set('Authorization', `Bearer ${token}`);
    const app = (listed.body.apps as { liffId: string; scope: string[] }[]).find((a) => a.liffId === added.body.liffId);
    expect(app?.scope).toEqual(['profile', 'commonprofile.address']);
    const world = await request(kit.app).get('/embedkit/v1/world');
    expect((world.body.apps as { embedId: string; scope?: string[] }[]).find((a) => a.embedId === added.body.liffId)?.scope).toEqual([
      'profile',
      'commonprofile.address',
    ]);
    // A name the platform does not have is refused with the published text.
    const refused = await request(kit.app)
      .post('/liff/v1/apps')
      .set('Authorization', `Bearer ${token}`)
      .send({ view: { type: 'full', url: 'https://mini.example.com/' }, scope: ['commonprofile.nickname'] });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toContainEqual({
      property: 'scope[0]',
      message: 'Must be one of the following values: [openid, email, profile, chat_message.write]',
    });
  });
});

describe("the Quick-fill screen's read of the person's Common Profile", () => {
  it('answers only the entries the token’s scopes cover, with the values the person set', async () => {
    const token = await session(ALICE, ['profile', 'commonprofile.name', 'commonprofile.gender', 'commonprofile.address']);
    const res = await readProfile(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: ALICE,
      entries: [
        'family-name',
        'given-name',
        'family-name-kana',
        'given-name-kana',
        'sex-enum',
        'postal-code',
        'address-level1',
        'address-level2',
        'address-level3',
        'address-level4',
      ],
      profile: {
        'family-name': '青木',
        'given-name': 'ありさ',
        'family-name-kana': 'アオキ',
        'given-name-kana': 'アリサ',
        'sex-enum': 1,
        'postal-code': '1500041',
        'address-level1': '東京都',
        'address-level2': '渋谷区',
        'address-level3': '神南1-2-3',
        'address-level4': 'ハイツ神南201',
      },
      hasProfile: true,
    });
  });

  it('leaves out what the person has not set, and says when the person has no Common Profile', async () => {
    const bob = await readProfile(await session(BOB, ['commonprofile.email', 'commonprofile.phone']));
    expect(bob.body).toEqual({ userId: BOB, entries: ['tel', 'email'], profile: { tel: '08098765432' }, hasProfile: true });
    const carol = await readProfile(await session(CAROL, ['commonprofile.name']));
    expect(carol.body).toMatchObject({ userId: CAROL, profile: {}, hasProfile: false });
    const noScope = await readProfile(await session(ALICE, ['profile']));
    expect(noScope.body).toEqual({ userId: ALICE, entries: [], profile: {}, hasProfile: true });
  });

  it('refuses a token that is not a valid one', async () => {
    const res = await readProfile('not-a-token');
    expect(res.status).toBe(401);
    expect(res.body.message).toContain('not a valid LIFF access token');
    const revoked = await session(ALICE, ['commonprofile.name']);
    expect((await readProfile(revoked)).status).toBe(200);
    await request(kit.app)
      .post('/embedkit/v1/tokens/invalidate')
      .send({ userId: ALICE, channelId: '1650000001', reason: 'platform' })
      .expect(200);
    expect((await readProfile(revoked)).status).toBe(401);
  });
});

describe("the scenario's commonProfile", () => {
  const withProfile = (commonProfile: unknown) => {
    const s = defaultScenario();
    s.users[2]!.commonProfile = commonProfile;
    return scenarioProblems(s);
  };

  it('takes any subset of the entries (the default world is valid)', () => {
    expect(scenarioProblems(defaultScenario())).toEqual([]);
    expect(withProfile({})).toEqual([]);
    expect(withProfile({ email: 'carol@example.com', 'sex-enum': 3 })).toEqual([]);
  });

  it('refuses a bad value, naming it', () => {
    expect(withProfile({ 'sex-enum': 4 })).toEqual(['users[2].commonProfile.sex-enum: Must be less than or equal to 3']);
    expect(withProfile({ tel: '090-1234-5678' })).toEqual([expect.stringMatching(/^users\[2\]\.commonProfile\.tel: /)]);
    expect(withProfile({ 'postal-code': 1000005 })).toEqual([expect.stringMatching(/^users\[2\]\.commonProfile\.postal-code: /)]);
    expect(withProfile({ nickname: 'C' })).toEqual([expect.stringMatching(/^users\[2\]\.commonProfile\.nickname: /)]);
    expect(withProfile({ 'bday-year': 2001, 'bday-month': 2, 'bday-day': 29 })).toEqual([
      'users[2].commonProfile: bday-year, bday-month and bday-day: 2001-2-29 is not a day',
    ]);
    expect(birthdayProblem({ 'bday-year': 2000, 'bday-month': 2, 'bday-day': 29 })).toBeNull();
    expect(birthdayProblem({ 'bday-month': 2, 'bday-day': 31 })).toBeNull();
  });

  it('is exported as it was loaded', async () => {
    const res = await request(kit.app).get('/embedkit/v1/scenario');
    expect(res.status).toBe(200);
    const users = res.body.users as { userId: string; commonProfile?: unknown }[];
    const loaded = defaultScenario().users as { userId: string; commonProfile?: unknown }[];
    for (const u of loaded) expect(users.find((x) => x.userId === u.userId)?.commonProfile).toEqual(u.commonProfile);
    expect(users.find((x) => x.userId === CAROL)).not.toHaveProperty('commonProfile');
  });
});
