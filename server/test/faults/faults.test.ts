// Faults on demand: a rule set through the simulator API makes the calls it names fail as the
// platform fails (429, 500, 503, an expired token, a delay, a dropped connection) in each
// interface's own error format, for as many calls, as large a share or as long a window as it says,
// and lists what it hit. The official SDK sees the fault as it would see the platform's.
import { channelAccessToken, HTTPFetchError, messagingApi } from '@line/bot-sdk-11';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/serve/start.js';
import { onTestDatabase } from '../helpers.js';
import { ALICE, BOTS_SCENARIO, TRIAL } from '../bot/helpers.js';
import { sdkRefusal } from '../sdk-refusal.js';

let server: RunningServer;
let client: messagingApi.MessagingApiClient;
const push = () => client.pushMessage({ to: ALICE, messages: [{ type: 'text', text: 'hi' }] });
const addFault = (rule: Record<string, unknown>) => request(server.baseUrl).post('/embedkit/v1/faults').send(rule);
const faults = async () => (await request(server.baseUrl).get('/embedkit/v1/faults').expect(200)).body.faults;

beforeAll(async () => {
  server = await startServer(onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }) }));
  const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: server.baseUrl });
  const token = (await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret)).access_token;
  client = new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: server.baseUrl });
});
afterEach(async () => {
  await request(server.baseUrl).delete('/embedkit/v1/faults').expect(204);
});
afterAll(async () => {
  await server?.close();
});

describe('fault rules', () => {
  it('make the next N calls of an operation fail with the platform’s 429, then let calls through', async () => {
    const set = await addFault({ operation: 'pushMessage', kind: 'rateLimited', times: 2 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ operation: 'pushMessage', kind: 'rateLimited', hits: 0, remaining: 2 });
    for (let i = 0; i < 2; i++) {
      const refused = await sdkRefusal(push());
      expect(refused).toEqual({ status: 429, body: { message: 'The API rate limit has been exceeded. Try again later.' } });
    }
    expect((await push()).sentMessages).toHaveLength(1);
    const [rule] = await faults();
    expect(rule).toMatchObject({ id: set.body.id, hits: 2, remaining: 0 });
    expect(rule.recent).toEqual([
      expect.objectContaining({ method: 'POST', path: '/v2/bot/message/push', status: 429 }),
      expect.objectContaining({ method: 'POST', path: '/v2/bot/message/push', status: 429 }),
    ]);
    // Another operation was never hit.
    expect((await client.getBotInfo()).userId).toMatch(/^U/);
  });

  it('answer an expired token as the interface does, and 503 with Retry-After', async () => {
    await addFault({ operation: 'getBotInfo', kind: 'expiredToken', times: 1 });
    const expired = await sdkRefusal(client.getBotInfo());
    expect(expired).toEqual({
      status: 401,
      body: { message: 'Authentication failed due to the following reason: expired token. Issue a new channel access token.' },
    });
    await addFault({ operation: 'getBotInfo', kind: 'unavailable', times: 1 });
    const e = await client.getBotInfo().catch((err: unknown) => err);
    expect(e).toBeInstanceOf(HTTPFetchError);
    expect((e as HTTPFetchError).status).toBe(503);
    expect((e as HTTPFetchError).headers.get('retry-after')).toBe('1');
  });

  it('write each interface’s error format: OAuth, v1 and blockchain', async () => {
    await addFault({ path: '/v2/oauth/accessToken', kind: 'serverError' });
    const oauth = await request(server.baseUrl)
      .post('/v2/oauth/accessToken')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: TRIAL.id, client_secret: TRIAL.secret });
    expect(oauth.status).toBe(500);
    expect(oauth.body).toEqual({ error: 'server_error', error_description: 'Internal server error' });
    await addFault({ origin: 'deprecated', path: '/v1/**', kind: 'expiredToken' });
    const v1 = await request(server.urls.deprecated).post('/v1/events').send({});
    expect(v1.status).toBe(401);
    expect(v1.body).toEqual({ statusCode: '412', statusMessage: 'accessToken expired' });
    await addFault({ origin: 'blockchain', path: '/**', kind: 'rateLimited' });
    const chain = await request(server.urls.blockchain).get('/v1/time');
    expect(chain.status).toBe(429);
    expect(chain.body).toMatchObject({ statusCode: 4290, statusMessage: 'The API rate limit has been exceeded. Try again later.' });
    expect(typeof chain.body.responseTime).toBe('number');
  });

  it('hold for a window of the simulated clock, and a share of 0 hits nothing', async () => {
    const now = (await request(server.baseUrl).get('/embedkit/v1/clock').expect(200)).body.now as number;
    await addFault({ operation: 'getBotInfo', kind: 'serverError', from: now + 3_600_000, until: now + 7_200_000 });
    await addFault({ operation: 'pushMessage', kind: 'serverError', share: 0 });
    expect((await client.getBotInfo()).userId).toMatch(/^U/);
    expect((await push()).sentMessages).toHaveLength(1);
    await request(server.baseUrl).post('/embedkit/v1/clock').send({ advance: '1h' }).expect(200);
    expect((await sdkRefusal(client.getBotInfo())).status).toBe(500);
    await request(server.baseUrl).post('/embedkit/v1/clock').send({ advance: '1h' }).expect(200);
    expect((await client.getBotInfo()).userId).toMatch(/^U/);
  });

  it('drop the connection, or delay a call that is then answered as usual', async () => {
    await addFault({ operation: 'getBotInfo', kind: 'drop', times: 1 });
    const dropped = await client.getBotInfo().catch((err: unknown) => err);
    expect(dropped).toBeInstanceOf(Error);
    expect(dropped).not.toBeInstanceOf(HTTPFetchError);
    await addFault({ operation: 'getBotInfo', kind: 'delay', delayMs: 20, times: 1 });
    expect((await client.getBotInfo()).userId).toMatch(/^U/);
    const statuses = (await faults()).map((f: { kind: string; hits: number; recent: { status: unknown }[] }) => [
      f.kind,
      f.hits,
      f.recent[0]?.status,
    ]);
    expect(statuses).toEqual([
      ['drop', 1, null],
      ['delay', 1, null],
    ]);
  });

  it('hit simulator routes by name, but never the fault routes themselves', async () => {
    await addFault({ path: '/embedkit/v1/**', kind: 'serverError' });
    expect((await request(server.baseUrl).get('/embedkit/v1/world')).status).toBe(500);
    expect((await faults()).length).toBe(1);
    await request(server.baseUrl).delete('/embedkit/v1/faults').expect(204);
    await addFault({ operation: 'world', kind: 'status', status: 418, body: { message: 'teapot' } });
    const world = await request(server.baseUrl).get('/embedkit/v1/world');
    expect(world.status).toBe(418);
    expect(world.body).toEqual({ message: 'teapot' });
  });

  it('refuse a rule that names no operation or mixes kinds, and removing a rule that is not there', async () => {
    const unknown = await addFault({ operation: 'pushMessages', kind: 'serverError' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ property: 'operation', message: 'must be a published operationId or a simulator route name' }]);
    const mixed = await addFault({ operation: 'pushMessage', kind: 'rateLimited', status: 500 });
    expect(mixed.status).toBe(400);
    expect(mixed.body.details[0].property).toBe('status');
    const shape = await addFault({ kind: 'explode' });
    expect(shape.status).toBe(400);
    expect(shape.body.details[0].property).toBe('kind');
    expect(await faults()).toEqual([]);
    expect((await request(server.baseUrl).delete('/embedkit/v1/faults/nope')).status).toBe(404);
  });
});
