// Limits of the bot messaging interface per channel plan (spec "Limits"): requests per minute per
// API and message recipients per minute per bot answer 429.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../../src/kit/embedkit.js';
import { ALICE, bearer, BOB, botToken, GROUP, makeBotKit, VERIFIED } from '../helpers.js';

let kit: Embedkit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

describe('requests per minute per API', () => {
  it('answers 429 after 1,000 calls of one API in a minute on the Developer Trial plan; other APIs and the next minute work', async () => {
    kit = await makeBotKit();
    // Start at the beginning of a clock minute, so the 1,000 calls fall in one window.
    kit.clock.advance(60_000 - (kit.clock.now() % 60_000));
    const token = await botToken(kit);
    const profile = () => request(kit!.app).get(`/v2/bot/profile/${ALICE}`).set(bearer(token));
    for (let i = 0; i < 1_000; i++) {
      const res = await profile();
      if (res.status !== 200) throw new Error(`call ${i + 1}: ${res.status}`);
    }
    const over = await profile();
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: 'The API rate limit has been exceeded. Try again later.' });
    expect(over.headers['x-service-request-id']).toBeDefined();
    expect(
      (
        await request(kit.app)
          .post('/v2/bot/message/push')
          .set(bearer(token))
          .send({ to: ALICE, messages: [{ type: 'text', text: 'x' }] })
      ).status,
    ).toBe(200);
    // Another channel has its own budget.
    expect(
      (
        await request(kit.app)
          .get(`/v2/bot/profile/${ALICE}`)
          .set(bearer(await botToken(kit, VERIFIED)))
      ).status,
    ).toBe(200);
    kit.clock.advance(60_000);
    expect((await profile()).status).toBe(200);
  }, 60_000);

  it('gives other plans their own, higher request limit', async () => {
    kit = await makeBotKit({
      bots: {
        planLimits: {
          'developer-trial': { requestsPerMinute: 2, recipientsPerMinute: 100 },
          other: { requestsPerMinute: 3, recipientsPerMinute: 100 },
        },
      },
    });
    kit.clock.advance(60_000 - (kit.clock.now() % 60_000));
    const trial = await botToken(kit);
    const verified = await botToken(kit, VERIFIED);
    const statuses = async (t: string) => {
      const out: number[] = [];
      for (let i = 0; i < 4; i++) out.push((await request(kit!.app).get(`/v2/bot/profile/${ALICE}`).set(bearer(t))).status);
      return out;
    };
    expect(await statuses(trial)).toEqual([200, 200, 429, 429]);
    expect(await statuses(verified)).toEqual([200, 200, 200, 429]);
  });
});

describe('recipients per minute per bot', () => {
  it('answers 429 when a push or multicast would pass the recipients of the minute, and sends nothing', async () => {
    kit = await makeBotKit({
      bots: {
        planLimits: {
          'developer-trial': { requestsPerMinute: 1_000, recipientsPerMinute: 4 },
          other: { requestsPerMinute: 1_000, recipientsPerMinute: 200 },
        },
      },
    });
    kit.clock.advance(60_000 - (kit.clock.now() % 60_000));
    const token = await botToken(kit);
    const push = (to: string) =>
      request(kit!.app)
        .post('/v2/bot/message/push')
        .set(bearer(token))
        .send({ to, messages: [{ type: 'text', text: 'x' }] });
    expect((await push(GROUP)).status).toBe(200); // 3 members
    expect(
      (
        await request(kit.app)
          .post('/v2/bot/message/multicast')
          .set(bearer(token))
          .send({ to: [ALICE, BOB], messages: [{ type: 'text', text: 'x' }] })
      ).status,
    ).toBe(429);
    expect((await push(ALICE)).status).toBe(200); // the 4th
    const over = await push(BOB);
    expect(over.status).toBe(429);
    expect(over.body.message).toContain('recipients');
    kit.clock.advance(60_000);
    expect((await push(BOB)).status).toBe(200);
  });

  it('uses the spec numbers by default: 20,000 on Developer Trial, 200,000 on other plans', async () => {
    const { PLAN_LIMITS } = await import('../../../src/interfaces/bot/rate-limits/service.js');
    expect(PLAN_LIMITS).toEqual({
      'developer-trial': { requestsPerMinute: 1_000, recipientsPerMinute: 20_000 },
      other: { requestsPerMinute: 10_000, recipientsPerMinute: 200_000 },
    });
  });
});
