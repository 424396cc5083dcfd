// Contract tests: the official Node bot SDK (@line/bot-sdk 10.x) drives a listening embedkit as
// it drives the platform: channel tokens, reply with a token from a real webhook delivery, push,
// multicast, profiles, member ids paging, leave, content; validateSignature accepts every webhook.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { channelAccessToken, HTTPFetchError, messagingApi, validateSignature } from '@line/bot-sdk';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { onTestDatabase } from '../../helpers.js';
import { ALICE, ALICE_BOT, BOB, CAROL, GROUP, startReceiver, TRIAL, VERIFIED, type Receiver } from '../helpers.js';

/** 130 extra users in the group, so member ids come in two pages. */
const EXTRA = Array.from({ length: 130 }, (_, i) => `U${(0xf000 + i).toString(16).padStart(32, '0')}`);

let dir: string;
let server: RunningServer;
let receiver: Receiver;
let trialToken: string;
let verifiedToken: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'embedkit-contract-'));
  const scenario = join(dir, 'scenario.json');
  writeFileSync(
    scenario,
    JSON.stringify({
      channels: [
        { channelId: TRIAL.id, name: 'Trial', secret: TRIAL.secret, botName: 'Trial Bot' },
        { channelId: VERIFIED.id, name: 'Verified', secret: VERIFIED.secret, plan: 'verified' },
      ],
      users: [
        { userId: ALICE, displayName: 'Alice', picture: true, statusMessage: 'Hi' },
        { userId: BOB, displayName: 'Bob' },
        { userId: CAROL, displayName: 'Carol', agreed: false },
        ...EXTRA.map((userId, i) => ({ userId, displayName: `Extra ${i}` })),
      ],
      chats: [
        { chatId: ALICE_BOT, type: 'utou', name: 'Trial Bot', members: [ALICE], bot: TRIAL.id },
        { chatId: 'UB00000000000000000000000000000b0', type: 'utou', name: 'Trial Bot', members: [BOB], bot: TRIAL.id },
        { chatId: GROUP, type: 'group', name: 'Team', members: [ALICE, BOB, CAROL, ...EXTRA], bots: [TRIAL.id, VERIFIED.id] },
      ],
      apps: [],
    }),
  );
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: scenario, logger: pino({ level: 'silent' }) }));
  receiver = await startReceiver();
  for (const channelId of [TRIAL.id, VERIFIED.id]) {
    const res = await fetch(`${server.baseUrl}/embedkit/v1/channels/${channelId}/webhook`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: receiver.url }),
    });
    expect(res.status).toBe(200);
  }
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  trialToken = (await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret)).access_token;
  verifiedToken = (await tokens.issueChannelToken('client_credentials', VERIFIED.id, VERIFIED.secret)).access_token;
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = (token = trialToken) => new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: server.baseUrl });

/** A user sends a message from the host, and the webhook delivery that carries it arrives. */
async function userSays(text: string): Promise<{ replyToken: string; messageId: string }> {
  const before = receiver.received.length;
  const res = await fetch(`${server.baseUrl}/embedkit/v1/chats/${ALICE_BOT}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: ALICE, message: { type: 'text', text } }),
  });
  expect(res.status).toBe(200);
  const all = await receiver.waitFor(before + 1);
  const event = all[before]!.body.events[0]!;
  return { replyToken: event.replyToken, messageId: event.message.id };
}

async function chat(chatId: string): Promise<{ sender: { type: string }; message: { text?: string } }[]> {
  return (await (await fetch(`${server.baseUrl}/embedkit/v1/chats/${chatId}/messages`)).json()).messages;
}

/** The HTTPFetchError of a call that must fail. */
async function failure(call: Promise<unknown>): Promise<HTTPFetchError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HTTPFetchError);
  return err as HTTPFetchError;
}

describe('@line/bot-sdk against embedkit', () => {
  it('issues and revokes a channel access token', async () => {
    const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
    const issued = await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret);
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 2_592_000, access_token: expect.any(String) });
    expect((await client(issued.access_token).getProfile(ALICE)).displayName).toBe('Alice');
    await tokens.revokeChannelToken(issued.access_token);
    const err = await failure(client(issued.access_token).getProfile(ALICE));
    expect(err.status).toBe(401);
    expect(JSON.parse(err.body).message).toMatch(/^Authentication failed due to the following reason: /);
    const wrong = await failure(tokens.issueChannelToken('client_credentials', TRIAL.id, VERIFIED.secret));
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body)).toMatchObject({ error: 'invalid_client' });
  });

  it('replies with the reply token of a real webhook delivery, once', async () => {
    const { replyToken } = await userSays('hello sdk');
    await client().replyMessage({ replyToken, messages: [{ type: 'text', text: 'echo: hello sdk' }] });
    expect((await chat(ALICE_BOT)).at(-1)).toMatchObject({ sender: { type: 'bot' }, message: { text: 'echo: hello sdk' } });
    const again = await failure(client().replyMessage({ replyToken, messages: [{ type: 'text', text: 'twice' }] }));
    expect(again.status).toBe(400);
    expect(JSON.parse(again.body)).toEqual({ message: 'Invalid reply token' });
    expect(again.headers.get('x-service-request-id')).toBeTruthy();
  });

  it('pushes and multicasts', async () => {
    await client().pushMessage({ to: ALICE, messages: [{ type: 'text', text: 'pushed' }] });
    await client().pushMessage({ to: GROUP, messages: [{ type: 'sticker', packageId: '1', stickerId: '1' }] });
    await client().multicast({ to: [ALICE, BOB], messages: [{ type: 'text', text: 'to many' }] });
    expect((await chat(ALICE_BOT)).slice(-2).map((m) => m.message.text)).toEqual(['pushed', 'to many']);
    expect((await chat('UB00000000000000000000000000000b0')).map((m) => m.message.text)).toEqual(['to many']);
    const unknown = await failure(client().pushMessage({ to: `U${'e'.repeat(32)}`, messages: [{ type: 'text', text: 'x' }] }));
    expect(JSON.parse(unknown.body)).toEqual({ message: 'Failed to send messages' });
    const invalid = await failure(client().multicast({ to: [ALICE], messages: [] }));
    expect(JSON.parse(invalid.body)).toMatchObject({ message: 'The request body has 1 error(s)', details: [{ property: 'messages' }] });
  });

  it('reads profiles and group member profiles', async () => {
    expect(await client().getProfile(ALICE)).toEqual({
      userId: ALICE,
      displayName: 'Alice',
      pictureUrl: `${server.baseUrl}/embedkit/v1/users/${ALICE}/picture`,
      statusMessage: 'Hi',
    });
    expect(await client().getGroupMemberProfile(GROUP, CAROL)).toEqual({ userId: CAROL, displayName: 'Carol' });
    expect((await failure(client().getProfile(CAROL))).status).toBe(404);
  });

  it('pages member ids (verified plan), and refuses them on Developer Trial', async () => {
    const first = await client(verifiedToken).getGroupMembersIds(GROUP);
    expect(first.memberIds.length).toBe(100);
    expect(first.next).toEqual(expect.any(String));
    const second = await client(verifiedToken).getGroupMembersIds(GROUP, first.next);
    expect(second.next).toBeUndefined();
    expect([...first.memberIds, ...second.memberIds]).toEqual([ALICE, BOB, ...EXTRA].sort());
    const trial = await failure(client().getGroupMembersIds(GROUP));
    expect(trial.status).toBe(403);
    expect(JSON.parse(trial.body)).toEqual({ message: 'Access to this API is not available for your account' });
  });

  it('fetches the content of an image a user sent', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const before = receiver.received.length;
    const sent = await fetch(`${server.baseUrl}/embedkit/v1/chats/${ALICE_BOT}/media?userId=${ALICE}&type=image`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png' },
      body: png,
    });
    expect(sent.status).toBe(200);
    const event = (await receiver.waitFor(before + 1))[before]!.body.events[0]!;
    expect(event.message).toEqual({
      id: expect.any(String),
      type: 'image',
      contentProvider: { type: 'line' },
      quoteToken: expect.any(String),
      markAsReadToken: expect.any(String),
    });
    const blob = new messagingApi.MessagingApiBlobClient({ channelAccessToken: trialToken, baseURL: server.baseUrl });
    const stream: Readable = await blob.getMessageContent(event.message.id);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
    expect(Buffer.concat(chunks).equals(png)).toBe(true);
  });

  it('leaves a group, and the bot hears its leave event', async () => {
    const before = receiver.received.length;
    await client(verifiedToken).leaveGroup(GROUP);
    const leave = (await receiver.waitFor(before + 1))
      .slice(before)
      .map((r) => r.body.events[0]!)
      .find((e) => e.type === 'leave');
    expect(leave).toEqual({
      type: 'leave',
      timestamp: expect.any(Number),
      source: { type: 'group', groupId: GROUP },
      mode: 'active',
      webhookEventId: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      deliveryContext: { isRedelivery: false },
    });
    expect((await failure(client(verifiedToken).leaveGroup(GROUP))).status).toBe(404);
  });

  it("validateSignature accepts every webhook embedkit delivered, with the receiving channel's secret", async () => {
    const before = receiver.received.length;
    await fetch(`${server.baseUrl}/embedkit/v1/chats/${GROUP}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        userId: CAROL,
        message: { type: 'location', title: 'Café', address: 'Main St. 1', latitude: 35.1, longitude: 139.2 },
      }),
    });
    await receiver.waitFor(before + 1);
    const bySecret = new Map([
      [TRIAL.secret, 0],
      [VERIFIED.secret, 0],
    ]);
    for (const r of receiver.received) {
      const signature = r.headers['x-service-signature'] as string;
      const valid = [...bySecret.keys()].filter((secret) => validateSignature(r.raw, secret, signature));
      expect(valid.length).toBe(1);
      bySecret.set(valid[0]!, bySecret.get(valid[0]!)! + 1);
    }
    expect(receiver.received.length).toBe(4);
    expect([...bySecret.values()]).toEqual([3, 1]);
  });
});
