// The remote inspector's server side: host pages report themselves and their bridge log lines,
// the desktop lists them and reads a chosen one's lines after the last it has.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import type { LiveEvent } from '../../src/live/hub.js';
import { ALICE, BOB, makeKit } from '../helpers.js';

let kit: Embedkit;
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(() => kit.close());

const PHONE = 'phone-aaaa1111';
const state = { device: 'iOS 17.0 · 14.2.0', userId: ALICE, app: 'Demo app', screen: '390x844 @3x' };
const call = (method: string, at: number) => ({ kind: 'call', at, method, args: '[]', ok: true, outcome: 'ok', durationMs: 3 });
const report = (id: string, body: object) => request(kit.app).post(`/embedkit/v1/phones/${id}/reports`).send(body);

describe('the remote inspector', () => {
  it('lists a reporting phone with its state and hands out its lines after a seq', async () => {
    const events: LiveEvent[] = [];
    kit.services.bots.live.subscribe((e) => events.push(e));
    await report(PHONE, {
      ...state,
      lines: [call('getProfile', 1), { kind: 'app', at: 2, appKind: 'console', level: 'log', text: 'hello' }],
    }).expect(200);
    expect(events).toContainEqual({ type: 'phone', phoneId: PHONE });
    await report('phone-bbbb2222', { ...state, userId: BOB, app: null, lines: [] }).expect(200);

    const list = await request(kit.app).get('/embedkit/v1/phones').expect(200);
    expect(list.body.phones.map((p: { phoneId: string }) => p.phoneId)).toEqual(['phone-bbbb2222', PHONE]);
    expect(list.body.phones[1]).toMatchObject({ ...state, phoneId: PHONE, lines: 2 });

    const all = await request(kit.app).get(`/embedkit/v1/phones/${PHONE}/log`).expect(200);
    expect(all.body.lines.map((l: { seq: number; method?: string; text?: string }) => [l.seq, l.method ?? l.text])).toEqual([
      [1, 'getProfile'],
      [2, 'hello'],
    ]);
    await report(PHONE, { ...state, lines: [call('sendMessages', 3)] }).expect(200);
    const more = await request(kit.app).get(`/embedkit/v1/phones/${PHONE}/log?after=2`).expect(200);
    expect(more.body.lines).toEqual([{ ...call('sendMessages', 3), seq: 3 }]);
  });

  it('keeps the newest 500 lines of a phone', async () => {
    for (let batch = 0; batch < 6; batch++) {
      const lines = Array.from({ length: 100 }, (_, i) => call(`m${batch * 100 + i}`, i));
      await report(PHONE, { ...state, lines }).expect(200);
    }
    const log = await request(kit.app).get(`/embedkit/v1/phones/${PHONE}/log`).expect(200);
    expect(log.body.lines).toHaveLength(500);
    expect(log.body.lines[0]).toMatchObject({ seq: 101, method: 'm100' });
    expect(log.body.phone.lines).toBe(500);
  });

  it('does not forget a phone when simulated time moves on', async () => {
    await report(PHONE, { ...state, lines: [] }).expect(200);
    await request(kit.app).post('/embedkit/v1/clock').send({ advance: '2d' }).expect(200);
    const list = await request(kit.app).get('/embedkit/v1/phones').expect(200);
    expect(list.body.phones).toHaveLength(1);
  });

  it('refuses a bad report, a bad id or seq, and a phone that is not connected', async () => {
    const bad = await report(PHONE, { ...state, lines: [{ kind: 'shout', at: 1 }] }).expect(400);
    expect(bad.body.message).toBe('The request body has 1 error(s)');
    expect(bad.body.details[0].property).toBe('lines[0].kind');
    const badId = await report('x', { ...state, lines: [] }).expect(400);
    expect(badId.body.message).toMatch(/^Invalid phone id "x"/);
    await report(PHONE, { ...state, lines: [] }).expect(200);
    const badSeq = await request(kit.app).get(`/embedkit/v1/phones/${PHONE}/log?after=-1`).expect(400);
    expect(badSeq.body.details).toEqual([{ message: 'must be a seq: an integer of 0 or more', property: 'after' }]);
    const none = await request(kit.app).get('/embedkit/v1/phones/phone-cccc3333/log').expect(404);
    expect(none.body).toEqual({ message: 'No phone phone-cccc3333 is connected' });
  });
});
