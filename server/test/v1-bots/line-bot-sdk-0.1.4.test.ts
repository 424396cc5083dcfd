/**
 * The platform's 2016 Node SDK, `line-bot-sdk` 0.1.4, unmodified, against embedkit started with
 * `headerPrefix: 'X-Line-'`: its clients of the trial interface (BOT API Trial: `X-Line-ChannelID`,
 * `X-Line-ChannelSecret`, `X-Line-Trusted-User-With-ACL`) and of the enterprise one (Business
 * Connect: `X-LINE-ChannelToken`) send Post Events that show in the chats, and its own
 * `validateSignature` accepts embedkit's callbacks (`X-Line-ChannelSignature`). With the default
 * prefix (`X-Service-`) both fail, as docs/platform/v1-bots.md says.
 *
 * The SDK has no base URL option: its endpoints are constants of its module
 * `lib/constants/Endpoint.js` (`https://trialbot-api.line.me/v1/events`, `https://api.line.me/v1/events`),
 * read on each call. The test points them at embedkit's `{trialbot_url}` and `{base_url}` by
 * assigning that module's properties, the one way to aim this SDK elsewhere without editing it.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { startReceiver, type Receiver } from '../bot/helpers.js';
import { channelToken } from '../helpers.js';
import { ALICE, ALICE_ENTERPRISE, ALICE_TRIAL, chatMessages, ENTERPRISE, makeV1Kit, TRIAL } from './helpers.js';

const require = createRequire(import.meta.url);

/** A received v1 event as the SDK's receive objects expose it. */
interface SdkReceive {
  isMessage(): boolean;
  isText(): boolean;
  getText(): string;
  getFromMid(): string;
}

/** The SDK's client, as far as the test uses it. */
interface SdkClient {
  sendText(mid: string, text: string): Promise<{ status: number; body: unknown }>;
  validateSignature(rawJSON: string, signature: string | undefined): boolean;
  createReceivesFromJSON(json: unknown): SdkReceive[];
}

const LineBot = require('line-bot-sdk') as { client(config: Record<string, string>): SdkClient };
const Endpoint = require('line-bot-sdk/lib/constants/Endpoint') as Record<string, string>;
const InvalidSignatureException = require('line-bot-sdk/lib/exceptions/InvalidSignatureException') as new () => Error;
const PLATFORM_ENDPOINTS = { ...Endpoint };

/** Listens on a loopback port. @returns the origin and a close function */
async function listen(app: Express): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An embedkit on the default scenario served on loopback ports, with the SDK's endpoints aimed at it. */
async function serve(headerPrefix: string | undefined): Promise<{ kit: Embedkit; close(): Promise<void> }> {
  const kit = await makeV1Kit(headerPrefix ? { headerPrefix } : {});
  const base = await listen(kit.app);
  const trialbot = await listen(kit.apps.trialbot);
  Object.assign(Endpoint, {
    EVENT: `${trialbot.origin}/v1/events`,
    PROFILE: `${trialbot.origin}/v1/profiles`,
    BC_EVENT: `${base.origin}/v1/events`,
    BC_PROFILE: `${base.origin}/v1/profiles`,
    LEAVE_GROUP: `${base.origin}/v1/bot/group/leave/`,
    LEAVE_ROOM: `${base.origin}/v1/bot/room/leave/`,
    OFFICAL_ACCOUNT_CONTACTS: `${base.origin}/v1/officialaccount/contacts`,
  });
  return {
    kit,
    async close() {
      Object.assign(Endpoint, PLATFORM_ENDPOINTS);
      await base.close();
      await trialbot.close();
      await kit.close();
    },
  };
}

const trialClient = () => LineBot.client({ channelID: TRIAL.id, channelSecret: TRIAL.secret, channelMID: TRIAL.mid });
const enterpriseClient = (token: string) =>
  LineBot.client({ channelID: ENTERPRISE.id, channelSecret: ENTERPRISE.secret, channelToken: token });

/** The error superagent rejects with for an answer other than 2xx. */
const refusal = (e: unknown) => (e as { status?: number; response?: { body?: unknown } } | undefined) ?? {};

describe('line-bot-sdk 0.1.4 with headerPrefix X-Line-', () => {
  let served: Awaited<ReturnType<typeof serve>>;
  let bot: Receiver;
  beforeAll(async () => {
    served = await serve('X-Line-');
  });
  afterAll(() => served.close());
  afterEach(async () => {
    for (const c of [ENTERPRISE, TRIAL])
      await request(served.kit.app).put(`/embedkit/v1/channels/${c.id}/webhook`).send({ url: null }).expect(200);
    await bot?.close();
  });

  it('sends a text with the trial client (X-Line-ChannelID, -ChannelSecret, -Trusted-User-With-ACL): it shows in the chat', async () => {
    const res = await trialClient().sendText(ALICE, 'from the 2016 SDK (trial)');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ failed: [], messageId: expect.stringMatching(/^\d+$/), version: 1 });
    const last = (await chatMessages(served.kit, ALICE_TRIAL)).at(-1)!;
    expect(last).toMatchObject({ sender: { type: 'bot', id: TRIAL.id }, message: { type: 'text', text: 'from the 2016 SDK (trial)' } });
  });

  it('sends a text with the enterprise client (X-LINE-ChannelToken): it shows in the chat', async () => {
    const token = await channelToken(served.kit, ENTERPRISE);
    const res = await enterpriseClient(token).sendText(ALICE, 'from the 2016 SDK (enterprise)');
    expect(res.status).toBe(200);
    const last = (await chatMessages(served.kit, ALICE_ENTERPRISE)).at(-1)!;
    expect(last).toMatchObject({
      sender: { type: 'bot', id: ENTERPRISE.id },
      message: { type: 'text', text: 'from the 2016 SDK (enterprise)' },
    });
  });

  it('verifies a callback with its own validateSignature and reads it with its own receive objects', async () => {
    bot = await startReceiver();
    await request(served.kit.app).put(`/embedkit/v1/channels/${TRIAL.id}/webhook`).send({ url: bot.url }).expect(200);
    await request(served.kit.app)
      .post(`/embedkit/v1/chats/${ALICE_TRIAL}/messages`)
      .send({ userId: ALICE, message: { type: 'text', text: 'hello sdk' } })
      .expect(200);
    const [callback] = await bot.waitFor(1);
    const raw = callback!.raw.toString('utf8');
    const client = trialClient();
    expect(client.validateSignature(raw, callback!.headers['x-line-channelsignature'] as string)).toBe(true);
    expect(client.validateSignature(`${raw} `, callback!.headers['x-line-channelsignature'] as string)).toBe(false);
    const [received] = client.createReceivesFromJSON(JSON.parse(raw));
    expect([received!.isMessage(), received!.isText(), received!.getText(), received!.getFromMid()]).toEqual([
      true,
      true,
      'hello sdk',
      ALICE,
    ]);
  });
});

describe('line-bot-sdk 0.1.4 without the option (default X-Service-)', () => {
  let served: Awaited<ReturnType<typeof serve>>;
  let bot: Receiver;
  beforeAll(async () => {
    served = await serve(undefined);
  });
  afterAll(async () => {
    await request(served.kit.app).put(`/embedkit/v1/channels/${TRIAL.id}/webhook`).send({ url: null }).expect(200);
    await bot?.close();
    await served.close();
  });

  it('is refused: its X-Line- credentials are not the configured headers', async () => {
    const trial = await trialClient()
      .sendText(ALICE, 'never shown')
      .then(() => ({}), refusal);
    expect(trial).toMatchObject({ status: 401, response: { body: { statusCode: '401' } } });
    const token = await channelToken(served.kit, ENTERPRISE);
    const enterprise = await enterpriseClient(token)
      .sendText(ALICE, 'never shown')
      .then(() => ({}), refusal);
    expect(enterprise).toMatchObject({
      status: 401,
      response: { body: { statusCode: '401', statusMessage: 'authentication scheme not found.' } },
    });
    expect((await chatMessages(served.kit, ALICE_TRIAL)).map((m) => m.message.text)).not.toContain('never shown');
  });

  it('finds no signature on a callback: validateSignature throws', async () => {
    bot = await startReceiver();
    await request(served.kit.app).put(`/embedkit/v1/channels/${TRIAL.id}/webhook`).send({ url: bot.url }).expect(200);
    await request(served.kit.app)
      .post(`/embedkit/v1/chats/${ALICE_TRIAL}/messages`)
      .send({ userId: ALICE, message: { type: 'text', text: 'unsigned?' } })
      .expect(200);
    const [callback] = await bot.waitFor(1);
    expect(callback!.headers['x-service-channelsignature']).toBeTruthy();
    expect(() =>
      trialClient().validateSignature(callback!.raw.toString('utf8'), callback!.headers['x-line-channelsignature'] as string | undefined),
    ).toThrow(InvalidSignatureException);
  });
});
