// The webhook contract: every event and message type a person can cause in the host (through the
// simulator API the host calls) and through `embedkit trigger`, held against JSON Schemas written
// from the published `webhook.yml` and against exemplars typed with the official SDKs' own webhook
// types (`@line/bot-sdk` 10 and 11). Then the fields embedkit fills: destination, webhookEventId
// across a retry and Redeliver, quoting, unsend, members joining and leaving, follow.isUnblocked.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { TRIGGER_EVENTS, triggerDraft } from '../../src/webhooks/triggers.js';
import { callbackBody, finishEvent, isRepliable } from '../../src/webhooks/events.js';
import { botUserId } from '../../src/world/bot-user-id.js';
import { channelToken } from '../helpers.js';
import {
  ALICE,
  ALICE_BOT,
  BOB,
  BOTS_SCENARIO,
  CAROL,
  chatMessages,
  deliveries,
  events,
  GROUP,
  GROUP_NO_BOT,
  makeBotKit,
  ROOM,
  say,
  setWebhook,
  startReceiver,
  TRIAL,
  VERIFIED,
} from '../bot/helpers.js';
import { BODY_EXEMPLAR, exemplarOf, missingPaths, type ReceivedCallback } from './webhook-sdk-types.js';
import { validateCallbackRequest } from './webhook-schemas.js';

let kit: Embedkit;
beforeEach(async () => {
  kit = await makeBotKit();
});
afterEach(async () => {
  await kit.close();
});

const sim = () => request(kit.app);
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The problems of one parsed body: JSON Schema errors, then fields the SDK-typed exemplars have and the body lacks. */
function problems(body: unknown): string[] {
  const out: string[] = [];
  if (!validateCallbackRequest(body)) out.push(...(validateCallbackRequest.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
  out.push(...missingPaths(BODY_EXEMPLAR, body).map((p) => `missing ${p}`));
  const evs = (body as { events?: Record<string, unknown>[] }).events ?? [];
  evs.forEach((e, i) => {
    const exemplar = exemplarOf(e);
    if (!exemplar) out.push(`events[${i}]: no exemplar for ${String(e.type)}`);
    else out.push(...missingPaths(exemplar, e, `events[${i}]`).map((p) => `missing ${p}`));
  });
  return out;
}

/** A typed bot's view of a body that passed {@link problems}: the SDKs' `CallbackRequest`. */
const asCallback = (body: unknown): ReceivedCallback => body as ReceivedCallback;

/** A person sends media from the host's composer. */
async function sendMedia(chatId: string, type: string, contentType: string, data: Buffer, extra = ''): Promise<void> {
  await sim()
    .post(`/embedkit/v1/chats/${chatId}/media?userId=${ALICE}&type=${type}${extra}`)
    .set('Content-Type', contentType)
    .send(data)
    .expect(200);
}

/** Everything a person can do that a bot hears, through the simulator API the host calls. */
async function causeEveryEvent(): Promise<void> {
  // Messages of every type in the 1:1 chat with the bot.
  const hello = await say(kit, ALICE_BOT, ALICE, 'hello');
  await say(kit, ALICE_BOT, ALICE, { type: 'sticker', packageId: '446', stickerId: '1988' });
  await say(kit, ALICE_BOT, ALICE, { type: 'location', title: 'Office', address: '1-1 Chiyoda', latitude: 35.68, longitude: 139.76 });
  await sendMedia(ALICE_BOT, 'image', 'image/png', Buffer.from('89504e470d0a1a0a', 'hex'));
  await sendMedia(ALICE_BOT, 'video', 'video/mp4', Buffer.from('video'));
  await sendMedia(ALICE_BOT, 'audio', 'audio/mp4', Buffer.from('audio'), '&duration=1200');
  await sendMedia(ALICE_BOT, 'file', 'text/plain', Buffer.from('file'), '&fileName=notes.txt');
  // An app shares media with sendMessages (external content).
  const session = await sim()
    .post('/embedkit/v1/sessions')
    .send({ userId: ALICE, channelId: TRIAL.id, scopes: ['chat_message.write'], context: { type: 'utou', chatId: ALICE_BOT } });
  await sim()
    .post('/message/v3/share')
    .set('Authorization', `Bearer ${session.body.access_token}`)
    .send({
      messages: [{ type: 'image', originalContentUrl: 'https://example.com/a.png', previewImageUrl: 'https://example.com/a-small.png' }],
    })
    .expect(200);
  // Quoting, and unsending.
  await sim()
    .post(`/embedkit/v1/chats/${ALICE_BOT}/messages`)
    .send({ userId: ALICE, message: { type: 'text', text: 'this' }, quotedMessageId: hello.id })
    .expect(200);
  await sim()
    .post(`/embedkit/v1/chats/${ALICE_BOT}/messages`)
    .send({ userId: ALICE, message: { type: 'sticker', packageId: '446', stickerId: '1989' }, quotedMessageId: hello.id })
    .expect(200);
  await sim().post(`/embedkit/v1/chats/${ALICE_BOT}/messages/${hello.id}/unsend`).send({ userId: ALICE }).expect(200);
  // Postbacks with and without datetime params.
  await sim().post(`/embedkit/v1/chats/${ALICE_BOT}/postbacks`).send({ userId: ALICE, data: 'a=1' }).expect(200);
  for (const params of [{ date: '2024-05-01' }, { time: '10:30' }, { datetime: '2024-05-01T10:30' }])
    await sim().post(`/embedkit/v1/chats/${ALICE_BOT}/postbacks`).send({ userId: ALICE, data: 'pick', params }).expect(200);
  // Block, unblock, a first add.
  const friendship = (userId: string, state: string) =>
    sim().put(`/embedkit/v1/users/${userId}/friendships/${TRIAL.id}`).send({ state }).expect(200);
  await friendship(BOB, 'blocked');
  await friendship(BOB, 'friend');
  await friendship(CAROL, 'friend');
  // Beacon and account link.
  for (const type of ['enter', 'banner'])
    await sim().post(`/embedkit/v1/channels/${TRIAL.id}/beacon`).send({ userId: ALICE, hwid: 'd41d8cd98f', type, dm: 'ab' }).expect(200);
  for (const result of ['ok', 'failed'])
    await sim()
      .post(`/embedkit/v1/channels/${TRIAL.id}/account-link`)
      .send({ userId: ALICE, nonce: `n-${result}`, result })
      .expect(200);
  // A group: a message, a person leaving and joining; the bot invited to another and removed.
  await say(kit, GROUP, ALICE, 'to the group');
  await say(kit, GROUP, CAROL, 'Carol has not agreed');
  await sim().delete(`/embedkit/v1/chats/${GROUP}/members/${BOB}`).expect(200);
  await sim().post(`/embedkit/v1/chats/${GROUP}/members`).send({ userId: BOB }).expect(200);
  await sim().post(`/embedkit/v1/chats/${GROUP_NO_BOT}/bots`).send({ userId: ALICE, channelId: TRIAL.id }).expect(200);
  await sim().delete(`/embedkit/v1/chats/${GROUP_NO_BOT}/bots/${TRIAL.id}`).expect(200);
  // A room: the bot added (join with the next event), a person joining, the bot removed.
  await sim().post(`/embedkit/v1/chats/${ROOM}/bots`).send({ userId: ALICE, channelId: TRIAL.id }).expect(200);
  await say(kit, ROOM, ALICE, 'in the room');
  await sim().post(`/embedkit/v1/chats/${ROOM}/members`).send({ userId: BOB }).expect(200);
  await sim().delete(`/embedkit/v1/chats/${ROOM}/members/${BOB}`).expect(200);
  await sim().delete(`/embedkit/v1/chats/${ROOM}/bots/${TRIAL.id}`).expect(200);
}

describe('every webhook body is a valid CallbackRequest', () => {
  it('for every event and message type a person can cause in the host', async () => {
    await causeEveryEvent();
    const bodies = (await deliveries(kit)).map((d) => JSON.parse(d.body) as unknown);
    expect(bodies.length).toBeGreaterThan(25);
    for (const body of bodies) expect(problems(body), JSON.stringify(body)).toEqual([]);
    const typed = bodies.map(asCallback);
    const kinds = new Set(typed.flatMap((b) => b.events.map((e) => (e.type === 'message' ? `message/${e.message.type}` : e.type))));
    expect([...kinds].sort()).toEqual(
      [
        'accountLink',
        'beacon',
        'follow',
        'join',
        'leave',
        'memberJoined',
        'memberLeft',
        'message/audio',
        'message/file',
        'message/image',
        'message/location',
        'message/sticker',
        'message/text',
        'message/video',
        'postback',
        'unfollow',
        'unsend',
      ].sort(),
    );
    const sources = new Set(typed.flatMap((b) => b.events.map((e) => e.source?.type)));
    expect([...sources].sort()).toEqual(['group', 'room', 'user']);
    // The other bot of the group hears the group's events too, with its own destination.
    const verified = (await deliveries(kit, VERIFIED.id)).map((d) => JSON.parse(d.body) as ReceivedCallback);
    for (const body of verified) expect(problems(body)).toEqual([]);
    expect(new Set(verified.map((b) => b.destination))).toEqual(new Set([botUserId(VERIFIED.id)]));
  });

  it('for every event `embedkit trigger` sends but its message (a text with its own id, made outside the chat)', () => {
    for (const type of TRIGGER_EVENTS.filter((t) => t !== 'message')) {
      const chat = ['join', 'leave', 'memberJoined', 'memberLeft'].includes(type) ? { group: GROUP } : {};
      const draft = triggerDraft(type, {
        user: ALICE,
        ...chat,
        text: 'hi',
        data: 'a=1',
        hwid: 'd41d8cd98f',
        beaconType: 'enter',
        nonce: 'n',
        result: 'ok',
        messageId: '7',
        deliveryData: 'a'.repeat(64),
        membershipType: 'renewed',
        membershipId: '7',
        trackingId: 'video-1',
      });
      const body = JSON.parse(
        callbackBody(botUserId(TRIAL.id), [finishEvent(draft, 1_700_000_000_000, isRepliable(draft) ? 'r' : undefined, false)]),
      );
      expect(problems(body), type).toEqual([]);
    }
  });

  it('for the module channel events the host causes: attached, activated, a held chat’s message, deactivated, suspended, resumed, detached', async () => {
    const mods = await makeBotKit({ scenarioFile: fileURLToPath(new URL('../fixtures/modules.json', import.meta.url)) });
    try {
      const m = () => request(mods.app);
      const M1 = '1650000091';
      const code = (
        await m()
          .post(`/embedkit/v1/modules/${M1}/authorize`)
          .send({ botChannelId: TRIAL.id, redirectUri: 'https://m.example/' })
          .expect(200)
      ).body.code as string;
      await m()
        .post('/module/auth/v1/token')
        .type('form')
        .send({ grant_type: 'authorization_code', code, redirect_uri: 'https://m.example/', client_id: M1, client_secret: '91'.repeat(16) })
        .expect(200);
      await m().put(`/embedkit/v1/channels/${TRIAL.id}/chats/${ALICE_BOT}/control`).send({ moduleChannelId: M1, ttl: 60 }).expect(200);
      await say(mods, ALICE_BOT, ALICE, 'held by the module');
      await m().put(`/embedkit/v1/channels/${TRIAL.id}/chats/${ALICE_BOT}/control`).send({ moduleChannelId: null }).expect(200);
      for (const suspended of [true, false]) await m().put(`/embedkit/v1/channels/${TRIAL.id}/suspension`).send({ suspended }).expect(200);
      await m().post(`/embedkit/v1/modules/${M1}/detach`).send({ botChannelId: TRIAL.id }).expect(200);
      const bodies = (await deliveries(mods, M1)).map((d) => JSON.parse(d.body) as ReceivedCallback);
      for (const body of bodies) expect(problems(body), JSON.stringify(body)).toEqual([]);
      expect(bodies.flatMap((b) => b.events.map((e) => e.type))).toEqual([
        'module',
        'activated',
        'message',
        'deactivated',
        'botSuspended',
        'botResumed',
        'module',
      ]);
      expect(new Set(bodies.map((b) => b.destination))).toEqual(new Set([botUserId(TRIAL.id)]));
      // The bot got the held chat's message too, in standby mode: valid against webhook.yml, without
      // the reply token (the SDKs' types require one, the platform sends none in standby mode).
      const standby = (await deliveries(mods, TRIAL.id)).map((d) => JSON.parse(d.body) as ReceivedCallback).at(-1)!;
      expect(validateCallbackRequest(standby), JSON.stringify(validateCallbackRequest.errors)).toBe(true);
      expect(problems(standby)).toEqual(['missing events[0].replyToken']);
      expect(standby.events[0]).toMatchObject({ type: 'message', mode: 'standby' });
    } finally {
      await mods.close();
    }
  });

  it('for the delivery event of a notification message (push by phone number)', async () => {
    const token = await channelToken(kit, VERIFIED);
    const to = createHash('sha256').update('+819011112222').digest('hex');
    await sim()
      .post('/bot/pnp/push')
      .set('Authorization', `Bearer ${token}`)
      .send({ to, messages: [{ type: 'text', text: 'notice' }] })
      .expect(200);
    const bodies = (await deliveries(kit, VERIFIED.id)).map((d) => JSON.parse(d.body) as ReceivedCallback);
    const withDelivery = bodies.filter((b) => b.events.some((e) => e.type === 'delivery'));
    expect(withDelivery).toHaveLength(1);
    expect(problems(withDelivery[0])).toEqual([]);
    expect(withDelivery[0]!.events[0]).toMatchObject({ type: 'delivery', delivery: { data: to }, source: { type: 'user', userId: BOB } });
  });

  it('for the membership events of a person joining and leaving a plan and of a renewal on the clock', async () => {
    const s = JSON.parse(readFileSync(BOTS_SCENARIO, 'utf8')) as { channels: Record<string, unknown>[] };
    s.channels[0]!.memberships = [{ membershipId: 3189, title: 'Basic', description: 'd', benefits: ['b'], price: 500, currency: 'JPY' }];
    const file = join(mkdtempSync(join(tmpdir(), 'embedkit-membership-')), 'scenario.json');
    writeFileSync(file, JSON.stringify(s));
    const plans = await makeBotKit({ scenarioFile: file });
    try {
      const at = (path: string) => request(plans.app).post(`/embedkit/v1/memberships/3189/users/${ALICE}/${path}`).expect(200);
      await at('join');
      await request(plans.app).post('/embedkit/v1/clock').send({ advance: '32d' }).expect(200);
      // The renewal runs on the clock's move: reading the subscriptions makes sure it has.
      await request(plans.app).get(`/embedkit/v1/channels/${TRIAL.id}/memberships?userId=${ALICE}`).expect(200);
      await at('leave');
      const bodies = (await deliveries(plans, TRIAL.id)).map((d) => JSON.parse(d.body) as ReceivedCallback);
      const withMembership = bodies.filter((b) => b.events.some((e) => e.type === 'membership'));
      expect(withMembership.map((b) => (b.events[0] as { membership?: { type: string } }).membership?.type)).toEqual([
        'joined',
        'renewed',
        'left',
      ]);
      for (const b of withMembership) expect(problems(b)).toEqual([]);
      expect(withMembership[0]!.events[0]).toMatchObject({ source: { type: 'user', userId: ALICE }, membership: { membershipId: 3189 } });
    } finally {
      await plans.close();
    }
  });

  it('refuses what the published document refuses (the schemas can fail)', () => {
    const valid = {
      destination: botUserId(TRIAL.id),
      events: [
        {
          type: 'unfollow',
          timestamp: 1,
          mode: 'active',
          webhookEventId: 'x',
          deliveryContext: { isRedelivery: false },
          source: { type: 'user', userId: ALICE },
        },
      ],
    };
    expect(problems(valid)).toEqual([]);
    expect(problems({ events: valid.events })).not.toEqual([]);
    expect(problems({ ...valid, events: [{ ...valid.events[0], mode: 'passive' }] })).not.toEqual([]);
    const { deliveryContext: _d, ...noContext } = valid.events[0]!;
    expect(problems({ ...valid, events: [noContext] })).not.toEqual([]);
    const text = { id: '1', type: 'text', text: 'x' };
    expect(problems({ ...valid, events: [{ ...valid.events[0], type: 'message', replyToken: 'r', message: text }] })).not.toEqual([]);
  });
});

describe('the fields embedkit fills', () => {
  it('destination is the bot user ID of GET /v2/bot/info', async () => {
    await say(kit, ALICE_BOT, ALICE, 'hi');
    const [d] = await deliveries(kit);
    const info = await sim()
      .get('/v2/bot/info')
      .set('Authorization', `Bearer ${await channelToken(kit, TRIAL)}`);
    expect(JSON.parse(d!.body).destination).toBe(info.body.userId);
  });

  it('webhookEventId: one ULID per event, the same on every retry and on Redeliver', async () => {
    const receiver = await startReceiver();
    const quick = await makeBotKit({ bots: { webhookRetryScheduleMs: [1, 1] } });
    try {
      await setWebhook(quick, TRIAL.id, { url: receiver.url });
      receiver.answers.push(500, 500, 500);
      await request(quick.app)
        .post(`/embedkit/v1/chats/${ALICE_BOT}/messages`)
        .send({ userId: ALICE, message: { type: 'text', text: 'a' } });
      await request(quick.app)
        .post(`/embedkit/v1/chats/${ALICE_BOT}/messages`)
        .send({ userId: ALICE, message: { type: 'text', text: 'b' } });
      // The dispatcher is idle between retries too: wait for what the receiver gets, not for it.
      const texts = () => receiver.received.map((r) => r.body.events[0]!.message.text as string);
      await vi.waitFor(() => expect(texts().filter((t) => t === 'b')).toHaveLength(1), { timeout: 15_000 });
      const sent = receiver.received.length;
      const [first] = await deliveries(quick);
      await request(quick.app).post(`/embedkit/v1/deliveries/${first!.id}/redeliver`).expect(200);
      await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThan(sent), { timeout: 15_000 });
      const ids = receiver.received.map((r) => ({
        text: r.body.events[0]!.message.text as string,
        id: r.body.events[0]!.webhookEventId as string,
      }));
      const ofA = ids.filter((x) => x.text === 'a');
      expect(ofA.length).toBeGreaterThanOrEqual(2);
      expect(new Set(ofA.map((x) => x.id)).size).toBe(1);
      expect(ofA[0]!.id).toMatch(ULID);
      const ofB = ids.find((x) => x.text === 'b')!;
      expect(ofB.id).not.toBe(ofA[0]!.id);
    } finally {
      await quick.close();
      await receiver.close();
    }
  });

  it('quoting: the person quotes a message → quotedMessageId in the event and in the stored message', async () => {
    const original = await say(kit, ALICE_BOT, ALICE, 'original');
    const quoting = await sim()
      .post(`/embedkit/v1/chats/${ALICE_BOT}/messages`)
      .send({ userId: ALICE, message: { type: 'text', text: 'about that' }, quotedMessageId: original.id });
    expect(quoting.status).toBe(200);
    expect(quoting.body.message).toEqual({ type: 'text', text: 'about that', quotedMessageId: original.id });
    const [, event] = await events(kit);
    expect(event!.message).toMatchObject({
      type: 'text',
      text: 'about that',
      quotedMessageId: original.id,
      quoteToken: expect.any(String),
    });
    const [first] = await events(kit);
    expect(first!.message.quotedMessageId).toBeUndefined();
    expect(first!.message.quoteToken).not.toBe(event!.message.quoteToken);
  });

  it('quoting refuses a message of another chat, an unsent one, and a media message that quotes', async () => {
    const elsewhere = await say(kit, GROUP, ALICE, 'in the group');
    const send = (body: Record<string, unknown>) =>
      sim()
        .post(`/embedkit/v1/chats/${ALICE_BOT}/messages`)
        .send({ userId: ALICE, ...body });
    const other = await send({ message: { type: 'text', text: 'x' }, quotedMessageId: elsewhere.id });
    expect(other.status).toBe(400);
    expect(other.body.message).toContain(`No message ${elsewhere.id}`);
    const mine = await say(kit, ALICE_BOT, ALICE, 'gone soon');
    await sim().post(`/embedkit/v1/chats/${ALICE_BOT}/messages/${mine.id}/unsend`).send({ userId: ALICE }).expect(200);
    expect((await send({ message: { type: 'text', text: 'x' }, quotedMessageId: mine.id })).body.message).toContain('unsent');
    const located = await send({
      message: { type: 'location', title: 't', address: 'a', latitude: 1, longitude: 1 },
      quotedMessageId: mine.id,
    });
    expect(located.status).toBe(400);
    expect((await send({ message: { type: 'text', text: 'x' }, quotedMessageId: 12 })).status).toBe(400);
  });

  it('unsend: the person unsends their message → unsend.messageId; the chat marks it; nobody else can', async () => {
    const { id } = await say(kit, GROUP, ALICE, 'oops');
    expect((await sim().post(`/embedkit/v1/chats/${GROUP}/messages/${id}/unsend`).send({ userId: BOB })).status).toBe(404);
    const res = await sim().post(`/embedkit/v1/chats/${GROUP}/messages/${id}/unsend`).send({ userId: ALICE });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ delivered: 2 });
    for (const channel of [TRIAL.id, VERIFIED.id]) {
      const unsend = (await events(kit, channel)).at(-1)!;
      expect(unsend).toMatchObject({ type: 'unsend', unsend: { messageId: id }, source: { type: 'group', groupId: GROUP, userId: ALICE } });
      expect(unsend.replyToken).toBeUndefined();
    }
    const shown = (await chatMessages(kit, GROUP)).find((m) => m.id === id) as { unsentAt?: number } | undefined;
    expect(shown?.unsentAt).toEqual(expect.any(Number));
    expect((await sim().post(`/embedkit/v1/chats/${GROUP}/messages/${id}/unsend`).send({ userId: ALICE })).status).toBe(404);
    expect((await sim().post(`/embedkit/v1/chats/${GROUP}/messages/${id}/unsend`).send({})).status).toBe(400);
  });

  it('memberJoined / memberLeft: a person leaves and joins a group the bots are in', async () => {
    const left = await sim().delete(`/embedkit/v1/chats/${GROUP}/members/${BOB}`);
    expect(left.body).toEqual({ delivered: 2 });
    const world = async () => (await sim().get('/embedkit/v1/world')).body.chats.find((c: { chatId: string }) => c.chatId === GROUP);
    expect((await world()).memberIds).not.toContain(BOB);
    // A person who left cannot write in the group.
    expect(
      (
        await sim()
          .post(`/embedkit/v1/chats/${GROUP}/messages`)
          .send({ userId: BOB, message: { type: 'text', text: 'x' } })
      ).status,
    ).toBe(400);
    await sim().post(`/embedkit/v1/chats/${GROUP}/members`).send({ userId: BOB }).expect(200);
    expect((await world()).memberIds).toContain(BOB);
    const [memberLeft, memberJoined] = (await events(kit)).slice(-2);
    expect(memberLeft).toMatchObject({
      type: 'memberLeft',
      left: { members: [{ type: 'user', userId: BOB }] },
      source: { type: 'group', groupId: GROUP },
    });
    expect(memberLeft!.replyToken).toBeUndefined();
    expect(memberJoined).toMatchObject({
      type: 'memberJoined',
      joined: { members: [{ type: 'user', userId: BOB }] },
      source: { type: 'group', groupId: GROUP },
      replyToken: expect.any(String),
    });
    const notices = (await chatMessages(kit, GROUP)).filter((m) => m.sender.type === 'system').map((m) => m.message.text);
    expect(notices).toEqual(['Bob left the group.', 'Bob joined the group.']);
    expect((await sim().post(`/embedkit/v1/chats/${GROUP}/members`).send({ userId: BOB })).status).toBe(400);
    expect((await sim().delete(`/embedkit/v1/chats/${ALICE_BOT}/members/${ALICE}`)).status).toBe(400);
    expect((await sim().post(`/embedkit/v1/chats/${GROUP}/members`).send({ userId: 'Unobody' })).status).toBe(400);
  });

  it('follow.isUnblocked: false when a person adds the bot, true when they unblock it', async () => {
    const friendship = (userId: string, state: string) =>
      sim().put(`/embedkit/v1/users/${userId}/friendships/${TRIAL.id}`).send({ state }).expect(200);
    await friendship(CAROL, 'friend');
    await friendship(BOB, 'blocked');
    await friendship(BOB, 'friend');
    const follows = (await events(kit)).filter((e) => e.type === 'follow');
    expect(follows.map((e) => [e.source.userId, e.follow])).toEqual([
      [CAROL, { isUnblocked: false }],
      [BOB, { isUnblocked: true }],
    ]);
  });
});

describe('videoPlayComplete: a person watches a bot’s video message to its end', () => {
  const VIDEO = { type: 'video', originalContentUrl: 'https://example.com/v.mp4', previewImageUrl: 'https://example.com/v.jpg' };

  /** The bot of `channel` pushes `message` to `to`; its id in the chat `chatId`. */
  async function push(channel: typeof TRIAL, to: string, chatId: string, message: Record<string, unknown>): Promise<string> {
    const token = await channelToken(kit, channel);
    const pushed = await sim()
      .post('/v2/bot/message/push')
      .set('Authorization', `Bearer ${token}`)
      .send({ to, messages: [message] });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    return (await chatMessages(kit, chatId)).at(-1)!.id;
  }
  const watched = (chatId: string, id: string, userId: string) =>
    sim().post(`/embedkit/v1/chats/${chatId}/messages/${id}/video-play-complete`).send({ userId });
  const played = async (channelId: string) => (await events(kit, channelId)).filter((e) => e.type === 'videoPlayComplete');

  it('sends videoPlayComplete {trackingId} with a reply token to the bot that sent it, once per person and message', async () => {
    const id = await push(TRIAL, ALICE, ALICE_BOT, { ...VIDEO, trackingId: 'promo-1' });
    expect((await watched(ALICE_BOT, id, ALICE).expect(200)).body).toEqual({ delivered: 1 });
    expect((await watched(ALICE_BOT, id, ALICE).expect(200)).body).toEqual({ delivered: 0 });
    const [event, ...more] = await played(TRIAL.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'videoPlayComplete',
      videoPlayComplete: { trackingId: 'promo-1' },
      source: { type: 'user', userId: ALICE },
    });
    expect(typeof event!.replyToken).toBe('string');
    const bodies = (await deliveries(kit)).map((d) => JSON.parse(d.body) as unknown);
    for (const body of bodies) expect(problems(body)).toEqual([]);
  });

  it('in a group: each person once, only to the bot that sent the video; nothing for a video without trackingId', async () => {
    const id = await push(TRIAL, GROUP, GROUP, { ...VIDEO, trackingId: 'group-video' });
    expect((await watched(GROUP, id, ALICE).expect(200)).body).toEqual({ delivered: 1 });
    expect((await watched(GROUP, id, BOB).expect(200)).body).toEqual({ delivered: 1 });
    expect((await watched(GROUP, id, BOB).expect(200)).body).toEqual({ delivered: 0 });
    const sources = (await played(TRIAL.id)).map((e) => e.source);
    expect(sources).toEqual([
      { type: 'group', groupId: GROUP, userId: ALICE },
      { type: 'group', groupId: GROUP, userId: BOB },
    ]);
    expect(await played(VERIFIED.id)).toEqual([]);
    const plain = await push(TRIAL, GROUP, GROUP, VIDEO);
    expect((await watched(GROUP, plain, ALICE).expect(200)).body).toEqual({ delivered: 0 });
    expect(await played(TRIAL.id)).toHaveLength(2);
  });

  it('refuses what is not a bot’s video in the chat, a person outside it, and a bad body', async () => {
    const id = await push(TRIAL, ALICE, ALICE_BOT, { ...VIDEO, trackingId: 't' });
    const text = await push(TRIAL, ALICE, ALICE_BOT, { type: 'text', text: 'hi' });
    const mine = (await say(kit, ALICE_BOT, ALICE, 'me')).id;
    for (const other of [text, mine, '999999', 'abc', '<script>'])
      expect((await watched(ALICE_BOT, encodeURIComponent(other), ALICE)).status, other).toBe(404);
    expect((await watched(GROUP, id, ALICE)).status).toBe(404);
    expect((await watched(ALICE_BOT, id, BOB)).status).toBe(400);
    const bad = await sim().post(`/embedkit/v1/chats/${ALICE_BOT}/messages/${id}/video-play-complete`).send({ userId: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.[0]?.property).toBe('userId');
    expect(await played(TRIAL.id)).toEqual([]);
  });
});
