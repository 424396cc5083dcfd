/**
 * The simulator API's contract (`contract/src/simulator-api.ts`, the units' slices) drives both sides: the
 * server mounts exactly its routes from one object of handlers (each unit's built for the routes
 * that name it), the client calls them by name, and docs/project/simulator-api.md documents each
 * of them. A handler missing, a handler the contract does not have, a unit's handler for another
 * unit's route, a call with a missing parameter or a wrong body: each fails to compile.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, SimulatorClient } from '#contract/client.js';
import type { SimulatorHandlers, UnitHandlers } from '../../src/simulator-api/handlers.js';
import { SIMULATOR_API, SIMULATOR_PREFIX, simulatorPath, type SimulatorRoute } from '#contract/simulator-api.js';
import { jsonBody } from '../../src/http/body.js';
import { errorHandler } from '../../src/http/error-handler.js';
import { badRequest } from '../../src/http/errors.js';
import { mountSimulatorApi } from '../../src/simulator-api/mount.js';
import { pino } from 'pino';

const names = Object.keys(SIMULATOR_API) as SimulatorRoute[];

/** Handlers that answer what they were given, so a test sees what crossed. */
function echoHandlers(): SimulatorHandlers {
  const handlers: Record<string, unknown> = {};
  for (const name of names) {
    const answer = SIMULATOR_API[name].answer;
    handlers[name] =
      answer === 'binary' || answer === 'stream'
        ? (_req: express.Request, res: express.Response) => void res.type('text/plain').send(`raw ${name}`)
        : ({ params, query, body }: { params: unknown; query: unknown; body: unknown }) => {
            if ((query as { fail?: string }).fail) throw badRequest('refused as asked');
            return answer === 'empty' ? undefined : { name, params, query, body: Buffer.isBuffer(body) ? body.toString() : body };
          };
  }
  return handlers as unknown as SimulatorHandlers;
}

let server: Server;
let client: SimulatorClient;

beforeAll(async () => {
  const app = express();
  app.use(mountSimulatorApi(echoHandlers(), { json: jsonBody, 'v1-json': jsonBody, raw: express.raw({ type: () => true }) }));
  app.use(errorHandler(pino({ level: 'silent' })));
  server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  client = new SimulatorClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the simulator API contract', () => {
  it('serves every route at its method and path, with its parameters, query and body', async () => {
    const answer = (await client.call('sendMessage', {
      params: { chatId: 'C 1/x' },
      body: { userId: 'U1', message: { type: 'text', text: 'hi' } },
    })) as unknown as Record<string, unknown>;
    expect(answer).toEqual({
      name: 'sendMessage',
      params: { chatId: 'C 1/x' },
      query: {},
      body: { userId: 'U1', message: { type: 'text', text: 'hi' } },
    });
    const page = (await client.call('chatMessages', { params: { chatId: 'C1' }, query: { limit: 5, before: '9' } })) as unknown as Record<
      string,
      unknown
    >;
    // The query is sent as text and checked at the door, which reads the limit as the number its schema declares.
    expect(page.query).toEqual({ limit: 5, before: '9' });
  });

  it('sends a raw body with its content type', async () => {
    const answer = (await client.call('sendMedia', {
      params: { chatId: 'C1' },
      query: { userId: 'U1', type: 'file', fileName: 'a.txt' },
      body: new TextEncoder().encode('bytes'),
      contentType: 'text/plain',
    })) as unknown as Record<string, unknown>;
    expect(answer.body).toBe('bytes');
  });

  it('answers an empty route with 204 and a binary route as its handler writes it', async () => {
    await expect(client.call('deleteLinkTemplate', { params: { channelId: '1', templateId: 't' } })).resolves.toBeUndefined();
    const res = await fetch(client.url('userPicture', { params: { userId: 'U1' } }));
    expect(await res.text()).toBe('raw userPicture');
  });

  it('turns a refusal into an HttpError with the status and the message', async () => {
    const refusal = client.call('bots', { query: { fail: '1' } } as never);
    await expect(refusal).rejects.toBeInstanceOf(HttpError);
    await expect(refusal).rejects.toMatchObject({ status: 400, message: 'refused as asked' });
  });

  it('builds the paths a page uses as URLs', () => {
    expect(simulatorPath('content', { messageId: '42' })).toBe(`${SIMULATOR_PREFIX}/contents/42`);
    expect(simulatorPath('userPictureSized', { userId: 'U 1', size: 'small' })).toBe(`${SIMULATOR_PREFIX}/users/U%201/picture/small`);
  });

  it('has its routes documented in docs/project/simulator-api.md, and documents no other', () => {
    const doc = readFileSync(new URL('../../../docs/project/simulator-api.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| `\/embedkit\/v1([^`?]*)[^`]*` \|/gm)].map(
      ([, method, path]) => `${method} ${path!.replace(/<([A-Za-z]+)>/g, ':$1')}`,
    );
    const routes = names.map((n) => `${SIMULATOR_API[n].method} ${SIMULATOR_API[n].path}`);
    expect([...new Set(rows)].sort()).toEqual([...new Set(routes)].sort());
  });
});

describe('the compiler keeps both sides to the contract', () => {
  it('refuses a missing handler, a handler the contract does not have, and a wrong answer', () => {
    const all = echoHandlers();
    const { world: _world, ...withoutWorld } = all;
    // @ts-expect-error: the `world` route has no handler
    const missing: SimulatorHandlers = withoutWorld;
    // @ts-expect-error: `flyToTheMoon` is not a route of the contract
    const extra: SimulatorHandlers = { ...all, flyToTheMoon: () => ({}) };
    // @ts-expect-error: the clock answers `{now, iso, offsetMs}`, not a string
    const wrongAnswer: SimulatorHandlers['clock'] = () => 'noon';
    expect([missing, extra, wrongAnswer]).toHaveLength(3);
  });

  it('asks each unit for the handlers of the routes that name it, and no others', () => {
    const all = echoHandlers();
    const { faults, addFault, deleteFault, clearFaults } = all;
    const whole: UnitHandlers<'faults'> = { faults, addFault, deleteFault, clearFaults };
    // @ts-expect-error: `clearFaults` names the unit `faults`
    const short: UnitHandlers<'faults'> = { faults, addFault, deleteFault };
    // @ts-expect-error: `clock` names the unit `social`
    const stray: UnitHandlers<'faults'> = { ...whole, clock: all.clock };
    // The units are those the slices' routes name, so the list says what the server is made of.
    // @ts-expect-error: no route names the unit `nobody`
    const nobody: UnitHandlers<'nobody'> = {};
    expect([whole, short, stray, nobody]).toHaveLength(4);
  });

  it('refuses a call without its path parameters or with a body of another shape', () => {
    const typed = (fn: () => unknown) => fn;
    // @ts-expect-error: `chatMessages` needs its chatId
    typed(() => client.call('chatMessages', {}));
    // @ts-expect-error: a friendship's state is `friend` or `blocked`
    typed(() => client.call('setFriendship', { params: { userId: 'U', channelId: '1' }, body: { state: 'enemy' } }));
    // @ts-expect-error: a binary route is not called, its URL is used
    typed(() => client.call('userPicture', { params: { userId: 'U' } }));
    expect(typed(() => 0)).toBeTypeOf('function');
  });
});
