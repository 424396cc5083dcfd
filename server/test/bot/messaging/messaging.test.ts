// The /v2/bot endpoints (spec part B): authentication, reply tokens, push, multicast, profiles,
// group members, leave, content; errors with the spec's bodies and texts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../../src/kit/embedkit.js';
import { binaryBody, withTempDir } from '../../helpers.js';
import {
  ALICE,
  ALICE_BOB,
  ALICE_BOT,
  bearer,
  BOB,
  BOB_BOT,
  botToken,
  CAROL,
  chatMessages,
  events,
  GROUP,
  GROUP_NO_BOT,
  makeBotKit,
  openBotKit,
  ROOM,
  say,
  TRIAL,
  VERIFIED,
} from '../helpers.js';
import { imageSize } from 'image-size';

let kit: Embedkit;
let token: string;
beforeEach(async () => ({ kit, token } = await openBotKit()));
afterEach(() => kit.close());

const post = (path: string, body: unknown, t = token) =>
  request(kit.app)
    .post(path)
    .set(bearer(t))
    .send(body as object);
const get = (path: string, t = token) => request(kit.app).get(path).set(bearer(t));
const text = (t: string) => ({ type: 'text', text: t });

/** The reply token of the newest event of the trial bot. */
async function latestReplyToken(channelId = TRIAL.id): Promise<string> {
  const all = await events(kit, channelId);
  return all.at(-1)!.replyToken as string;
}

describe('authentication and request ids', () => {
  it('answers 401 with the spec text without a valid token, and an X-Service-Request-Id on every answer', async () => {
    const none = await request(kit.app)
      .post('/v2/bot/message/push')
      .send({ to: ALICE, messages: [text('x')] });
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/^Authentication failed due to the following reason: /);
    expect(none.headers['x-service-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await get(`/v2/bot/profile/${ALICE}`, 'not-a-token');
    expect(bad.status).toBe(401);
    const ok = await get(`/v2/bot/profile/${ALICE}`);
    expect(ok.status).toBe(200);
    expect(ok.headers['x-service-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers['x-service-request-id']).not.toBe(bad.headers['x-service-request-id']);
  });

  it('refuses a revoked token', async () => {
    await request(kit.app).post('/v2/oauth/revoke').type('form').send({ access_token: token });
    const res = await post('/v2/bot/message/push', { to: ALICE, messages: [text('x')] });
    expect(res.status).toBe(401);
    expect(res.body.message).toContain('Authentication failed due to the following reason:');
  });
});

describe('POST /v2/bot/message/reply', () => {
  it('replies once into the chat of the event, then answers "Invalid reply token"', async () => {
    await say(kit, ALICE_BOT, ALICE, 'hello bot');
    const [event] = await events(kit);
    expect(event).toMatchObject({ type: 'message', message: { type: 'text', text: 'hello bot' }, source: { type: 'user', userId: ALICE } });
    expect(event!.replyToken).toMatch(/^[0-9a-f]{32}$/);

    const res = await post('/v2/bot/message/reply', {
      replyToken: event!.replyToken,
      messages: [text('hi Alice'), { type: 'sticker', packageId: '1', stickerId: '2' }],
    });
    expect(res.status).toBe(200);
    const shown = await chatMessages(kit, ALICE_BOT);
    expect(shown.map((m) => [m.sender.type, m.sender.displayName, m.message.type])).toEqual([
      ['user', 'Alice', 'text'],
      ['bot', 'Trial Bot', 'text'],
      ['bot', 'Trial Bot', 'sticker'],
    ]);
    // The answer names the stored messages, in order, each with its quote token.
    expect(res.body).toEqual({
      sentMessages: [
        { id: shown[1]!.id, quoteToken: expect.any(String) },
        { id: shown[2]!.id, quoteToken: expect.any(String) },
      ],
    });

    const again = await post('/v2/bot/message/reply', { replyToken: event!.replyToken, messages: [text('again')] });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Invalid reply token' });
  });

  it('expires a reply token after one minute by default', async () => {
    await say(kit, ALICE_BOT, ALICE, 'one');
    const first = await latestReplyToken();
    await say(kit, ALICE_BOT, ALICE, 'two');
    const second = await latestReplyToken();
    kit.clock.advance(59_000);
    expect((await post('/v2/bot/message/reply', { replyToken: first, messages: [text('in time')] })).status).toBe(200);
    kit.clock.advance(1_000);
    const late = await post('/v2/bot/message/reply', { replyToken: second, messages: [text('late')] });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Invalid reply token');
  });

  it('takes the reply token period from the options', async () => {
    const short = await makeBotKit({ bots: { replyTokenLifeMs: 5_000 } });
    try {
      await say(short, ALICE_BOT, ALICE, 'quick');
      const replyToken = (await events(short)).at(-1)!.replyToken;
      short.clock.advance(5_000);
      const res = await request(short.app)
        .post('/v2/bot/message/reply')
        .set(bearer(await botToken(short)))
        .send({ replyToken, messages: [text('x')] });
      expect(res.body.message).toBe('Invalid reply token');
    } finally {
      await short.close();
    }
  });

  it("refuses another channel's reply token and an unknown one", async () => {
    await say(kit, ALICE_BOT, ALICE, 'hi');
    const replyToken = await latestReplyToken();
    const other = await post('/v2/bot/message/reply', { replyToken, messages: [text('x')] }, await botToken(kit, VERIFIED));
    expect(other.body).toEqual({ message: 'Invalid reply token' });
    expect((await post('/v2/bot/message/reply', { replyToken: 'f'.repeat(32), messages: [text('x')] })).body.message).toBe(
      'Invalid reply token',
    );
    // The token still works for its own channel.
    expect((await post('/v2/bot/message/reply', { replyToken, messages: [text('x')] })).status).toBe(200);
  });

  it('answers 400 with every detail for an invalid body, before looking at the token', async () => {
    const res = await post('/v2/bot/message/reply', { replyToken: 'x', messages: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body has 1 error(s)');
    expect(res.body.details).toEqual([{ message: expect.any(String), property: 'messages' }]);
    const six = await post('/v2/bot/message/reply', { replyToken: 'x', messages: Array(6).fill(text('x')) });
    expect(six.status).toBe(400);
    expect(six.body.details[0].property).toBe('messages');
  });

  it('answers 400 for a body that is not JSON or another content type', async () => {
    const broken = await request(kit.app).post('/v2/bot/message/reply').set(bearer(token)).type('json').send('{"replyToken":');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^The request body could not be parsed as JSON/);
    const form = await request(kit.app).post('/v2/bot/message/reply').set(bearer(token)).type('form').send({ a: 1 });
    expect(form.body.message).toBe('The content type, application/x-www-form-urlencoded, is not supported');
  });
});

describe('POST /v2/bot/message/push', () => {
  it('pushes to a user (into their chat with the bot) and to a group the bot is in', async () => {
    expect((await post('/v2/bot/message/push', { to: ALICE, messages: [text('to Alice')] })).status).toBe(200);
    expect((await post('/v2/bot/message/push', { to: GROUP, messages: [text('to the team')] })).status).toBe(200);
    expect((await chatMessages(kit, ALICE_BOT)).map((m) => m.message.text)).toEqual(['to Alice']);
    expect((await chatMessages(kit, GROUP)).map((m) => [m.sender.id, m.message.text])).toEqual([[TRIAL.id, 'to the team']]);
    expect(await chatMessages(kit, ALICE_BOB)).toEqual([]);
  });

  it('answers "Failed to send messages" for an unknown id and a chat the bot is not in', async () => {
    for (const to of ['U' + 'e'.repeat(32), ROOM, GROUP_NO_BOT, ALICE_BOB, 'nobody']) {
      const res = await post('/v2/bot/message/push', { to, messages: [text('x')] });
      expect(res.status, to).toBe(400);
      expect(res.body, to).toEqual({ message: 'Failed to send messages' });
    }
  });

  it('succeeds without showing anything to a user who never added or blocked the bot', async () => {
    expect((await post('/v2/bot/message/push', { to: CAROL, messages: [text('hi Carol')] })).status).toBe(200);
    await request(kit.app).put(`/embedkit/v1/users/${BOB}/friendships/${TRIAL.id}`).send({ state: 'blocked' }).expect(200);
    expect((await post('/v2/bot/message/push', { to: BOB, messages: [text('hi Bob')] })).status).toBe(200);
    expect(await chatMessages(kit, BOB_BOT)).toEqual([]);
  });

  it('answers 400 with details for an invalid body', async () => {
    const res = await post('/v2/bot/message/push', { messages: [{ type: 'text' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`The request body has ${res.body.details.length} error(s)`);
    expect(res.body.details.map((d: { property: string }) => d.property)).toEqual(expect.arrayContaining(['to', 'messages[0].text']));
  });
});

describe('POST /v2/bot/message/multicast', () => {
  it('sends to every user given', async () => {
    expect((await post('/v2/bot/message/multicast', { to: [ALICE, BOB], messages: [text('news')] })).status).toBe(200);
    expect((await chatMessages(kit, ALICE_BOT)).map((m) => m.message.text)).toEqual(['news']);
    expect((await chatMessages(kit, BOB_BOT)).map((m) => m.message.text)).toEqual(['news']);
  });

  it('refuses more than 150 ids, groups and rooms, and flex messages', async () => {
    const many = await post('/v2/bot/message/multicast', { to: Array(151).fill(ALICE), messages: [text('x')] });
    expect(many.status).toBe(400);
    expect(many.body.details).toEqual([{ message: 'Size must be between 1 and 150', property: 'to' }]);
    const group = await post('/v2/bot/message/multicast', { to: [ALICE, GROUP], messages: [text('x')] });
    expect(group.status).toBe(400);
    expect(group.body.details[0].property).toBe('to[1]');
    const flex = await post('/v2/bot/message/multicast', {
      to: [ALICE],
      messages: [
        {
          type: 'flex',
          altText: 'x',
          contents: { type: 'bubble', body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'x' }] } },
        },
      ],
    });
    expect(flex.status).toBe(400);
    expect(flex.body.details.map((d: { property: string }) => d.property)).toContain('messages[0].type');
    expect(await chatMessages(kit, ALICE_BOT)).toEqual([]);
  });

  it('answers "Failed to send messages" when an id is not a user, and sends nothing', async () => {
    const res = await post('/v2/bot/message/multicast', { to: [ALICE, 'U' + 'e'.repeat(32)], messages: [text('x')] });
    expect(res.body).toEqual({ message: 'Failed to send messages' });
    expect(await chatMessages(kit, ALICE_BOT)).toEqual([]);
  });
});

describe('profiles', () => {
  it('answers the profile of a friend, 404 for others', async () => {
    const res = await get(`/v2/bot/profile/${ALICE}`);
    expect(res.body).toEqual({
      displayName: 'Alice',
      userId: ALICE,
      pictureUrl: `http://localhost:9999/embedkit/v1/users/${ALICE}/picture`,
      statusMessage: 'Hi',
    });
    expect((await get(`/v2/bot/profile/${CAROL}`)).status).toBe(404);
    expect((await get(`/v2/bot/profile/Unobody`)).status).toBe(404);
  });

  it('answers group member profiles, also of users who never added the bot, without status message', async () => {
    expect((await get(`/v2/bot/group/${GROUP}/member/${CAROL}`)).body).toEqual({ displayName: 'Carol', userId: CAROL });
    expect((await get(`/v2/bot/group/${GROUP}/member/${ALICE}`)).body).toEqual({
      displayName: 'Alice',
      userId: ALICE,
      pictureUrl: `http://localhost:9999/embedkit/v1/users/${ALICE}/picture`,
    });
    await request(kit.app).put(`/embedkit/v1/users/${BOB}/friendships/${TRIAL.id}`).send({ state: 'blocked' }).expect(200);
    expect((await get(`/v2/bot/group/${GROUP}/member/${BOB}`)).status).toBe(200);
    expect((await get(`/v2/bot/group/${GROUP_NO_BOT}/member/${ALICE}`)).status).toBe(404);
    expect((await get(`/v2/bot/group/${GROUP}/member/U${'e'.repeat(32)}`)).status).toBe(404);
  });
});

describe('GET /v2/bot/group/<id>/members/ids', () => {
  it('is refused with 403 on the Developer Trial plan', async () => {
    const res = await get(`/v2/bot/group/${GROUP}/members/ids`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Access to this API is not available for your account' });
  });

  it('leaves out users who have not agreed', async () => {
    const res = await get(`/v2/bot/group/${GROUP}/members/ids`, await botToken(kit, VERIFIED));
    expect(res.body).toEqual({ memberIds: [BOB, ALICE].sort() });
  });

  it('pages 100 ids at a time with next', async () => {
    await withTempDir(async (dir) => {
      const users = Array.from({ length: 250 }, (_, i) => ({
        userId: `U${i.toString(16).padStart(32, '0')}`,
        displayName: `User ${i}`,
        agreed: i % 50 !== 7,
      }));
      const file = join(dir, 'big.json');
      writeFileSync(
        file,
        JSON.stringify({
          channels: [{ channelId: VERIFIED.id, name: 'V', secret: VERIFIED.secret, plan: 'official' }],
          users,
          chats: [{ chatId: 'Cbig', type: 'group', name: 'Big', members: users.map((u) => u.userId), bots: [VERIFIED.id] }],
          apps: [],
        }),
      );
      const big = await makeBotKit({ scenarioFile: file });
      try {
        const t = await botToken(big, VERIFIED);
        const page = (start?: string) =>
          request(big.app)
            .get(`/v2/bot/group/Cbig/members/ids${start ? `?start=${encodeURIComponent(start)}` : ''}`)
            .set(bearer(t));
        const p1 = (await page()).body;
        const p2 = (await page(p1.next)).body;
        const p3 = (await page(p2.next)).body;
        expect([p1.memberIds.length, p2.memberIds.length, p3.memberIds.length]).toEqual([100, 100, 45]);
        expect(p1.next).toEqual(expect.any(String));
        expect(p3.next).toBeUndefined();
        const agreed = users
          .filter((u) => u.agreed)
          .map((u) => u.userId)
          .sort();
        expect([...p1.memberIds, ...p2.memberIds, ...p3.memberIds]).toEqual(agreed);
        expect((await page('garbage')).status).toBe(400);
      } finally {
        await big.close();
      }
    });
  });
});

describe('POST /v2/bot/group/<id>/leave', () => {
  it('takes the bot out of the group, with a leave event; then the group is unknown to it', async () => {
    const verified = await botToken(kit, VERIFIED);
    const res = await request(kit.app).post(`/v2/bot/group/${GROUP}/leave`).set(bearer(verified));
    expect(res.status).toBe(200);
    expect(res.headers['x-service-request-id']).toBeDefined();
    expect((await events(kit, VERIFIED.id)).at(-1)).toEqual({
      type: 'leave',
      timestamp: expect.any(Number),
      source: { type: 'group', groupId: GROUP },
      mode: 'active',
      webhookEventId: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      deliveryContext: { isRedelivery: false },
    });
    expect((await post('/v2/bot/message/push', { to: GROUP, messages: [text('x')] }, verified)).body.message).toBe(
      'Failed to send messages',
    );
    expect((await request(kit.app).post(`/v2/bot/group/${GROUP}/leave`).set(bearer(verified))).status).toBe(404);
    // The other bot is still there.
    expect((await post('/v2/bot/message/push', { to: GROUP, messages: [text('still here')] })).status).toBe(200);
  });
});

describe('GET /v2/bot/message/<id>/content', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

  it('answers the binary of an image a user sent, to the bot of that chat only', async () => {
    const sent = await request(kit.app)
      .post(`/embedkit/v1/chats/${ALICE_BOT}/media?userId=${ALICE}&type=image`)
      .set('Content-Type', 'image/png')
      .send(png);
    expect(sent.status).toBe(200);
    const event = (await events(kit)).at(-1)!;
    expect(event.message).toEqual({
      id: sent.body.id,
      type: 'image',
      contentProvider: { type: 'line' },
      quoteToken: expect.any(String),
      markAsReadToken: expect.any(String),
    });
    const content = await get(`/v2/bot/message/${event.message.id}/content`).buffer(true).parse(binaryBody);
    expect(content.status).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(content.body as Buffer, png)).toBe(0);
    expect((await get(`/v2/bot/message/${event.message.id}/content`, await botToken(kit, VERIFIED))).status).toBe(404);
  });

  it('answers a JPEG preview of an image (at most 240 px) and the transcoding status of audio', async () => {
    const { PNG } = await import('pngjs');
    const image = new PNG({ width: 480, height: 960 });
    image.data.fill(0x40);
    const sent = await request(kit.app)
      .post(`/embedkit/v1/chats/${ALICE_BOT}/media?userId=${ALICE}&type=image`)
      .set('Content-Type', 'image/png')
      .send(PNG.sync.write(image));
    const preview = await get(`/v2/bot/message/${sent.body.id}/content/preview`).buffer(true).parse(binaryBody);
    expect(preview.status).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    const thumb = imageSize(preview.body as Buffer);
    expect([thumb.type, thumb.width, thumb.height]).toEqual(['jpg', 120, 240]);
    expect((await get(`/v2/bot/message/${sent.body.id}/content/transcoding`)).status).toBe(404);
    const audio = await request(kit.app)
      .post(`/embedkit/v1/chats/${ALICE_BOT}/media?userId=${ALICE}&type=audio&duration=1000`)
      .set('Content-Type', 'audio/mp4')
      .send(Buffer.from('not really audio'));
    expect((await get(`/v2/bot/message/${audio.body.id}/content/transcoding`)).body).toEqual({ status: 'succeeded' });
    expect((await get(`/v2/bot/message/${audio.body.id}/content/preview`)).status).toBe(404);
  });

  it('carries file name and size in the event of a file', async () => {
    const data = Buffer.from('minutes of the meeting\n');
    const sent = await request(kit.app)
      .post(`/embedkit/v1/chats/${GROUP}/media?userId=${BOB}&type=file&fileName=notes.txt`)
      .set('Content-Type', 'text/plain')
      .send(data);
    expect(sent.status).toBe(200);
    expect((await events(kit)).at(-1)!.message).toEqual({ id: sent.body.id, type: 'file', fileName: 'notes.txt', fileSize: data.length });
    expect((await get(`/v2/bot/message/${sent.body.id}/content`)).status).toBe(200);
  });

  it('answers 404 for a message without content and an unknown id', async () => {
    const { id } = await say(kit, ALICE_BOT, ALICE, 'just text');
    expect((await get(`/v2/bot/message/${id}/content`)).status).toBe(404);
    expect((await get('/v2/bot/message/999999/content')).status).toBe(404);
  });

  it('refuses media of the wrong type, an empty body or a file over 10 MB', async () => {
    const wrong = await request(kit.app)
      .post(`/embedkit/v1/chats/${ALICE_BOT}/media?userId=${ALICE}&type=image`)
      .set('Content-Type', 'text/plain')
      .send('x');
    expect(wrong.status).toBe(400);
    const empty = await request(kit.app)
      .post(`/embedkit/v1/chats/${ALICE_BOT}/media?userId=${ALICE}&type=audio`)
      .set('Content-Type', 'audio/mpeg');
    expect(empty.status).toBe(400);
    const huge = await request(kit.app)
      .post(`/embedkit/v1/chats/${ALICE_BOT}/media?userId=${ALICE}&type=file`)
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The file is too large (max 10485760 bytes)');
    expect(await chatMessages(kit, ALICE_BOT)).toEqual([]);
  });
});
