// Concurrency: limits and one-time tokens hold when many requests race.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { CHANNEL_1, channelToken, makeKit } from '../helpers.js';
import { ALICE, ALICE_BOT, bearer, botToken, chatMessages, events, makeBotKit, say } from '../bot/helpers.js';

let kit: Embedkit;
afterEach(() => kit.close());

describe('under concurrent requests', () => {
  it('200 concurrent app registrations on one channel end with exactly 30 apps', async () => {
    kit = await makeKit();
    const auth = { Authorization: `Bearer ${await channelToken(kit)}` };
    const view = { type: 'full', url: 'https://example.com/app' };
    const results = await Promise.all(Array.from({ length: 200 }, () => request(kit.app).post('/embed/v1/apps').set(auth).send({ view })));
    // The scenario registered one app on this channel already.
    expect(results.filter((r) => r.status === 200)).toHaveLength(29);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(171);
    for (const r of refused) expect(r.body).toEqual({ message: 'The channel already has the maximum number of apps (30)' });
    const list = await request(kit.app).get('/embed/v1/apps').set(auth);
    expect(list.body.apps).toHaveLength(30);
    expect(new Set(list.body.apps.map((a: { embedId: string }) => a.embedId)).size).toBe(30);
  });

  it('100 concurrent token issues leave at most 30 tokens alive', async () => {
    kit = await makeKit();
    const form = { grant_type: 'client_credentials', client_id: CHANNEL_1.id, client_secret: CHANNEL_1.secret };
    const results = await Promise.all(
      Array.from({ length: 100 }, () => request(kit.app).post('/v2/oauth/accessToken').type('form').send(form)),
    );
    for (const r of results) expect(r.status).toBe(200);
    const alive = await Promise.all(
      results.map(
        async (r) =>
          (
            await request(kit.app)
              .get('/embed/v1/apps')
              .set({ Authorization: `Bearer ${r.body.access_token}` })
          ).status === 200,
      ),
    );
    expect(alive.filter(Boolean)).toHaveLength(30);
  });

  it('a reply token used by 20 concurrent replies succeeds exactly once', async () => {
    kit = await makeBotKit();
    const token = await botToken(kit);
    await say(kit, ALICE_BOT, ALICE, 'hello bot');
    const replyToken = (await events(kit)).at(-1)!.replyToken as string;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(kit.app)
          .post('/v2/bot/message/reply')
          .set(bearer(token))
          .send({ replyToken, messages: [{ type: 'text', text: `reply ${i}` }] }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ message: 'Invalid reply token' });
    }
    const replies = (await chatMessages(kit, ALICE_BOT)).filter((m) => m.sender.type === 'bot' && /^reply \d+$/.test(m.message.text));
    expect(replies).toHaveLength(1);
  });
});
