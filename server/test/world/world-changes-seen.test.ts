// What a request reads on every call (a channel, a friendship, a chat's members, the bot's 1:1
// chat) is answered from memory on the embedded database until its table is written
// (db/kept-until-written.ts). Each case reads first, changes the world, and reads again at once:
// a stale answer from memory would show here.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { ALICE, ALICE_BOT, bearer, BOB, botToken, GROUP, makeBotKit, TRIAL } from '../bot/helpers.js';
import { userToken } from '../helpers.js';

let kit: Embedkit;
let token: string;
beforeEach(async () => {
  kit = await makeBotKit();
  token = await botToken(kit);
});
afterEach(() => kit.close());

const setFriend = (userId: string, state: 'friend' | 'blocked') =>
  request(kit.app).put(`/embedkit/v1/users/${userId}/friendships/${TRIAL.id}`).send({ state }).expect(200);
const push = (to: string) =>
  request(kit.app)
    .post('/v2/bot/message/push')
    .set(bearer(token))
    .send({ to, messages: [{ type: 'text', text: 'hello' }] });
const chatTexts = async (chatId: string) =>
  ((await request(kit.app).get(`/embedkit/v1/chats/${chatId}/messages`)).body.messages as { message: { text?: string } }[]).map(
    (m) => m.message.text,
  );

describe('changes a request sees at once', () => {
  it('a person blocks the bot, then adds it again: the profile call and the push follow each change', async () => {
    const profile = () => request(kit.app).get(`/v2/bot/profile/${ALICE}`).set(bearer(token));
    expect((await profile()).status).toBe(200);
    expect((await push(ALICE)).status).toBe(200);
    await setFriend(ALICE, 'blocked');
    expect((await profile()).status).toBe(404);
    const before = await chatTexts(ALICE_BOT);
    await push(ALICE);
    expect(await chatTexts(ALICE_BOT)).toEqual(before);
    await setFriend(ALICE, 'friend');
    expect((await profile()).status).toBe(200);
    expect((await push(ALICE)).status).toBe(200);
  });

  it('a person leaves a group, then joins it again: sendMessages from the group follows each change', async () => {
    const bob = await userToken(kit, { userId: BOB, context: { type: 'group', chatId: GROUP } });
    const share = () =>
      request(kit.app)
        .post('/message/v3/share')
        .set(bearer(bob))
        .send({ messages: [{ type: 'text', text: 'from the app' }] });
    expect((await share()).status).toBe(200);
    await request(kit.app).delete(`/embedkit/v1/chats/${GROUP}/members/${BOB}`).expect(200);
    expect((await share()).status).toBe(403);
    await request(kit.app).post(`/embedkit/v1/chats/${GROUP}/members`).send({ userId: BOB }).expect(200);
    expect((await share()).status).toBe(200);
  });

  it("the bot's webhook endpoint: the next read shows each change", async () => {
    const endpoint = () => request(kit.app).get('/v2/bot/channel/webhook/endpoint').set(bearer(token));
    const set = (url: string) =>
      request(kit.app).put('/v2/bot/channel/webhook/endpoint').set(bearer(token)).send({ endpoint: url }).expect(200);
    await set('https://example.com/one');
    expect((await endpoint()).body.endpoint).toBe('https://example.com/one');
    await set('https://example.com/two');
    expect((await endpoint()).body.endpoint).toBe('https://example.com/two');
  });
});
