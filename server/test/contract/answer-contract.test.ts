// The bot interface's answers held against the platform's published response schemas
// (`line/line-openapi` messaging-api.yml and channel-access-token.yml: their required fields,
// types and enums, written here as JSON Schemas and checked with Ajv) and against the official
// Node SDK's TypeScript types (10 and 11, assigned at compile time). The official clients run
// unmodified against a kit started with the header prefix `X-Line-`: retry keys and quoting.
import { Ajv, type AnySchema } from 'ajv';
import { channelAccessToken, HTTPFetchError, messagingApi as api10 } from '@line/bot-sdk';
import { HTTPFetchError as HTTPFetchError11, messagingApi as api11 } from '@line/bot-sdk-11';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import type { SentMessage, SentMessages } from '../../src/interfaces/bot/index.js';
import { onTestDatabase } from '../helpers.js';
import { ALICE, ALICE_BOT, BOB, BOTS_SCENARIO, GROUP, TRIAL, VERIFIED } from '../bot/helpers.js';
import { obj, str, int } from '../published-schema.js';

// ---- Schemas: the published facts (messaging-api.yml components), nothing beyond them. ----
// Properties the published schema does not list are refused too (additionalProperties: false),
// so that an answer carries nothing a typed bot cannot see.
const uri = { type: 'string', format: 'uri' };
const SentMessage = obj(['id'], { id: str, quoteToken: str });
const sentMessages = { type: 'array', minItems: 1, maxItems: 5, items: SentMessage };
const SCHEMAS: Record<string, AnySchema> = {
  PushMessageResponse: obj(['sentMessages'], { sentMessages }),
  ReplyMessageResponse: obj(['sentMessages'], { sentMessages }),
  // MulticastResponse, NarrowcastResponse, BroadcastResponse: `type: object`, no properties.
  EmptyResponse: obj([], {}),
  ErrorResponse: obj(['message'], {
    message: str,
    details: { type: 'array', minItems: 1, items: obj([], { message: str, property: str }) },
    sentMessages,
  }),
  UserProfileResponse: obj(['displayName', 'userId'], {
    displayName: str,
    userId: str,
    pictureUrl: uri,
    statusMessage: str,
    language: str,
  }),
  GroupUserProfileResponse: obj(['displayName', 'userId'], { displayName: str, userId: str, pictureUrl: uri }),
  MembersIdsResponse: obj(['memberIds'], { memberIds: { type: 'array', maxItems: 100, items: str }, next: str }),
  BotInfoResponse: obj(['userId', 'basicId', 'displayName', 'chatMode', 'markAsReadMode'], {
    userId: str,
    basicId: str,
    premiumId: str,
    displayName: str,
    pictureUrl: uri,
    chatMode: { enum: ['chat', 'bot'] },
    markAsReadMode: { enum: ['auto', 'manual'] },
  }),
  MessageQuotaResponse: obj(['type'], { type: { enum: ['none', 'limited'] }, value: int }),
  QuotaConsumptionResponse: obj(['totalUsage'], { totalUsage: int }),
  GetFollowersResponse: obj(['userIds'], { userIds: { type: 'array', maxItems: 1000, items: str }, next: str }),
  GroupSummaryResponse: obj(['groupId', 'groupName'], { groupId: str, groupName: str, pictureUrl: uri }),
  GroupMemberCountResponse: obj(['count'], { count: int }),
  NumberOfMessagesResponse: obj(['status'], {
    status: { enum: ['ready', 'unready', 'unavailable_for_privacy', 'out_of_service'] },
    success: int,
  }),
  NarrowcastProgressResponse: obj(['phase', 'acceptedTime'], {
    phase: { enum: ['waiting', 'sending', 'succeeded', 'failed'] },
    successCount: int,
    failureCount: int,
    targetCount: int,
    failedDescription: str,
    errorCode: int,
    acceptedTime: { type: 'string', format: 'date-time' },
    completedTime: { type: 'string', format: 'date-time' },
  }),
  IssueLinkTokenResponse: obj(['linkToken'], { linkToken: str }),
  // channel-access-token.yml
  IssueShortLivedChannelAccessTokenResponse: obj(['access_token', 'expires_in', 'token_type'], {
    access_token: str,
    expires_in: int,
    token_type: str,
  }),
  OAuthErrorResponse: obj([], { error: str, error_description: str }),
};

const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addFormat('uri', /^https?:\/\/[^\s/?#]+\S*$/);
ajv.addFormat('date-time', {
  type: 'string',
  validate: (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s),
});
const validators = Object.fromEntries(Object.entries(SCHEMAS).map(([name, s]) => [name, ajv.compile(s)]));

/** Fails with Ajv's errors when `value` is not valid against the named published schema. */
function expectValid(name: keyof typeof SCHEMAS, value: unknown, what = name): void {
  const v = validators[name]!;
  expect(v(value) ? [] : v.errors, `${what}: ${JSON.stringify(value)}`).toEqual([]);
}

// ---- Compile time: embedkit's answer types are the SDK's types (typecheck fails otherwise). ----
export const typesMatch = [
  (s: SentMessages): api10.PushMessageResponse => s,
  (s: SentMessages): api10.ReplyMessageResponse => s,
  (s: SentMessages): api11.PushMessageResponse => s,
  (s: SentMessages): api11.ReplyMessageResponse => s,
  (s: SentMessage): api10.SentMessage => s,
  (s: SentMessage): api11.SentMessage => s,
];

// ---- One kit with the platform's real prefix, and the official clients. ----
const RETRY = '0f8fad5b-d9cb-469f-a165-70867728950e';
let server: RunningServer;
let trial10: api10.MessagingApiClient;
let trial11: api11.MessagingApiClient;
let verified11: api11.MessagingApiClient;
let trialToken: string;

beforeAll(async () => {
  server = await startServer(
    onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, headerPrefix: 'X-Line-', logger: pino({ level: 'silent' }) }),
  );
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  const issued = await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret);
  expectValid('IssueShortLivedChannelAccessTokenResponse', issued);
  trialToken = issued.access_token;
  const v = (await tokens.issueChannelToken('client_credentials', VERIFIED.id, VERIFIED.secret)).access_token;
  trial10 = new api10.MessagingApiClient({ channelAccessToken: trialToken, baseURL: server.baseUrl });
  trial11 = new api11.MessagingApiClient({ channelAccessToken: trialToken, baseURL: server.baseUrl });
  verified11 = new api11.MessagingApiClient({ channelAccessToken: v, baseURL: server.baseUrl });
});
afterAll(() => server?.close());

/** A person writes into a chat from the host; the stored message's id. */
async function says(chatId: string, userId: string, text: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/embedkit/v1/chats/${chatId}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId, message: { type: 'text', text } }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** The newest event's reply token of the trial bot (from the kit's delivery log). */
async function latestReplyToken(): Promise<string> {
  const res = await fetch(`${server.baseUrl}/embedkit/v1/deliveries?channelId=${TRIAL.id}&limit=1`);
  const [d] = ((await res.json()) as { deliveries: { body: string }[] }).deliveries;
  return (JSON.parse(d!.body) as { events: { replyToken: string }[] }).events.at(-1)!.replyToken;
}

/** The chat as the host lists it. */
async function chat(chatId: string): Promise<{ id: string; sender: { type: string }; message: Record<string, unknown> }[]> {
  const res = await fetch(`${server.baseUrl}/embedkit/v1/chats/${chatId}/messages`);
  return ((await res.json()) as { messages: never[] }).messages;
}

/** The quote token the kit gave a stored message (the webhook event of it carries the same). */
async function quoteTokenOf(id: string): Promise<string> {
  const db = server.embedkit.db;
  return (await db.selectFrom('messages').select('quote_token').where('id', '=', Number(id)).executeTakeFirstOrThrow()).quote_token!;
}

async function failure(p: Promise<unknown>): Promise<HTTPFetchError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HTTPFetchError || e instanceof HTTPFetchError11) return e as HTTPFetchError;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('answers against the published schemas', () => {
  it('push and reply answer the sent messages: the ids the chat lists, with quote tokens', async () => {
    const pushed = await trial11.pushMessage({
      to: ALICE,
      messages: [
        { type: 'text', text: 'p1' },
        { type: 'text', text: 'p2' },
      ],
    });
    expectValid('PushMessageResponse', pushed);
    const inChat = (await chat(ALICE_BOT)).slice(-2);
    expect(pushed.sentMessages.map((m) => m.id)).toEqual(inChat.map((m) => m.id));
    expect(pushed.sentMessages.every((m) => typeof m.quoteToken === 'string')).toBe(true);
    const group = await trial10.pushMessage({ to: GROUP, messages: [{ type: 'sticker', packageId: '1', stickerId: '1' }] });
    expectValid('PushMessageResponse', group);

    await says(ALICE_BOT, ALICE, 'reply to me');
    const replied = await trial10.replyMessage({ replyToken: await latestReplyToken(), messages: [{ type: 'text', text: 'r' }] });
    expectValid('ReplyMessageResponse', replied);
    expect(replied.sentMessages[0]!.id).toBe((await chat(ALICE_BOT)).at(-1)!.id);
    // The id is the one the bot marks as read with (the platform's markAsRead by chat answers {}).
    await trial11.markMessagesAsRead({ chat: { userId: ALICE } });
  });

  it('multicast, broadcast, narrowcast, and the reading calls', async () => {
    const raw = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${trialToken}`, 'Content-Type': 'application/json', ...(init.headers as object) },
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
    };
    const messages = JSON.stringify({ messages: [{ type: 'text', text: 'many' }] });
    const multicast = await raw('/v2/bot/message/multicast', {
      method: 'POST',
      body: JSON.stringify({ to: [ALICE, BOB], messages: [{ type: 'text', text: 'm' }] }),
    });
    expect(multicast.status).toBe(200);
    expectValid('EmptyResponse', multicast.body, 'MulticastResponse');
    const broadcast = await raw('/v2/bot/message/broadcast', { method: 'POST', body: messages });
    expect(broadcast.status).toBe(200);
    expectValid('EmptyResponse', broadcast.body, 'BroadcastResponse');
    const narrowcast = await raw('/v2/bot/message/narrowcast', { method: 'POST', body: messages });
    expect(narrowcast.status).toBe(202);
    expectValid('EmptyResponse', narrowcast.body, 'NarrowcastResponse');
    const requestId = narrowcast.headers.get('x-line-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expectValid('NarrowcastProgressResponse', await trial11.getNarrowcastProgress(requestId));

    expectValid('UserProfileResponse', await trial11.getProfile(ALICE));
    expectValid('GroupUserProfileResponse', await trial11.getGroupMemberProfile(GROUP, ALICE));
    expectValid('BotInfoResponse', await trial11.getBotInfo());
    expectValid('MessageQuotaResponse', await trial11.getMessageQuota());
    expectValid('MessageQuotaResponse', await verified11.getMessageQuota());
    expectValid('QuotaConsumptionResponse', await trial11.getMessageQuotaConsumption());
    expectValid('GetFollowersResponse', await verified11.getFollowers());
    expectValid('MembersIdsResponse', await verified11.getGroupMembersIds(GROUP));
    expectValid('GroupSummaryResponse', await trial11.getGroupSummary(GROUP));
    expectValid('GroupMemberCountResponse', await trial11.getGroupMemberCount(GROUP));
    const day = new Date(server.embedkit.clock.now() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expectValid('NumberOfMessagesResponse', await trial11.getNumberOfSentPushMessages(day));
    expectValid('NumberOfMessagesResponse', await trial11.getNumberOfSentReplyMessages(day));
    expectValid('IssueLinkTokenResponse', await trial11.issueLinkToken(ALICE));
  });

  it('every error a client method can meet is an ErrorResponse (OAuth calls: their own)', async () => {
    const bodies: string[] = [];
    const unauthenticated = new api11.MessagingApiClient({ channelAccessToken: 'not-a-token', baseURL: server.baseUrl });
    const blob = new api11.MessagingApiBlobClient({ channelAccessToken: trialToken, baseURL: server.baseUrl });
    for (const target of [trial11, unauthenticated, blob] as unknown as Record<string, unknown>[]) {
      const proto = Object.getPrototypeOf(target) as Record<string, unknown>;
      const names = Object.getOwnPropertyNames(proto).filter(
        (n) => n !== 'constructor' && !n.endsWith('WithHttpInfo') && typeof proto[n] === 'function',
      );
      for (const name of names) {
        const fn = target[name] as (...args: unknown[]) => Promise<unknown>;
        try {
          await fn.apply(
            target,
            Array.from({ length: fn.length }, () => 'x'),
          );
        } catch (e) {
          if (!(e instanceof HTTPFetchError11)) throw e;
          expect(e.headers.get('content-type'), name).toMatch(/^application\/json/);
          expectValid('ErrorResponse', JSON.parse(e.body), `${name} (${e.status})`);
          bodies.push(name);
        }
      }
    }
    expect(bodies.length).toBeGreaterThan(100);
    // A body that is not JSON, a wrong content type, an invalid message with details, the 429.
    const post = (body: string, type = 'application/json') =>
      fetch(`${server.baseUrl}/v2/bot/message/push`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${trialToken}`, 'Content-Type': type },
        body,
      });
    for (const res of [
      await post('{'),
      await post('x', 'text/plain'),
      await post(JSON.stringify({ to: ALICE, messages: [{ type: 'text' }] })),
    ]) {
      expect(res.status).toBe(400);
      expectValid('ErrorResponse', await res.json());
    }
    const oauth = await failure(
      new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl }).issueChannelToken(
        'client_credentials',
        TRIAL.id,
        'wrong',
      ),
    );
    expectValid('OAuthErrorResponse', JSON.parse(oauth.body));
  });
});

describe('the official clients (10 and 11) with retry keys and quotes', () => {
  for (const [version, client] of [
    ['10', () => trial10],
    ['11', () => trial11],
  ] as const) {
    it(`${version}: pushMessage(req, retryKey) twice sends once; the second is a 409 HTTPFetchError`, async () => {
      const key = version === '10' ? RETRY : RETRY.replace('0f8f', '1f8f');
      const text = `once with ${version}`;
      const first = await client().pushMessageWithHttpInfo({ to: ALICE, messages: [{ type: 'text', text }] }, key);
      expect(first.httpResponse.status).toBe(200);
      const second = await failure(client().pushMessage({ to: ALICE, messages: [{ type: 'text', text }] }, key));
      expect(second.status).toBe(409);
      const body = JSON.parse(second.body) as unknown;
      expectValid('ErrorResponse', body);
      expect(body).toEqual({ message: 'The retry key is already accepted', sentMessages: first.body.sentMessages });
      expect(second.headers.get('x-line-accepted-request-id')).toBe(first.httpResponse.headers.get('x-line-request-id'));
      expect((await chat(ALICE_BOT)).filter((m) => m.message.text === text)).toHaveLength(1);
      // Not a UUID: 400 before anything is sent.
      const bad = await failure(client().pushMessage({ to: ALICE, messages: [{ type: 'text', text: 'bad key' }] }, 'not-a-uuid'));
      expect(bad.status).toBe(400);
      expectValid('ErrorResponse', JSON.parse(bad.body));
    });
  }

  it("a push quoting a person's message is stored with quotedMessageId; a bad quote token is a 400", async () => {
    const id = await says(ALICE_BOT, ALICE, 'please quote');
    const quoteToken = await quoteTokenOf(id);
    const pushed = await trial11.pushMessage({ to: ALICE, messages: [{ type: 'text', text: 'quoted you', quoteToken }] });
    expectValid('PushMessageResponse', pushed);
    expect((await chat(ALICE_BOT)).at(-1)!.message).toEqual({ type: 'text', text: 'quoted you', quotedMessageId: id });
    const bad = await failure(
      trial10.pushMessage({ to: ALICE, messages: [{ type: 'sticker', packageId: '1', stickerId: '1', quoteToken: 'nope' }] }),
    );
    expect(bad.status).toBe(400);
    const body = JSON.parse(bad.body) as { details: { property: string }[] };
    expectValid('ErrorResponse', body);
    expect(body.details.map((d) => d.property)).toEqual(['messages[0].quoteToken']);
  });
});
