// Webhook events (spec "Events"): each type with its fields and source rules, the signature,
// retries with backoff, order per chat, redelivery, the unknown-property option, durability.
import { createHmac } from 'node:crypto';
import { validateSignature } from '@line/bot-sdk';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../../src/kit/embedkit.js';
import { channelToken, withTempDir } from '../../helpers.js';
import {
  ALICE,
  ALICE_BOB,
  ALICE_BOT,
  BOB,
  BOB_BOT,
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
  type Receiver,
} from '../helpers.js';

/** `deliveryContext.isRedelivery` of each event of a received body (false when absent: a first send). */
function redeliveryFlags(raw: Buffer): boolean[] {
  return (JSON.parse(raw.toString('utf8')) as { events: { deliveryContext?: { isRedelivery?: boolean } }[] }).events.map(
    (e) => e.deliveryContext?.isRedelivery === true,
  );
}

/** A received body without the events' `deliveryContext`: what every send of a delivery has in common. */
function withoutDeliveryContext(raw: Buffer): string {
  const body = JSON.parse(raw.toString('utf8')) as { events: Record<string, unknown>[] };
  return JSON.stringify({ ...body, events: body.events.map(({ deliveryContext: _, ...rest }) => rest) });
}

let kit: Embedkit;
let receiver: Receiver;
beforeEach(async () => {
  kit = await makeBotKit();
  receiver = await startReceiver();
});
afterEach(async () => {
  await kit.close();
  await receiver.close();
});

const sim = () => request(kit.app);
const idle = () => kit.services.bots.dispatcher.idle();
/** What every event carries as first sent (published `webhook.yml` Event): its id, the mode, not a re-send. */
const sent = {
  mode: 'active',
  webhookEventId: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
  deliveryContext: { isRedelivery: false },
};

describe('delivery and signature', () => {
  it('posts {events} to the webhook URL with X-Service-Signature = Base64(HMAC-SHA256(secret, raw body))', async () => {
    await setWebhook(kit, TRIAL.id, { url: receiver.url });
    await say(kit, ALICE_BOT, ALICE, 'signed');
    const [req] = await receiver.waitFor(1);
    const signature = req!.headers['x-service-signature'] as string;
    expect(signature).toBe(createHmac('sha256', TRIAL.secret).update(req!.raw).digest('base64'));
    expect(validateSignature(req!.raw, TRIAL.secret, signature)).toBe(true);
    expect(validateSignature(req!.raw, VERIFIED.secret, signature)).toBe(false);
    expect(req!.headers['content-type']).toContain('application/json');
    expect(req!.body).toEqual({
      destination: expect.stringMatching(/^U[0-9a-f]{32}$/),
      events: [
        {
          type: 'message',
          message: {
            id: expect.any(String),
            type: 'text',
            text: 'signed',
            quoteToken: expect.any(String),
            markAsReadToken: expect.any(String),
          },
          timestamp: expect.any(Number),
          source: { type: 'user', userId: ALICE },
          replyToken: expect.stringMatching(/^[0-9a-f]{32}$/),
          ...sent,
        },
      ],
    });
    const info = await sim()
      .get('/v2/bot/info')
      .set('Authorization', `Bearer ${await channelToken(kit, TRIAL)}`);
    expect(req!.body.destination).toBe(info.body.userId);
    await idle();
    const [d] = await deliveries(kit);
    expect(d).toMatchObject({ status: 'delivered', body: req!.raw.toString('utf8'), headers: { 'X-Service-Signature': signature } });
    expect(d!.attempts).toEqual([
      expect.objectContaining({ url: receiver.url, statusCode: 200, error: null, latencyMs: expect.any(Number) }),
    ]);
  });

  it('records deliveries as skipped, never sent, while the channel has no webhook URL', async () => {
    await say(kit, ALICE_BOT, ALICE, 'nobody listens');
    await idle();
    const [d] = await deliveries(kit);
    expect(d).toMatchObject({ status: 'skipped', attempts: [] });
    expect(receiver.received).toEqual([]);
  });

  it('makes no event for a chat without a bot', async () => {
    await say(kit, ALICE_BOB, ALICE, 'private');
    expect(await deliveries(kit)).toEqual([]);
    expect(await deliveries(kit, VERIFIED.id)).toEqual([]);
  });
});

describe('message events', () => {
  it('carries the fields of each message type', async () => {
    await say(kit, ALICE_BOT, ALICE, { type: 'sticker', packageId: '446', stickerId: '1988' });
    await say(kit, ALICE_BOT, ALICE, { type: 'location', title: 'Office', address: '1-1 Chiyoda', latitude: 35.68, longitude: 139.76 });
    const [sticker, location] = (await events(kit)).map((e) => e.message);
    expect(sticker).toEqual({
      id: expect.any(String),
      type: 'sticker',
      packageId: '446',
      stickerId: '1988',
      stickerResourceType: 'STATIC',
      quoteToken: expect.any(String),
      markAsReadToken: expect.any(String),
    });
    expect(location).toEqual({
      id: expect.any(String),
      type: 'location',
      title: 'Office',
      address: '1-1 Chiyoda',
      latitude: 35.68,
      longitude: 139.76,
      markAsReadToken: expect.any(String),
    });
  });

  it('in a group: to every bot of the group, userId only when the user agreed', async () => {
    await say(kit, GROUP, ALICE, 'from Alice');
    await say(kit, GROUP, CAROL, 'from Carol');
    for (const channel of [TRIAL.id, VERIFIED.id]) {
      const [fromAlice, fromCarol] = await events(kit, channel);
      expect(fromAlice!.source).toEqual({ type: 'group', groupId: GROUP, userId: ALICE });
      expect(fromCarol!.source).toEqual({ type: 'group', groupId: GROUP });
      expect(fromCarol!.replyToken).toEqual(expect.any(String));
    }
  });

  it('comes from sendMessages of an app opened in the chat with the bot; flex is not an event', async () => {
    const session = await sim()
      .post('/embedkit/v1/sessions')
      .send({ userId: ALICE, channelId: TRIAL.id, scopes: ['chat_message.write'], context: { type: 'utou', chatId: ALICE_BOT } });
    const share = await sim()
      .post('/message/v3/share')
      .set('Authorization', `Bearer ${session.body.access_token}`)
      .send({
        messages: [
          { type: 'text', text: 'shared' },
          { type: 'image', originalContentUrl: 'https://example.com/a.png', previewImageUrl: 'https://example.com/a-small.png' },
          {
            type: 'flex',
            altText: 'card',
            contents: { type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'x' }] } },
          },
        ],
      });
    expect(share.status).toBe(200);
    const sent = (await events(kit)).map((e) => e.message);
    expect(sent).toEqual([
      { id: expect.any(String), type: 'text', text: 'shared', quoteToken: expect.any(String), markAsReadToken: expect.any(String) },
      {
        id: expect.any(String),
        type: 'image',
        contentProvider: {
          type: 'external',
          originalContentUrl: 'https://example.com/a.png',
          previewImageUrl: 'https://example.com/a-small.png',
        },
        quoteToken: expect.any(String),
        markAsReadToken: expect.any(String),
      },
    ]);
    expect((await deliveries(kit)).length).toBe(1);
  });
});

describe('postback events', () => {
  it('carries data and datetime params with a reply token; displayText shows as the user message', async () => {
    const res = await sim()
      .post(`/embedkit/v1/chats/${ALICE_BOT}/postbacks`)
      .send({ userId: ALICE, data: 'action=buy&item=1', displayText: 'Buy', params: { datetime: '2024-05-01T10:30' } });
    expect(res.status).toBe(200);
    const [e] = await events(kit);
    expect(e).toEqual({
      type: 'postback',
      postback: { data: 'action=buy&item=1', params: { datetime: '2024-05-01T10:30' } },
      timestamp: expect.any(Number),
      source: { type: 'user', userId: ALICE },
      replyToken: expect.any(String),
      ...sent,
    });
    expect((await chatMessages(kit, ALICE_BOT)).map((m) => m.message)).toEqual([{ type: 'text', text: 'Buy' }]);
  });

  it('in a group goes to the bot whose message held the action, without userId', async () => {
    await sim().post(`/embedkit/v1/chats/${GROUP}/postbacks`).send({ userId: ALICE, data: 'vote=1', channelId: VERIFIED.id }).expect(200);
    expect(await events(kit, TRIAL.id)).toEqual([]);
    expect((await events(kit, VERIFIED.id))[0]).toMatchObject({
      type: 'postback',
      postback: { data: 'vote=1' },
      source: { type: 'group', groupId: GROUP },
    });
    expect((await events(kit, VERIFIED.id))[0]!.source.userId).toBeUndefined();
  });

  it('refuses an invalid body and a user who is not a member', async () => {
    expect((await sim().post(`/embedkit/v1/chats/${ALICE_BOT}/postbacks`).send({ userId: ALICE, data: '' })).status).toBe(400);
    expect(
      (
        await sim()
          .post(`/embedkit/v1/chats/${ALICE_BOT}/postbacks`)
          .send({ userId: ALICE, data: 'x', params: { date: 'May 1' } })
      ).status,
    ).toBe(400);
    expect((await sim().post(`/embedkit/v1/chats/${BOB_BOT}/postbacks`).send({ userId: ALICE, data: 'x' })).status).toBe(400);
  });
});

describe('follow and unfollow', () => {
  const friendship = (userId: string, channelId: string, state: string) =>
    sim().put(`/embedkit/v1/users/${userId}/friendships/${channelId}`).send({ state });

  it('block → unfollow without reply token; unblock → follow with one', async () => {
    await friendship(BOB, TRIAL.id, 'blocked').expect(200);
    await say(kit, BOB_BOT, BOB, 'nobody hears this');
    await friendship(BOB, TRIAL.id, 'friend').expect(200);
    const [unfollow, follow] = await events(kit);
    expect(unfollow).toEqual({ type: 'unfollow', timestamp: expect.any(Number), source: { type: 'user', userId: BOB }, ...sent });
    expect(follow).toEqual({
      type: 'follow',
      follow: { isUnblocked: true },
      timestamp: expect.any(Number),
      source: { type: 'user', userId: BOB },
      replyToken: expect.any(String),
      ...sent,
    });
    expect((await events(kit)).length).toBe(2);
  });

  it('a user adding the bot for the first time gets a 1:1 chat with it', async () => {
    await friendship(CAROL, TRIAL.id, 'friend').expect(200);
    const [follow] = await events(kit);
    expect(follow).toMatchObject({ type: 'follow', follow: { isUnblocked: false }, source: { type: 'user', userId: CAROL } });
    const world = (await sim().get('/embedkit/v1/world')).body;
    const chat = world.chats.find((c: { bot?: string; memberIds: string[] }) => c.bot === TRIAL.id && c.memberIds.includes(CAROL));
    expect(chat).toMatchObject({ type: 'utou', name: 'Trial Bot', memberIds: [CAROL] });
    await say(kit, chat.chatId, CAROL, 'hi');
    expect((await events(kit)).at(-1)).toMatchObject({ type: 'message', source: { type: 'user', userId: CAROL } });
  });
});

describe('join and leave', () => {
  it('a group: join at once when invited, leave when removed', async () => {
    await sim().post(`/embedkit/v1/chats/${GROUP_NO_BOT}/bots`).send({ userId: ALICE, channelId: TRIAL.id }).expect(200);
    await sim().delete(`/embedkit/v1/chats/${GROUP_NO_BOT}/bots/${TRIAL.id}`).expect(200);
    const [join, leave] = await events(kit);
    expect(join).toEqual({
      type: 'join',
      timestamp: expect.any(Number),
      source: { type: 'group', groupId: GROUP_NO_BOT },
      replyToken: expect.any(String),
      ...sent,
    });
    expect(leave).toEqual({ type: 'leave', timestamp: expect.any(Number), source: { type: 'group', groupId: GROUP_NO_BOT }, ...sent });
    expect((await sim().delete(`/embedkit/v1/chats/${GROUP_NO_BOT}/bots/${TRIAL.id}`)).status).toBe(404);
  });

  it('a room: join comes with the first event after the bot was added, in the same request', async () => {
    await sim().post(`/embedkit/v1/chats/${ROOM}/bots`).send({ userId: ALICE, channelId: TRIAL.id }).expect(200);
    expect(await deliveries(kit)).toEqual([]);
    await say(kit, ROOM, ALICE, 'first');
    await say(kit, ROOM, ALICE, 'second');
    const [first, second] = await deliveries(kit);
    expect(first!.events.map((e) => e.type)).toEqual(['join', 'message']);
    expect(first!.events[0]).toEqual({
      type: 'join',
      timestamp: expect.any(Number),
      source: { type: 'room', roomId: ROOM },
      replyToken: expect.any(String),
      ...sent,
    });
    expect(first!.events[1]!.source).toEqual({ type: 'room', roomId: ROOM, userId: ALICE });
    expect(second!.events.map((e) => e.type)).toEqual(['message']);
  });

  it('refuses inviting to a 1:1 chat, twice, or by a non-member', async () => {
    expect((await sim().post(`/embedkit/v1/chats/${ALICE_BOB}/bots`).send({ userId: ALICE, channelId: TRIAL.id })).status).toBe(400);
    expect((await sim().post(`/embedkit/v1/chats/${GROUP}/bots`).send({ userId: ALICE, channelId: TRIAL.id })).status).toBe(400);
    expect((await sim().post(`/embedkit/v1/chats/${ROOM}/bots`).send({ userId: BOB, channelId: TRIAL.id })).status).toBe(400);
  });
});

describe('beacon and account link events', () => {
  it('beacon: hwid, type and device message', async () => {
    await sim()
      .post(`/embedkit/v1/channels/${TRIAL.id}/beacon`)
      .send({ userId: ALICE, hwid: 'd41d8cd98f', type: 'enter', dm: '1234abcd' })
      .expect(200);
    await sim().post(`/embedkit/v1/channels/${TRIAL.id}/beacon`).send({ userId: ALICE, hwid: 'd41d8cd98f', type: 'banner' }).expect(200);
    const [enter, banner] = await events(kit);
    expect(enter).toEqual({
      type: 'beacon',
      beacon: { hwid: 'd41d8cd98f', type: 'enter', dm: '1234abcd' },
      timestamp: expect.any(Number),
      source: { type: 'user', userId: ALICE },
      replyToken: expect.any(String),
      ...sent,
    });
    expect(banner!.beacon).toEqual({ hwid: 'd41d8cd98f', type: 'banner' });
    expect((await sim().post(`/embedkit/v1/channels/${TRIAL.id}/beacon`).send({ userId: CAROL, hwid: 'x', type: 'enter' })).status).toBe(
      400,
    );
  });

  it('accountLink: reply token only when the link is ok', async () => {
    await sim().post(`/embedkit/v1/channels/${TRIAL.id}/account-link`).send({ userId: ALICE, nonce: 'n-1', result: 'ok' }).expect(200);
    await sim().post(`/embedkit/v1/channels/${TRIAL.id}/account-link`).send({ userId: ALICE, nonce: 'n-2', result: 'failed' }).expect(200);
    const [ok, failed] = await events(kit);
    expect(ok).toMatchObject({ type: 'accountLink', link: { result: 'ok', nonce: 'n-1' }, replyToken: expect.any(String) });
    expect(failed).toEqual({
      type: 'accountLink',
      link: { result: 'failed', nonce: 'n-2' },
      timestamp: expect.any(Number),
      source: { type: 'user', userId: ALICE },
      ...sent,
    });
  });
});

describe('the unknown-property option', () => {
  it('adds a property the receiver does not know to events and sources, still signed', async () => {
    await setWebhook(kit, TRIAL.id, { url: receiver.url, unknownProperty: true });
    expect((await sim().get(`/embedkit/v1/channels/${TRIAL.id}/webhook`)).body).toEqual({ url: receiver.url, unknownProperty: true });
    await say(kit, ALICE_BOT, ALICE, 'tolerate me');
    const [req] = await receiver.waitFor(1);
    const event = req!.body.events[0]!;
    expect(event.embedkitUnknownProperty).toEqual(expect.any(String));
    expect(event.source.embedkitUnknownProperty).toEqual(expect.any(String));
    expect(validateSignature(req!.raw, TRIAL.secret, req!.headers['x-service-signature'] as string)).toBe(true);
  });

  it('refuses a webhook URL that is not http(s)', async () => {
    const res = await sim().put(`/embedkit/v1/channels/${TRIAL.id}/webhook`).send({ url: 'ftp://example.com/hook' });
    expect(res.status).toBe(400);
    expect(res.body.details[0].property).toBe('url');
  });
});

describe('retries, order and redelivery', () => {
  it('retries with backoff until the bot answers 200, the same events marked re-sent, each signed as sent', async () => {
    await setWebhook(kit, TRIAL.id, { url: receiver.url });
    receiver.answers.push(500, 503);
    await say(kit, ALICE_BOT, ALICE, 'retry me');
    await receiver.waitFor(1);
    await idle();
    let [d] = await deliveries(kit);
    expect(d).toMatchObject({ status: 'pending', attempts: [expect.objectContaining({ statusCode: 500 })] });
    kit.clock.advance(1_000);
    kit.services.bots.dispatcher.kick();
    await receiver.waitFor(2);
    await idle();
    // The second wait is 2 s: one second later nothing is sent.
    kit.clock.advance(1_000);
    kit.services.bots.dispatcher.kick();
    await idle();
    expect(receiver.received.length).toBe(2);
    kit.clock.advance(1_000);
    kit.services.bots.dispatcher.kick();
    await receiver.waitFor(3);
    await idle();
    [d] = await deliveries(kit);
    expect(d!.status).toBe('delivered');
    expect(d!.attempts.map((a) => a.statusCode)).toEqual([500, 503, 200]);
    expect(receiver.received.map((r) => redeliveryFlags(r.raw))).toEqual([[false], [true], [true]]);
    // The same events each time, apart from the flag; each body carries its own valid signature.
    expect(new Set(receiver.received.map((r) => withoutDeliveryContext(r.raw))).size).toBe(1);
    for (const r of receiver.received)
      expect(validateSignature(r.raw.toString('utf8'), TRIAL.secret, String(r.headers['x-service-signature']))).toBe(true);
  });

  it('gives up after the last retry; redeliver sends it again', async () => {
    const quick = await makeBotKit({ bots: { webhookRetryScheduleMs: [5, 5] } });
    try {
      await setWebhook(quick, TRIAL.id, { url: receiver.url });
      receiver.answers.push(500, 500, 500);
      await say(quick, ALICE_BOT, ALICE, 'lost?');
      await receiver.waitFor(3);
      await quick.services.bots.dispatcher.idle();
      const [failed] = await deliveries(quick);
      expect(failed).toMatchObject({ status: 'failed' });
      expect(failed!.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500]);
      const again = await request(quick.app).post(`/embedkit/v1/deliveries/${failed!.id}/redeliver`);
      expect(again.status).toBe(200);
      await receiver.waitFor(4);
      await quick.services.bots.dispatcher.idle();
      expect((await deliveries(quick))[0]).toMatchObject({ status: 'delivered' });
      // Redeliver is a re-send: the event says so, signed as sent.
      const redelivered = receiver.received[3]!;
      expect(redeliveryFlags(redelivered.raw)).toEqual([true]);
      expect(withoutDeliveryContext(redelivered.raw)).toBe(withoutDeliveryContext(receiver.received[0]!.raw));
      expect(validateSignature(redelivered.raw.toString('utf8'), TRIAL.secret, String(redelivered.headers['x-service-signature']))).toBe(
        true,
      );
      expect((await request(quick.app).post('/embedkit/v1/deliveries/99999/redeliver')).status).toBe(404);
    } finally {
      await quick.close();
    }
  });

  it('records a bot that cannot be reached', async () => {
    await setWebhook(kit, TRIAL.id, { url: 'http://127.0.0.1:9/webhook' });
    await say(kit, ALICE_BOT, ALICE, 'anyone?');
    await idle();
    const [d] = await deliveries(kit);
    expect(d!.status).toBe('pending');
    expect(d!.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/ECONNREFUSED|fetch failed/) });
  });

  it('a new webhook URL sends what waits for a retry at once, in order, without waiting out the backoff', async () => {
    // A retry an hour away: only the new URL can make the first delivery due again.
    const slow = await makeBotKit({ bots: { webhookRetryScheduleMs: [3_600_000] } });
    try {
      await setWebhook(slow, TRIAL.id, { url: 'http://127.0.0.1:9/webhook' });
      await say(slow, ALICE_BOT, ALICE, 'while nothing listened');
      await say(slow, ALICE_BOT, ALICE, 'and after it');
      await slow.services.bots.dispatcher.idle();
      expect((await deliveries(slow)).map((d) => d.status)).toEqual(['pending', 'pending']);
      await setWebhook(slow, TRIAL.id, { url: receiver.url });
      await receiver.waitFor(2);
      expect(receiver.received.map((r) => r.body.events[0]!.message.text)).toEqual(['while nothing listened', 'and after it']);
      expect(receiver.received.map((r) => redeliveryFlags(r.raw))).toEqual([[true], [false]]);
    } finally {
      await slow.close();
    }
  });

  it('sends the events of one chat in order: a later one waits for an earlier one being retried', async () => {
    await setWebhook(kit, TRIAL.id, { url: receiver.url });
    receiver.answers.push(500);
    await say(kit, ALICE_BOT, ALICE, 'first');
    await receiver.waitFor(1);
    await say(kit, ALICE_BOT, ALICE, 'second');
    await idle();
    expect(receiver.received.length).toBe(1);
    kit.clock.advance(1_000);
    kit.services.bots.dispatcher.kick();
    await receiver.waitFor(3);
    expect(receiver.received.map((r) => r.body.events[0]!.message.text)).toEqual(['first', 'first', 'second']);
  });
});

describe('durability', () => {
  it('sends after a restart what was not delivered before it', async () => {
    await withTempDir(async (dataDir) => {
      const first = await makeBotKit({ inMemory: false, dataDir });
      await setWebhook(first, TRIAL.id, { url: receiver.url });
      receiver.answers.push(500);
      await say(first, ALICE_BOT, ALICE, 'survive');
      await receiver.waitFor(1);
      await first.services.bots.dispatcher.idle();
      await first.close();

      const second = await makeBotKit({ inMemory: false, dataDir });
      try {
        const [first, again] = await receiver.waitFor(2, 8_000);
        // Sent again after the restart: the same events, marked re-sent.
        expect(withoutDeliveryContext(again!.raw)).toBe(withoutDeliveryContext(first!.raw));
        expect(redeliveryFlags(again!.raw)).toEqual([true]);
        await second.services.bots.dispatcher.idle();
        expect((await deliveries(second))[0]).toMatchObject({ status: 'delivered' });
      } finally {
        await second.close();
      }
    });
  });
});
