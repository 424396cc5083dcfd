// The custom aggregation unit calls, mission stickers and the textV2 message kind through the
// official Node SDK 11 clients, unmodified (only `baseURL` set), their answers held against the
// published schemas (messaging-api.yml, shop.yml) with Ajv.
import { Ajv, type AnySchema } from 'ajv';
import { channelAccessToken, HTTPFetchError, messagingApi, shop } from '@line/bot-sdk-11';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { onTestDatabase } from '../../helpers.js';
import { ALICE, ALICE_BOT, BOTS_SCENARIO, CAROL, TRIAL, VERIFIED } from '../helpers.js';

const obj = (required: string[], properties: Record<string, AnySchema>): AnySchema => ({
  type: 'object',
  required,
  properties,
  additionalProperties: false,
});
const str = { type: 'string' };
const SCHEMAS: Record<string, AnySchema> = {
  GetAggregationUnitUsageResponse: obj(['numOfCustomAggregationUnits'], { numOfCustomAggregationUnits: { type: 'integer' } }),
  GetAggregationUnitNameListResponse: obj(['customAggregationUnits'], { customAggregationUnits: { type: 'array', items: str }, next: str }),
  ErrorResponse: obj(['message'], {
    message: str,
    details: { type: 'array', minItems: 1, items: obj([], { message: str, property: str }) },
  }),
  PushMessageResponse: obj(['sentMessages'], {
    sentMessages: { type: 'array', minItems: 1, maxItems: 5, items: obj(['id'], { id: str, quoteToken: str }) },
  }),
};
const ajv = new Ajv({ allErrors: true, strict: true });
const validators = Object.fromEntries(Object.entries(SCHEMAS).map(([name, s]) => [name, ajv.compile(s)]));
function expectValid(name: keyof typeof SCHEMAS, value: unknown): void {
  const v = validators[name]!;
  expect(v(value) ? [] : v.errors, `${name}: ${JSON.stringify(value)}`).toEqual([]);
}

let server: RunningServer;
let trial: messagingApi.MessagingApiClient;
let verified: messagingApi.MessagingApiClient;
let shopClient: shop.ShopClient;

beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }) }));
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  const trialToken = (await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret)).access_token;
  const v = (await tokens.issueChannelToken('client_credentials', VERIFIED.id, VERIFIED.secret)).access_token;
  trial = new messagingApi.MessagingApiClient({ channelAccessToken: trialToken, baseURL: server.baseUrl });
  verified = new messagingApi.MessagingApiClient({ channelAccessToken: v, baseURL: server.baseUrl });
  shopClient = new shop.ShopClient({ channelAccessToken: trialToken, baseURL: server.baseUrl });
});
afterAll(() => server?.close());

async function failure(p: Promise<unknown>): Promise<HTTPFetchError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HTTPFetchError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

const sim = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.baseUrl}/embedkit/v1${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** Chat messages as the host lists them. */
async function chat(chatId: string): Promise<{ id: string; sender: { type: string; id?: string }; message: Record<string, unknown> }[]> {
  return (await sim('GET', `/chats/${chatId}/messages`)).body.messages as never;
}

describe('mission stickers', () => {
  it("a present shows in the user's chat with the bot as a line of the chat", async () => {
    const before = (await chat(ALICE_BOT)).length;
    const answer = await shopClient.missionStickerV3({ to: ALICE, productId: '8525', productType: 'STICKER', sendPresentMessage: false });
    expect(answer).toEqual({});
    const after = await chat(ALICE_BOT);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      sender: { type: 'system' },
      message: { type: 'system', text: 'You received a sticker set from Trial Bot (product 8525)' },
    });
  });

  it('refuses a body the published schema refuses, and an unknown user', async () => {
    const bad = await failure(
      shopClient.missionStickerV3({ to: ALICE, productId: '', productType: 'EMOJI', sendPresentMessage: true } as never),
    );
    expect(bad.status).toBe(400);
    const body = JSON.parse(bad.body) as { details: { property: string }[] };
    expectValid('ErrorResponse', body);
    expect(body.details.map((d) => d.property).sort()).toEqual(['productId', 'productType', 'sendPresentMessage']);
    const missing = await failure(shopClient.missionStickerV3({ to: ALICE } as never));
    expect(JSON.parse(missing.body).details.length).toBe(3);

    const stranger = 'U0000000000000000000000000000dead';
    const unknown = await failure(
      shopClient.missionStickerV3({ to: stranger, productId: '1', productType: 'STICKER', sendPresentMessage: false }),
    );
    expect(unknown.status).toBe(400);
    expectValid('ErrorResponse', JSON.parse(unknown.body));
    expect(JSON.parse(unknown.body).message).toBe(`Unknown user ${stranger}`);
  });

  it('a user who never added the bot gets it with no chat line; a bad token is refused', async () => {
    await shopClient.missionStickerV3({ to: CAROL, productId: '1', productType: 'STICKER', sendPresentMessage: false });
    const bad = new shop.ShopClient({ channelAccessToken: 'nope', baseURL: server.baseUrl });
    expect(
      (await failure(bad.missionStickerV3({ to: ALICE, productId: '1', productType: 'STICKER', sendPresentMessage: false }))).status,
    ).toBe(401);
  });
});

describe('custom aggregation units', () => {
  it('counts and lists the units used this month, in order of first use, a page at a time', async () => {
    const empty = await trial.getAggregationUnitUsage();
    expectValid('GetAggregationUnitUsageResponse', empty);
    expect(empty.numOfCustomAggregationUnits).toBe(0);
    expect(await trial.getAggregationUnitNameList()).toEqual({ customAggregationUnits: [] });

    for (const unit of ['promo_b', 'promo_a', 'promo_b', 'spring_2']) {
      await trial.pushMessage({ to: ALICE, messages: [{ type: 'text', text: unit }], customAggregationUnits: [unit] });
    }
    expect(await trial.getAggregationUnitUsage()).toEqual({ numOfCustomAggregationUnits: 3 });
    // Another channel's units are its own.
    expect(await verified.getAggregationUnitUsage()).toEqual({ numOfCustomAggregationUnits: 0 });

    const all = await trial.getAggregationUnitNameList();
    expectValid('GetAggregationUnitNameListResponse', all);
    expect(all).toEqual({ customAggregationUnits: ['promo_b', 'promo_a', 'spring_2'] });

    const first = await trial.getAggregationUnitNameList('2');
    expectValid('GetAggregationUnitNameListResponse', first);
    expect(first.customAggregationUnits).toEqual(['promo_b', 'promo_a']);
    expect(first.next).toEqual(expect.any(String));
    const second = await trial.getAggregationUnitNameList('2', first.next);
    expect(second).toEqual({ customAggregationUnits: ['spring_2'] });

    for (const [limit, start, property] of [
      ['0', undefined, 'limit'],
      ['ten', undefined, 'limit'],
      [undefined, 'made-up', 'start'],
    ] as const) {
      const e = await failure(trial.getAggregationUnitNameList(limit, start));
      expect(e.status).toBe(400);
      const body = JSON.parse(e.body) as { details: { property: string }[] };
      expectValid('ErrorResponse', body);
      expect(body.details[0]!.property).toBe(property);
    }

    // A new month (UTC+9) on the simulated clock starts from none; last month's token is stale.
    // (A short-lived token lives 30 days: the bot issues a new one.)
    await sim('POST', '/clock', { advance: '32d' });
    const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
    const t = (await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret)).access_token;
    trial = new messagingApi.MessagingApiClient({ channelAccessToken: t, baseURL: server.baseUrl });
    expect(await trial.getAggregationUnitUsage()).toEqual({ numOfCustomAggregationUnits: 0 });
    expect(await trial.getAggregationUnitNameList()).toEqual({ customAggregationUnits: [] });
    expect((await failure(trial.getAggregationUnitNameList('2', first.next))).status).toBe(400);
  });

  it('needs a channel access token', async () => {
    const stranger = new messagingApi.MessagingApiClient({ channelAccessToken: 'nope', baseURL: server.baseUrl });
    expect((await failure(stranger.getAggregationUnitUsage())).status).toBe(401);
    expect((await failure(stranger.getAggregationUnitNameList())).status).toBe(401);
  });
});

describe('textV2', () => {
  it('a push of textV2 is stored as sent, quotable, and a bad one is refused with details', async () => {
    const message: messagingApi.TextMessageV2 = {
      type: 'textV2',
      text: 'Welcome {user} {wave}',
      substitution: {
        user: { type: 'mention', mentionee: { type: 'user', userId: ALICE } } as messagingApi.MentionSubstitutionObject,
        wave: { type: 'emoji', productId: '5ac1bfd5040ab15980c9b435', emojiId: '001' } as messagingApi.EmojiSubstitutionObject,
      },
    };
    const pushed = await trial.pushMessage({ to: ALICE, messages: [message] });
    expectValid('PushMessageResponse', pushed);
    expect(pushed.sentMessages[0]!.quoteToken).toEqual(expect.any(String));
    const last = (await chat(ALICE_BOT)).at(-1)!;
    expect(last.id).toBe(pushed.sentMessages[0]!.id);
    expect(last).toMatchObject({ sender: { type: 'bot' }, message: { type: 'textV2', text: 'Welcome {user} {wave}' } });

    const bad = await failure(trial.pushMessage({ to: ALICE, messages: [{ ...message, text: 'Welcome {user}' }] }));
    expect(bad.status).toBe(400);
    const body = JSON.parse(bad.body) as { details: { property: string }[] };
    expectValid('ErrorResponse', body);
    expect(body.details).toEqual([
      { message: 'Substitution is not used: the text has no {wave}', property: 'messages[0].substitution.wave' },
    ]);
  });
});
