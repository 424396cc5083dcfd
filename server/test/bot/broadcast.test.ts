/** Broadcast, narrowcast, counters, followers and chat counts (issue 14). */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/app.js';
import { platformDay } from '../../src/services/bot/broadcast.js';
import { ALICE, ALICE_BOT, BOB_BOT, bearer, botToken, chatMessages, GROUP, makeBotKit, ROOM, VERIFIED } from './helpers.js';

let kit: Embedkit;
let token: string;
beforeEach(async () => {
  kit = await makeBotKit();
  token = await botToken(kit);
});
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
    const res = await request(kit.app).post('/v2/bot/message/broadcast').set(bearer(token)).send({ messages: [{ type: 'text', text: 'to all' }] });
    expect(res.status).toBe(200);
    expect(await texts(ALICE_BOT)).toContain('to all');
    expect(await texts(BOB_BOT)).toContain('to all');
    const counted = await request(kit.app).get(`/v2/bot/message/delivery/broadcast?date=${today()}`).set(bearer(token));
    expect(counted.body.status).toBe('ready');
    expect(counted.body.success).toBeGreaterThanOrEqual(2);
  });

  it('refuses invalid messages and sends nothing', async () => {
    const before = (await chatMessages(kit, ALICE_BOT)).length;
    const res = await request(kit.app).post('/v2/bot/message/broadcast').set(bearer(token)).send({ messages: [{ type: 'text', text: 'ok' }, { type: 'text' }] });
    expect(res.status).toBe(400);
    expect((await chatMessages(kit, ALICE_BOT)).length).toBe(before);
    expect((await request(kit.app).get(`/v2/bot/message/delivery/broadcast?date=${today()}`).set(bearer(token))).body.success).toBe(0);
  });

  it('narrowcast to every friend answers 202 with a request ID whose progress has succeeded', async () => {
    const res = await request(kit.app).post('/v2/bot/message/narrowcast').set(bearer(token)).send({ messages: [{ type: 'text', text: 'narrow' }] });
    expect(res.status).toBe(202);
    const id = res.headers['x-line-request-id'];
    expect(id).toBeTruthy();
    expect(await texts(ALICE_BOT)).toContain('narrow');
    const progress = await request(kit.app).get(`/v2/bot/message/progress/narrowcast?requestId=${id}`).set(bearer(token));
    expect(progress.body).toMatchObject({ phase: 'succeeded', failureCount: 0 });
    expect(progress.body.successCount).toBeGreaterThanOrEqual(2);
    expect((await request(kit.app).get('/v2/bot/message/progress/narrowcast?requestId=nope').set(bearer(token))).status).toBe(404);
  });
});

describe('counters', () => {
  it('quota, consumption and push/multicast counts follow what was sent', async () => {
    expect((await request(kit.app).get('/v2/bot/message/quota').set(bearer(token))).body).toEqual({ type: 'limited', value: 200 });
    expect((await request(kit.app).get('/v2/bot/message/quota/consumption').set(bearer(token))).body).toEqual({ totalUsage: 0 });
    expect((await request(kit.app).post('/v2/bot/message/push').set(bearer(token)).send({ to: ALICE, messages: [{ type: 'text', text: 'p' }] })).status).toBe(200);
    await expect.poll(async () => (await request(kit.app).get(`/v2/bot/message/delivery/push?date=${today()}`).set(bearer(token))).body.success).toBe(1);
    await expect.poll(async () => (await request(kit.app).get('/v2/bot/message/quota/consumption').set(bearer(token))).body.totalUsage).toBe(1);
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
    expect((await request(kit.app).get('/v2/bot/followers/ids?limit=0').set(bearer(verified))).status).toBe(400);
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
