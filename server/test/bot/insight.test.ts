// Insight (published insight.yml) computed from a scripted world: 25 people follow the bot, one
// blocks it, a broadcast, impressions and clicks reported through the simulator route as the host
// does, a multicast and a push with a custom aggregation unit, rich menu views and taps. Every
// method of the official SDK 11's InsightClient runs unmodified against the kit (rich menu insight
// is not in SDK 11.0.0: through fetch), each answer checked with Ajv against the published schema.
import { Ajv, type AnySchema } from 'ajv';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { channelAccessToken, HTTPFetchError, insight, messagingApi } from '@line/bot-sdk-11';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { platformDay } from '../../src/interfaces/bot/broadcast/service.js';
import { onTestDatabase, withTempDir } from '../helpers.js';
import { obj, str, int } from '../published-schema.js';

// ---- The published schemas (insight.yml components), nothing beyond them. ----
const nint = { type: ['integer', 'null'] };
const day = { type: 'string', pattern: '^[0-9]{8}$' };
const status = { enum: ['ready', 'unready', 'out_of_service'] };
const tile = (key: string, values?: string[]) => ({
  type: 'array',
  items: obj([], { [key]: values ? { enum: values } : str, percentage: { type: 'number', minimum: 0, maximum: 100 } }),
});
const AGES = ['from0to14', 'from15to19', 'from20to24', 'from25to29', 'from30to34', 'from35to39', 'from40to44', 'from45to49', 'from50'];
const AGE_VALUES = [...AGES, 'from50to54', 'from55to59', 'from60to64', 'from65to69', 'from70', 'unknown'];
const PERIODS = ['within7days', 'within30days', 'within90days', 'within180days', 'within365days', 'over365days', 'unknown'];
const media = Object.fromEntries(
  ['mediaPlayed', 'mediaPlayed25Percent', 'mediaPlayed50Percent', 'mediaPlayed75Percent', 'mediaPlayed100Percent'].flatMap((k) => [
    [k, nint],
    [`unique${k[0]!.toUpperCase()}${k.slice(1)}`, nint],
  ]),
);
const eventMessage = (required: string[]) => obj(required, { seq: int, impression: nint, uniqueImpression: nint, ...media });
const eventClick = (required: string[]) =>
  obj(required, { seq: int, url: str, click: nint, uniqueClick: nint, uniqueClickOfRequest: nint });
const overviewCounts = { uniqueImpression: nint, uniqueClick: nint, uniqueMediaPlayed: nint, uniqueMediaPlayed100Percent: nint };
const bounds = obj(['x', 'y', 'width', 'height'], { x: int, y: int, width: int, height: int });
const metrics = obj(['count', 'uniqueUsers'], { count: int, uniqueUsers: int });
const dailyMetrics = { type: 'array', items: obj(['date', 'count', 'uniqueUsers'], { date: day, count: int, uniqueUsers: int }) };
const SCHEMAS: Record<string, AnySchema> = {
  GetFriendsDemographicsResponse: obj([], {
    available: { type: 'boolean' },
    genders: tile('gender', ['male', 'female', 'unknown']),
    ages: tile('age', AGE_VALUES),
    areas: tile('area'),
    appTypes: tile('appType', ['ios', 'android', 'others']),
    subscriptionPeriods: tile('subscriptionPeriod', PERIODS),
  }),
  GetNumberOfMessageDeliveriesResponse: obj(
    [],
    Object.fromEntries([
      ['status', status],
      ...[
        'broadcast',
        'targeting',
        'autoResponse',
        'welcomeResponse',
        'chat',
        'apiBroadcast',
        'apiPush',
        'apiMulticast',
        'apiNarrowcast',
        'apiReply',
      ].map((k) => [k, int]),
    ]),
  ),
  GetNumberOfFollowersResponse: obj([], { status, followers: int, targetedReaches: int, blocks: int }),
  GetMessageEventResponse: obj([], {
    overview: obj([], { requestId: str, timestamp: int, delivered: int, ...overviewCounts }),
    messages: { type: 'array', items: eventMessage([]) },
    clicks: { type: 'array', items: eventClick([]) },
  }),
  GetStatisticsPerUnitResponse: obj(['clicks', 'messages', 'overview'], {
    overview: obj([], overviewCounts),
    messages: { type: 'array', items: eventMessage(['seq']) },
    clicks: { type: 'array', items: eventClick(['seq', 'url']) },
  }),
  GetRichMenuInsightSummaryResponse: obj(['richMenuId'], {
    richMenuId: str,
    metricsFrom: { type: ['string', 'null'], pattern: '^[0-9]{8}$' },
    metricsTo: { type: ['string', 'null'], pattern: '^[0-9]{8}$' },
    impression: obj(['metrics'], { metrics }),
    clicks: { type: 'array', items: obj(['bounds', 'metrics'], { bounds, metrics }) },
  }),
  GetRichMenuInsightDailyResponse: obj(['richMenuId'], {
    richMenuId: str,
    metricsFrom: { type: ['string', 'null'], pattern: '^[0-9]{8}$' },
    metricsTo: { type: ['string', 'null'], pattern: '^[0-9]{8}$' },
    impression: obj(['metrics'], { metrics: dailyMetrics }),
    clicks: { type: 'array', items: obj(['bounds', 'metrics'], { bounds, metrics: dailyMetrics }) },
  }),
  ErrorResponse: obj(['message'], { message: str, details: { type: 'array', items: obj([], { message: str, property: str }) } }),
};
const ajv = new Ajv({ allErrors: true });
function valid<T>(schema: string, answer: T): T {
  const check = ajv.compile(SCHEMAS[schema]!);
  if (!check(answer)) throw new Error(`${schema}: ${ajv.errorsText(check.errors)} in ${JSON.stringify(answer)}`);
  return answer;
}

// ---- The scripted world: one verified channel, 25 people who are its friends. ----
const CHANNEL = { id: '1650000099', secret: '99999999999999999999999999999999' };
const person = (i: number) => `U${i.toString(16).padStart(32, '0')}`;
const botChat = (i: number) => `UB${i.toString(16).padStart(31, '0')}`;
const PEOPLE = Array.from({ length: 25 }, (_, i) => i + 1);
const scenario = {
  channels: [{ channelId: CHANNEL.id, name: 'Insight', secret: CHANNEL.secret, botName: 'Insight Bot', plan: 'verified' }],
  users: PEOPLE.map((i) => ({
    userId: person(i),
    displayName: `Person ${i}`,
    // 15 men and 10 women; person 25 gives no area (not targetable).
    demographics: {
      gender: i <= 15 ? 'male' : 'female',
      age: i <= 5 ? 22 : 41,
      appType: i % 5 === 0 ? 'android' : 'ios',
      ...(i === 25 ? {} : { area: 'jp_13' }),
    },
  })),
  chats: PEOPLE.map((i) => ({ chatId: botChat(i), type: 'utou', name: 'Insight Bot', members: [person(i)], bot: CHANNEL.id })),
  apps: [],
};

let server: RunningServer;
let client: insight.InsightClient;
let bot: messagingApi.MessagingApiClient;
let token: string;
const URL_A = 'https://example.com/a';

const sim = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.baseUrl}/embedkit/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const now = async () => (await sim('GET', '/clock')).body.now as number;
const nextDay = () => sim('POST', '/clock', { advance: '1d' });
/** The bot messages of a person's chat, oldest first. */
const botMessages = async (i: number) =>
  ((await sim('GET', `/chats/${botChat(i)}/messages`)).body.messages as { id: string; sender: { type: string } }[]).filter(
    (m) => m.sender.type === 'bot',
  );
const report = (body: Record<string, unknown>) => sim('POST', '/insight/reports', body);
const requestIdOf = (r: { httpResponse: Response }) => r.httpResponse.headers.get('x-line-request-id')!;
const richMenuInsight = async (id: string, kind: 'summary' | 'daily', from: string, to: string) => {
  const res = await fetch(`${server.baseUrl}/v2/bot/insight/richmenu/${id}/${kind}?from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  const file = await withTempDir(async (dir) => {
    const f = join(dir, 'insight.json');
    await writeFile(f, JSON.stringify(scenario));
    server = await startServer(
      onTestDatabase({ port: 0, inMemory: true, scenarioFile: f, headerPrefix: 'X-Line-', logger: pino({ level: 'silent' }) }),
    );
    return f;
  });
  expect(file).toMatch(/insight\.json$/);
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  token = (await tokens.issueChannelToken('client_credentials', CHANNEL.id, CHANNEL.secret)).access_token;
  client = new insight.InsightClient({ channelAccessToken: token, baseURL: server.baseUrl });
  bot = new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: server.baseUrl });
});
afterAll(async () => {
  await server?.close();
});

describe('insight computed from the world', () => {
  it('demographics: percentages of the 25 friends', async () => {
    const d = valid('GetFriendsDemographicsResponse', await client.getFriendsDemographics());
    expect(d.available).toBe(true);
    expect(d.genders).toEqual([
      { gender: 'male', percentage: 60 },
      { gender: 'female', percentage: 40 },
    ]);
    expect(d.ages).toEqual([
      { age: 'from40to44', percentage: 80 },
      { age: 'from20to24', percentage: 20 },
    ]);
    expect(d.appTypes).toEqual([
      { appType: 'ios', percentage: 80 },
      { appType: 'android', percentage: 20 },
    ]);
    expect(d.areas).toEqual([
      { area: 'jp_13', percentage: 96 },
      { area: 'unknown', percentage: 4 },
    ]);
    expect(d.subscriptionPeriods).toEqual([{ subscriptionPeriod: 'within7days', percentage: 100 }]);
  });

  it('a broadcast, its impressions and clicks, a block: unready the same day, exact the next', async () => {
    const today = platformDay(await now());
    expect((await sim('PUT', `/users/${person(25)}/friendships/${CHANNEL.id}`, { state: 'blocked' })).status).toBe(200);
    const sent = await bot.broadcastWithHttpInfo({
      messages: [
        { type: 'text', text: 'Sale today' },
        {
          type: 'template',
          altText: 'Sale',
          template: { type: 'buttons', text: 'See the sale', actions: [{ type: 'uri', label: 'Open', uri: URL_A }] },
        },
      ],
    });
    const requestId = requestIdOf(sent);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // 22 people see the first bubble, 21 of them the second and open its URL (person 1 twice).
    for (const i of PEOPLE.slice(0, 22)) {
      const [first, second] = await botMessages(i);
      expect((await report({ type: 'impression', userId: person(i), messageId: first!.id })).body).toEqual({ recorded: true });
      if (i <= 21) {
        await report({ type: 'impression', userId: person(i), messageId: second!.id });
        await report({ type: 'click', userId: person(i), messageId: second!.id, url: URL_A });
      }
    }
    const [first] = await botMessages(1);
    expect((await report({ type: 'impression', userId: person(1), messageId: first!.id })).body).toEqual({ recorded: false });
    await report({ type: 'click', userId: person(1), messageId: (await botMessages(1))[1]!.id, url: URL_A });
    // The blocked person got nothing and cannot report it.
    expect(await botMessages(25)).toEqual([]);

    expect(valid('GetNumberOfFollowersResponse', await client.getNumberOfFollowers(today))).toEqual({ status: 'unready' });
    expect(valid('GetNumberOfMessageDeliveriesResponse', await client.getNumberOfMessageDeliveries(today))).toEqual({ status: 'unready' });
    const early = valid('GetMessageEventResponse', await client.getMessageEvent(requestId));
    expect(early.overview).toMatchObject({ requestId, delivered: 24, uniqueImpression: null, uniqueClick: null });
    expect(early.messages).toEqual([]);

    await nextDay();
    expect(valid('GetNumberOfFollowersResponse', await client.getNumberOfFollowers(today))).toEqual({
      status: 'ready',
      followers: 25,
      targetedReaches: 24,
      blocks: 1,
    });
    // Without a date: yesterday, the same day.
    expect(await client.getNumberOfFollowers()).toMatchObject({ followers: 25, blocks: 1 });
    expect(valid('GetNumberOfMessageDeliveriesResponse', await client.getNumberOfMessageDeliveries(today))).toMatchObject({
      status: 'ready',
      broadcast: 24,
      apiBroadcast: 24,
      apiPush: 0,
      targeting: 0,
    });
    const e = valid('GetMessageEventResponse', await client.getMessageEvent(requestId));
    expect(e.overview).toMatchObject({ requestId, delivered: 24, uniqueImpression: 22, uniqueClick: 21 });
    expect(e.overview!.timestamp).toBeGreaterThan(1_600_000_000);
    expect(e.overview!.timestamp).toBeLessThan(10_000_000_000);
    expect(e.messages!.map((m) => [m.seq, m.impression])).toEqual([
      [1, 22],
      [2, 21],
    ]);
    expect(e.clicks).toEqual([{ seq: 2, url: URL_A, click: 22, uniqueClick: 21, uniqueClickOfRequest: 21 }]);
  });

  it('a day before the world existed is out of service; bad input is a 400 in the platform format', async () => {
    expect(await client.getNumberOfFollowers('20000101')).toEqual({ status: 'out_of_service' });
    const err = await client.getNumberOfMessageDeliveries('20251399').catch((x: unknown) => x);
    expect(err).toBeInstanceOf(HTTPFetchError);
    expect((err as HTTPFetchError).status).toBe(400);
    expect(valid('ErrorResponse', JSON.parse((err as HTTPFetchError).body))).toMatchObject({ details: [{ property: 'date' }] });
    // Refused at the door (no such month) and by the calendar (no 30 February) in the same words.
    const refusal = async (date: string) =>
      JSON.parse(((await client.getNumberOfFollowers(date).catch((x: unknown) => x)) as HTTPFetchError).body);
    const words = {
      message: "The value for the 'date' parameter is invalid",
      details: [{ message: 'must be a date in the format yyyyMMdd (UTC+9)', property: 'date' }],
    };
    expect(await refusal('20251399')).toEqual(words);
    expect(await refusal('20250230')).toEqual(words);
    const unknown = await client.getMessageEvent('no-such-request').catch((x: unknown) => x);
    expect((unknown as HTTPFetchError).status).toBe(404);
  });

  it('custom aggregation units: a multicast and a push counted in getStatisticsPerUnit', async () => {
    const today = platformDay(await now());
    const to = PEOPLE.slice(0, 20).map(person);
    await bot.multicast({ to, messages: [{ type: 'text', text: 'Promo' }], customAggregationUnits: ['promo_a'] });
    await bot.pushMessage({ to: person(21), messages: [{ type: 'text', text: 'Promo' }], customAggregationUnits: ['promo_a'] });
    await bot.pushMessage({ to: person(22), messages: [{ type: 'text', text: 'Other' }], customAggregationUnits: ['promo_b'] });
    for (const i of PEOPLE.slice(0, 22)) {
      const last = (await botMessages(i)).at(-1)!;
      await report({ type: 'impression', userId: person(i), messageId: last.id });
    }
    // Not ready the same day: nothing counted yet.
    const early = valid('GetStatisticsPerUnitResponse', await client.getStatisticsPerUnit('promo_a', today, today));
    expect(early.messages).toEqual([]);
    await nextDay();
    const s = valid('GetStatisticsPerUnitResponse', await client.getStatisticsPerUnit('promo_a', today, today));
    expect(s.overview).toEqual({ uniqueImpression: 21, uniqueClick: null, uniqueMediaPlayed: null, uniqueMediaPlayed100Percent: null });
    expect(s.messages.map((m) => [m.seq, m.impression])).toEqual([[1, 21]]);
    // The unit's pattern and at most one unit: the published request rules.
    const bad = await bot
      .pushMessage({ to: person(1), messages: [{ type: 'text', text: 'x' }], customAggregationUnits: ['a-b'] })
      .catch((x) => x);
    expect((bad as HTTPFetchError).status).toBe(400);
    expect(JSON.parse((bad as HTTPFetchError).body).details[0].property).toBe('customAggregationUnits[0]');
    const two = await bot
      .multicast({ to: [person(1)], messages: [{ type: 'text', text: 'x' }], customAggregationUnits: ['a', 'b'] })
      .catch((x) => x);
    expect((two as HTTPFetchError).status).toBe(400);
    const long = await client.getStatisticsPerUnit('promo_a', '20250101', '20250301').catch((x: unknown) => x);
    expect((long as HTTPFetchError).status).toBe(400);
  });

  it('rich menu insight: views and taps per area, summary and daily', async () => {
    const { richMenuId } = await bot.createRichMenu({
      size: { width: 2500, height: 843 },
      selected: false,
      name: 'm',
      chatBarText: 'Menu',
      areas: [
        { bounds: { x: 0, y: 0, width: 1250, height: 843 }, action: { type: 'postback', data: 'a' } },
        { bounds: { x: 1250, y: 0, width: 1250, height: 843 }, action: { type: 'postback', data: 'b' } },
      ],
    });
    const today = platformDay(await now());
    for (const i of PEOPLE.slice(0, 20)) {
      const userId = person(i);
      await report({ type: 'richMenuImpression', userId, channelId: CHANNEL.id, richMenuId });
      await report({ type: 'richMenuClick', userId, channelId: CHANNEL.id, richMenuId, area: 0 });
    }
    await report({ type: 'richMenuClick', userId: person(1), channelId: CHANNEL.id, richMenuId, area: 1 });
    await report({ type: 'richMenuClick', userId: person(1), channelId: CHANNEL.id, richMenuId, area: 1 });
    expect((await report({ type: 'richMenuClick', userId: person(1), channelId: CHANNEL.id, richMenuId, area: 2 })).body).toEqual({
      recorded: false,
    });
    // The same day: not counted yet, so below the threshold.
    expect((await richMenuInsight(richMenuId, 'summary', today, today)).body).toEqual({ richMenuId });
    await nextDay();
    const summary = valid('GetRichMenuInsightSummaryResponse', (await richMenuInsight(richMenuId, 'summary', today, today)).body);
    expect(summary).toEqual({
      richMenuId,
      metricsFrom: today,
      metricsTo: today,
      impression: { metrics: { count: 20, uniqueUsers: 20 } },
      clicks: [
        { bounds: { x: 0, y: 0, width: 1250, height: 843 }, metrics: { count: 20, uniqueUsers: 20 } },
        { bounds: { x: 1250, y: 0, width: 1250, height: 843 }, metrics: { count: 2, uniqueUsers: 1 } },
      ],
    });
    const daily = valid('GetRichMenuInsightDailyResponse', (await richMenuInsight(richMenuId, 'daily', today, today)).body);
    expect(daily.clicks[1].metrics).toEqual([{ date: today, count: 2, uniqueUsers: 1 }]);
    expect((await richMenuInsight('richmenu-none', 'summary', today, today)).status).toBe(404);
    const tooLong = await richMenuInsight(richMenuId, 'daily', '20250101', '20250501');
    expect(tooLong.status).toBe(400);
    valid('ErrorResponse', tooLong.body);
  });

  it('the host’s view: raw figures per day and request', async () => {
    const view = (await sim('GET', `/channels/${CHANNEL.id}/insight?days=3`)).body;
    expect(view.days).toHaveLength(3);
    expect(view.requests.find((r: { kind: string }) => r.kind === 'broadcast')).toMatchObject({
      delivered: 24,
      uniqueImpression: 22,
      uniqueClick: 21,
      clicks: 22,
      ready: true,
    });
    expect(view.demographics.friends).toBe(24);
    expect((await sim('GET', `/channels/${CHANNEL.id}/insight?days=500`)).status).toBe(400);
    expect((await sim('POST', '/insight/reports', { type: 'impression', userId: person(1) })).status).toBe(400);
  });
});
