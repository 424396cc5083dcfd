// Module channels (docs/platform/module-channels.md) through the official Node SDK 11 clients, unmodified
// (baseURL only): attachModule (LineModuleAttachClient), getModules, acquireChatControl,
// releaseChatControl and detachModule (LineModuleClient); their answers held against the
// published schemas (module.yml, module-attach.yml) with Ajv; and the rules: the TTL on the
// simulated clock, acquiring twice, a module not attached, detaching twice, the chat's events
// routed to the holder's webhook, signed with its secret.
import { Ajv, type AnySchema } from 'ajv';
import { channelAccessToken, HTTPFetchError, moduleAttach, moduleOperation, validateSignature } from '@line/bot-sdk-11';
import { pino } from 'pino';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { botUserId } from '../../src/world/bot-user-id.js';
import { onTestDatabase } from '../helpers.js';
import { obj, str } from '../published-schema.js';
import { ALICE, ALICE_BOT, BOB, BOB_BOT, GROUP, GROUP_NO_BOT, startReceiver, TRIAL, VERIFIED, type Receiver } from './helpers.js';

const MODULES_SCENARIO = fileURLToPath(new URL('../fixtures/modules.json', import.meta.url));
const M1 = { id: '1650000091', secret: '91'.repeat(16) };
const M2 = { id: '1650000092', secret: '92'.repeat(16) };
const REDIRECT = 'https://module.example/callback';

// ---- The published answers (module.yml, module-attach.yml components) ----
const SCHEMAS: Record<string, AnySchema> = {
  AttachModuleResponse: {
    type: 'object',
    required: ['bot_id', 'scopes'],
    properties: { bot_id: str, scopes: { type: 'array', items: str } },
  },
  GetModulesResponse: obj(['bots'], {
    bots: {
      type: 'array',
      items: obj(['userId', 'basicId', 'displayName'], { userId: str, basicId: str, premiumId: str, displayName: str, pictureUrl: str }),
    },
    next: str,
  }),
  EmptyResponse: obj([], {}),
  ErrorResponse: obj(['message'], { message: str, details: { type: 'array', items: obj([], { message: str, property: str }) } }),
};
const ajv = new Ajv({ allErrors: true, strict: false });
function expectValid(name: string, body: unknown): void {
  const validate = ajv.compile(SCHEMAS[name]!);
  expect(validate(body) ? [] : validate.errors, `${name}: ${JSON.stringify(body)}`).toEqual([]);
}

let server: RunningServer;
let receiver: Receiver;
let m1: moduleOperation.LineModuleClient;
let m2: moduleOperation.LineModuleClient;
let bot: moduleOperation.LineModuleClient;

const sim = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.baseUrl}/embedkit/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
/** Every event stored for a channel so far, oldest first, with its delivery's `destination`. */
async function eventsOf(channelId: string): Promise<{ destination: string; event: Record<string, any> }[]> {
  const { body } = await sim('GET', `/deliveries?channelId=${channelId}&limit=200`);
  return (body.deliveries as { body: string }[]).reverse().flatMap((d) => {
    const parsed = JSON.parse(d.body) as { destination: string; events: Record<string, any>[] };
    return parsed.events.map((event) => ({ destination: parsed.destination, event }));
  });
}
const typesOf = async (channelId: string) => (await eventsOf(channelId)).map((e) => e.event.type);
async function token(channel: { id: string; secret: string }): Promise<string> {
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  return (await tokens.issueChannelToken('client_credentials', channel.id, channel.secret)).access_token;
}
async function status(p: Promise<unknown>): Promise<{ status: number; body: any }> {
  try {
    await p;
    return { status: 200, body: null };
  } catch (e) {
    if (!(e instanceof HTTPFetchError)) throw e;
    return { status: e.status, body: JSON.parse(e.body) };
  }
}
const say = (chatId: string, userId: string, text: string) =>
  sim('POST', `/chats/${chatId}/messages`, { userId, message: { type: 'text', text } });

beforeAll(async () => {
  server = await startServer(
    onTestDatabase({ port: 0, inMemory: true, scenarioFile: MODULES_SCENARIO, logger: pino({ level: 'silent' }) }),
  );
  receiver = await startReceiver();
  m1 = new moduleOperation.LineModuleClient({ channelAccessToken: await token(M1), baseURL: server.baseUrl });
  m2 = new moduleOperation.LineModuleClient({ channelAccessToken: await token(M2), baseURL: server.baseUrl });
  bot = new moduleOperation.LineModuleClient({ channelAccessToken: await token(TRIAL), baseURL: server.baseUrl });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('module channels through @line/bot-sdk 11', () => {
  beforeEach(async () => {
    // Every test starts with the trial bot holding its chats.
    for (const chat of [ALICE_BOT, BOB_BOT, GROUP])
      await sim('PUT', `/channels/${TRIAL.id}/chats/${chat}/control`, { moduleChannelId: null });
  });

  it('attachModule exchanges the code the bot’s admin issued; getModules lists the bot; the module gets `attached`', async () => {
    const { status: s, body: code } = await sim('POST', `/modules/${M1.id}/authorize`, {
      botChannelId: VERIFIED.id,
      redirectUri: REDIRECT,
    });
    expect(s).toBe(200);
    const attach = new moduleAttach.LineModuleAttachClient({ channelAccessToken: 'unused', baseURL: server.baseUrl });
    const answer = await attach.attachModule('authorization_code', code.code, REDIRECT, undefined, M1.id, M1.secret);
    expectValid('AttachModuleResponse', answer);
    expect(answer).toEqual({ bot_id: botUserId(VERIFIED.id), scopes: ['message:send', 'message:receive'] });
    // One use.
    const again = await status(attach.attachModule('authorization_code', code.code, REDIRECT, undefined, M1.id, M1.secret));
    expect(again).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'invalid authorization code' } });
    const list = await m1.getModules();
    expectValid('GetModulesResponse', list);
    expect(list.bots.map((b) => b.userId)).toEqual([botUserId(VERIFIED.id)]);
    const attached = (await eventsOf(M1.id)).find((e) => e.event.type === 'module');
    expect(attached?.destination).toBe(botUserId(VERIFIED.id));
    expect(attached?.event).toMatchObject({
      module: { type: 'attached', botId: botUserId(VERIFIED.id), scopes: ['message:send', 'message:receive'] },
      mode: 'active',
    });
    expect(attached?.event.source).toBeUndefined();
  });

  it('attachModule refuses a wrong secret, a wrong redirect_uri and another grant type in the OAuth format', async () => {
    const attach = new moduleAttach.LineModuleAttachClient({ channelAccessToken: 'unused', baseURL: server.baseUrl });
    const { body: code } = await sim('POST', `/modules/${M1.id}/authorize`, { botChannelId: TRIAL.id, redirectUri: REDIRECT });
    expect(await status(attach.attachModule('authorization_code', code.code, REDIRECT, undefined, M1.id, 'f'.repeat(32)))).toMatchObject({
      status: 400,
      body: { error: 'invalid_client' },
    });
    expect(
      await status(attach.attachModule('authorization_code', code.code, 'https://other.example/', undefined, M1.id, M1.secret)),
    ).toMatchObject({ status: 400, body: { error: 'invalid_grant', error_description: 'redirect_uri does not match' } });
    expect(await status(attach.attachModule('client_credentials', 'x', REDIRECT, undefined, M1.id, M1.secret))).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
  });

  it('getModules pages with limit and next; a bot is not a module channel (403)', async () => {
    const first = await m2.getModules(undefined, 1);
    expectValid('GetModulesResponse', first);
    expect(first.bots).toHaveLength(1);
    expect(first.next).toBeUndefined();
    const refused = await status(bot.getModules());
    expect(refused.status).toBe(403);
    expectValid('ErrorResponse', refused.body);
    const bad = await status(m2.getModules(undefined, 101));
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ message: 'must be an integer between 1 and 100', property: 'limit' }]);
  });

  it('acquire: the chat’s events go to the module (active, reply token, its signature), the bot gets them in standby', async () => {
    const url = receiver.url;
    await sim('PUT', `/channels/${M2.id}/webhook`, { url });
    const before = (await typesOf(M2.id)).length;
    const acquired = await m2.acquireChatControlWithHttpInfo(ALICE, { expired: true, ttl: 600 });
    expect(acquired.httpResponse.status).toBe(200);
    expectValid('EmptyResponse', acquired.body);
    expect((await sim('GET', `/channels/${TRIAL.id}/chats/${ALICE_BOT}/control`)).body.moduleChannelId).toBe(M2.id);
    await say(ALICE_BOT, ALICE, 'to the module');
    const received = await receiver.waitFor(2);
    // `activated` first, then the message, each signed with the module channel's secret.
    const all = received.flatMap((r) => r.body.events);
    expect(all.map((e) => e.type)).toEqual(['activated', 'message']);
    expect(all[0]).toMatchObject({ source: { type: 'user', userId: ALICE }, mode: 'active' });
    expect(all[0]!.chatControl.expireAt).toBeGreaterThan(Date.now());
    expect(all[1]).toMatchObject({ mode: 'active', message: { text: 'to the module' } });
    expect(all[1]!.replyToken).toMatch(/^[0-9a-f]{32}$/);
    for (const r of received) {
      expect(r.body.destination).toBe(botUserId(TRIAL.id));
      expect(validateSignature(r.raw.toString('utf8'), M2.secret, String(r.headers['x-service-signature']))).toBe(true);
    }
    expect((await typesOf(M2.id)).length).toBe(before + 2);
    const botSide = (await eventsOf(TRIAL.id)).at(-1)!.event;
    expect(botSide).toMatchObject({ type: 'message', mode: 'standby' });
    expect(botSide.replyToken).toBeUndefined();
    // Released: the module gets `deactivated`, the bot is active again.
    await m2.releaseChatControl(ALICE);
    expect((await typesOf(M2.id)).at(-1)).toBe('deactivated');
    await say(ALICE_BOT, ALICE, 'to the bot');
    expect((await eventsOf(TRIAL.id)).at(-1)!.event).toMatchObject({ type: 'message', mode: 'active' });
    await sim('PUT', `/channels/${M2.id}/webhook`, { url: null });
  });

  it('the TTL runs out on the simulated clock: the bot holds the chat again and the module gets `deactivated`', async () => {
    await m2.acquireChatControl(BOB, { ttl: 60 });
    expect((await typesOf(M2.id)).at(-1)).toBe('activated');
    await sim('POST', '/clock', { advance: '61s' });
    expect((await sim('GET', `/channels/${TRIAL.id}/chats/${BOB_BOT}/control`)).body).toEqual({ moduleChannelId: null, expireAt: null });
    const last = (await eventsOf(M2.id)).at(-1)!.event;
    expect(last).toMatchObject({ type: 'deactivated', source: { type: 'user', userId: BOB } });
    await say(BOB_BOT, BOB, 'after the TTL');
    expect((await eventsOf(TRIAL.id)).at(-1)!.event).toMatchObject({ type: 'message', mode: 'active' });
  });

  it('acquiring twice keeps the control (its TTL starts again, no second `activated`); `expired: false` has no limit', async () => {
    await m2.acquireChatControl(GROUP, { ttl: 60 });
    const count = (await typesOf(M2.id)).length;
    await m2.acquireChatControl(GROUP, { expired: false });
    expect((await typesOf(M2.id)).length).toBe(count);
    await sim('POST', '/clock', { advance: '2d' });
    expect((await sim('GET', `/channels/${TRIAL.id}/chats/${GROUP}/control`)).body).toEqual({ moduleChannelId: M2.id, expireAt: null });
    // The bot takes its chat back by acquiring it.
    await bot.acquireChatControl(GROUP);
    expect((await sim('GET', `/channels/${TRIAL.id}/chats/${GROUP}/control`)).body.moduleChannelId).toBeNull();
    expect((await typesOf(M2.id)).at(-1)).toBe('deactivated');
  });

  it('a module channel not attached to the chat’s bot: 403; a chat of no bot: 404; a bad ttl: 400', async () => {
    const notAttached = await status(m1.acquireChatControl(BOB));
    expect(notAttached).toEqual({ status: 403, body: { message: `The module channel is not attached to the bot of chat ${BOB}` } });
    expect((await status(m2.acquireChatControl(GROUP_NO_BOT))).status).toBe(403);
    expect(await status(m2.acquireChatControl('Cffffffffffffffffffffffffffffffff'))).toEqual({
      status: 404,
      body: { message: 'No chat Cffffffffffffffffffffffffffffffff' },
    });
    const bad = await status(m2.acquireChatControl(ALICE, { ttl: 31_536_001 }));
    expect(bad.status).toBe(400);
    expectValid('ErrorResponse', bad.body);
    expect(bad.body.details).toEqual([{ message: 'must be an integer between 1 and 31536000', property: 'ttl' }]);
    const notBoolean = await status(m2.acquireChatControl(ALICE, { expired: 'no' } as unknown as { expired: boolean }));
    expect(notBoolean.body.details).toEqual([{ message: 'must be a boolean', property: 'expired' }]);
    // Without a time limit the ttl is ignored, whatever it is (published AcquireChatControlRequest).
    await m2.acquireChatControl(ALICE, { expired: false, ttl: 'never' } as unknown as { expired: boolean });
    expect((await sim('GET', `/channels/${TRIAL.id}/chats/${ALICE_BOT}/control`)).body).toEqual({ moduleChannelId: M2.id, expireAt: null });
  });

  it('attachModule without its fields: invalid_request naming each', async () => {
    const res = await fetch(`${server.baseUrl}/module/auth/v1/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=&code=a&code=b',
    });
    expect([res.status, await res.json()]).toEqual([
      400,
      { error: 'invalid_request', error_description: 'redirect_uri is required; grant_type is required; code must be given once' },
    ]);
  });

  it('detachModule: the bot leaves getModules, its chats go back to the bot; detaching twice is 404', async () => {
    const { body: code } = await sim('POST', `/modules/${M1.id}/authorize`, { botChannelId: TRIAL.id, redirectUri: REDIRECT });
    const attach = new moduleAttach.LineModuleAttachClient({ channelAccessToken: 'unused', baseURL: server.baseUrl });
    await attach.attachModule('authorization_code', code.code, REDIRECT, undefined, M1.id, M1.secret);
    await m1.acquireChatControl(ALICE);
    const detached = await m1.detachModuleWithHttpInfo({ botId: botUserId(TRIAL.id) });
    expect(detached.httpResponse.status).toBe(200);
    expectValid('EmptyResponse', detached.body);
    expect((await m1.getModules()).bots.map((b) => b.userId)).not.toContain(botUserId(TRIAL.id));
    expect((await sim('GET', `/channels/${TRIAL.id}/chats/${ALICE_BOT}/control`)).body.moduleChannelId).toBeNull();
    expect(await status(m1.detachModule({ botId: botUserId(TRIAL.id) }))).toEqual({
      status: 404,
      body: { message: `The module channel is not attached to bot ${botUserId(TRIAL.id)}` },
    });
    expect((await status(m1.detachModule({}))).body.details).toEqual([{ message: 'must be specified', property: 'botId' }]);
  });

  it('the bot’s side: detach sends `detached` (bot_deleted); suspend and resume send botSuspended and botResumed', async () => {
    const { body: code } = await sim('POST', `/modules/${M1.id}/authorize`, { botChannelId: BOT_B(), redirectUri: REDIRECT });
    const attach = new moduleAttach.LineModuleAttachClient({ channelAccessToken: 'unused', baseURL: server.baseUrl });
    await attach.attachModule('authorization_code', code.code, REDIRECT, undefined, M1.id, M1.secret);
    expect((await sim('PUT', `/channels/${BOT_B()}/suspension`, { suspended: true })).body).toEqual({ suspended: true });
    expect((await sim('PUT', `/channels/${BOT_B()}/suspension`, { suspended: true })).body).toEqual({ suspended: true });
    expect((await sim('GET', '/modules')).body.suspendedBots).toEqual([BOT_B()]);
    await sim('PUT', `/channels/${BOT_B()}/suspension`, { suspended: false });
    expect((await sim('POST', `/modules/${M1.id}/detach`, { botChannelId: BOT_B() })).body).toEqual({ detached: true });
    expect((await sim('POST', `/modules/${M1.id}/detach`, { botChannelId: BOT_B() })).body).toEqual({ detached: false });
    const tail = (await eventsOf(M1.id)).slice(-4).map((e) => e.event);
    expect(tail.map((e) => e.type)).toEqual(['module', 'botSuspended', 'botResumed', 'module']);
    expect(tail[3]!.module).toEqual({ type: 'detached', botId: botUserId(BOT_B()), reason: 'bot_deleted' });
  });
});

/** The verified bot (the second bot of the scenario). */
const BOT_B = () => VERIFIED.id;
