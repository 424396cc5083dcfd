// The host's user session, GET /v2/profile (spec part C) and sendMessages (spec part D).
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedkit } from '../src/kit/embedkit.js';
import { ALICE, CAROL, GROUP, makeKit, userToken, UTOU } from './helpers.js';

let kit: Embedkit;
beforeEach(async () => {
  kit = await makeKit({ baseUrl: 'http://localhost:9999' });
});
afterEach(() => kit.close());

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
const share = (token: string, body: unknown) =>
  request(kit.app)
    .post('/message/v3/share')
    .set(bearer(token))
    .send(body as object);
const messagesOf = async (chatId: string) => (await request(kit.app).get(`/embedkit/v1/chats/${chatId}/messages`)).body.messages;

describe('POST /embedkit/v1/sessions', () => {
  it.each([
    [{ userId: 'Unobody', channelId: '1650000001', scopes: [] }, 'Unknown user'],
    [{ userId: ALICE, channelId: '1', scopes: [] }, 'Unknown channel'],
    [{ userId: CAROL, channelId: '1650000001', scopes: [], context: { type: 'group', chatId: GROUP } }, 'not a member'],
    [{ userId: ALICE, channelId: '1650000001', scopes: [], context: { type: 'room', chatId: GROUP } }, 'No room chat'],
  ])('refuses %j with 400', async (body, text) => {
    const res = await request(kit.app).post('/embedkit/v1/sessions').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(text);
  });

  it('refuses unknown scopes with the detail', async () => {
    const res = await request(kit.app)
      .post('/embedkit/v1/sessions')
      .send({ userId: ALICE, channelId: '1650000001', scopes: ['admin'] });
    expect(res.status).toBe(400);
    expect(res.body.details[0].property).toBe('scopes[0]');
  });
});

describe('GET /v2/profile', () => {
  it("answers the profile of the token's user", async () => {
    const res = await request(kit.app)
      .get('/v2/profile')
      .set(bearer(await userToken(kit)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: ALICE,
      displayName: 'Alice',
      pictureUrl: `http://localhost:9999/embedkit/v1/users/${ALICE}/picture`,
      statusMessage: 'Hi',
    });
  });

  it('leaves pictureUrl and statusMessage out when unset', async () => {
    const res = await request(kit.app)
      .get('/v2/profile')
      .set(bearer(await userToken(kit, { userId: CAROL })));
    expect(res.body).toEqual({ userId: CAROL, displayName: 'Carol' });
  });

  it('answers 401 without a valid token and once it expired; 403 without the profile scope', async () => {
    expect((await request(kit.app).get('/v2/profile')).status).toBe(401);
    expect((await request(kit.app).get('/v2/profile').set(bearer('x'))).status).toBe(401);
    const noScope = await request(kit.app)
      .get('/v2/profile')
      .set(bearer(await userToken(kit, { scopes: ['chat_message.write'] })));
    expect(noScope.status).toBe(403);
    expect(noScope.body.message).toContain('profile');
    const token = await userToken(kit);
    kit.clock.advance(30 * 24 * 3600 * 1000);
    const expired = await request(kit.app).get('/v2/profile').set(bearer(token));
    expect(expired.status).toBe(401);
    expect(expired.body.message).toContain('expired');
  });

  it('serves the picture of users who have one', async () => {
    const pic = await request(kit.app).get(`/embedkit/v1/users/${ALICE}/picture`);
    expect(pic.status).toBe(200);
    expect(pic.headers['content-type']).toContain('image/svg+xml');
    expect((await request(kit.app).get(`/embedkit/v1/users/${CAROL}/picture`)).status).toBe(404);
  });
});

describe('POST /message/v3/share (sendMessages)', () => {
  it("posts the messages into the token's chat as the user, in order", async () => {
    const token = await userToken(kit);
    const res = await share(token, {
      messages: [
        { type: 'text', text: 'one' },
        { type: 'sticker', packageId: '1', stickerId: '2' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const messages = await messagesOf(UTOU);
    expect(messages.map((m: { message: unknown }) => m.message)).toEqual([
      { type: 'text', text: 'one' },
      { type: 'sticker', packageId: '1', stickerId: '2' },
    ]);
    expect(messages[0].sender).toEqual({ type: 'user', id: ALICE, displayName: 'Alice' });
    expect(await messagesOf(GROUP)).toEqual([]);
  });

  it.each([
    [{ messages: [] }, 'messages', 'Size must be between 1 and 5'],
    [{ messages: Array.from({ length: 6 }, () => ({ type: 'text', text: 'x' })) }, 'messages', 'Size must be between 1 and 5'],
    [{ messages: [{ type: 'text' }] }, 'messages[0].text', 'must be specified'],
    [{ messages: [{ type: 'text', text: '' }] }, 'messages[0].text', 'May not be empty'],
    [
      { messages: [{ type: 'text', text: 'ok' }, { type: 'gif' }] },
      'messages[1].type',
      'Must be one of the following values: [text, image, video, audio, location, sticker, template, imagemap, textV2, coupon, flex]',
    ],
    [{ messages: [{ type: 'image', originalContentUrl: 'https://x/a.jpg' }] }, 'messages[0].previewImageUrl', 'must be specified'],
    [{}, 'messages', 'must be specified'],
  ])('answers 400 for %j and stores nothing', async (body, property, message) => {
    const res = await share(await userToken(kit), body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The request body has \d+ error\(s\)$/);
    expect(res.body.details).toContainEqual({ property, message });
    expect(await messagesOf(UTOU)).toEqual([]);
  });

  it('answers 401 for a bad or expired token', async () => {
    expect((await share('nope', { messages: [{ type: 'text', text: 'x' }] })).status).toBe(401);
    const token = await userToken(kit);
    kit.clock.advance(31 * 24 * 3600 * 1000);
    expect((await share(token, { messages: [{ type: 'text', text: 'x' }] })).status).toBe(401);
  });

  it('answers 403 without the chat_message.write scope, and when the app was not opened from a chat', async () => {
    const noScope = await share(await userToken(kit, { scopes: ['profile'] }), { messages: [{ type: 'text', text: 'x' }] });
    expect(noScope.status).toBe(403);
    expect(noScope.body.message).toContain('chat_message.write');
    const none = await share(await userToken(kit, { context: { type: 'none' } }), { messages: [{ type: 'text', text: 'x' }] });
    expect(none.status).toBe(403);
    expect(none.body.message).toContain('context type none');
    expect(await messagesOf(UTOU)).toEqual([]);
  });
});

describe('POST /embedkit/v1/chats/<chatId>/messages (the phone composer)', () => {
  const send = (chatId: string, body: unknown) =>
    request(kit.app)
      .post(`/embedkit/v1/chats/${chatId}/messages`)
      .send(body as object);

  it('stores the message as the user and answers it', async () => {
    const res = await send(GROUP, { userId: ALICE, message: { type: 'text', text: 'from the phone' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      chatId: GROUP,
      sender: { type: 'user', id: ALICE },
      message: { type: 'text', text: 'from the phone' },
    });
    expect((await messagesOf(GROUP)).map((m: { id: string }) => m.id)).toEqual([res.body.id]);
  });

  it('refuses non-members, unknown chats and invalid messages', async () => {
    expect((await send(GROUP, { userId: CAROL, message: { type: 'text', text: 'x' } })).status).toBe(400);
    expect((await send('Cnope', { userId: ALICE, message: { type: 'text', text: 'x' } })).status).toBe(404);
    const bad = await send(GROUP, { userId: ALICE, message: { type: 'text' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContainEqual({ property: 'message.text', message: 'must be specified' });
    expect(await messagesOf(GROUP)).toEqual([]);
  });
});

describe("POST /embedkit/v1/messages/validate (the host's message preview)", () => {
  it("answers the validator's verdict as data", async () => {
    const ok = await request(kit.app)
      .post('/embedkit/v1/messages/validate')
      .send({ messages: [{ type: 'text', text: 'x' }] });
    expect(ok.body).toEqual({ valid: true });
    const bad = await request(kit.app)
      .post('/embedkit/v1/messages/validate')
      .send({ messages: [{ type: 'text' }] });
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({
      valid: false,
      message: 'The request body has 1 error(s)',
      details: [{ property: 'messages[0].text', message: 'must be specified' }],
    });
  });
});
