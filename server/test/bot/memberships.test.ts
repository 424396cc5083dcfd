// Membership plans (published messaging-api.yml: getMembershipList, getMembershipSubscription,
// getJoinedMembershipUsers) through the official Node SDK 11's MessagingApiClient, unmodified, with
// its answers held against the published schemas (Ajv, as answer-contract.test.ts); then the rules
// of a person's subscriptions in the host: joining twice, leaving when not joined, the member
// limit, renewal when the simulated clock passes the billing date, the joined users' paging, the
// `membership` events the bot hears, and the plans in the scenario export.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv, type AnySchema } from 'ajv';
import { channelAccessToken, messagingApi } from '@line/bot-sdk-11';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { scenarioProblems } from '../../src/scenario/load.js';
import { onTestDatabase } from '../helpers.js';
import { ALICE, BOB, BOTS_SCENARIO, CAROL, TRIAL, VERIFIED } from './helpers.js';
import { obj, str, int } from '../published-schema.js';
import { sdkRefusal } from '../sdk-refusal.js';

// ---- The published schemas (messaging-api.yml components), nothing beyond them. ----
const currency = { enum: ['JPY', 'TWD', 'THB'] };
const benefits = { type: 'array', minItems: 1, items: str };
const plan = { membershipId: int, title: str, description: str, benefits, price: { type: 'number' }, currency };
const SCHEMAS: Record<string, AnySchema> = {
  MembershipListResponse: obj(['memberships'], {
    memberships: {
      type: 'array',
      items: obj(
        [
          'membershipId',
          'title',
          'description',
          'benefits',
          'price',
          'currency',
          'memberCount',
          'memberLimit',
          'isInAppPurchase',
          'isPublished',
        ],
        {
          ...plan,
          memberCount: int,
          memberLimit: { type: ['integer', 'null'] },
          isInAppPurchase: { type: 'boolean' },
          isPublished: { type: 'boolean' },
        },
      ),
    },
  }),
  GetMembershipSubscriptionResponse: obj(['subscriptions'], {
    subscriptions: {
      type: 'array',
      items: obj(['membership', 'user'], {
        membership: obj(['membershipId', 'title', 'description', 'benefits', 'price', 'currency'], plan),
        user: obj(['membershipNo', 'joinedTime', 'nextBillingDate', 'totalSubscriptionMonths'], {
          membershipNo: int,
          joinedTime: int,
          nextBillingDate: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
          totalSubscriptionMonths: int,
        }),
      }),
    },
  }),
  GetJoinedMembershipUsersResponse: obj(['userIds'], { userIds: { type: 'array', maxItems: 1000, items: str }, next: str }),
  ErrorResponse: obj(['message'], {
    message: str,
    details: { type: 'array', minItems: 1, items: obj([], { message: str, property: str }) },
  }),
};
const ajv = new Ajv({ allErrors: true, strict: true });
const validators = Object.fromEntries(Object.entries(SCHEMAS).map(([name, s]) => [name, ajv.compile(s)]));
function expectValid(name: string, value: unknown): void {
  const v = validators[name]!;
  expect(v(value) ? [] : v.errors, `${name}: ${JSON.stringify(value)}`).toEqual([]);
}

/** The error body of a call the SDK refused, held against ErrorResponse. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; body: { message: string; details?: { property?: string }[] } }> {
  const r = await sdkRefusal<{ message: string; details?: { property?: string }[] }>(call);
  expectValid('ErrorResponse', r.body);
  return r;
}

// The bots scenario with plans: the trial bot has a basic plan (a member from the scenario), a
// premium plan for one member and an unpublished plan; the verified bot one plan of its own.
const JOINED_AT = Date.UTC(2024, 0, 31, 3, 0, 0); // 31 January 2024, 12:00 in UTC+9
const BASIC = 3189;
const PREMIUM = 3213;
const DRAFT = 3300;
const OTHER = 4000;
function scenarioFile(): string {
  const s = JSON.parse(readFileSync(BOTS_SCENARIO, 'utf8')) as { channels: Record<string, unknown>[] };
  const base = { description: 'Photos every Saturday', benefits: ['Members Only Photos'], price: 500, currency: 'JPY' };
  s.channels[0]!.memberships = [
    { membershipId: BASIC, title: 'Basic Plan', ...base, members: [{ userId: BOB, joinedAt: JOINED_AT }] },
    { membershipId: PREMIUM, title: 'Premium Plan', ...base, price: 1500.5, memberLimit: 1, isInAppPurchase: false },
    { membershipId: DRAFT, title: 'Draft Plan', ...base, isPublished: false },
  ];
  s.channels[1]!.memberships = [{ membershipId: OTHER, title: 'Verified Plan', ...base, currency: 'THB' }];
  const file = join(mkdtempSync(join(tmpdir(), 'embedkit-memberships-')), 'scenario.json');
  writeFileSync(file, JSON.stringify(s));
  return file;
}

let server: RunningServer;
let client: messagingApi.MessagingApiClient;

const sim = () => request(server.baseUrl);
const join_ = (membershipId: number, userId: string) => sim().post(`/embedkit/v1/memberships/${membershipId}/users/${userId}/join`);
const leave = (membershipId: number, userId: string) => sim().post(`/embedkit/v1/memberships/${membershipId}/users/${userId}/leave`);

/** The membership events the trial bot received so far, oldest first. */
async function membershipEvents(channelId = TRIAL.id): Promise<Record<string, any>[]> {
  const res = await sim().get(`/embedkit/v1/deliveries?channelId=${channelId}&limit=200`);
  return (res.body.deliveries as { body: string }[])
    .reverse()
    .flatMap((d) => (JSON.parse(d.body) as { events: Record<string, any>[] }).events)
    .filter((e) => e.type === 'membership');
}

/** Polls until `check` passes (the clock's renewal runs after the clock call answers). */
async function eventually(check: () => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (e) {
      if (i > 50) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** A client of a channel with a fresh token (a token lives 30 days of the simulated clock). */
async function clientOf(channel: { id: string; secret: string }): Promise<messagingApi.MessagingApiClient> {
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  const t = (await tokens.issueChannelToken('client_credentials', channel.id, channel.secret)).access_token;
  return new messagingApi.MessagingApiClient({ channelAccessToken: t, baseURL: server.baseUrl });
}

beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: scenarioFile(), logger: pino({ level: 'silent' }) }));
  client = await clientOf(TRIAL);
});
afterAll(async () => {
  await server?.close();
});

describe('membership plans', () => {
  it('getMembershipList: the bot’s own plans in the scenario’s order, with member counts', async () => {
    const list = await client.getMembershipList();
    expectValid('MembershipListResponse', list);
    expect(list.memberships.map((m) => [m.membershipId, m.memberCount, m.memberLimit, m.isPublished, m.isInAppPurchase])).toEqual([
      [BASIC, 1, null, true, true],
      [PREMIUM, 0, 1, true, false],
      [DRAFT, 0, null, false, true],
    ]);
    expect(list.memberships[1]).toMatchObject({ title: 'Premium Plan', price: 1500.5, currency: 'JPY', benefits: ['Members Only Photos'] });
  });

  it('getMembershipSubscription: a scenario member’s number, join time, billing date (UTC+9, month end) and months', async () => {
    const r = await client.getMembershipSubscription(BOB);
    expectValid('GetMembershipSubscriptionResponse', r);
    // The kit's clock is today: months of renewals passed since 2024, one per billing date.
    const [s] = r.subscriptions;
    expect(s!.membership).toEqual({
      membershipId: BASIC,
      title: 'Basic Plan',
      description: 'Photos every Saturday',
      benefits: ['Members Only Photos'],
      price: 500,
      currency: 'JPY',
    });
    expect(s!.user.membershipNo).toBe(1);
    expect(s!.user.joinedTime).toBe(JOINED_AT / 1000);
    expect(s!.user.totalSubscriptionMonths).toBeGreaterThan(12);
    // Joined on the 31st: billed on the last day of shorter months, else on the 31st.
    expect(['28', '29', '30', '31']).toContain(s!.user.nextBillingDate.slice(8));
  });

  it('getMembershipSubscription: 404 for a person with no subscription, 400 for a value that is no user ID', async () => {
    const none = await refusal(client.getMembershipSubscription(CAROL));
    expect(none).toEqual({ status: 404, body: { message: 'Unable to get information about the membership to which the user subscribes' } });
    const notAUser = await refusal(client.getMembershipSubscription('nobody'));
    expect([notAUser.status, notAUser.body.details]).toEqual([400, [{ message: 'Invalid user ID', property: 'userId' }]]);
  });

  it('a person joins: the bot hears membership joined with a reply token; joining twice is refused', async () => {
    const r = await join_(BASIC, ALICE);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ membershipId: BASIC, memberCount: 2, subscription: { membershipNo: 2, totalSubscriptionMonths: 1 } });
    const events = await membershipEvents();
    expect(events.at(-1)).toMatchObject({
      type: 'membership',
      membership: { type: 'joined', membershipId: BASIC },
      source: { type: 'user', userId: ALICE },
    });
    expect(events.at(-1)!.replyToken).toMatch(/^[0-9a-f]{32}$/);
    const again = await join_(BASIC, ALICE);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(`User ${ALICE} has already joined membership ${BASIC}`);
    expect((await membershipEvents()).length).toBe(events.length);
    const sub = await client.getMembershipSubscription(ALICE);
    expectValid('GetMembershipSubscriptionResponse', sub);
    expect(sub.subscriptions.map((s) => [s.membership.membershipId, s.user.membershipNo, s.user.totalSubscriptionMonths])).toEqual([
      [BASIC, 2, 1],
    ]);
  });

  it('refuses a plan that is full, unpublished, of no bot, and a person who is not the bot’s friend', async () => {
    expect((await join_(PREMIUM, ALICE)).status).toBe(200);
    const full = await join_(PREMIUM, BOB);
    expect([full.status, full.body.message]).toEqual([400, `Membership ${PREMIUM} has reached its member limit`]);
    expect((await client.getMembershipList()).memberships.find((m) => m.membershipId === PREMIUM)?.memberCount).toBe(1);
    expect((await join_(DRAFT, ALICE)).status).toBe(400);
    expect((await join_(999, ALICE)).status).toBe(404);
    expect((await join_(BASIC, 'U' + 'f'.repeat(32))).status).toBe(404);
    const stranger = await join_(BASIC, CAROL);
    expect([stranger.status, stranger.body.message]).toEqual([400, `User ${CAROL} must be a friend of the bot to join its membership`]);
  });

  it('leaving: the bot hears membership left; leaving when not joined is refused', async () => {
    const r = await leave(PREMIUM, ALICE);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ membershipId: PREMIUM, memberCount: 0, subscription: null });
    expect((await membershipEvents()).at(-1)).toMatchObject({
      membership: { type: 'left', membershipId: PREMIUM },
      source: { userId: ALICE },
    });
    const notJoined = await leave(PREMIUM, ALICE);
    expect([notJoined.status, notJoined.body.message]).toEqual([400, `User ${ALICE} has not joined membership ${PREMIUM}`]);
    // The place is free again.
    expect((await join_(PREMIUM, BOB)).status).toBe(200);
  });

  it('getJoinedMembershipUsers: pages by member number with next, checks limit and start, 404 for another bot’s plan', async () => {
    const all = await client.getJoinedMembershipUsers(BASIC);
    expectValid('GetJoinedMembershipUsersResponse', all);
    expect(all).toEqual({ userIds: [BOB, ALICE] });
    const first = await client.getJoinedMembershipUsers(BASIC, undefined, 1);
    expectValid('GetJoinedMembershipUsersResponse', first);
    expect(first.userIds).toEqual([BOB]);
    expect(first.next).toEqual(expect.any(String));
    const second = await client.getJoinedMembershipUsers(BASIC, first.next, 1);
    expect(second).toEqual({ userIds: [ALICE] });
    expect(await client.getJoinedMembershipUsers(DRAFT)).toEqual({ userIds: [] });
    const badLimit = await refusal(client.getJoinedMembershipUsers(BASIC, undefined, 1001));
    expect([badLimit.status, badLimit.body.details?.[0]?.property]).toEqual([400, 'limit']);
    // A bad limit is refused at the door, before the plan is looked up.
    expect((await refusal(client.getJoinedMembershipUsers(OTHER, undefined, 0))).status).toBe(400);
    const badStart = await refusal(client.getJoinedMembershipUsers(BASIC, 'bogus'));
    expect([badStart.status, badStart.body.details?.[0]?.property]).toEqual([400, 'start']);
    // A token of one plan's list is not one of another's.
    expect((await refusal(client.getJoinedMembershipUsers(PREMIUM, first.next))).status).toBe(400);
    const foreign = await refusal(client.getJoinedMembershipUsers(OTHER));
    expect(foreign).toEqual({ status: 404, body: { message: 'Membership ID is not owned by the bot or does not exist' } });
    expect((await refusal(client.getJoinedMembershipUsers(12345))).status).toBe(404);
  });

  it('renewal: the simulated clock passing the billing date renews (a month, one renewed event per date)', async () => {
    const before = (await client.getMembershipSubscription(ALICE)).subscriptions[0]!.user;
    const seen = (await membershipEvents()).length;
    const r = await sim().post('/embedkit/v1/clock').send({ advance: '32d' });
    expect(r.status).toBe(200);
    client = await clientOf(TRIAL);
    await eventually(async () => {
      const renewed = (await membershipEvents()).slice(seen).filter((e) => e.membership.type === 'renewed');
      expect(renewed.map((e) => [e.source.userId, e.membership.membershipId])).toEqual(
        expect.arrayContaining([
          [ALICE, BASIC],
          [BOB, BASIC],
          [BOB, PREMIUM],
        ]),
      );
    });
    const alice = (await membershipEvents()).slice(seen).filter((e) => e.source.userId === ALICE);
    expect(alice.map((e) => [e.membership.type, e.membership.membershipId])).toEqual([['renewed', BASIC]]);
    const after = (await client.getMembershipSubscription(ALICE)).subscriptions[0]!.user;
    expect(after.totalSubscriptionMonths).toBe(before.totalSubscriptionMonths + 1);
    expect(after.nextBillingDate > before.nextBillingDate).toBe(true);
    expect(after.membershipNo).toBe(before.membershipNo);
    // A token older than 24 hours has expired.
    const page = await client.getJoinedMembershipUsers(BASIC, undefined, 1);
    await sim().post('/embedkit/v1/clock').send({ advance: '25h' });
    const expired = await refusal(client.getJoinedMembershipUsers(BASIC, page.next, 1));
    expect([expired.status, expired.body.details?.[0]?.property]).toEqual([400, 'start']);
  });

  it('the host’s view: every plan with the person’s subscription or null; 404 for an unknown channel', async () => {
    const r = await sim().get(`/embedkit/v1/channels/${TRIAL.id}/memberships?userId=${ALICE}`);
    expect(r.status).toBe(200);
    expect(
      r.body.memberships.map((m: { membershipId: number; subscription: unknown }) => [m.membershipId, m.subscription !== null]),
    ).toEqual([
      [BASIC, true],
      [PREMIUM, false],
      [DRAFT, false],
    ]);
    expect((await sim().get(`/embedkit/v1/channels/999/memberships?userId=${ALICE}`)).status).toBe(404);
  });

  it('another bot sees its own plans only', async () => {
    const verified = await clientOf(VERIFIED);
    expect((await verified.getMembershipList()).memberships.map((m) => m.membershipId)).toEqual([OTHER]);
    expect((await refusal(verified.getMembershipSubscription(ALICE))).status).toBe(404);
  });

  it('the scenario export holds the plans and their members, and loads again', async () => {
    const s = (await sim().get('/embedkit/v1/scenario')).body as { channels: { channelId: string; memberships?: Record<string, any>[] }[] };
    const trial = s.channels.find((c) => c.channelId === TRIAL.id)!;
    expect(trial.memberships!.map((m) => [m.membershipId, (m.members ?? []).map((p: { userId: string }) => p.userId)])).toEqual([
      [BASIC, [BOB, ALICE]],
      [PREMIUM, [BOB]],
      [DRAFT, []],
    ]);
    expect(trial.memberships![1]).toMatchObject({ memberLimit: 1, isInAppPurchase: false, price: 1500.5 });
    expect(trial.memberships![2]).toMatchObject({ isPublished: false });
    expect(scenarioProblems(s)).toEqual([]);
    // Checks of a scenario's plans: an ID used twice, an unknown member, more members than the limit.
    const bad = structuredClone(s);
    bad.channels[1]!.memberships = [
      {
        ...trial.memberships![1],
        members: [
          { userId: 'U' + '1'.repeat(32), joinedAt: 0 },
          { userId: ALICE, joinedAt: 0 },
        ],
      },
    ];
    expect(scenarioProblems(bad)).toEqual([
      `channels[1].memberships[0].membershipId: ${PREMIUM} is used twice`,
      `channels[1].memberships[0].members[0].userId: unknown user U${'1'.repeat(32)}`,
      'channels[1].memberships[0].members: more members than its memberLimit 1',
    ]);
  });
});
