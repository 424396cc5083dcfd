// LINE MINI App service messages (LINE MINI App API reference, "Service Messages"): a service
// notification token from a LIFF access token, one per LIFF access token; 5 sends, a renewed token
// on each; a year of validity on the simulated clock; templates by name with their parameters
// checked; verified and unverified MINI Apps; each refusal with its published status in the bot
// error format and nothing written; the person's service-message chat; the scenario's MINI Apps
// through export.
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedkit, type Embedkit } from '../../src/kit/embedkit.js';
import { readScenario, scenarioProblems } from '../../src/scenario/load.js';
import { readWorldRows, scenarioOf } from '../../src/scenario/export.js';
import { ALICE, onTestDatabase } from '../helpers.js';

const SCENARIO = fileURLToPath(new URL('../fixtures/mini-apps.json', import.meta.url));
const CHANNELS = {
  verified: { id: '1650000001', secret: '0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' },
  unverifiedPublished: { id: '1650000002', secret: 'ffeeddccbbaa99887766554433221100' },
  unverifiedDeveloping: { id: '1650000003', secret: '00112233445566778899aabbccddeeff' },
  plainLiff: { id: '1650000004', secret: '0123456789abcdef0123456789abcdef' },
};
type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

const YEAR_S = 31_536_000;
const THANKS = { date: '2026-04-23', username: 'Brown & Cony', btn1_url: 'https://example.com/orders/1' };

let kit: Embedkit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

async function start(): Promise<Embedkit> {
  kit = await createEmbedkit(onTestDatabase({ inMemory: true, scenarioFile: SCENARIO, logger: pino({ level: 'silent' }) }));
  return kit;
}

async function channelToken(k: Embedkit, channel: Channel): Promise<string> {
  const res = await request(k.app)
    .post('/v2/oauth/accessToken')
    .type('form')
    .send({ grant_type: 'client_credentials', client_id: channel.id, client_secret: channel.secret });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

/** A LIFF access token: the user access token the host's session gives an app of the channel. */
async function liffToken(k: Embedkit, channel: Channel, userId = ALICE): Promise<string> {
  const res = await request(k.app)
    .post('/embedkit/v1/sessions')
    .send({ userId, channelId: channel.id, scopes: ['profile'] });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

const issue = (k: Embedkit, token: string, body: unknown) =>
  request(k.app)
    .post('/message/v3/notifier/token')
    .set('Authorization', `Bearer ${token}`)
    .send(body as object);
const send = (k: Embedkit, token: string, body: unknown, target = 'service') =>
  request(k.app)
    .post(`/message/v3/notifier/send${target ? `?target=${target}` : ''}`)
    .set('Authorization', `Bearer ${token}`)
    .send(body as object);

/** Rows of the tables a refusal must leave as they were. */
async function written(k: Embedkit) {
  const tokens = await k.db.selectFrom('service_notification_tokens').selectAll().orderBy('session_id').execute();
  const messages = await k.db.selectFrom('service_messages').select(['id', 'user_id', 'template_name']).orderBy('id').execute();
  return { tokens, messages };
}

/** A kit with a channel access token of the verified MINI App and a service notification token issued for Alice. */
async function issued() {
  const k = await start();
  const channel = await channelToken(k, CHANNELS.verified);
  const res = await issue(k, channel, { liffAccessToken: await liffToken(k, CHANNELS.verified) });
  expect(res.status).toBe(200);
  return { k, channel, first: res.body as { notificationToken: string; expiresIn: number; remainingCount: number; sessionId: string } };
}

describe('issuing a service notification token', () => {
  it('issues one from a LIFF access token of the channel: 1 year, 5 sends, a session', async () => {
    const { k, first } = await issued();
    expect(first).toEqual({
      notificationToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      expiresIn: YEAR_S,
      remainingCount: 5,
      sessionId: expect.stringMatching(/^[A-Za-z0-9]{22}$/),
    });
    const { tokens } = await written(k);
    expect(tokens).toHaveLength(1);
    // Hashes only: neither the LIFF access token nor the service notification token is stored.
    expect(JSON.stringify(tokens)).not.toContain(first.notificationToken);
  });

  it('refuses a second token from the same LIFF access token with 400, writing nothing', async () => {
    const k = await start();
    const channel = await channelToken(k, CHANNELS.verified);
    const liff = await liffToken(k, CHANNELS.verified);
    expect((await issue(k, channel, { liffAccessToken: liff })).status).toBe(200);
    const before = await written(k);
    const again = await issue(k, channel, { liffAccessToken: liff });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      message: 'A service notification token was already issued with this LIFF access token: only one can be issued per LIFF access token',
    });
    expect(await written(k)).toEqual(before);
    // Another LIFF access token of the same person is another user action: it gets its own token.
    expect((await issue(k, channel, { liffAccessToken: await liffToken(k, CHANNELS.verified) })).status).toBe(200);
  });

  it('refuses with 401 a LIFF access token that is unknown, of another channel or expired, writing nothing', async () => {
    const k = await start();
    const channel = await channelToken(k, CHANNELS.verified);
    const other = await liffToken(k, CHANNELS.unverifiedDeveloping);
    const old = await liffToken(k, CHANNELS.verified);
    for (const liffAccessToken of ['not-a-token', other]) {
      const res = await issue(k, channel, { liffAccessToken });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        message: 'Invalid LIFF access token',
        details: [{ message: 'not a valid LIFF access token of channel 1650000001', property: 'liffAccessToken' }],
      });
    }
    await request(k.app).post('/embedkit/v1/clock').send({ advance: '31d' }).expect(200);
    const fresh = await channelToken(k, CHANNELS.verified);
    expect((await issue(k, fresh, { liffAccessToken: old })).status).toBe(401);
    expect((await written(k)).tokens).toEqual([]);
  });

  it('refuses a body without liffAccessToken (400 with details) and a request without a channel access token (401)', async () => {
    const k = await start();
    const channel = await channelToken(k, CHANNELS.verified);
    const res = await issue(k, channel, {});
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ property: 'liffAccessToken' })]);
    const none = await request(k.app).post('/message/v3/notifier/token').send({ liffAccessToken: 'x' });
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/^Authentication failed/);
    expect((await written(k)).tokens).toEqual([]);
  });
});

describe('sending a service message', () => {
  it('sends the template and renews the token: a new value, one send less, the same session and expiry; the old value is refused', async () => {
    const { k, channel, first } = await issued();
    await request(k.app).post('/embedkit/v1/clock').send({ advance: '1h' }).expect(200);
    const res = await send(k, channel, { templateName: 'thankyou_msg_en', params: THANKS, notificationToken: first.notificationToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      notificationToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // Real time passes between the calls too: a few seconds at most.
      expiresIn: expect.toSatisfy((s: number) => s <= YEAR_S - 3600 && s > YEAR_S - 3600 - 5),
      remainingCount: 4,
      sessionId: first.sessionId,
    });
    expect(res.body.notificationToken).not.toBe(first.notificationToken);
    const reused = await send(k, channel, { templateName: 'thankyou_msg_en', params: THANKS, notificationToken: first.notificationToken });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe('Invalid notifier token');
    expect((await written(k)).messages).toEqual([{ id: expect.anything(), user_id: ALICE, template_name: 'thankyou_msg_en' }]);
  });

  it('sends 5 messages with one token; the 5th answers {expiresIn: 0, remainingCount: 0} and a 6th is refused', async () => {
    const { k, channel, first } = await issued();
    let token = first.notificationToken;
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await send(k, channel, { templateName: 'thankyou_msg_en', params: THANKS, notificationToken: token });
      expect(res.status).toBe(200);
      answers.push(res.body.remainingCount);
      if (i < 4) token = res.body.notificationToken as string;
      else expect(res.body).toEqual({ expiresIn: 0, remainingCount: 0 });
    }
    expect(answers).toEqual([4, 3, 2, 1, 0]);
    const sixth = await send(k, channel, { templateName: 'thankyou_msg_en', params: THANKS, notificationToken: token });
    expect(sixth.status).toBe(401);
    expect(sixth.body.message).toBe('Invalid notifier token');
    expect((await written(k)).messages).toHaveLength(5);
  });

  it('refuses a token past its year (the simulated clock moved 365 days) with 401, writing nothing', async () => {
    const { k, first } = await issued();
    await request(k.app).post('/embedkit/v1/clock').send({ advance: '365d' }).expect(200);
    const channel = await channelToken(k, CHANNELS.verified);
    const before = await written(k);
    const res = await send(k, channel, { templateName: 'thankyou_msg_en', params: THANKS, notificationToken: first.notificationToken });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Invalid notifier token',
      details: [{ message: 'expired: a token is valid 1 year after it was issued', property: 'notificationToken' }],
    });
    expect(await written(k)).toEqual(before);
  });

  it('refuses an unknown template, or one in a language the channel lacks, with 403, writing nothing', async () => {
    const { k, channel, first } = await issued();
    const before = await written(k);
    for (const templateName of ['missing_msg_en', 'thankyou_msg_ja']) {
      const res = await send(k, channel, { templateName, params: THANKS, notificationToken: first.notificationToken });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: `The template ${templateName} cannot be found in channel 1650000001` });
    }
    expect(await written(k)).toEqual(before);
    // Nothing was used up: the token still sends.
    const ok = await send(k, channel, { templateName: 'thankyou_msg_en', params: THANKS, notificationToken: first.notificationToken });
    expect(ok.body.remainingCount).toBe(4);
  });

  it('refuses parameters that do not fit the template with 400 and a detail each, writing nothing', async () => {
    const { k, channel, first } = await issued();
    const before = await written(k);
    const res = await send(k, channel, {
      templateName: 'thankyou_msg_en',
      params: { username: 'x'.repeat(51), coupon: '10%', btn2_url: 'javascript:alert(1)' },
      notificationToken: first.notificationToken,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'The request body has 5 error(s)',
      details: [
        { message: 'not a variable of template thankyou_msg_en', property: 'params.coupon' },
        { message: 'must be specified (a required item of the template)', property: 'params.date' },
        { message: 'must be at most 50 characters', property: 'params.username' },
        { message: 'must be specified (the first button of the template)', property: 'params.btn1_url' },
        { message: 'must be an absolute http or https URL', property: 'params.btn2_url' },
      ],
    });
    expect(await written(k)).toEqual(before);
  });

  it('counts a value in grapheme clusters: 150 family emoji fit a simple template, 151 do not', async () => {
    const { k, channel, first } = await issued();
    const family = '👨‍👩‍👧';
    const over = await send(k, channel, {
      templateName: 'notice_s_en',
      params: { text: family.repeat(151), btn1_url: 'https://example.com/' },
      notificationToken: first.notificationToken,
    });
    expect(over.status).toBe(400);
    expect(over.body.details).toEqual([{ message: 'must be at most 150 characters', property: 'params.text' }]);
    const fits = await send(k, channel, {
      templateName: 'notice_s_en',
      params: { text: family.repeat(150), btn1_url: 'https://example.com/' },
      notificationToken: first.notificationToken,
    });
    expect(fits.status).toBe(200);
  });

  it('refuses a send without target=service, or with a template name over 30 characters, at the door (400)', async () => {
    const { k, channel, first } = await issued();
    const body = { templateName: 'thankyou_msg_en', params: THANKS, notificationToken: first.notificationToken };
    for (const target of ['', 'users']) {
      const res = await send(k, channel, body, target);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([expect.objectContaining({ property: 'target' })]);
    }
    const long = await send(k, channel, { ...body, templateName: `${'a'.repeat(28)}_en` });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual([expect.objectContaining({ property: 'templateName' })]);
    expect((await written(k)).messages).toEqual([]);
  });

  it('refuses a token of another MINI App channel with 401', async () => {
    const { k, first } = await issued();
    const other = await channelToken(k, CHANNELS.unverifiedDeveloping);
    const res = await send(k, other, {
      templateName: 'notice_s_en',
      params: { text: 'hi', btn1_url: 'https://example.com/' },
      notificationToken: first.notificationToken,
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid notifier token');
  });
});

describe('which channels may use service messages', () => {
  it('refuses a channel without a MINI App, and an unverified MINI App on its Published channel, with 403', async () => {
    const k = await start();
    for (const channel of [CHANNELS.plainLiff, CHANNELS.unverifiedPublished]) {
      const token = await channelToken(k, channel);
      const res = await issue(k, token, { liffAccessToken: await liffToken(k, channel) });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/^This channel is not authorized to issue service notification tokens: /);
      const sent = await send(k, token, { templateName: 'notice_s_en', params: {}, notificationToken: 'x' });
      expect(sent.status).toBe(403);
    }
    expect(await written(k)).toEqual({ tokens: [], messages: [] });
  });

  it('forgets a MINI App removed through the LIFF server API, with its tokens and messages', async () => {
    const { k, channel, first } = await issued();
    await send(k, channel, { templateName: 'thankyou_msg_en', params: THANKS, notificationToken: first.notificationToken }).expect(200);
    await request(k.app).delete('/liff/v1/apps/1650000001-shopapp1').set('Authorization', `Bearer ${channel}`).expect(200);
    expect(await written(k)).toEqual({ tokens: [], messages: [] });
    const res = await issue(k, channel, { liffAccessToken: await liffToken(k, CHANNELS.verified) });
    expect(res.status).toBe(403);
  });

  it('lets an unverified MINI App test service messages on its Developing channel', async () => {
    const k = await start();
    const token = await channelToken(k, CHANNELS.unverifiedDeveloping);
    const issuedRes = await issue(k, token, { liffAccessToken: await liffToken(k, CHANNELS.unverifiedDeveloping) });
    expect(issuedRes.status).toBe(200);
    const res = await send(k, token, {
      templateName: 'notice_s_en',
      params: { text: 'Your table is ready', btn1_url: 'https://example.com/' },
      notificationToken: issuedRes.body.notificationToken,
    });
    expect(res.status).toBe(200);
  });
});

describe("the person's service-message chat and the scenario", () => {
  it('lists the cards a person was sent, oldest first: title, items given, buttons given, the MINI App', async () => {
    const { k, channel, first } = await issued();
    const res = await send(k, channel, { templateName: 'thankyou_msg_en', params: THANKS, notificationToken: first.notificationToken });
    expect(res.status).toBe(200);
    const chat = await request(k.app).get(`/embedkit/v1/users/${ALICE}/service-messages`);
    expect(chat.status).toBe(200);
    expect(chat.body).toEqual({
      userId: ALICE,
      messages: [
        {
          id: expect.any(Number),
          sentAt: expect.any(Number),
          notice: {
            templateName: 'thankyou_msg_en',
            layout: 'detailed',
            title: 'Thank you for your order',
            items: [
              { label: 'Date', value: '2026-04-23' },
              { label: 'Name', value: 'Brown & Cony' },
            ],
            buttons: [{ label: 'See details', url: 'https://example.com/orders/1' }],
            app: { embedId: '1650000001-shopapp1', channelId: '1650000001', name: 'Shop' },
          },
        },
      ],
    });
    const carol = await request(k.app).get('/embedkit/v1/users/U0000000000000000000000000000ca10/service-messages');
    expect(carol.body.messages).toEqual([]);
  });

  it('exports the MINI Apps with their templates as the scenario declared them', async () => {
    const k = await start();
    const exported = scenarioOf(await readWorldRows(k.db));
    const declared = await readScenario(SCENARIO);
    expect(exported.apps.map((a) => a.miniApp)).toEqual(declared.apps.map((a) => a.miniApp));
    expect(scenarioProblems(exported)).toEqual([]);
  });

  it('refuses a scenario with two MINI Apps on a channel, a template named twice or a simple template of two items', async () => {
    const s = await readScenario(SCENARIO);
    const template = s.apps[0]!.miniApp!.serviceMessageTemplates![1]!;
    s.apps[3] = { ...s.apps[3]!, channelId: '1650000001', miniApp: { verified: true } };
    s.apps[0]!.miniApp!.serviceMessageTemplates!.push(
      { ...template },
      { ...template, name: 'two_s_en', details: [...template.details, { key: 'more', label: 'More' }] },
    );
    expect(scenarioProblems(s)).toEqual([
      'apps[0].miniApp.serviceMessageTemplates[2].name: notice_s_en is declared twice',
      'apps[0].miniApp.serviceMessageTemplates[3].details: a simple template has at most one item',
      'apps[3].miniApp: channel 1650000001 already has the MINI App apps[0]',
    ]);
  });
});
