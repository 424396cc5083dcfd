/**
 * Callbacks to v1 bots (spec "Events", enterprise and trial interfaces): what a person does
 * in the host reaches the bot's callback URL as `{result: [events]}`, signed with
 * `X-Service-ChannelSignature`; operations 4, 5, 7, 8 as the spec's table says.
 */
import { PNG } from 'pngjs';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { startReceiver, type Receiver } from '../bot/helpers.js';
import {
  ALICE,
  ALICE_ENTERPRISE,
  ALICE_TRIAL,
  BOB,
  chatMessages,
  ENTERPRISE,
  enterpriseHeaders,
  GROUP,
  makeV1Kit,
  ROOM,
  TRIAL,
  trialHeaders,
  v1Signature,
} from './helpers.js';
import { imageSize } from 'image-size';

let kit: Embedkit;
let bot: Receiver;
beforeAll(async () => (kit = await makeV1Kit()));
afterAll(() => kit.close());
beforeEach(async () => {
  bot = await startReceiver();
  for (const c of [ENTERPRISE, TRIAL])
    await request(kit.app).put(`/embedkit/v1/channels/${c.id}/webhook`).send({ url: bot.url }).expect(200);
});
afterEach(async () => {
  for (const c of [ENTERPRISE, TRIAL]) await request(kit.app).put(`/embedkit/v1/channels/${c.id}/webhook`).send({ url: null }).expect(200);
  await bot.close();
});

const say = (chatId: string, userId: string, text: string) =>
  request(kit.app)
    .post(`/embedkit/v1/chats/${chatId}/messages`)
    .send({ userId, message: { type: 'text', text } })
    .expect(200);

/** The events of the n-th request the bot received (1-based), checked to be signed for `secret`. */
async function received(n: number, secret: string): Promise<Record<string, any>[]> {
  const all = await bot.waitFor(n);
  const r = all[n - 1]!;
  expect(r.headers['x-service-channelsignature']).toBe(v1Signature(secret, r.raw));
  expect(r.headers['content-type']).toBe('application/json; charset=UTF-8');
  expect(r.headers['x-service-signature']).toBeUndefined();
  return (r.body as unknown as { result: Record<string, any>[] }).result;
}

describe('message callbacks', () => {
  it('a text in the 1:1 chat: the envelope of the spec, signed with the channel secret', async () => {
    await say(ALICE_ENTERPRISE, ALICE, 'hello bot');
    const [e] = await received(1, ENTERPRISE.secret);
    expect(e).toEqual({
      from: 'u206d25c2ea6bd87c17655609a1c37cb8',
      fromChannel: 1341301815,
      to: [ENTERPRISE.mid],
      toChannel: Number(ENTERPRISE.id),
      eventType: '138311609000106303',
      id: expect.any(String),
      content: {
        id: expect.stringMatching(/^[0-9]+$/),
        contentType: 1,
        from: ALICE,
        createdTime: expect.any(Number),
        to: [ENTERPRISE.mid],
        toType: 1,
        contentMetadata: null,
        text: 'hello bot',
        location: null,
      },
    });
  });

  it('sticker, location and a shared contact carry their metadata', async () => {
    await request(kit.app)
      .post(`/embedkit/v1/chats/${ALICE_TRIAL}/messages`)
      .send({ userId: ALICE, message: { type: 'sticker', packageId: '446', stickerId: '1988' } })
      .expect(200);
    await request(kit.app)
      .post(`/embedkit/v1/chats/${ALICE_TRIAL}/messages`)
      .send({ userId: ALICE, message: { type: 'location', title: 'Office', address: '1-1 Chiyoda', latitude: 35.68, longitude: 139.76 } })
      .expect(200);
    const shared = await request(kit.app).post(`/embedkit/v1/chats/${ALICE_TRIAL}/contacts`).send({ userId: ALICE, mid: BOB });
    expect(shared.status).toBe(200);
    expect(shared.body.message).toEqual({ type: 'contact', mid: BOB, displayName: 'Bob' });
    const contents = [];
    for (let n = 1; n <= 3; n++) contents.push((await received(n, TRIAL.secret))[0]!.content);
    expect(contents[0]).toMatchObject({
      contentType: 8,
      contentMetadata: { STKPKGID: '446', STKID: '1988', STKVER: '1', STKTXT: '[Sticker]' },
    });
    expect(contents[1]).toMatchObject({
      contentType: 7,
      text: 'Office',
      location: { title: 'Office', address: '1-1 Chiyoda', latitude: 35.68, longitude: 139.76 },
    });
    expect(contents[2]).toMatchObject({ contentType: 10, contentMetadata: { mid: BOB, displayName: 'Bob' } });
  });

  it('a group message on the enterprise interface: `from` null, toType 3, `to` the group', async () => {
    await say(GROUP, BOB, 'hi team');
    const [e] = await received(1, ENTERPRISE.secret);
    expect(e!.content).toMatchObject({ contentType: 1, from: null, toType: 3, to: [GROUP], text: 'hi team' });
  });

  it('an image: its content and a real thumbnail at /v1/bot/message/<id>/content[/preview], on both interfaces', async () => {
    const image = new PNG({ width: 600, height: 400 });
    image.data.fill(0xc0);
    const sent = await request(kit.app)
      .post(`/embedkit/v1/chats/${ALICE_TRIAL}/media?userId=${ALICE}&type=image`)
      .set('Content-Type', 'image/png')
      .send(PNG.sync.write(image));
    expect(sent.status).toBe(200);
    const [e] = await received(1, TRIAL.secret);
    expect(e!.content.contentType).toBe(2);
    const id = e!.content.id as string;
    const content = await request(kit.apps.trialbot).get(`/v1/bot/message/${id}/content`).set(trialHeaders()).buffer(true);
    expect(content.status).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['content-disposition']).toMatch(/filename=/);
    expect(PNG.sync.read(content.body as Buffer).width).toBe(600);
    const preview = await request(kit.apps.trialbot).get(`/v1/bot/message/${id}/content/preview`).set(trialHeaders()).buffer(true);
    expect(preview.status).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    const thumb = imageSize(preview.body as Buffer);
    expect([thumb.type, thumb.width, thumb.height]).toEqual(['jpg', 240, 160]);
    // Another bot does not hear Alice's chat with the trial bot.
    const other = await request(kit.app)
      .get(`/v1/bot/message/${id}/content`)
      .set(await enterpriseHeaders(kit));
    expect(other.status).toBe(404);
    expect(other.body.statusCode).toBe('404');
  });
});

describe('operations', () => {
  it('4 when added as a friend; block (8) and unblock (4) only when the channel enables them', async () => {
    const friendship = (state: string) =>
      request(kit.app).put(`/embedkit/v1/users/${BOB}/friendships/${TRIAL.id}`).send({ state }).expect(200);
    await friendship('blocked');
    await friendship('friend');
    await say(ALICE_TRIAL, ALICE, 'marker');
    // Block operations are off by default: the block and the unblock made no request.
    const [first] = await received(1, TRIAL.secret);
    expect(first!.content.text).toBe('marker');
    const on = await request(kit.app).patch(`/embedkit/v1/channels/${TRIAL.id}`).send({ blockOperations: true });
    expect(on.status).toBe(200);
    expect(on.body.blockOperations).toBe(true);
    await friendship('blocked');
    await friendship('friend');
    const ops = [...(await received(2, TRIAL.secret)), ...(await received(3, TRIAL.secret))];
    expect(ops.map((e) => [e.eventType, e.content.opType, e.content.params])).toEqual([
      ['138311609100106403', 8, [BOB, null, null]],
      ['138311609100106403', 4, [BOB, null, null]],
    ]);
    expect(ops[0]!.content.revision).toEqual(expect.any(Number));
    await request(kit.app).patch(`/embedkit/v1/channels/${TRIAL.id}`).send({ blockOperations: false }).expect(200);
  });

  it('5 when invited to a group, 7 when added to a room (at once); the trial bot joins neither', async () => {
    const kit2 = await makeV1Kit();
    const bot2 = await startReceiver();
    try {
      await request(kit2.app).put(`/embedkit/v1/channels/${ENTERPRISE.id}/webhook`).send({ url: bot2.url }).expect(200);
      await request(kit2.app).delete(`/embedkit/v1/chats/${GROUP}/bots/${ENTERPRISE.id}`).expect(200);
      await request(kit2.app).post(`/embedkit/v1/chats/${GROUP}/bots`).send({ channelId: ENTERPRISE.id, userId: ALICE }).expect(200);
      await request(kit2.app).post(`/embedkit/v1/chats/${ROOM}/bots`).send({ channelId: ENTERPRISE.id, userId: ALICE }).expect(200);
      const events = (await bot2.waitFor(2)).flatMap((r) => (r.body as unknown as { result: Record<string, any>[] }).result);
      expect(events.map((e) => [e.content.opType, e.content.params[0]])).toEqual([
        [5, GROUP],
        [7, ROOM],
      ]);
      const trial = await request(kit2.app).post(`/embedkit/v1/chats/${ROOM}/bots`).send({ channelId: TRIAL.id, userId: ALICE });
      expect(trial.status).toBe(400);
      expect(trial.body.message).toMatch(/trial interface/);
    } finally {
      await bot2.close();
      await kit2.close();
    }
  });
});

describe('a v1 bot as its developer writes it', () => {
  it('verifies each callback’s signature and answers a text with a Post Event', async () => {
    const { createServer } = await import('node:http');
    const { createHmac, timingSafeEqual } = await import('node:crypto');
    const token = (await enterpriseHeaders(kit))['X-Service-ChannelToken']!;
    let refused = 0;
    const echo = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const expected = createHmac('sha256', ENTERPRISE.secret).update(raw).digest();
        const given = Buffer.from(String(req.headers['x-service-channelsignature'] ?? ''), 'base64');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          refused++;
          res.statusCode = 470;
          return res.end();
        }
        res.end('OK');
        for (const e of JSON.parse(raw.toString('utf8')).result) {
          if (e.eventType !== '138311609000106303' || e.content.contentType !== 1) continue;
          await fetch(`${baseOf(kit)}/v1/events`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json; charset=UTF-8', 'X-Service-ChannelToken': token },
            body: JSON.stringify({
              to: [e.content.from],
              toChannel: 1383378250,
              eventType: '138311608800106203',
              content: { contentType: 1, toType: 1, text: `echo: ${e.content.text}` },
            }),
          });
        }
      });
    });
    const base = await listen(kit);
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    try {
      await request(kit.app)
        .put(`/embedkit/v1/channels/${ENTERPRISE.id}/webhook`)
        .send({ url: `http://127.0.0.1:${(echo.address() as { port: number }).port}/callback` })
        .expect(200);
      await say(ALICE_ENTERPRISE, ALICE, 'ping');
      let last = '';
      for (let i = 0; i < 50 && last !== 'echo: ping'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        last = (await chatMessages(kit, ALICE_ENTERPRISE)).at(-1)!.message.text;
      }
      expect(last).toBe('echo: ping');
      expect(refused).toBe(0);
    } finally {
      echo.close();
      await base.close();
    }
  });
});

const bases = new WeakMap<Embedkit, string>();
function baseOf(k: Embedkit): string {
  return bases.get(k)!;
}
/** Serves the kit's base app on a loopback port, so a bot can call it over HTTP. */
async function listen(k: Embedkit): Promise<{ close(): Promise<void> }> {
  const server = k.app.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', () => r()));
  bases.set(k, `http://127.0.0.1:${(server.address() as { port: number }).port}`);
  return { close: () => new Promise<void>((r) => server.close(() => r())) };
}
