// A verified LINE MINI App's Custom Path (LINE MINI App docs, "Configuring Custom Path"): the
// published string rules, verified MINI Apps only, one MINI App's in the world; in the scenario,
// through export, in the world the host reads, and through the LIFF server API (embedkit's
// extension). And people's calendars (`liff.calendar`) through the simulator API and export.
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedkit, type Embedkit } from '../../src/kit/embedkit.js';
import { customPathProblem } from '../../src/interfaces/mini-apps/rules.js';
import { readScenario, scenarioProblems } from '../../src/scenario/load.js';
import { readWorldRows, scenarioOf } from '../../src/scenario/export.js';
import { ALICE, onTestDatabase } from '../helpers.js';

const SCENARIO = fileURLToPath(new URL('../fixtures/mini-apps.json', import.meta.url));
const VERIFIED = { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f', app: '1650000001-shopapp1' };
const UNVERIFIED = { id: '1650000002', secret: 'ffeeddccbbaa99887766554433221100', app: '1650000002-unverif1' };
const PLAIN = { id: '1650000004', secret: '0123456789abcdef0123456789abcdef', app: '1650000004-liffapp1' };

let kit: Embedkit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

async function start(): Promise<Embedkit> {
  kit = await createEmbedkit(onTestDatabase({ inMemory: true, scenarioFile: SCENARIO, logger: pino({ level: 'silent' }) }));
  return kit;
}

async function channelToken(k: Embedkit, channel: { id: string; secret: string }): Promise<string> {
  const res = await request(k.app)
    .post('/v2/oauth/accessToken')
    .type('form')
    .send({ grant_type: 'client_credentials', client_id: channel.id, client_secret: channel.secret });
  return res.body.access_token as string;
}

const put = async (k: Embedkit, channel: typeof VERIFIED, body: object) =>
  request(k.app)
    .put(`/liff/v1/apps/${channel.app}`)
    .set('Authorization', `Bearer ${await channelToken(k, channel)}`)
    .send(body);

describe('a Custom Path', () => {
  it('is 4 to 29 characters of a-z, 0-9 and _, not ending with _, not digits only', () => {
    expect(customPathProblem('cony_coffee')).toBeNull();
    expect(customPathProblem('abcd')).toBeNull();
    expect(customPathProblem('a2345678901234567890123456789')).toBeNull();
    expect(customPathProblem('abc')).toBe('must be 4 to 29 characters');
    expect(customPathProblem('a23456789012345678901234567890')).toBe('must be 4 to 29 characters');
    expect(customPathProblem('Cony_coffee')).toBe('may hold only a-z, 0-9 and _');
    expect(customPathProblem('cony-coffee')).toBe('may hold only a-z, 0-9 and _');
    expect(customPathProblem('cony coffee')).toBe('may hold only a-z, 0-9 and _');
    expect(customPathProblem('cony_')).toBe('must not end with _');
    expect(customPathProblem('12345')).toBe('must not be digits only');
  });

  it('is refused in a scenario for an unverified MINI App, against the rules, or twice', async () => {
    const s = await readScenario(SCENARIO);
    s.apps[0]!.miniApp!.customPath = 'cony_coffee';
    s.apps[1]!.miniApp!.customPath = 'cony_coffee';
    s.apps[2]!.miniApp!.customPath = 'Bad';
    expect(scenarioProblems(s)).toEqual([
      'apps[1].miniApp.customPath: only a verified MINI App can have a Custom Path',
      "apps[1].miniApp.customPath: cony_coffee is already apps[0]'s",
      'apps[2].miniApp.customPath: only a verified MINI App can have a Custom Path',
    ]);
  });

  it('is set and removed through the LIFF server API, read back there, in the world and in the export', async () => {
    const k = await start();
    expect((await put(k, VERIFIED, { customPath: 'cony_coffee' })).status).toBe(200);
    const list = await request(k.app)
      .get('/liff/v1/apps')
      .set('Authorization', `Bearer ${await channelToken(k, VERIFIED)}`);
    expect(list.body.apps.find((a: { liffId: string }) => a.liffId === VERIFIED.app)).toMatchObject({ customPath: 'cony_coffee' });
    const world = await request(k.app).get('/embedkit/v1/world');
    expect(world.body.apps.find((a: { embedId: string }) => a.embedId === VERIFIED.app).miniApp).toMatchObject({
      customPath: 'cony_coffee',
    });
    const exported = scenarioOf(await readWorldRows(k.db));
    expect(exported.apps[0]!.miniApp).toMatchObject({ customPath: 'cony_coffee' });
    expect(scenarioProblems(exported)).toEqual([]);
    expect((await put(k, VERIFIED, { customPath: null })).status).toBe(200);
    const after = await request(k.app).get('/embedkit/v1/world');
    expect(after.body.apps.find((a: { embedId: string }) => a.embedId === VERIFIED.app).miniApp.customPath).toBeUndefined();
  });

  it('is refused by the LIFF server API with a 400 naming why, changing nothing', async () => {
    const k = await start();
    const bad = await put(k, VERIFIED, { customPath: 'cony_', description: 'Renamed' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('customPath: cony_ must not end with _');
    expect((await put(k, UNVERIFIED, { customPath: 'cony_coffee' })).body.message).toBe(
      'customPath: only a verified MINI App can have a Custom Path',
    );
    expect((await put(k, PLAIN, { customPath: 'cony_coffee' })).body.message).toMatch(/is not a LINE MINI App/);
    const world = await request(k.app).get('/embedkit/v1/world');
    expect(world.body.apps.find((a: { embedId: string }) => a.embedId === VERIFIED.app).name).not.toBe('Renamed');
    const add = await request(k.app)
      .post('/liff/v1/apps')
      .set('Authorization', `Bearer ${await channelToken(k, VERIFIED)}`)
      .send({ view: { type: 'full', url: 'https://example.com/' }, customPath: 'cony_coffee' });
    expect(add.status).toBe(400);
  });
});

describe("a person's calendar", () => {
  it('keeps the events added, answers those that overlap a range, and exports them', async () => {
    const k = await start();
    const add = (title: string, startTime: number, endTime: number) =>
      request(k.app).post(`/embedkit/v1/users/${ALICE}/calendar/events`).send({ title, startTime, endTime, isAllDay: false });
    expect((await add('Lunch', Date.parse('2026-05-01T03:00:00Z'), Date.parse('2026-05-01T04:00:00Z'))).status).toBe(200);
    await add('Later', Date.parse('2026-06-01T03:00:00Z'), Date.parse('2026-06-01T04:00:00Z'));
    const read = await request(k.app)
      .get(`/embedkit/v1/users/${ALICE}/calendar/events`)
      .query({ startTime: Date.parse('2026-05-01T00:00:00Z'), endTime: Date.parse('2026-05-31T00:00:00Z') });
    expect(read.body).toEqual({
      events: [
        { title: 'Lunch', startTime: Date.parse('2026-05-01T03:00:00Z'), endTime: Date.parse('2026-05-01T04:00:00Z'), isAllDay: false },
      ],
      isThirdPartyCalendarAccessGranted: false,
    });
    expect((await add('Backwards', 2, 1)).status).toBe(400);
    const exported = scenarioOf(await readWorldRows(k.db));
    const alice = exported.users.find((u) => u.userId === ALICE)!;
    expect(alice.calendarEvents).toEqual([
      { title: 'Lunch', start: '2026-05-01T03:00:00.000Z', end: '2026-05-01T04:00:00.000Z' },
      { title: 'Later', start: '2026-06-01T03:00:00.000Z', end: '2026-06-01T04:00:00.000Z' },
    ]);
    expect(scenarioProblems(exported)).toEqual([]);
  });

  it('refuses scenario events whose times are not date-times, or end before they start', async () => {
    const s = await readScenario(SCENARIO);
    s.users[0]!.calendarEvents = [
      { title: 'Bad', start: 'tomorrow', end: '2026-05-01T10:00:00+09:00' },
      { title: 'Backwards', start: '2026-05-02T10:00:00+09:00', end: '2026-05-01T10:00:00+09:00' },
    ];
    expect(scenarioProblems(s)).toEqual([
      'users[0].calendarEvents[0]: start: tomorrow is not an ISO 8601 date-time with an offset (2026-05-01T10:00:00+09:00)',
      'users[0].calendarEvents[1]: start must not be later than end',
    ]);
  });
});
