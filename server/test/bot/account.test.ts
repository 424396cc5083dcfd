/** A bot's account calls: bot info, webhook endpoint setting and test, validate without sending. */
import { createServer } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { signBody } from '../../src/webhooks/signature.js';
import {
  ALICE,
  CAROL,
  bearer,
  botToken,
  chatMessages,
  makeBotKit,
  startReceiver,
  TRIAL,
  VERIFIED,
  ALICE_BOT,
  type Receiver,
} from './helpers.js';

let kit: Embedkit;
let token: string;
let receiver: Receiver;
beforeEach(async () => {
  kit = await makeBotKit();
  token = await botToken(kit);
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
  await kit.close();
});

describe('bot info', () => {
  it('answers who the bot is, stable across calls, and needs a token', async () => {
    const a = await request(kit.app).get('/v2/bot/info').set(bearer(token));
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ chatMode: 'bot', markAsReadMode: 'auto' });
    expect(a.body.userId).toMatch(/^U[0-9a-f]{32}$/);
    expect(typeof a.body.displayName).toBe('string');
    expect(a.body.basicId).toMatch(/^@/);
    expect((await request(kit.app).get('/v2/bot/info').set(bearer(token))).body).toEqual(a.body);
    expect((await request(kit.app).get('/v2/bot/info')).status).toBe(401);
  });
});

describe('webhook endpoint', () => {
  it('is the same setting as the host panel', async () => {
    expect((await request(kit.app).get('/v2/bot/channel/webhook/endpoint').set(bearer(token))).body).toEqual({
      endpoint: '',
      active: false,
    });
    expect(
      (await request(kit.app).put('/v2/bot/channel/webhook/endpoint').set(bearer(token)).send({ endpoint: receiver.url })).status,
    ).toBe(200);
    expect((await request(kit.app).get('/v2/bot/channel/webhook/endpoint').set(bearer(token))).body).toEqual({
      endpoint: receiver.url,
      active: true,
    });
    expect((await request(kit.app).get(`/embedkit/v1/channels/${TRIAL.id}/webhook`)).body.url).toBe(receiver.url);
  });

  it('refuses a missing or non-http endpoint and keeps the setting', async () => {
    await request(kit.app).put('/v2/bot/channel/webhook/endpoint').set(bearer(token)).send({ endpoint: receiver.url });
    expect((await request(kit.app).put('/v2/bot/channel/webhook/endpoint').set(bearer(token)).send({})).status).toBe(400);
    expect((await request(kit.app).put('/v2/bot/channel/webhook/endpoint').set(bearer(token)).send({ endpoint: 'ftp://x' })).status).toBe(
      400,
    );
    expect((await request(kit.app).get('/v2/bot/channel/webhook/endpoint').set(bearer(token))).body.endpoint).toBe(receiver.url);
  });

  it('test sends a real signed request and reports the answer', async () => {
    await request(kit.app).put('/v2/bot/channel/webhook/endpoint').set(bearer(token)).send({ endpoint: receiver.url });
    const ok = await request(kit.app).post('/v2/bot/channel/webhook/test').set(bearer(token)).send({});
    expect(ok.body).toMatchObject({ success: true, statusCode: 200, reason: 'OK' });
    expect(Number.isNaN(Date.parse(ok.body.timestamp))).toBe(false);
    const [got] = await receiver.waitFor(1);
    expect(got!.body.events).toEqual([]);
    expect(got!.headers['x-service-signature']).toBe(signBody(TRIAL.secret, got!.raw));
    receiver.answers.push(500);
    const bad = await request(kit.app).post('/v2/bot/channel/webhook/test').set(bearer(token)).send({ endpoint: receiver.url });
    expect(bad.body).toMatchObject({ success: false, statusCode: 500, reason: 'ERROR_STATUS_CODE' });
    const probe = createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
    );
    await new Promise((resolve) => probe.close(resolve));
    const closed = await request(kit.app)
      .post('/v2/bot/channel/webhook/test')
      .set(bearer(token))
      .send({ endpoint: `http://127.0.0.1:${port}/none` });
    expect(closed.body).toMatchObject({ success: false, statusCode: 0, reason: 'COULD_NOT_CONNECT' });
  });

  it('test without any URL answers 400', async () => {
    expect((await request(kit.app).post('/v2/bot/channel/webhook/test').set(bearer(token)).send({})).status).toBe(400);
  });
});

describe('validate without sending', () => {
  it.each(['reply', 'push', 'multicast', 'narrowcast', 'broadcast'])(
    '%s: {} for valid messages, details for invalid, nothing sent',
    async (kind) => {
      const before = (await chatMessages(kit, ALICE_BOT)).length;
      const ok = await request(kit.app)
        .post(`/v2/bot/message/validate/${kind}`)
        .set(bearer(token))
        .send({ messages: [{ type: 'text', text: 'hi' }] });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({});
      const bad = await request(kit.app)
        .post(`/v2/bot/message/validate/${kind}`)
        .set(bearer(token))
        .send({ messages: [{ type: 'text' }] });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^The request body has \d+ error\(s\)$/);
      expect(bad.body.details[0].property).toBe('messages[0].text');
      expect((await chatMessages(kit, ALICE_BOT)).length).toBe(before);
    },
  );
});

describe('loading indicator and read marks', () => {
  it('loading/start answers 202 and the chat shows loading; bad seconds or a non-friend are 400', async () => {
    expect((await request(kit.app).get(`/embedkit/v1/chats/${ALICE_BOT}/indicators`)).body).toEqual({
      loadingSince: null,
      loadingUntil: null,
      readAt: null,
    });
    const res = await request(kit.app).post('/v2/bot/chat/loading/start').set(bearer(token)).send({ chatId: ALICE, loadingSeconds: 10 });
    expect(res.status).toBe(202);
    expect((await request(kit.app).get(`/embedkit/v1/chats/${ALICE_BOT}/indicators`)).body.loadingUntil).toEqual(expect.any(Number));
    const seven = await request(kit.app).post('/v2/bot/chat/loading/start').set(bearer(token)).send({ chatId: ALICE, loadingSeconds: 7 });
    expect(seven.body).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ message: 'loadingSeconds must be one of 5, 10, ..., 60', property: 'loadingSeconds' }],
    });
    expect((await request(kit.app).post('/v2/bot/chat/loading/start').set(bearer(token)).send({ chatId: CAROL })).status).toBe(400);
  });

  it('markAsRead marks the chat read', async () => {
    expect(
      (
        await request(kit.app)
          .post('/v2/bot/message/markAsRead')
          .set(bearer(token))
          .send({ chat: { userId: ALICE } })
      ).status,
    ).toBe(200);
    expect((await request(kit.app).get(`/embedkit/v1/chats/${ALICE_BOT}/indicators`)).body.readAt).toEqual(expect.any(Number));
    expect((await request(kit.app).post('/v2/bot/message/markAsRead').set(bearer(token)).send({})).status).toBe(400);
  });
});

describe('mark as read by token', () => {
  it('a message event’s markAsReadToken marks the 1:1 chat read; a token of another channel or a forged one is refused', async () => {
    await request(kit.app).put(`/embedkit/v1/channels/${TRIAL.id}/webhook`).send({ url: receiver.url }).expect(200);
    await request(kit.app)
      .post(`/embedkit/v1/chats/${ALICE_BOT}/messages`)
      .send({ userId: ALICE, message: { type: 'text', text: 'read me' } })
      .expect(200);
    const [req] = await receiver.waitFor(1);
    const token = (req!.body.events[0] as { message: { markAsReadToken: string } }).message.markAsReadToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    const post = (t: string, body: unknown) =>
      request(kit.app)
        .post('/v2/bot/chat/markAsRead')
        .set(bearer(t))
        .send(body as object);
    expect((await post(token, {})).status).toBe(401);
    const forged = `${token.split('.')[0]}.${'A'.repeat(22)}`;
    expect((await post(await botToken(kit), { markAsReadToken: forged })).body).toEqual({ message: 'Invalid markAsReadToken' });
    expect((await post(await botToken(kit), {})).body.details).toEqual([{ message: 'must be specified', property: 'markAsReadToken' }]);
    expect((await post(await botToken(kit, VERIFIED), { markAsReadToken: token })).body).toEqual({ message: 'Invalid markAsReadToken' });
    expect((await request(kit.app).get(`/embedkit/v1/chats/${ALICE_BOT}/indicators`)).body.readAt).toBeNull();
    expect((await post(await botToken(kit), { markAsReadToken: token })).status).toBe(200);
    expect((await request(kit.app).get(`/embedkit/v1/chats/${ALICE_BOT}/indicators`)).body.readAt).toEqual(expect.any(Number));
  });
});
