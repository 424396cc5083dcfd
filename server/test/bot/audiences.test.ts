// Audience groups (published manage-audience.yml) through the official Node SDK 11's
// ManageAudienceClient and ManageAudienceBlobClient, unmodified, with their answers held against the
// published schemas (Ajv, as answer-contract.test.ts); then a scripted world of three friends:
// narrowcasts to audiences, combined with operators and demographic filters, and the refusals.
// Click, impression and redelivery audiences come from real sends and from what the people saw and
// tapped, reported through the simulator API as the host reports it.
import { Ajv, type AnySchema } from 'ajv';
import { channelAccessToken, manageAudience } from '@line/bot-sdk-11';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { onTestDatabase } from '../helpers.js';
import {
  ALICE,
  ALICE_BOT,
  BOB,
  BOB_BOT,
  BOTS_SCENARIO,
  bearer,
  botToken,
  CAROL,
  chatMessages,
  makeBotKit,
  TRIAL,
  VERIFIED,
} from './helpers.js';
import { obj, str, int } from '../published-schema.js';
import { sdkRefusal } from '../sdk-refusal.js';

/**
 * Reports, as the host does, that `userId` saw the bot's latest message in `chat` (and tapped `url`).
 * @param target a kit's Express app or a running server's base URL
 */
async function seen(target: Parameters<typeof request>[0], chat: string, userId: string, url?: string): Promise<void> {
  const messages = (await request(target).get(`/embedkit/v1/chats/${chat}/messages`)).body.messages as {
    id: string;
    sender: { type: string };
  }[];
  const messageId = messages.filter((m) => m.sender.type === 'bot').at(-1)!.id;
  const report = (body: object) => request(target).post('/embedkit/v1/insight/reports').send(body);
  expect((await report({ type: 'impression', userId, messageId })).status).toBe(200);
  if (url) expect((await report({ type: 'click', userId, messageId, url })).status).toBe(200);
}

/** A message with two links, as a bot sends one whose clicks it counts. */
const LINKS = {
  type: 'template',
  altText: 'links',
  template: {
    type: 'buttons',
    text: 'Pick one',
    actions: [
      { type: 'uri', label: 'A', uri: 'https://example.com/a' },
      { type: 'uri', label: 'B', uri: 'https://example.com/b' },
    ],
  },
};

// ---- The published schemas (manage-audience.yml components), nothing beyond them. ----
const bool = { type: 'boolean' };
const TYPES = ['UPLOAD', 'CLICK', 'IMP', 'CHAT_TAG', 'FRIEND_PATH', 'RESERVATION', 'APP_EVENT', 'VIDEO_VIEW', 'WEBTRAFFIC', 'IMAGE_CLICK'];
const type = { enum: [...TYPES, 'RICHMENU_IMP', 'RICHMENU_CLICK', 'POP_AD_IMP', 'TRACKINGTAG_WEBTRAFFIC'] };
const permission = { enum: ['READ', 'READ_WRITE'] };
const AudienceGroup = obj([], {
  audienceGroupId: int,
  type,
  description: str,
  status: { enum: ['IN_PROGRESS', 'READY', 'FAILED', 'EXPIRED', 'INACTIVE', 'ACTIVATING'] },
  failedType: { enum: ['AUDIENCE_GROUP_AUDIENCE_INSUFFICIENT', 'INTERNAL_ERROR', null] },
  audienceCount: int,
  created: int,
  requestId: str,
  clickUrl: { type: 'string', format: 'uri' },
  isIfaAudience: bool,
  permission,
  createRoute: { enum: ['OA_MANAGER', 'MESSAGING_API', 'POINT_AD', 'AD_MANAGER'] },
});
const Job = obj([], {
  audienceGroupJobId: int,
  audienceGroupId: int,
  description: str,
  type: { enum: ['DIFF_ADD'] },
  jobStatus: { enum: ['QUEUED', 'WORKING', 'FINISHED', 'FAILED'] },
  failedType: { enum: ['INTERNAL_ERROR', 'AUDIENCE_GROUP_AUDIENCE_INSUFFICIENT'] },
  audienceCount: int,
  created: int,
});
const page = (groups: AnySchema) =>
  obj([], {
    audienceGroups: { type: 'array', items: groups },
    hasNextPage: bool,
    totalCount: int,
    readWriteAudienceGroupTotalCount: int,
    page: int,
    size: int,
  });
const SCHEMAS: Record<string, AnySchema> = {
  CreateAudienceGroupResponse: obj([], {
    audienceGroupId: int,
    createRoute: { enum: ['MESSAGING_API'] },
    type,
    description: str,
    created: int,
    permission,
    expireTimestamp: int,
    isIfaAudience: bool,
  }),
  CreateClickBasedAudienceGroupResponse: obj([], {
    audienceGroupId: int,
    type,
    description: str,
    created: int,
    requestId: str,
    clickUrl: { type: 'string', format: 'uri' },
    createRoute: { enum: ['MESSAGING_API'] },
    permission,
    expireTimestamp: int,
    isIfaAudience: bool,
  }),
  CreateImpBasedAudienceGroupResponse: obj([], { audienceGroupId: int, type, description: str, created: int, requestId: str }),
  GetAudienceDataResponse: obj([], {
    audienceGroup: AudienceGroup,
    jobs: { type: 'array', maxItems: 50, items: Job },
    adaccount: obj([], { name: str }),
  }),
  GetSharedAudienceDataResponse: obj([], {
    audienceGroup: AudienceGroup,
    jobs: { type: 'array', maxItems: 50, items: Job },
    owner: obj([], { serviceType: str, id: str, name: str }),
  }),
  GetAudienceGroupsResponse: page(AudienceGroup),
  ErrorResponse: obj(['message'], {
    message: str,
    details: { type: 'array', minItems: 1, items: obj([], { message: str, property: str }) },
  }),
};
const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addFormat('uri', /^https?:\/\/\S+$/);
function conforms(schema: string, value: unknown): void {
  const ok = ajv.validate(SCHEMAS[schema]!, value);
  expect(ok, `${schema}: ${ajv.errorsText()} in ${JSON.stringify(value)}`).toBe(true);
}
/** The status and body of a refusal through the SDK. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; body: any }> {
  const r = await sdkRefusal<any>(call);
  conforms('ErrorResponse', r.body);
  return r;
}
const file = (text: string) => new Blob([text], { type: 'text/plain' });

describe('@line/bot-sdk 11.x manageAudience clients', () => {
  let server: RunningServer;
  let client: manageAudience.ManageAudienceClient;
  let blob: manageAudience.ManageAudienceBlobClient;
  let other: manageAudience.ManageAudienceClient;
  let token: string;

  beforeAll(async () => {
    server = await startServer(
      onTestDatabase({
        port: 0,
        inMemory: true,
        scenarioFile: BOTS_SCENARIO,
        logger: pino({ level: 'silent' }),
      }),
    );
    await signIn();
  });
  /** New channel access tokens (30 days on the simulated clock) for the two channels' clients. */
  async function signIn(): Promise<void> {
    const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
    token = (await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret)).access_token;
    const v = (await tokens.issueChannelToken('client_credentials', VERIFIED.id, VERIFIED.secret)).access_token;
    client = new manageAudience.ManageAudienceClient({ channelAccessToken: token, baseURL: server.baseUrl });
    blob = new manageAudience.ManageAudienceBlobClient({ channelAccessToken: token, baseURL: server.baseUrl });
    other = new manageAudience.ManageAudienceClient({ channelAccessToken: v, baseURL: server.baseUrl });
  }
  afterAll(() => server?.close());

  it('uploads by JSON and file, adds IDs, renames, reads, lists and deletes', async () => {
    const created = await client.createAudienceGroup({
      description: 'Fans',
      uploadDescription: 'first',
      audiences: [{ id: ALICE }, { id: BOB }],
    });
    conforms('CreateAudienceGroupResponse', created);
    expect(created).toMatchObject({
      type: 'UPLOAD',
      description: 'Fans',
      createRoute: 'MESSAGING_API',
      permission: 'READ_WRITE',
      isIfaAudience: false,
    });
    expect(created.expireTimestamp! - created.created!).toBe(180 * 86400);
    const id = created.audienceGroupId!;

    await client.addAudienceToAudienceGroup({
      audienceGroupId: id,
      uploadDescription: 'second',
      audiences: [{ id: CAROL }, { id: ALICE }],
    });
    await blob.addUserIdsToAudience(file(`U${'1'.repeat(32)}\r\n\nU${'2'.repeat(32)}\n`), id, 'from a file');
    const data = await client.getAudienceData(id);
    conforms('GetAudienceDataResponse', data);
    expect(data.audienceGroup).toMatchObject({ audienceGroupId: id, status: 'READY', audienceCount: 5, permission: 'READ_WRITE' });
    expect(data.jobs!.map((j) => [j.description, j.audienceCount, j.jobStatus])).toEqual([
      ['from a file', 2, 'FINISHED'],
      ['second', 2, 'FINISHED'],
      ['first', 2, 'FINISHED'],
    ]);

    const byFile = await blob.createAudienceForUploadingUserIds(file(`${ALICE}\n`), 'From file', undefined, undefined);
    conforms('CreateAudienceGroupResponse', byFile);
    expect((await client.getAudienceData(byFile.audienceGroupId!)).audienceGroup).toMatchObject({
      audienceCount: 1,
      description: 'From file',
    });

    await client.updateAudienceGroupDescription(id, { description: 'Best fans' });
    const list = await client.getAudienceGroups(1, 'BEST', undefined, 1, undefined, undefined);
    conforms('GetAudienceGroupsResponse', list);
    expect(list).toMatchObject({ totalCount: 1, readWriteAudienceGroupTotalCount: 1, hasNextPage: false, page: 1, size: 1 });
    expect(list.audienceGroups![0]!.description).toBe('Best fans');
    const all = await client.getAudienceGroups(1, undefined, 'READY', 1, true, 'MESSAGING_API');
    expect(all).toMatchObject({ totalCount: 2, hasNextPage: true, size: 1 });
    expect((await client.getAudienceGroups(2, undefined, undefined, 1)).audienceGroups![0]!.audienceGroupId).not.toBe(
      all.audienceGroups![0]!.audienceGroupId,
    );
    expect((await client.getAudienceGroups(1, undefined, undefined, undefined, undefined, 'OA_MANAGER')).totalCount).toBe(0);
    expect((await client.getAudienceGroups(1, undefined, 'IN_PROGRESS')).audienceGroups).toEqual([]);

    // Another channel sees none of them.
    expect((await other.getAudienceGroups(1)).totalCount).toBe(0);
    expect((await refusal(other.getAudienceData(id))).status).toBe(400);

    // No Business Manager: nothing is shared; the channel's own audiences when asked for.
    const shared = await client.getSharedAudienceGroups(1);
    conforms('GetAudienceGroupsResponse', shared);
    expect(shared).toMatchObject({ audienceGroups: [], totalCount: 0, hasNextPage: false });
    expect((await client.getSharedAudienceGroups(1, undefined, undefined, undefined, undefined, true)).totalCount).toBe(2);
    const sharedData = await client.getSharedAudienceData(id);
    conforms('GetSharedAudienceDataResponse', sharedData);
    expect(sharedData.audienceGroup!.audienceGroupId).toBe(id);

    await client.deleteAudienceGroup(id);
    const gone = await refusal(client.getAudienceData(id));
    expect(gone).toEqual({
      status: 400,
      body: { message: 'audience group not found', details: [{ message: 'AUDIENCE_GROUP_NOT_FOUND' }] },
    });
    expect((await refusal(client.deleteAudienceGroup(id))).status).toBe(400);
    expect((await refusal(client.updateAudienceGroupDescription(id, { description: 'x' }))).status).toBe(400);
  });

  it('click and impression audiences come from who tapped and saw an earlier narrowcast', async () => {
    // Alice and Bob are the trial bot's friends: each sees the narrowcast and taps one link.
    const sent = await fetch(`${server.baseUrl}/v2/bot/message/narrowcast`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [LINKS] }),
    });
    expect(sent.status).toBe(202);
    const requestId = sent.headers.get('x-service-request-id')!;
    await seen(server.baseUrl, ALICE_BOT, ALICE, 'https://example.com/a');
    await seen(server.baseUrl, BOB_BOT, BOB, 'https://example.com/b');
    const push = await fetch(`${server.baseUrl}/v2/bot/message/push`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ to: ALICE, messages: [{ type: 'text', text: 'pushed' }] }),
    });
    expect(push.status).toBe(200);
    const pushId = push.headers.get('x-service-request-id')!;
    await seen(server.baseUrl, ALICE_BOT, ALICE);

    const click = await client.createClickBasedAudienceGroup({
      description: 'Tapped a',
      requestId,
      clickUrl: 'https://example.com/a',
    });
    conforms('CreateClickBasedAudienceGroupResponse', click);
    expect(click).toMatchObject({ type: 'CLICK', requestId, clickUrl: 'https://example.com/a' });
    const anyClick = await client.createClickBasedAudienceGroup({ description: 'Tapped any', requestId });
    const imp = await client.createImpBasedAudienceGroup({ description: 'Saw it', requestId });
    conforms('CreateImpBasedAudienceGroupResponse', imp);
    expect(imp).toEqual({
      audienceGroupId: imp.audienceGroupId,
      type: 'IMP',
      description: 'Saw it',
      created: imp.created,
      requestId,
    });

    const clickData = await client.getAudienceData(click.audienceGroupId!);
    conforms('GetAudienceDataResponse', clickData);
    expect(clickData).toMatchObject({ audienceGroup: { status: 'IN_PROGRESS', audienceCount: 1, requestId }, jobs: [] });
    expect((await client.getAudienceData(anyClick.audienceGroupId!)).audienceGroup!.audienceCount).toBe(2);
    expect((await client.getAudienceData(imp.audienceGroupId!)).audienceGroup!.audienceCount).toBe(2);
    // Ready ten seconds later on the simulated clock.
    await fetch(`${server.baseUrl}/embedkit/v1/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"advance":"10s"}',
    });
    expect((await client.getAudienceData(click.audienceGroupId!)).audienceGroup!.status).toBe('READY');

    // Only a broadcast or narrowcast of the channel, at most 60 days old.
    for (const notQualifying of ['nope', pushId]) {
      const r = await refusal(client.createImpBasedAudienceGroup({ description: 'x', requestId: notQualifying }));
      expect(r.status).toBe(400);
      expect(r.body.details[0].property).toBe('requestId');
    }
    expect((await refusal(other.createClickBasedAudienceGroup({ description: 'x', requestId }))).status).toBe(400);
    // 61 days later the narrowcast is too old.
    await fetch(`${server.baseUrl}/embedkit/v1/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"advance":"61d"}',
    });
    await signIn();
    expect((await refusal(client.createImpBasedAudienceGroup({ description: 'x', requestId }))).status).toBe(400);
    // Click and impression audiences take no IDs.
    expect(
      (await refusal(client.addAudienceToAudienceGroup({ audienceGroupId: imp.audienceGroupId!, audiences: [{ id: ALICE }] }))).status,
    ).toBe(400);
  });

  it('refuses bad input with details', async () => {
    const long = await refusal(client.createAudienceGroup({ description: 'x'.repeat(121), audiences: [] }));
    expect(long).toEqual({
      status: 400,
      body: {
        message: 'The request body has 1 error(s)',
        details: [{ message: 'Length must be between 0 and 120', property: 'description' }],
      },
    });
    const many = await refusal(
      client.createAudienceGroup({ description: 'many', audiences: Array.from({ length: 10_001 }, () => ({ id: ALICE })) }),
    );
    expect(many.body.details).toEqual([{ message: 'Size must be between 0 and 10000', property: 'audiences' }]);
    const bad = await refusal(client.createAudienceGroup({ description: 'bad', audiences: [{ id: ALICE }, { id: 'alice' }] }));
    expect(bad.body.details).toEqual([{ message: 'must be a user ID (U followed by 32 hexadecimal digits)', property: 'audiences[1].id' }]);
    const malformed = await refusal(blob.createAudienceForUploadingUserIds(file(`${ALICE}\nnot an id\n`), 'bad file'));
    expect(malformed.body.details).toEqual([
      { message: 'line 2 must be a user ID (U followed by 32 hexadecimal digits)', property: 'file' },
    ]);
    expect((await refusal(blob.createAudienceForUploadingUserIds(file('\n'), 'empty'))).body.details[0].property).toBe('file');
    expect((await refusal(blob.createAudienceForUploadingUserIds(file(ALICE), undefined as unknown as string))).body.details).toEqual([
      { message: 'must be specified', property: 'description' },
    ]);
    expect((await refusal(client.getAudienceGroups(0))).body.details).toEqual([
      { message: 'must be an integer from 1 to 999999999', property: 'page' },
    ]);
    expect((await refusal(client.getAudienceGroups(1, undefined, undefined, 41))).body.details[0].property).toBe('size');
    expect((await refusal(client.getAudienceData(42))).status).toBe(400);
    // Nothing of the refusals was written.
    expect((await client.getAudienceGroups(1, 'bad')).totalCount).toBe(0);
  });
});

// ---- A world of three friends: Alice, Bob and Carol are friends of the trial bot. ----
const CAROL_BOT = 'UB0000000000000000000000000000ca1';

describe('narrowcast to audiences', () => {
  let kit: Embedkit;
  let token: string;
  let dir: string;
  beforeEach(async () => {
    const s = JSON.parse(readFileSync(BOTS_SCENARIO, 'utf8'));
    s.chats.push({ chatId: CAROL_BOT, type: 'utou', name: 'Trial Bot', members: [CAROL], bot: TRIAL.id });
    s.users[0].demographics = { gender: 'female', age: 28 };
    s.users[1].demographics = { gender: 'male', age: 41 };
    dir = mkdtempSync(join(tmpdir(), 'embedkit-audiences-'));
    writeFileSync(join(dir, 's.json'), JSON.stringify(s));
    kit = await makeBotKit({ scenarioFile: join(dir, 's.json') });
    token = await botToken(kit);
  });
  afterEach(async () => {
    await kit.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const chats: Record<string, string> = { alice: ALICE_BOT, bob: BOB_BOT, carol: CAROL_BOT };
  async function audience(ids: string[]): Promise<number> {
    const res = await request(kit.app)
      .post('/v2/bot/audienceGroup/upload')
      .set(bearer(token))
      .send({ description: 'a', audiences: ids.map((id) => ({ id })) });
    expect(res.status).toBe(202);
    return res.body.audienceGroupId;
  }
  /** Narrowcasts `text` and answers who received it and the request's ID. */
  async function narrowcast(text: string, body: object): Promise<{ who: string[]; requestId: string }> {
    const res = await request(kit.app)
      .post('/v2/bot/message/narrowcast')
      .set(bearer(token))
      .send({ messages: [{ type: 'text', text }], ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const who: string[] = [];
    for (const [name, chat] of Object.entries(chats))
      if ((await chatMessages(kit, chat)).some((m) => m.message.text === text)) who.push(name);
    return { who, requestId: String(res.headers['x-service-request-id']) };
  }
  const progress = async (requestId: string) =>
    (await request(kit.app).get(`/v2/bot/message/progress/narrowcast?requestId=${requestId}`).set(bearer(token))).body;

  it('reaches exactly the audience, its complement, and the audience within a demographic filter', async () => {
    // A stranger who is no friend of the bot may be in an audience; only friends receive.
    const ab = await audience([ALICE, BOB, `U${'9'.repeat(32)}`]);
    const to = await narrowcast('to ab', { recipient: { type: 'audience', audienceGroupId: ab } });
    expect(to.who).toEqual(['alice', 'bob']);
    expect(await progress(to.requestId)).toMatchObject({ phase: 'succeeded', successCount: 2, targetCount: 2, failureCount: 0 });
    const not = await narrowcast('not ab', { recipient: { type: 'operator', not: { type: 'audience', audienceGroupId: ab } } });
    expect(not.who).toEqual(['carol']);
    expect((await progress(not.requestId)).successCount).toBe(1);
    const male = await narrowcast('ab male', {
      recipient: { type: 'audience', audienceGroupId: ab },
      filter: { demographic: { type: 'gender', oneOf: ['male'] } },
    });
    expect(male.who).toEqual(['bob']);
    const bc = await audience([BOB, CAROL]);
    const both = (op: 'and' | 'or') => ({
      type: 'operator',
      [op]: [
        { type: 'audience', audienceGroupId: ab },
        { type: 'audience', audienceGroupId: bc },
      ],
    });
    expect((await narrowcast('and', { recipient: both('and') })).who).toEqual(['bob']);
    expect((await narrowcast('or', { recipient: both('or') })).who).toEqual(['alice', 'bob', 'carol']);
    expect((await narrowcast('limited', { recipient: both('or'), limit: { max: 1 } })).who).toHaveLength(1);
  });

  it('redelivers to who an earlier narrowcast was sent to, friends only', async () => {
    const earlier = await narrowcast('first', { recipient: { type: 'audience', audienceGroupId: await audience([ALICE, CAROL]) } });
    expect(earlier.who).toEqual(['alice', 'carol']);
    expect((await narrowcast('again', { recipient: { type: 'redelivery', requestId: earlier.requestId } })).who).toEqual([
      'alice',
      'carol',
    ]);
  });

  it('refuses an unknown, a not-ready or another channel’s audience, and sends nothing', async () => {
    const send = (recipient: unknown) =>
      request(kit.app)
        .post('/v2/bot/message/narrowcast')
        .set(bearer(token))
        .send({ messages: [{ type: 'text', text: 'refused' }], recipient });
    const unknown = await send({ type: 'operator', and: [{ type: 'audience', audienceGroupId: 1234567890123 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([
      { message: 'audience group not found: 1234567890123', property: 'recipient.and[0].audienceGroupId' },
    ]);
    const sent = await narrowcast('seen by alice', {});
    await seen(kit.app, ALICE_BOT, ALICE);
    const imp = await request(kit.app)
      .post('/v2/bot/audienceGroup/imp')
      .set(bearer(token))
      .send({ description: 'seen', requestId: sent.requestId });
    const notReady = await send({ type: 'audience', audienceGroupId: imp.body.audienceGroupId });
    expect(notReady.body.details[0].message).toBe(`audience group ${imp.body.audienceGroupId} is IN_PROGRESS, not READY`);
    const theirs = await request(kit.app)
      .post('/v2/bot/audienceGroup/upload')
      .set(bearer(await botToken(kit, VERIFIED)))
      .send({ description: 'theirs', audiences: [{ id: ALICE }] });
    expect((await send({ type: 'audience', audienceGroupId: theirs.body.audienceGroupId })).status).toBe(400);
    expect((await send({ type: 'audience' })).body.details[0].property).toBe('recipient.audienceGroupId');
    expect((await send({ type: 'operator', and: [], or: [] })).body.details[0].message).toBe('exactly one of and, or, not is required');
    expect((await send({ type: 'redelivery', requestId: 'never' })).status).toBe(400);
    for (const chat of Object.values(chats)) expect((await chatMessages(kit, chat)).some((m) => m.message.text === 'refused')).toBe(false);
  });

  it('refuses a malformed upload body and a second file', async () => {
    const form = request(kit.app).post('/v2/bot/audienceGroup/upload/byFile').set(bearer(token));
    const two = await form
      .field('description', 'two')
      .attach('file', Buffer.from(`${ALICE}\n`), { filename: 'a.txt', contentType: 'text/plain' })
      .attach('file', Buffer.from(`${BOB}\n`), { filename: 'b.txt', contentType: 'text/plain' });
    expect(two.status).toBe(400);
    expect(two.body.details[0]).toEqual({ message: 'one file only, in the part named file', property: 'file' });
    const json = await request(kit.app).post('/v2/bot/audienceGroup/upload/byFile').set(bearer(token)).send({ description: 'x' });
    expect(json.status).toBe(400);
    const cut = await request(kit.app)
      .post('/v2/bot/audienceGroup/upload/byFile')
      .set(bearer(token))
      .set('content-type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nU0');
    expect(cut.status).toBe(400);
    expect((await request(kit.app).get('/v2/bot/audienceGroup/list?page=1').set(bearer(token))).body.totalCount).toBe(0);
  });
});

describe('audiences in a scenario', () => {
  it('a declared audience is READY at load, reached by a narrowcast, and exported with its members', async () => {
    const s = JSON.parse(readFileSync(BOTS_SCENARIO, 'utf8'));
    s.channels[0].audiences = [{ audienceGroupId: 1111111111111, description: 'Bob only', ids: [BOB] }];
    const dir = mkdtempSync(join(tmpdir(), 'embedkit-audiences-'));
    writeFileSync(join(dir, 's.json'), JSON.stringify(s));
    const kit = await makeBotKit({ scenarioFile: join(dir, 's.json') });
    try {
      const token = await botToken(kit);
      const data = await request(kit.app).get('/v2/bot/audienceGroup/1111111111111').set(bearer(token));
      expect(data.body.audienceGroup).toMatchObject({ status: 'READY', audienceCount: 1, description: 'Bob only' });
      const sent = await request(kit.app)
        .post('/v2/bot/message/narrowcast')
        .set(bearer(token))
        .send({ messages: [{ type: 'text', text: 'declared' }], recipient: { type: 'audience', audienceGroupId: 1111111111111 } });
      expect(sent.status).toBe(202);
      expect((await chatMessages(kit, BOB_BOT)).some((m) => m.message.text === 'declared')).toBe(true);
      expect((await chatMessages(kit, ALICE_BOT)).some((m) => m.message.text === 'declared')).toBe(false);
      const exported = await request(kit.app).get('/embedkit/v1/scenario');
      expect(exported.body.channels[0].audiences).toEqual([{ audienceGroupId: 1111111111111, description: 'Bob only', ids: [BOB] }]);
      expect(exported.body.channels[1].audiences).toBeUndefined();
    } finally {
      await kit.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a scenario whose audience holds an ID of the wrong kind', async () => {
    const { scenarioProblems } = await import('../../src/scenario/load.js');
    const s = JSON.parse(readFileSync(BOTS_SCENARIO, 'utf8'));
    s.channels[0].audiences = [{ description: 'x', isIfaAudience: true, ids: [ALICE] }];
    expect(scenarioProblems(s)).toEqual(['channels[0].audiences[0].ids[0]: not an IFA']);
  });
});
