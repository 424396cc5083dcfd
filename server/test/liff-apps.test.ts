// The LIFF server API (`/liff/v1/apps`, the platform's liff.yml) over the embedded app registry:
// the official `@line/bot-sdk-11` LiffClient unmodified against a started kit, its answers held
// against the published schemas with Ajv, one registry shared with `/embed/v1/apps`, the published
// defaults, the errors, and the new fields through scenario export and import.
import { Ajv, type AnySchema } from 'ajv';
import { channelAccessToken, liff } from '@line/bot-sdk-11';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedkit } from '../src/kit/embedkit.js';
import { startServer, type RunningServer } from '../src/serve/start.js';
import { readWorldRows, scenarioOf } from '../src/scenario/export.js';
import { CHANNEL_1, CHANNEL_2, onTestDatabase, TWO_CHANNELS, withTempDir } from './helpers.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { obj } from './published-schema.js';
import { sdkRefusal } from './sdk-refusal.js';

// ---- liff.yml components, nothing beyond them (unlisted properties refused). ----
const bool = { type: 'boolean' };
const LiffView = obj(['type', 'url'], {
  type: { enum: ['compact', 'tall', 'full'] },
  url: { type: 'string', format: 'uri' },
  moduleMode: bool,
});
const LiffApp = obj([], {
  liffId: { type: 'string' },
  view: LiffView,
  description: { type: 'string' },
  features: obj([], { ble: bool, qrCode: bool }),
  permanentLinkPattern: { type: 'string' },
  scope: { type: 'array', items: { enum: ['openid', 'email', 'profile', 'chat_message.write'] } },
  botPrompt: { enum: ['normal', 'aggressive', 'none'] },
});
const SCHEMAS: Record<string, AnySchema> = {
  AddLiffAppResponse: obj(['liffId'], { liffId: { type: 'string' } }),
  GetAllLiffAppsResponse: obj([], { apps: { type: 'array', items: LiffApp } }),
  ErrorResponse: obj(['message'], {
    message: { type: 'string' },
    details: { type: 'array', minItems: 1, items: obj([], { message: { type: 'string' }, property: { type: 'string' } }) },
  }),
};
const ajv = new Ajv({ allErrors: true, strict: false });
// `format: uri`, checked as the published document means it: an absolute URL.
ajv.addFormat('uri', (s: string) => URL.canParse(s));
function expectValid(name: string, body: unknown): void {
  const validate = ajv.compile(SCHEMAS[name]!);
  expect(validate(body) ? [] : validate.errors, name).toEqual([]);
}

let server: RunningServer;
let client: liff.LiffClient;
let other: liff.LiffClient;
let token: string;
const embed = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
  request(server.baseUrl)[method](path).set('Authorization', `Bearer ${token}`);

/** What a refused SDK call answered: status and parsed body. */
const refusal = (call: Promise<unknown>) => sdkRefusal<Record<string, unknown>>(call);

beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: TWO_CHANNELS, logger: pino({ level: 'silent' }) }));
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  token = (await tokens.issueChannelToken('client_credentials', CHANNEL_1.id, CHANNEL_1.secret)).access_token;
  const token2 = (await tokens.issueChannelToken('client_credentials', CHANNEL_2.id, CHANNEL_2.secret)).access_token;
  client = new liff.LiffClient({ channelAccessToken: token, baseURL: server.baseUrl });
  other = new liff.LiffClient({ channelAccessToken: token2, baseURL: server.baseUrl });
});
afterAll(() => server?.close());

describe('LiffClient (@line/bot-sdk 11.x) against the kit', () => {
  it('adds, lists, updates and deletes an app; every answer as published', async () => {
    const added = await client.addLIFFApp({
      view: { type: 'tall', url: 'https://example.com/shop', moduleMode: true },
      description: 'Shop',
      features: { ble: false, qrCode: true },
      permanentLinkPattern: 'concat',
      scope: ['openid', 'chat_message.write'],
      botPrompt: 'aggressive',
    });
    expectValid('AddLiffAppResponse', added);
    expect(added.liffId).toMatch(/^1650000001-[A-Za-z0-9]{8}$/);

    const all = await client.getAllLIFFApps();
    expectValid('GetAllLiffAppsResponse', all);
    expect(all.apps).toContainEqual({
      liffId: added.liffId,
      view: { type: 'tall', url: 'https://example.com/shop', moduleMode: true },
      description: 'Shop',
      features: { ble: false, qrCode: true },
      permanentLinkPattern: 'concat',
      scope: ['openid', 'chat_message.write'],
      botPrompt: 'aggressive',
    });

    // A partial update: only what is given changes, in view and features too.
    expect(await client.updateLIFFApp(added.liffId, { view: { url: 'https://example.com/shop2' }, features: { ble: true } })).toBeNull();
    const updated = (await client.getAllLIFFApps()).apps!.find((a) => a.liffId === added.liffId);
    expect(updated).toEqual({
      liffId: added.liffId,
      view: { type: 'tall', url: 'https://example.com/shop2', moduleMode: true },
      description: 'Shop',
      features: { ble: true, qrCode: true },
      permanentLinkPattern: 'concat',
      scope: ['openid', 'chat_message.write'],
      botPrompt: 'aggressive',
    });
    await client.updateLIFFApp(added.liffId, { description: 'Shop two', scope: ['profile'], botPrompt: 'normal' });
    expect((await client.getAllLIFFApps()).apps!.find((a) => a.liffId === added.liffId)).toMatchObject({
      description: 'Shop two',
      scope: ['profile'],
      botPrompt: 'normal',
      view: { url: 'https://example.com/shop2' },
    });

    expect(await client.deleteLIFFApp(added.liffId)).toBeNull();
    expect((await client.getAllLIFFApps()).apps!.map((a) => a.liffId)).not.toContain(added.liffId);
  });

  it('fills what an add leaves out with the published defaults', async () => {
    const { liffId } = await client.addLIFFApp({ view: { type: 'full', url: 'https://example.com/d' } });
    const app = (await client.getAllLIFFApps()).apps!.find((a) => a.liffId === liffId);
    expect(app).toEqual({
      liffId,
      view: { type: 'full', url: 'https://example.com/d', moduleMode: false },
      description: liffId,
      features: { ble: false, qrCode: false },
      permanentLinkPattern: 'concat',
      scope: ['profile', 'chat_message.write'],
      botPrompt: 'none',
    });
    await client.deleteLIFFApp(liffId);
  });

  it('answers 400 with details and property paths for invalid values, as published', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ view: { type: 'huge', url: 'https://example.com' } }, 'view.type', 'Must be one of the following values: [compact, tall, full]'],
      [
        { view: { type: 'full', url: 'http://example.com/' } },
        'view.url',
        'invalid uri scheme: the URL must use https (http is accepted for loopback hosts only)',
      ],
      [{ view: { type: 'full', url: 'https://example.com/#top' } }, 'view.url', 'URL fragments (#URL-fragment) cannot be specified'],
      [{ view: { type: 'full', url: 'https://example.com/', moduleMode: 'yes' } }, 'view.moduleMode', 'Must be a boolean'],
      [
        { view: { type: 'full', url: 'https://example.com/' }, scope: ['profile', 'friends'] },
        'scope[1]',
        'Must be one of the following values: [openid, email, profile, chat_message.write]',
      ],
      [
        { view: { type: 'full', url: 'https://example.com/' }, botPrompt: 'loud' },
        'botPrompt',
        'Must be one of the following values: [normal, aggressive, none]',
      ],
      [
        { view: { type: 'full', url: 'https://example.com/' }, permanentLinkPattern: 'replace' },
        'permanentLinkPattern',
        'Must be one of the following values: [concat]',
      ],
      [{ view: { type: 'full', url: 'https://example.com/' }, features: { ble: 1 } }, 'features.ble', 'Must be a boolean'],
      [
        { view: { type: 'full', url: 'https://example.com/' }, description: 'My LINE app' },
        'description',
        'The LIFF app name cannot include "LINE"',
      ],
      [{ description: 'x' }, 'view', 'must be specified'],
    ];
    for (const [body, property, message] of cases) {
      const res = await refusal(client.addLIFFApp(body as liff.AddLiffAppRequest));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectValid('ErrorResponse', res.body);
      expect(res.body.details, JSON.stringify(body)).toContainEqual({ message, property });
    }
    const update = await refusal(client.updateLIFFApp('1650000001-demoapp1', { view: { type: 'wide' }, scope: 'profile' } as never));
    expect(update.status).toBe(400);
    expect(update.body.details).toEqual(
      expect.arrayContaining([
        { message: 'Must be one of the following values: [compact, tall, full]', property: 'view.type' },
        { message: 'Must be an array', property: 'scope' },
      ]),
    );
  });

  it('answers 404 for an unknown app and for another channel’s app, 401 without a valid token', async () => {
    for (const call of [client.updateLIFFApp('1650000001-nosuchap', { description: 'x' }), client.deleteLIFFApp('1650000001-nosuchap')]) {
      const res = await refusal(call);
      expect(res.status).toBe(404);
      expectValid('ErrorResponse', res.body);
    }
    // The scenario's app belongs to channel 1: channel 2's token neither changes nor deletes it.
    expect((await refusal(other.updateLIFFApp('1650000001-demoapp1', { description: 'mine' }))).status).toBe(404);
    expect((await refusal(other.deleteLIFFApp('1650000001-demoapp1'))).status).toBe(404);
    // Channel 2 has no apps: 404, as published ("There is no LIFF app on the channel").
    expect((await refusal(other.getAllLIFFApps())).status).toBe(404);
    const stranger = new liff.LiffClient({ channelAccessToken: 'not-a-token', baseURL: server.baseUrl });
    expect((await refusal(stranger.getAllLIFFApps())).status).toBe(401);
    expect((await refusal(stranger.addLIFFApp({ view: { type: 'full', url: 'https://example.com/' } }))).status).toBe(401);
  });
});

describe('one registry behind /liff/v1 and /embed/v1', () => {
  it('an app added with the LIFF API is listed, updated and deleted by /embed/v1, which keeps its own shape', async () => {
    const { liffId } = await client.addLIFFApp({
      view: { type: 'compact', url: 'https://example.com/l', moduleMode: true },
      scope: ['openid'],
      botPrompt: 'normal',
    });
    const listed = await embed('get', '/embed/v1/apps');
    expect(listed.body.apps).toContainEqual({ embedId: liffId, view: { type: 'compact', url: 'https://example.com/l' } });
    for (const app of listed.body.apps) expect(Object.keys(app).sort()).toEqual(['embedId', 'view']);

    // A view change through /embed/v1 keeps the LIFF settings.
    expect((await embed('put', `/embed/v1/apps/${liffId}/view`).send({ type: 'full', url: 'https://example.com/l2' })).status).toBe(200);
    expect((await client.getAllLIFFApps()).apps!.find((a) => a.liffId === liffId)).toMatchObject({
      view: { type: 'full', url: 'https://example.com/l2', moduleMode: true },
      scope: ['openid'],
      botPrompt: 'normal',
    });

    expect((await embed('delete', `/embed/v1/apps/${liffId}`)).status).toBe(200);
    expect((await client.getAllLIFFApps()).apps!.map((a) => a.liffId)).not.toContain(liffId);
    expect((await refusal(client.deleteLIFFApp(liffId))).status).toBe(404);
  });

  it('an app added with /embed/v1 is listed by the LIFF API with the defaults, and deleted by it', async () => {
    const added = await embed('post', '/embed/v1/apps').send({ view: { type: 'tall', url: 'https://example.com/e' } });
    const embedId = added.body.embedId as string;
    expect((await client.getAllLIFFApps()).apps).toContainEqual({
      liffId: embedId,
      view: { type: 'tall', url: 'https://example.com/e', moduleMode: false },
      description: embedId,
      features: { ble: false, qrCode: false },
      permanentLinkPattern: 'concat',
      scope: ['profile', 'chat_message.write'],
      botPrompt: 'none',
    });
    await client.deleteLIFFApp(embedId);
    expect((await embed('get', '/embed/v1/apps')).body.apps.map((a: { embedId: string }) => a.embedId)).not.toContain(embedId);
    expect((await embed('delete', `/embed/v1/apps/${embedId}`)).status).toBe(404);
  });

  it('both APIs count against the one limit of 30 apps per channel', async () => {
    const before = (await client.getAllLIFFApps()).apps!.length;
    const added: string[] = [];
    try {
      for (let i = before; i < 30; i++) {
        if (i % 2) added.push((await client.addLIFFApp({ view: { type: 'full', url: `https://example.com/${i}` } })).liffId);
        else
          added.push(
            (await embed('post', '/embed/v1/apps').send({ view: { type: 'full', url: `https://example.com/${i}` } })).body.embedId,
          );
      }
      const full = await refusal(client.addLIFFApp({ view: { type: 'full', url: 'https://example.com/31' } }));
      expect(full.status).toBe(400);
      expect(full.body.message).toBe('The channel already has the maximum number of apps (30)');
      expect((await embed('post', '/embed/v1/apps').send({ view: { type: 'full', url: 'https://example.com/31' } })).status).toBe(400);
    } finally {
      for (const id of added) await client.deleteLIFFApp(id);
    }
  });
});

describe('the LIFF settings in scenario export and import', () => {
  it('a world exported with them loads into a new kit with the same apps', async () => {
    const { liffId } = await client.addLIFFApp({
      view: { type: 'tall', url: 'https://example.com/x', moduleMode: true },
      description: 'Exported',
      features: { qrCode: true },
      scope: ['openid', 'email'],
      botPrompt: 'aggressive',
    });
    const exported = (await request(server.baseUrl).get('/embedkit/v1/scenario')).body;
    expect(exported.apps).toContainEqual({
      embedId: liffId,
      channelId: CHANNEL_1.id,
      name: 'Exported',
      view: { type: 'tall', url: 'https://example.com/x', moduleMode: true },
      features: { qrCode: true },
      scope: ['openid', 'email'],
      botPrompt: 'aggressive',
    });
    // An app with the defaults exports as before the settings existed.
    expect(exported.apps.find((a: { embedId: string }) => a.embedId === '1650000001-demoapp1')).not.toHaveProperty('scope');

    await withTempDir(async (dir) => {
      const file = join(dir, 'exported.json');
      writeFileSync(file, JSON.stringify(exported));
      const kit = await createEmbedkit(onTestDatabase({ inMemory: true, scenarioFile: file, logger: pino({ level: 'silent' }) }));
      try {
        const t = await request(kit.app)
          .post('/v2/oauth/accessToken')
          .type('form')
          .send({ grant_type: 'client_credentials', client_id: CHANNEL_1.id, client_secret: CHANNEL_1.secret });
        const list = await request(kit.app).get('/liff/v1/apps').set('Authorization', `Bearer ${t.body.access_token}`);
        expect(list.body.apps).toContainEqual({
          liffId,
          view: { type: 'tall', url: 'https://example.com/x', moduleMode: true },
          description: 'Exported',
          features: { ble: false, qrCode: true },
          permanentLinkPattern: 'concat',
          scope: ['openid', 'email'],
          botPrompt: 'aggressive',
        });
        expect(scenarioOf(await readWorldRows(kit.db)).apps).toEqual(exported.apps);
      } finally {
        await kit.close();
      }
    });
    await client.deleteLIFFApp(liffId);
  });
});
