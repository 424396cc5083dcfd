// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectApp, LIVENESS_WAIT_MS, type AppConnectionOptions, type BridgeHandlers } from '../../../src/app/bridge/connect.js';
import { BridgeError } from '../../../src/app/bridge/errors.js';
import { PROTOCOL, PROTOCOL_VERSION, type InitData } from '#contract/bridge/protocol.js';
import { fakeHandlers } from './handlers.fixture.js';

const APP_URL = 'https://app.test:8443/view/index.html?x=1';
const APP_ORIGIN = 'https://app.test:8443';
const hello = { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'hello' };
const initData: InitData = { language: 'en', context: { type: 'group', viewType: 'tall', userId: 'U1', groupId: 'G1' } };

const handlers: BridgeHandlers = fakeHandlers({ userId: 'U1', displayName: 'Alice' });

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** connectApp on a fake host window (`target`) with a fake app frame whose `postMessage` is a spy. */
function setup(overrides: Partial<AppConnectionOptions> = {}) {
  const target = new EventTarget();
  const app = { postMessage: vi.fn() };
  const frame = Object.assign(new EventTarget(), { contentWindow: app }) as unknown as HTMLIFrameElement;
  const onRejected = vi.fn();
  const onConnected = vi.fn();
  const readInitData = vi.fn(() => initData);
  const connection = connectApp({
    frame,
    appUrl: APP_URL,
    initData: readInitData,
    handlers,
    onRejected,
    onConnected,
    target: target as unknown as Window,
    ...overrides,
  });
  cleanups.push(() => {
    connection.dispose();
    for (const [, , transfer] of app.postMessage.mock.calls) for (const port of (transfer ?? []) as MessagePort[]) port.close();
  });
  /** A message event on the host window; by default a valid hello from the app frame. */
  const send = (init: { data?: unknown; source?: unknown; origin?: string } = {}) =>
    target.dispatchEvent(new MessageEvent('message', { data: hello, source: app, origin: APP_ORIGIN, ...init } as MessageEventInit));
  return { app, frame, onRejected, onConnected, readInitData, connection, send };
}

/** Resolves when `port` is closed from the other side (Node's MessagePort emits `close`). */
const closed = (port: MessagePort) =>
  new Promise<void>((resolve) => {
    port.addEventListener('close', () => resolve());
    port.start();
  });

describe('connectApp hello acceptance', () => {
  it('answers a valid hello with a welcome and a port, posted to the frame with the app origin', async () => {
    const { app, send, onConnected, onRejected, readInitData } = setup();
    expect(readInitData).not.toHaveBeenCalled();
    send();
    expect(app.postMessage).toHaveBeenCalledTimes(1);
    const [message, targetOrigin, transfer] = app.postMessage.mock.calls[0]!;
    expect(message).toEqual({
      protocol: PROTOCOL,
      version: PROTOCOL_VERSION,
      type: 'welcome',
      initData,
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(targetOrigin).toBe(APP_ORIGIN);
    expect(transfer).toHaveLength(1);
    expect(readInitData).toHaveBeenCalledTimes(1);
    expect(onConnected).toHaveBeenCalledTimes(1);
    expect(onRejected).not.toHaveBeenCalled();
    // The transferred port serves the host api.
    const port = transfer[0] as MessagePort;
    const answer = new Promise<any>((resolve) => port.addEventListener('message', (e) => resolve(e.data)));
    port.start();
    port.postMessage({ id: 'p', type: 'APPLY', path: ['getProfile'], argumentList: [] });
    expect(await answer).toEqual({ id: 'p', type: 'RAW', value: { ok: true, value: { userId: 'U1', displayName: 'Alice' } } });
  });

  it.each(['https://evil.test', 'https://app.test', 'http://app.test:8443', 'https://app.test:8443.evil.test', 'null', ''])(
    'refuses a hello from origin %j: nothing posted',
    (origin) => {
      const { app, send, onRejected, onConnected } = setup();
      send({ origin });
      expect(app.postMessage).not.toHaveBeenCalled();
      expect(onConnected).not.toHaveBeenCalled();
      expect(onRejected).toHaveBeenCalledWith(`hello from origin ${origin}, expected ${APP_ORIGIN}`, origin);
    },
  );

  it.each([
    ['another window', { postMessage: vi.fn() }],
    ['no window (a port or a worker)', null],
  ])('refuses a hello from %s with the right origin: nothing posted', (_name, source) => {
    const { app, send, onRejected } = setup();
    send({ source });
    expect(app.postMessage).not.toHaveBeenCalled();
    expect(onRejected).toHaveBeenCalledWith('hello from a window that is not the app frame', APP_ORIGIN);
  });

  it('refuses a hello without source once the frame has no window', () => {
    const { send, onRejected, onConnected, frame } = setup();
    Object.defineProperty(frame, 'contentWindow', { value: null });
    send({ source: null });
    expect(onConnected).not.toHaveBeenCalled();
    expect(onRejected).toHaveBeenCalledTimes(1);
  });

  it('reports a bridge message that is not a valid hello, ignores other traffic', () => {
    const { app, send, onRejected } = setup();
    send({ data: { ...hello, version: 99 } });
    send({ data: { ...hello, type: 'welcome', initData } });
    expect(onRejected).toHaveBeenCalledTimes(2);
    send({ data: { type: 'webpackOk' } });
    send({ data: 'hello' });
    send({ data: null });
    expect(onRejected).toHaveBeenCalledTimes(2);
    expect(app.postMessage).not.toHaveBeenCalled();
  });

  it('gives a reloaded page a fresh port with fresh init data and closes the previous port', async () => {
    const { app, send, readInitData, onConnected } = setup();
    send();
    const firstPort = app.postMessage.mock.calls[0]![2][0] as MessagePort;
    const firstClosed = closed(firstPort);
    readInitData.mockReturnValue({ ...initData, language: 'ja' });
    send();
    await firstClosed;
    expect(app.postMessage).toHaveBeenCalledTimes(2);
    const [message, , [secondPort]] = app.postMessage.mock.calls[1]!;
    expect(message.initData.language).toBe('ja');
    expect(secondPort).not.toBe(firstPort);
    expect(onConnected).toHaveBeenCalledTimes(2);
  });

  it('stops answering and closes the port after dispose', async () => {
    const { app, send, connection } = setup();
    send();
    const port = app.postMessage.mock.calls[0]![2][0] as MessagePort;
    const portClosed = closed(port);
    connection.dispose();
    await portClosed;
    send();
    expect(app.postMessage).toHaveBeenCalledTimes(1);
  });

  it('keeps the port through the load of the page that said hello when it answers the liveness check, closes it when the frame loads another page', async () => {
    const { app, frame, send } = setup();
    send();
    const port = app.postMessage.mock.calls[0]![2][0] as MessagePort;
    const { token } = app.postMessage.mock.calls[0]![0] as { token: string };
    const portClosed = closed(port);
    // The hello came while its page was loading: its own load event follows; the host asks the
    // frame (at the app's origin only) whether it is still the welcomed page, and it answers.
    frame.dispatchEvent(new Event('load'));
    expect(app.postMessage.mock.calls[1]).toEqual([{ protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'liveness' }, APP_ORIGIN]);
    send({ data: { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'alive', token } });
    await new Promise((r) => setTimeout(r, LIVENESS_WAIT_MS + 100));
    const answer = new Promise<any>((resolve) => port.addEventListener('message', (e) => resolve(e.data)));
    port.postMessage({ id: 'p', type: 'APPLY', path: ['getProfile'], argumentList: [] });
    expect((await answer).value).toEqual({ ok: true, value: { userId: 'U1', displayName: 'Alice' } });
    // Another page in the frame (another origin, say): whoever holds the old port's other end gets nothing more.
    frame.dispatchEvent(new Event('load'));
    await portClosed;
    // The new page gets a port of its own with a hello.
    send();
    expect(app.postMessage.mock.calls.filter(([m]) => (m as { type: string }).type === 'welcome')).toHaveLength(2);
  });

  it('closes the port when the page in the frame after a load cannot answer the liveness check (a wrong token, or none)', async () => {
    const { app, frame, send } = setup();
    send();
    const port = app.postMessage.mock.calls[0]![2][0] as MessagePort;
    const portClosed = closed(port);
    frame.dispatchEvent(new Event('load'));
    send({ data: { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'alive', token: 'not-the-token' } });
    await portClosed;
  });

  it('posts no welcome when initData() throws', () => {
    const { app, send, onRejected } = setup({
      initData: () => {
        throw new Error('no session');
      },
    });
    send();
    expect(app.postMessage).not.toHaveBeenCalled();
    expect(onRejected).toHaveBeenCalledWith('initData() failed: no session', APP_ORIGIN);
  });

  it('reports comlink messages refused on the port with the app origin', async () => {
    const { app, send, onRejected } = setup();
    send();
    const port = app.postMessage.mock.calls[0]![2][0] as MessagePort;
    const answer = new Promise<any>((resolve) => port.addEventListener('message', (e) => resolve(e.data)));
    port.start();
    port.postMessage({ id: 'x', type: 'GET', path: ['getProfile'] });
    expect((await answer).value.error.code).toBe('INVALID_ARGUMENT');
    expect(onRejected).toHaveBeenCalledWith('message type "GET" is not allowed, only calls', APP_ORIGIN);
  });

  it.each(['data:text/html,<p>app</p>', '/relative/app', 'file:///app/index.html', 'not a url'])(
    'throws INVALID_ARGUMENT for appUrl %j',
    (appUrl) => {
      expect(() => setup({ appUrl })).toThrow(BridgeError);
      expect(() => setup({ appUrl })).toThrow(/appUrl must be an absolute http\(s\) URL/);
    },
  );
});
