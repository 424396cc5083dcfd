/**
 * The other v1 calls (spec part E/F, "Errors" v1 table): profiles, the bot leaving a group
 * or room, the friend-list call with each of its error rows, link templates through the simulator.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedkit } from '../../src/kit/embedkit.js';
import { DEFAULT_SCENARIO } from '../../src/scenario/load.js';
import { startReceiver } from '../bot/helpers.js';
import {
  ALICE,
  BOB,
  CAROL,
  chatMessages,
  ENTERPRISE,
  enterpriseHeaders,
  GROUP,
  makeV1Kit,
  MESSAGING,
  ROOM,
  trialHeaders,
} from './helpers.js';

/** An enterprise channel approved to add friends but without the permission. */
const UNPERMITTED = { id: '1650000004', secret: '44444444444444444444444444444444' };

let kit: Embedkit;
let dir: string;
beforeAll(async () => {
  // The default world, with Carol not yet a friend of the enterprise bot and one more channel.
  const s = JSON.parse(readFileSync(DEFAULT_SCENARIO, 'utf8'));
  s.chats = s.chats.filter((c: { chatId: string }) => c.chatId !== 'UE000000000000000000000000000ca10');
  s.channels.push({
    channelId: UNPERMITTED.id,
    name: 'No permission',
    secret: UNPERMITTED.secret,
    botInterface: 'enterprise',
    addFriendApproved: true,
  });
  dir = mkdtempSync(join(tmpdir(), 'embedkit-v1-'));
  writeFileSync(join(dir, 'scenario.json'), JSON.stringify(s));
  kit = await makeV1Kit({ scenarioFile: join(dir, 'scenario.json') });
});
afterAll(async () => {
  await kit.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /v1/profiles', () => {
  it('answers the profiles of the MIDs the bot knows, with paging fields; a URL-encoded comma works', async () => {
    const headers = await enterpriseHeaders(kit);
    const res = await request(kit.app).get(`/v1/profiles?mids=${ALICE}%2C${BOB},u00000000000000000000000000000000`).set(headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      contacts: [
        {
          displayName: 'Alice',
          mid: ALICE,
          pictureUrl: `http://localhost:9999/embedkit/v1/users/${ALICE}/picture`,
          statusMessage: 'Building embedded apps',
        },
        { displayName: 'Bob', mid: BOB, pictureUrl: `http://localhost:9999/embedkit/v1/users/${BOB}/picture` },
      ],
      count: 2,
      total: 2,
      start: 1,
      display: 100,
    });
    const trial = await request(kit.apps.trialbot).get(`/v1/profiles?mids=${BOB}`).set(trialHeaders());
    expect(trial.body.contacts.map((c: { mid: string }) => c.mid)).toEqual([BOB]);
  });

  it('answers the spec’s two error rows', async () => {
    const headers = await enterpriseHeaders(kit);
    const missing = await request(kit.app).get('/v1/profiles').set(headers);
    expect(missing.status).toBe(500);
    expect(missing.body).toEqual({ statusCode: '400', statusMessage: "Required String parameter 'mids' is not present" });
    const empty = await request(kit.app).get('/v1/profiles?mids=').set(headers);
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ statusCode: '400', statusMessage: 'invalid parameter(s).' });
  });
});

describe('DELETE /v1/bot/{group,room}/leave/<id>', () => {
  it('the enterprise bot leaves the group: it no longer hears it, and a second leave is 404', async () => {
    const headers = await enterpriseHeaders(kit);
    expect((await request(kit.app).delete(`/v1/bot/room/leave/${GROUP}`).set(headers)).status).toBe(404);
    const res = await request(kit.app).delete(`/v1/bot/group/leave/${GROUP}`).set(headers);
    expect(res.status).toBe(200);
    const bots = (await request(kit.app).get('/embedkit/v1/bots')).body.bots as { channelId: string; chats: { chatId: string }[] }[];
    expect(bots.find((b) => b.channelId === ENTERPRISE.id)!.chats).toEqual([]);
    // The chat shows it, as the messenger does.
    const notice = (await chatMessages(kit, GROUP)).at(-1)!;
    expect(notice.sender.type).toBe('system');
    expect(notice.message).toEqual({ type: 'system', text: 'Enterprise Bot left the group.' });
    const again = await request(kit.app).delete(`/v1/bot/group/leave/${GROUP}`).set(headers);
    expect(again.status).toBe(404);
    expect(again.body.statusCode).toBe('404');
    const post = await request(kit.app)
      .post('/v1/events')
      .set(headers)
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({
          to: [GROUP],
          toChannel: 1383378250,
          eventType: '138311608800106203',
          content: { toType: 3, contentType: 1, text: 'still here?' },
        }),
      );
    expect(post.body.failed).toEqual([GROUP]);
    expect((await request(kit.app).delete(`/v1/bot/room/leave/${ROOM}`).set(headers)).status).toBe(404);
  });
});

describe('POST /v1/officialaccount/contacts', () => {
  const session = async (channelId: string, userId: string, scopes: string[]) => {
    const res = await request(kit.app)
      .post('/embedkit/v1/sessions')
      .send({ userId, channelId, scopes, context: { type: 'none' } });
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  };
  const contacts = (token?: string) => {
    const r = request(kit.app).post('/v1/officialaccount/contacts');
    return token === undefined ? r : r.set('X-Service-ChannelToken', token);
  };

  it('adds the channel’s bot as the user’s friend: the chat appears and the bot gets operation 4', async () => {
    const bot = await startReceiver();
    try {
      await request(kit.app).put(`/embedkit/v1/channels/${ENTERPRISE.id}/webhook`).send({ url: bot.url }).expect(200);
      const res = await contacts(await session(ENTERPRISE.id, CAROL, ['profile', 'ADD_OWN_OFFICIAL_ACCOUNTS']));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: 'OK' });
      const [r] = await bot.waitFor(1);
      expect((r!.body as unknown as { result: Record<string, any>[] }).result[0]!.content).toMatchObject({
        opType: 4,
        params: [CAROL, null, null],
      });
      const friendship = await request(kit.app).get(`/embedkit/v1/users/${CAROL}/friendships/${ENTERPRISE.id}`);
      expect(friendship.body.state).toBe('friend');
    } finally {
      await request(kit.app).put(`/embedkit/v1/channels/${ENTERPRISE.id}/webhook`).send({ url: null });
      await bot.close();
    }
  });

  it('answers every error row of the spec', async () => {
    expect((await contacts()).body).toEqual({ statusCode: '401', statusMessage: 'authentication scheme not found.' });
    expect((await contacts('nope')).body).toEqual({ statusCode: '401', statusMessage: 'invalid token' });
    const notApproved = await contacts(await session(MESSAGING.id, ALICE, ['ADD_OWN_OFFICIAL_ACCOUNTS']));
    expect([notApproved.status, notApproved.body]).toEqual([
      403,
      { statusCode: '427', statusMessage: 'This Channel is not permitted to add a Friend.' },
    ]);
    const noPermission = await contacts(await session(UNPERMITTED.id, ALICE, ['ADD_OWN_OFFICIAL_ACCOUNTS']));
    expect(noPermission.status).toBe(403);
    expect(noPermission.body.statusCode).toBe('427');
    expect(noPermission.body.statusMessage).toMatch(/channel 1650000004 .*ADD_OWN_OFFICIAL_ACCOUNTS/);
    const notAllowed = await contacts(await session(ENTERPRISE.id, ALICE, ['profile']));
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.body.statusCode).toBe('416');
    expect(notAllowed.body.statusMessage).toMatch(/channel 1650000002 .*ADD_OWN_OFFICIAL_ACCOUNTS/);
    await request(kit.app).put(`/embedkit/v1/users/${BOB}/friendships/${ENTERPRISE.id}`).send({ state: 'blocked' }).expect(200);
    const blocked = await contacts(await session(ENTERPRISE.id, BOB, ['ADD_OWN_OFFICIAL_ACCOUNTS']));
    expect([blocked.status, blocked.body]).toEqual([
      409,
      { statusCode: '450', statusMessage: 'Failed to add the official account to the contact.' },
    ]);
    expect((await request(kit.app).get(`/embedkit/v1/users/${BOB}/friendships/${ENTERPRISE.id}`)).body.state).toBe('blocked');
    for (const [reason, message] of [
      ['platform', 'accessToken expired(1)'],
      ['unlinked', 'accessToken expired(2)'],
    ] as const) {
      const token = await session(ENTERPRISE.id, ALICE, ['ADD_OWN_OFFICIAL_ACCOUNTS']);
      await request(kit.app).post('/embedkit/v1/tokens/invalidate').send({ userId: ALICE, channelId: ENTERPRISE.id, reason }).expect(200);
      expect((await contacts(token)).body).toEqual({ statusCode: '412', statusMessage: message });
    }
  });
});

describe('link message templates (simulator API)', () => {
  it('are added, checked and removed; a template of a non-enterprise channel is refused', async () => {
    const put = (channelId: string, id: string, body: unknown) =>
      request(kit.app)
        .put(`/embedkit/v1/channels/${channelId}/link-templates/${id}`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(body));
    const ok = await put(ENTERPRISE.id, 'sale', { text: 'Sale for ${name}', linkUri: 'https://example.com/sale' });
    expect(ok.status).toBe(200);
    const settings = await request(kit.app).get(`/embedkit/v1/channels/${ENTERPRISE.id}/v1`);
    expect(settings.body.linkTemplates.map((t: { templateId: string }) => t.templateId)).toEqual(['sale', 'welcome']);
    const onlyPlaceholder = await put(ENTERPRISE.id, 'x', { text: '${name}', linkUri: 'https://example.com' });
    expect(onlyPlaceholder.body.statusMessage).toBe('text: cannot consist only of placeholders');
    const both = await put(ENTERPRISE.id, 'x', { text: 'Hi', linkUri: 'https://example.com', iLinkUri: 'app://x' });
    expect(both.body.statusMessage).toMatch(/^linkUri: a web link URL and the iPhone\/Android link URIs are mutually exclusive/);
    const markup = await put(ENTERPRISE.id, 'x', { text: 'Hi <i>you</i>', linkUri: 'https://example.com' });
    expect(markup.body.statusMessage).toMatch(/^text: "<" and ">" must be escaped/);
    const messaging = await put(MESSAGING.id, 'x', { text: 'Hi', linkUri: 'https://example.com' });
    expect(messaging.status).toBe(400);
    expect((await request(kit.app).delete(`/embedkit/v1/channels/${ENTERPRISE.id}/link-templates/sale`)).status).toBe(204);
    expect((await request(kit.app).delete(`/embedkit/v1/channels/${ENTERPRISE.id}/link-templates/sale`)).status).toBe(404);
  });
});
