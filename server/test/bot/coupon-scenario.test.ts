// Coupons in a scenario (docs/platform/coupons.md, "Coupons in a scenario"): the export holds each bot's
// coupons with when they were created and closed and the people's uses; loading that file into a
// fresh kit gives the same coupons to the official Node SDK 11 (unmodified) and the same uses to
// the host, and exporting again gives the same file. Then the checks of a scenario's coupons.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { channelAccessToken, messagingApi } from '@line/bot-sdk-11';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { scenarioProblems } from '../../src/scenario/load.js';
import { onTestDatabase } from '../helpers.js';
import { ALICE, BOB, BOTS_SCENARIO, TRIAL } from './helpers.js';

type Scenario = { channels: { channelId: string; coupons?: Record<string, any>[] }[] } & Record<string, unknown>;

const servers: RunningServer[] = [];

async function kit(scenarioFile: string): Promise<RunningServer> {
  const s = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile, logger: pino({ level: 'silent' }) }));
  servers.push(s);
  return s;
}

async function clientOf(server: RunningServer): Promise<messagingApi.MessagingApiClient> {
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  const token = (await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret)).access_token;
  return new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: server.baseUrl });
}

async function exported(server: RunningServer): Promise<Scenario> {
  const r = await request(server.baseUrl).get('/embedkit/v1/scenario');
  expect(r.status).toBe(200);
  return r.body as Scenario;
}

async function use(server: RunningServer, couponId: string, userId: string): Promise<void> {
  expect((await request(server.baseUrl).post(`/embedkit/v1/coupons/${couponId}/users/${userId}/use`)).status).toBe(200);
}

async function ticket(server: RunningServer, couponId: string, userId: string): Promise<{ state: string; useCount: number }> {
  return (await request(server.baseUrl).get(`/embedkit/v1/coupons/${couponId}/users/${userId}`)).body as {
    state: string;
    useCount: number;
  };
}

const start = Math.floor(Date.now() / 1000) - 60;
function coupon(over: Partial<messagingApi.CouponCreateRequest> = {}): messagingApi.CouponCreateRequest {
  return {
    title: '10% off',
    startTimestamp: start,
    endTimestamp: start + 7 * 86_400,
    timezone: 'ASIA_TOKYO',
    visibility: 'UNLISTED',
    maxUseCountPerTicket: 1,
    acquisitionCondition: { type: 'normal' },
    ...over,
  };
}

let first: RunningServer;
const ids = { once: '', unlimited: '', closed: '' };

beforeAll(async () => {
  first = await kit(BOTS_SCENARIO);
  const client = await clientOf(first);
  ids.once = (
    await client.createCoupon(
      coupon({
        description: 'On everything',
        imageUrl: 'https://example.com/coupon.png',
        couponCode: 'SAVE10',
        reward: { type: 'discount', priceInfo: { type: 'percentage', percentage: 10 } } as messagingApi.CouponRewardRequest,
      }),
    )
  ).couponId;
  ids.unlimited = (
    await client.createCoupon(
      coupon({
        title: 'Free coffee',
        maxUseCountPerTicket: -1,
        acquisitionCondition: { type: 'lottery', lotteryProbability: 50, maxAcquireCount: 100 } as messagingApi.AcquisitionConditionRequest,
      }),
    )
  ).couponId;
  ids.closed = (await client.createCoupon(coupon({ title: 'Gone' }))).couponId;
  await client.closeCoupon(ids.closed);
  await use(first, ids.once, ALICE);
  await use(first, ids.unlimited, BOB);
  await use(first, ids.unlimited, BOB);
  await use(first, ids.unlimited, ALICE);
});
afterAll(async () => {
  for (const s of servers) await s.close();
});

describe('coupons in a scenario', () => {
  it('the export holds the coupons as created, closed, and the people’s uses; a fresh kit loads it and exports it the same', async () => {
    const s = await exported(first);
    const trial = s.channels.find((c) => c.channelId === TRIAL.id)!;
    expect(trial.coupons!.map((c) => [c.couponId, c.title, c.closedAt !== undefined, c.uses ?? []])).toEqual([
      [ids.once, '10% off', false, [{ userId: ALICE, count: 1, lastUsedAt: expect.any(Number) }]],
      [
        ids.unlimited,
        'Free coffee',
        false,
        [
          { userId: ALICE, count: 1, lastUsedAt: expect.any(Number) },
          { userId: BOB, count: 2, lastUsedAt: expect.any(Number) },
        ].sort((a, b) => a.userId.localeCompare(b.userId)),
      ],
      [ids.closed, 'Gone', true, []],
    ]);
    expect(trial.coupons![0]).toMatchObject({ couponCode: 'SAVE10', description: 'On everything', reward: { type: 'discount' } });
    expect(s.channels.filter((c) => c.channelId !== TRIAL.id).every((c) => c.coupons === undefined)).toBe(true);
    expect(scenarioProblems(s)).toEqual([]);

    const file = join(mkdtempSync(join(tmpdir(), 'embedkit-coupons-')), 'scenario.json');
    writeFileSync(file, JSON.stringify(s));
    const second = await kit(file);
    expect(await exported(second)).toEqual(s);

    // The bot sees the same coupons through the SDK, the host the same uses.
    const client = await clientOf(second);
    expect((await client.listCoupon(new Set(['RUNNING', 'CLOSED']))).items.map((i) => i.couponId).sort()).toEqual(
      Object.values(ids).sort(),
    );
    const detail = await client.getCouponDetail(ids.closed);
    expect(detail.status).toBe('CLOSED');
    const before = await client.getCouponDetail(ids.once);
    expect([before.status, before.couponCode, before.createdTimestamp]).toEqual([
      'RUNNING',
      'SAVE10',
      Math.floor(trial.coupons![0]!.createdAt / 1000),
    ]);
    expect(await ticket(second, ids.once, ALICE)).toMatchObject({ state: 'used', useCount: 1 });
    expect(await ticket(second, ids.once, BOB)).toMatchObject({ state: 'usable', useCount: 0 });
    expect(await ticket(second, ids.unlimited, BOB)).toMatchObject({ state: 'usable', useCount: 2 });
    expect(await ticket(second, ids.closed, ALICE)).toMatchObject({ state: 'closed' });
  });

  it('a scenario’s coupons are checked: an ID twice, createCoupon’s rules, unknown or repeated people, uses beyond the limit', async () => {
    const s = await exported(first);
    const trial = s.channels.find((c) => c.channelId === TRIAL.id)!;
    const bad = structuredClone(s);
    const i = bad.channels.findIndex((c) => c.channelId !== TRIAL.id);
    const t = bad.channels.findIndex((c) => c.channelId === TRIAL.id);
    const stranger = 'U' + '1'.repeat(32);
    bad.channels[i]!.coupons = [{ ...trial.coupons![2], uses: [{ userId: stranger, count: 1, lastUsedAt: 0 }] }];
    bad.channels[t]!.coupons![0] = {
      ...trial.coupons![0],
      endTimestamp: start - 1,
      uses: [
        { userId: ALICE, count: 2, lastUsedAt: 0 },
        { userId: ALICE, count: 1, lastUsedAt: 0 },
      ],
    };
    bad.channels[t]!.coupons![1] = { ...trial.coupons![1], maxUseCountPerTicket: 0 };
    expect(scenarioProblems(bad).sort()).toEqual(
      [
        `channels[${t}].coupons[0].endTimestamp: must be later than startTimestamp`,
        `channels[${t}].coupons[0].uses[0].count: more than maxUseCountPerTicket 1`,
        `channels[${t}].coupons[0].uses[1].userId: ${ALICE} is listed twice`,
        `channels[${t}].coupons[1].maxUseCountPerTicket: must be 1, or -1 for no limit`,
        `channels[${i}].coupons[0].couponId: ${ids.closed} is used twice`,
        `channels[${i}].coupons[0].uses[0].userId: unknown user ${stranger}`,
      ].sort(),
    );
    // A coupon past its end is allowed (it loads CLOSED); a field createCoupon does not know is not.
    const past = structuredClone(s);
    past.channels[t]!.coupons![0] = { ...trial.coupons![0], startTimestamp: 1, endTimestamp: 2 };
    expect(scenarioProblems(past)).toEqual([]);
    past.channels[t]!.coupons![0]!.status = 'RUNNING';
    expect(scenarioProblems(past)).toEqual([`channels[${t}].coupons[0].status: unknown property`]);
  });
});
