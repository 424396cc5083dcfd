// The official Node bot SDK's webhook middleware (`@line/bot-sdk` 10 and 11, unmodified) in front
// of an express bot, as the SDK's docs write it: with the header prefix `X-Line-` it receives and
// verifies every event embedkit sends; with the spec's default prefix it refuses them (`no
// signature`: it reads `x-line-signature` only).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import { channelAccessToken, messagingApi, middleware as middleware10, type WebhookRequestBody } from '@line/bot-sdk';
import { middleware as middleware11 } from '@line/bot-sdk-11';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/serve/start.js';
import { onTestDatabase } from '../../helpers.js';
import { ALICE, ALICE_BOT, BOTS_SCENARIO, TRIAL } from '../helpers.js';

type Middleware = typeof middleware10;

/** An express bot behind the SDK's middleware: the events it accepted, the errors the middleware raised. */
async function expressBot(middleware: Middleware): Promise<{ url: string; events: unknown[]; errors: string[]; server: Server }> {
  const events: unknown[] = [];
  const errors: string[] = [];
  const app = express();
  app.post('/callback', middleware({ channelSecret: TRIAL.secret }), (req, res) => {
    events.push(...(req.body as WebhookRequestBody).events);
    res.json({});
  });
  const onError: ErrorRequestHandler = (err: Error, _req, res, _next) => {
    errors.push(err.message);
    res.status(401).end();
  };
  app.use(onError);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, events, errors, server };
}

let kit: RunningServer | undefined;
let bot: Server | undefined;
afterEach(async () => {
  await kit?.close();
  bot?.close();
  kit = bot = undefined;
});

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts a kit with `headerPrefix`, points the trial channel at the bot and has Alice write to it. */
async function aliceWrites(middleware: Middleware, headerPrefix?: string) {
  kit = await startServer(
    onTestDatabase({
      port: 0,
      inMemory: true,
      scenarioFile: BOTS_SCENARIO,
      logger: pino({ level: 'silent' }),
      ...(headerPrefix ? { headerPrefix } : {}),
    }),
  );
  const b = await expressBot(middleware);
  bot = b.server;
  const put = await fetch(`${kit.baseUrl}/embedkit/v1/channels/${TRIAL.id}/webhook`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: b.url }),
  });
  expect(put.status).toBe(200);
  const said = await fetch(`${kit.baseUrl}/embedkit/v1/chats/${ALICE_BOT}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: ALICE, message: { type: 'text', text: 'hello bot' } }),
  });
  expect(said.status).toBe(200);
  return b;
}

describe.each([
  ['10', middleware10],
  ['11', middleware11 as unknown as Middleware],
])('@line/bot-sdk %s middleware', (_version, middleware) => {
  it('with headerPrefix X-Line- receives and verifies the events embedkit sends', async () => {
    const b = await aliceWrites(middleware, 'X-Line-');
    await until(() => b.events.length > 0, 'the event');
    expect(b.errors).toEqual([]);
    expect(b.events[0]).toMatchObject({ type: 'message', message: { type: 'text', text: 'hello bot' }, source: { userId: ALICE } });
    // The Webhooks panel shows the header as it was sent.
    const listed = (await (await fetch(`${kit!.baseUrl}/embedkit/v1/deliveries?channelId=${TRIAL.id}`)).json()) as {
      deliveries: { headers: Record<string, string> }[];
    };
    expect(Object.keys(listed.deliveries[0]!.headers)).toContain('X-Line-Signature');
  });

  it('without the option refuses them: no signature', async () => {
    const b = await aliceWrites(middleware);
    await until(() => b.errors.length > 0, 'the refusal');
    expect(b.errors[0]).toBe('no signature');
    expect(b.events).toEqual([]);
  });
});

describe('request IDs with headerPrefix X-Line-', () => {
  it('answers carry X-Line-Request-Id (the SDK reads a narrowcast or rich menu batch ID there), none X-Service-', async () => {
    kit = await startServer(
      onTestDatabase({ port: 0, inMemory: true, scenarioFile: BOTS_SCENARIO, logger: pino({ level: 'silent' }), headerPrefix: 'X-Line-' }),
    );
    const tokens = new channelAccessToken.ChannelAccessTokenClient({ baseURL: kit.baseUrl });
    const token = (await tokens.issueChannelToken('client_credentials', TRIAL.id, TRIAL.secret)).access_token;
    const client = new messagingApi.MessagingApiClient({ channelAccessToken: token, baseURL: kit.baseUrl });
    const info = await client.getBotInfoWithHttpInfo();
    expect(info.httpResponse.headers.get('x-line-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(info.httpResponse.headers.get('x-service-request-id')).toBeNull();
    const sent = await client.narrowcastWithHttpInfo({ messages: [{ type: 'text', text: 'all' }] });
    const requestId = sent.httpResponse.headers.get('x-line-request-id')!;
    expect((await client.getNarrowcastProgress(requestId)).phase).toBe('succeeded');
  });
});
