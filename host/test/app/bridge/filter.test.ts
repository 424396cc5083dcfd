// @vitest-environment happy-dom
import { expose } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHostApi } from '../../../src/app/bridge/host-api.js';
import type { BridgeHandlers } from '../../../src/app/bridge/connect.js';
import { filteredEndpoint, screenMessage } from '../../../src/app/bridge/filter.js';
import { fakeHandlers } from './handlers.fixture.js';

const profile = { userId: 'U1', displayName: 'Alice' };
const ports: MessagePort[] = [];

afterEach(() => {
  ports.splice(0).forEach((p) => p.close());
});

/**
 * The host api exposed on port1 (through the filter unless `unfiltered`), and helpers that talk
 * raw comlink wire messages on port2, as a hostile page could.
 */
function setup({ unfiltered = false } = {}) {
  const handlers: BridgeHandlers = fakeHandlers(profile);
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const refused: string[] = [];
  const api = createHostApi(handlers);
  expose(api, unfiltered ? port1 : filteredEndpoint(port1, (reason) => refused.push(reason)));
  const received: { id?: unknown; type?: unknown; value?: unknown }[] = [];
  const waiting = new Map<unknown, (data: unknown) => void>();
  port2.addEventListener('message', (event) => {
    received.push(event.data);
    waiting.get(event.data.id)?.(event.data);
  });
  port2.start();
  let next = 0;
  /** Posts `message` with a fresh id and resolves with the answer to that id. */
  const request = (message: object): Promise<any> =>
    new Promise((resolve) => {
      const id = `req-${++next}`;
      waiting.set(id, resolve);
      port2.postMessage({ id, ...message });
    });
  const post = (message: unknown) => port2.postMessage(message);
  return { handlers, api, refused, received, request, post };
}

const call = (method: string, ...args: unknown[]) => ({
  type: 'APPLY',
  path: [method],
  argumentList: args.map((value) => ({ type: 'RAW', value })),
});

const hostile: [string, object][] = [
  ['GET of a method', { type: 'GET', path: ['getProfile'] }],
  ['GET of the whole api', { type: 'GET', path: [] }],
  ['GET of constructor', { type: 'GET', path: ['constructor'] }],
  ['SET through __proto__', { type: 'SET', path: ['__proto__', 'polluted'], value: { type: 'RAW', value: 'yes' } }],
  ['SET over a method', { type: 'SET', path: ['getProfile'], value: { type: 'RAW', value: 'gone' } }],
  ['CONSTRUCT of a method', { type: 'CONSTRUCT', path: ['getProfile'], argumentList: [] }],
  ['CONSTRUCT of constructor', { type: 'CONSTRUCT', path: ['constructor'], argumentList: [] }],
  ['ENDPOINT', { type: 'ENDPOINT' }],
  ['RELEASE', { type: 'RELEASE' }],
  ['no type', { path: ['getProfile'], argumentList: [] }],
  ['APPLY of constructor', call('constructor')],
  ['APPLY of __proto__', call('__proto__')],
  ['APPLY of prototype', call('prototype')],
  ['APPLY of an inherited method', call('hasOwnProperty', 'getProfile')],
  ['APPLY of toString', call('toString')],
  ['APPLY through __proto__', call('__proto__', 'polluted')],
  ['APPLY with a longer path', { ...call('getProfile'), path: ['getProfile', 'call'] }],
  ['APPLY of Object.assign', { ...call('x', {}, { polluted: 'yes' }), path: ['constructor', 'assign'] }],
  ['APPLY with a path that is not an array', { ...call('getProfile'), path: 'getProfile' }],
  ['APPLY with a nested path element', { ...call('getProfile'), path: [['getProfile']] }],
  ['APPLY with no path', { type: 'APPLY', argumentList: [] }],
  [
    'APPLY with a HANDLER argument',
    { ...call('closeWindow'), argumentList: [{ type: 'HANDLER', name: 'throw', value: { isError: false, value: 1 } }] },
  ],
  ['APPLY with an argument that is not a wire value', { ...call('sendMessages'), argumentList: [[{ type: 'text' }]] }],
  ['APPLY with an argumentList that is not an array', { ...call('getProfile'), argumentList: 'x' }],
];

describe('bridge filter', () => {
  it('lets a call of an allowed method through', async () => {
    const { request, handlers } = setup();
    const answer = await request(call('getProfile'));
    expect(answer).toMatchObject({ type: 'RAW', value: { ok: true, value: profile } });
    await request(call('openWindow', { url: 'https://example.com/' }));
    expect(handlers.openWindow).toHaveBeenCalledWith({ url: 'https://example.com/', external: false });
  });

  it('has a real attack to stop: the SET message pollutes Object.prototype through unfiltered comlink', async () => {
    const { request } = setup({ unfiltered: true });
    try {
      await request(hostile[3]![1]);
      expect(({} as { polluted?: unknown }).polluted).toBe('yes');
    } finally {
      delete (Object.prototype as { polluted?: unknown }).polluted;
    }
  });

  it.each(hostile)('refuses %s with INVALID_ARGUMENT and touches nothing', async (_name, message) => {
    const { request, refused, handlers } = setup();
    const answer = await request(message);
    expect(answer).toMatchObject({ type: 'RAW', value: { ok: false, error: { code: 'INVALID_ARGUMENT' } } });
    expect(answer.value.error.message).toMatch(/^refused: /);
    expect(refused).toHaveLength(1);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
    // The api is unchanged: the method still answers.
    expect((await request(call('getProfile'))).value).toEqual({ ok: true, value: profile });
  });

  it('answers a refused message that has a numeric id with that id', async () => {
    const { post, received } = setup();
    post({ id: 7, type: 'GET', path: ['getProfile'] });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ id: 7, type: 'RAW', value: { ok: false, error: { code: 'INVALID_ARGUMENT' } } });
  });

  it('drops a refused message without id silently (reported, no answer)', async () => {
    const { post, request, received, refused } = setup();
    post({ type: 'SET', path: ['__proto__', 'polluted'], value: { type: 'RAW', value: 'yes' } });
    post('not even an object');
    // Port messages keep their order: when the answer to this call arrives, the two above were handled.
    await request(call('closeWindow'));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ id: 'req-1' });
    expect(refused).toEqual(['message type "SET" is not allowed, only calls', 'not a comlink message']);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe('screenMessage', () => {
  it('rebuilds an accepted call from its checked fields only', () => {
    const verdict = screenMessage({
      id: 'a',
      type: 'APPLY',
      path: ['sendMessages'],
      argumentList: [{ type: 'RAW', value: [{ type: 'text' }], extra: 1 }],
      value: 'x',
    });
    expect(verdict).toEqual({
      call: { id: 'a', type: 'APPLY', path: ['sendMessages'], argumentList: [{ type: 'RAW', value: [{ type: 'text' }] }] },
    });
  });

  it('names the refused path without stringifying objects', () => {
    expect(screenMessage({ id: 'b', type: 'APPLY', path: ['__proto__', {}] })).toEqual({
      id: 'b',
      reason: 'no such method: ["__proto__", object]',
    });
  });
});
