// The share target picker outside the messenger: the app's token buys a ticket, the picker page
// lists the ticket's person's chats, and its send writes the messages there as that person.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openerOrigins, pickerChats, pickProblem } from '../../src/interfaces/embedded-apps/share-picker/rules.js';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { ALICE, bearer, CAROL, makeSocialKit, NATIVE, UTOU, WEB } from './helpers.js';

const LIFF_ID = '1650000101-pkceapp1';
const PAGE = '/oauth2/v2.1/liff/shareTargetPicker';
const SEND = '/oauth2/v2.1/liff/shareTargetPicker/send';

let kit: Embedkit;
beforeEach(async () => (kit = await makeSocialKit()));
afterEach(() => kit.close());

/** A user access token of `channelId` for `userId`, as a host session issues it. */
async function tokenOf(userId: string, channelId = WEB.id): Promise<string> {
  const res = await request(kit.app)
    .post('/embedkit/v1/sessions')
    .send({ userId, channelId, scopes: ['profile'], context: { type: 'none' } })
    .expect(200);
  return String(res.body.access_token);
}

async function ticketOf(userId: string): Promise<string> {
  const res = await request(kit.app)
    .get(`/liff/v2/apps/${LIFF_ID}/ott`)
    .set(bearer(await tokenOf(userId)))
    .expect(200);
  return String(res.body.ott);
}

const send = (body: Record<string, unknown>) => request(kit.app).post(SEND).send(body);
const texts = async (chatId: string) =>
  ((await request(kit.app).get(`/embedkit/v1/chats/${chatId}/messages`).expect(200)).body.messages as { message: { text?: string } }[]).map(
    (m) => m.message.text,
  );

describe('the ticket', () => {
  it('answers any origin with the bearer token, and refuses without a valid token', async () => {
    const pre = await request(kit.app).options(`/liff/v2/apps/${LIFF_ID}/ott`).set('Origin', 'http://localhost:5173');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-headers']).toContain('Authorization');
    expect((await request(kit.app).get(`/liff/v2/apps/${LIFF_ID}/ott`)).status).toBe(401);
    expect((await request(kit.app).get(`/liff/v2/apps/${LIFF_ID}/ott`).set(bearer('made-up'))).status).toBe(401);
  });

  it("refuses a token of another channel than the app's", async () => {
    const res = await request(kit.app)
      .get(`/liff/v2/apps/${LIFF_ID}/ott`)
      .set(bearer(await tokenOf(ALICE, NATIVE.id)));
    expect(res.status).toBe(403);
  });
});

describe('the picker page', () => {
  it("lists the ticket's person's chats, escaped, with the app's origins and a strict CSP", async () => {
    const res = await request(kit.app)
      .get(PAGE)
      .query({ liffId: LIFF_ID, ott: await ticketOf(ALICE) });
    expect(res.status).toBe(200);
    expect(res.text).toContain(`value="${UTOU}"`);
    expect(res.text).toContain('Alice &amp; Bob');
    expect(res.text).toContain('data-origins="[&quot;http://localhost:5173&quot;]"');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*script-src 'sha256-/);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('offers no chat to a person who is in none', async () => {
    const res = await request(kit.app)
      .get(PAGE)
      .query({ liffId: LIFF_ID, ott: await ticketOf(CAROL) });
    expect(res.text).not.toContain(UTOU);
    expect(res.text).toContain('You are in no chat to share to.');
  });

  it('is an error page, with no script, for an unknown ticket or another app', async () => {
    const ott = await ticketOf(ALICE);
    for (const query of [
      { liffId: LIFF_ID, ott: 'made-up' },
      { liffId: '1650000101-other', ott },
    ]) {
      const res = await request(kit.app).get(PAGE).query(query);
      expect(res.status).toBe(400);
      expect(res.text).toContain('This picker cannot open');
      expect(res.text).not.toContain('<script>');
    }
  });
});

describe('the send', () => {
  it('writes the messages into the picked chat as the person, once', async () => {
    const ott = await ticketOf(ALICE);
    const messages = [
      { type: 'text', text: 'shared one' },
      { type: 'text', text: 'shared two' },
    ];
    const res = await send({ liffId: LIFF_ID, ott, chatIds: [UTOU], isMultiple: true, messages });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success' });
    expect((await texts(UTOU)).slice(-2)).toEqual(['shared one', 'shared two']);
    // The ticket is spent: the same page cannot send again.
    expect((await send({ liffId: LIFF_ID, ott, chatIds: [UTOU], isMultiple: true, messages })).status).toBe(401);
  });

  it.each([
    ['no message', []],
    ['six messages', Array.from({ length: 6 }, () => ({ type: 'text', text: 'x' }))],
    ['an invalid message', [{ type: 'text' }]],
  ])('refuses %s by the sendMessages rules, and keeps the ticket', async (_name, messages) => {
    const ott = await ticketOf(ALICE);
    const res = await send({ liffId: LIFF_ID, ott, chatIds: [UTOU], isMultiple: true, messages });
    expect(res.status).toBe(400);
    expect(res.body.details?.length ?? 0).toBeGreaterThan(0);
    const ok = await send({ liffId: LIFF_ID, ott, chatIds: [UTOU], isMultiple: true, messages: [{ type: 'text', text: 'ok' }] });
    expect(ok.status).toBe(200);
  });

  it("refuses a chat that is not the person's, whatever the page says", async () => {
    const ott = await ticketOf(CAROL);
    const res = await send({ liffId: LIFF_ID, ott, chatIds: [UTOU], isMultiple: true, messages: [{ type: 'text', text: 'x' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('is not one of the person');
    expect(await texts(UTOU)).not.toContain('x');
  });
});

describe('the rules', () => {
  const chats = [
    { chat_id: 'C1', type: 'group', name: 'Team', memberIds: ['U1', 'U2'] },
    { chat_id: 'R1', type: 'room', name: 'Trip', memberIds: ['U2'] },
  ];
  const offered = pickerChats(chats, 'U1');

  it("offers the person's chats only", () => {
    expect(offered).toEqual([{ chatId: 'C1', type: 'group', name: 'Team' }]);
    expect(pickerChats(chats, 'U9')).toEqual([]);
  });

  it('takes one chat, or several when the app allows it, each offered once', () => {
    const two = [...offered, { chatId: 'C2', type: 'group', name: 'Other' }];
    expect(pickProblem(['C1'], offered, false)).toBeNull();
    expect(pickProblem(['C1', 'C2'], two, true)).toBeNull();
    expect(pickProblem([], offered, true)).toBe('pick at least one chat');
    expect(pickProblem(['C1', 'C2'], two, false)).toContain('isMultiple is false');
    expect(pickProblem(['C1', 'C1'], offered, true)).toBe('a chat is picked twice');
    expect(pickProblem(['R1'], offered, true)).toContain('not one of the person');
  });

  it("lets the app's endpoint origins drive the page, nothing else", () => {
    expect(openerOrigins(['http://127.0.0.1:5173/app/', 'http://127.0.0.1:5173/other', 'https://a.example/x', 'not a url'])).toEqual([
      'http://127.0.0.1:5173',
      'https://a.example',
    ]);
  });
});
