/** Broadcast, narrowcast, counters, followers and chat counts. */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { platformDay } from '../../src/interfaces/bot/broadcast/service.js';
import { ALICE, ALICE_BOT, BOB_BOT, bearer, botToken, chatMessages, GROUP, makeBotKit, openBotKit, ROOM, VERIFIED } from './helpers.js';

let kit: Embedkit;
let token: string;
beforeEach(async () => ({ kit, token } = await openBotKit()));
afterEach(() => kit.close());

const texts = async (chatId: string) => (await chatMessages(kit, chatId)).filter((m) => m.sender.type === 'bot').map((m) => m.message.text);
const today = () => platformDay(Date.now());

describe('platformDay', () => {
  it('is the day in UTC+9', () => {
    expect(platformDay(Date.UTC(2026, 0, 31, 14, 59))).toBe('20260131');
    expect(platformDay(Date.UTC(2026, 0, 31, 15, 0))).toBe('20260201');
  });
});

describe('broadcast and narrowcast', () => {
  it('broadcast reaches every friend and is counted', async () => {
    const res = await request(kit.app)
      .post('/v2/bot/message/broadcast')
      .set(bearer(token))
      .send({ messages: [{ type: 'text', text: 'to all' }] });
    expect(res.status).toBe(200);
    expect(await texts(ALICE_BOT)).toContain('to all');
    expect(await texts(BOB_BOT)).toContain('to all');
    const counted = await request(kit.app).get(`/v2/bot/message/delivery/broadcast?date=${today()}`).set(bearer(token));
    expect(counted.body.status).toBe('ready');
    expect(counted.body.success).toBeGreaterThanOrEqual(2);
  });

  it('refuses invalid messages and sends nothing', async () => {
    const before = (await chatMessages(kit, ALICE_BOT)).length;
    const res = await request(kit.app)
      .post('/v2/bot/message/broadcast')
      .set(bearer(token))
      .send({ messages: [{ type: 'text', text: 'ok' }, { type: 'text' }] });
    expect(res.status).toBe(400);
    expect((await chatMessages(kit, ALICE_BOT)).length).toBe(before);
    expect((await request(kit.app).get(`/v2/bot/message/delivery/broadcast?date=${today()}`).set(bearer(token))).body.success).toBe(0);
  });

  it('narrowcast to every friend answers 202 with a request ID whose progress has succeeded', async () => {
    const res = await request(kit.app)
      .post('/v2/bot/message/narrowcast')
      .set(bearer(token))
      .send({ messages: [{ type: 'text', text: 'narrow' }] });
    expect(res.status).toBe(202);
    const id = res.headers['x-service-request-id'];
    expect(id).toBeTruthy();
    expect(await texts(ALICE_BOT)).toContain('narrow');
    const progress = await request(kit.app).get(`/v2/bot/message/progress/narrowcast?requestId=${id}`).set(bearer(token));
    expect(progress.body).toMatchObject({ phase: 'succeeded', failureCount: 0 });
    expect(progress.body.successCount).toBeGreaterThanOrEqual(2);
    expect((await request(kit.app).get('/v2/bot/message/progress/narrowcast?requestId=nope').set(bearer(token))).status).toBe(404);
    expect((await request(kit.app).get('/v2/bot/message/progress/narrowcast').set(bearer(token))).body.details).toEqual([
      { message: 'must be specified', property: 'requestId' },
    ]);
  });
});

describe('counters', () => {
  it('quota, consumption and push/multicast counts follow what was sent', async () => {
    expect((await request(kit.app).get('/v2/bot/message/quota').set(bearer(token))).body).toEqual({ type: 'limited', value: 200 });
    expect((await request(kit.app).get('/v2/bot/message/quota/consumption').set(bearer(token))).body).toEqual({ totalUsage: 0 });
    expect(
      (
        await request(kit.app)
          .post('/v2/bot/message/push')
          .set(bearer(token))
          .send({ to: ALICE, messages: [{ type: 'text', text: 'p' }] })
      ).status,
    ).toBe(200);
    await expect
      .poll(async () => (await request(kit.app).get(`/v2/bot/message/delivery/push?date=${today()}`).set(bearer(token))).body.success)
      .toBe(1);
    await expect
      .poll(async () => (await request(kit.app).get('/v2/bot/message/quota/consumption').set(bearer(token))).body.totalUsage)
      .toBe(1);
    expect((await request(kit.app).get('/v2/bot/message/delivery/push?date=2026-01-01').set(bearer(token))).status).toBe(400);
  });
});

describe('followers and chat counts', () => {
  it('followers: verified plans only, paged', async () => {
    expect((await request(kit.app).get('/v2/bot/followers/ids').set(bearer(token))).status).toBe(403);
    const verified = await botToken(kit, VERIFIED);
    const all = await request(kit.app).get('/v2/bot/followers/ids').set(bearer(verified));
    expect(all.status).toBe(200);
    expect(all.body.userIds).toContain(ALICE);
    if (all.body.userIds.length > 1) {
      const first = await request(kit.app).get('/v2/bot/followers/ids?limit=1').set(bearer(verified));
      expect(first.body.userIds).toHaveLength(1);
      const next = await request(kit.app).get(`/v2/bot/followers/ids?limit=1&start=${first.body.next}`).set(bearer(verified));
      expect(next.body.userIds[0]).toBe(all.body.userIds[1]);
    }
    const zero = await request(kit.app).get('/v2/bot/followers/ids?limit=0').set(bearer(verified));
    expect(zero.body).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ message: 'limit must be an integer from 1 to 1000', property: 'limit' }],
    });
    // The plan is refused before the query is read.
    expect((await request(kit.app).get('/v2/bot/followers/ids?limit=0').set(bearer(token))).status).toBe(403);
  });

  it('group summary and member count; a chat without the bot is 404', async () => {
    const summary = await request(kit.app).get(`/v2/bot/group/${GROUP}/summary`).set(bearer(token));
    expect(summary.status).toBe(200);
    expect(summary.body.groupId).toBe(GROUP);
    expect(typeof summary.body.groupName).toBe('string');
    expect((await request(kit.app).get(`/v2/bot/group/${GROUP}/members/count`).set(bearer(token))).body).toEqual({ count: 3 });
    expect((await request(kit.app).get(`/v2/bot/room/${ROOM}/members/count`).set(bearer(token))).status).toBe(404);
  });
});

describe('narrowcast demographic filters', () => {
  let demo: Embedkit;
  let demoToken: string;
  let dir: string;
  beforeEach(async () => {
    const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { BOTS_SCENARIO } = await import('./helpers.js');
    const s = JSON.parse(readFileSync(BOTS_SCENARIO, 'utf8'));
    s.users[0].demographics = { gender: 'female', age: 28, appType: 'ios', area: 'jp_13' };
    s.users[1].demographics = { age: 41, appType: 'android', area: 'jp_27' };
    dir = mkdtempSync(join(tmpdir(), 'embedkit-demo-'));
    writeFileSync(join(dir, 's.json'), JSON.stringify(s));
    demo = await makeBotKit({ scenarioFile: join(dir, 's.json') });
    demoToken = await botToken(demo);
  });
  afterEach(async () => {
    await demo.close();
    (await import('node:fs')).rmSync(dir, { recursive: true, force: true });
  });

  /** The friends a narrowcast with this filter reaches (by the text each one's chat shows). */
  async function reached(demographic: unknown, text: string): Promise<string[]> {
    const res = await request(demo.app)
      .post('/v2/bot/message/narrowcast')
      .set(bearer(demoToken))
      .send({ messages: [{ type: 'text', text }], filter: { demographic } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const { chatMessages: messagesOf } = await import('./helpers.js');
    const chats: Record<string, string> = { alice: ALICE_BOT, bob: BOB_BOT };
    const out: string[] = [];
    for (const [who, chat] of Object.entries(chats)) if ((await messagesOf(demo, chat)).some((m) => m.message.text === text)) out.push(who);
    return out;
  }

  it('sends to the friends a filter matches; an unknown attribute sends only where the rest decides', async () => {
    expect(await reached({ type: 'gender', oneOf: ['female'] }, 'f')).toEqual(['alice']);
    expect(await reached({ type: 'age', gte: 'age_40' }, 'a40')).toEqual(['bob']);
    expect(
      await reached(
        {
          type: 'operator',
          and: [
            { type: 'appType', oneOf: ['ios'] },
            { type: 'area', oneOf: ['jp_13'] },
          ],
        },
        'and',
      ),
    ).toEqual(['alice']);
    // Bob's gender is not known: he is left out even of "not male".
    expect(await reached({ type: 'operator', not: { type: 'gender', oneOf: ['male'] } }, 'not')).toEqual(['alice']);
    expect(
      await reached(
        {
          type: 'operator',
          or: [
            { type: 'gender', oneOf: ['female'] },
            { type: 'area', oneOf: ['jp_27'] },
          ],
        },
        'or',
      ),
    ).toEqual(['alice', 'bob']);
    expect(await reached({ type: 'subscriptionPeriod', gte: 'day_7' }, 'week')).toEqual([]);
    await request(demo.app).post('/embedkit/v1/clock').send({ advance: '8d' }).expect(200);
    expect(await reached({ type: 'subscriptionPeriod', gte: 'day_7', lt: 'day_30' }, 'week later')).toEqual(['alice', 'bob']);
  });

  it('refuses a wrong filter with details, and a recipient naming an audience the channel does not have', async () => {
    const send = (body: object) =>
      request(demo.app)
        .post('/v2/bot/message/narrowcast')
        .set(bearer(demoToken))
        .send({ messages: [{ type: 'text', text: 'x' }], ...body });
    expect((await send({ filter: { demographic: { type: 'age', gte: 'age_40', lt: 'age_20' } } })).body.details).toEqual([
      { message: 'gte must be below lt', property: 'filter.demographic' },
    ]);
    expect((await send({ filter: { demographic: { type: 'operator', and: [{ type: 'area', oneOf: ['tokyo'] }] } } })).body.details).toEqual(
      [{ message: 'must be a non-empty array of area codes such as jp_13', property: 'filter.demographic.and[0].oneOf' }],
    );
    expect((await send({ filter: { demographic: { type: 'operator', and: [], or: [] } } })).body.details[0].message).toBe(
      'exactly one of and, or, not is required',
    );
    expect((await send({ filter: 'age', limit: { max: 0 } })).body.details).toEqual([
      { message: 'must be an object with demographic', property: 'filter' },
      { message: 'Must be greater than or equal to 1', property: 'limit.max' },
    ]);
    const recipient = await send({ recipient: { type: 'audience', audienceGroupId: 1 } });
    expect(recipient.status).toBe(400);
    expect(recipient.body.details).toEqual([{ message: 'audience group not found: 1', property: 'recipient.audienceGroupId' }]);
    expect(await texts(ALICE_BOT)).not.toContain('x');
  });
});
