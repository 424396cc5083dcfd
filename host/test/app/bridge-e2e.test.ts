// @vitest-environment happy-dom
/**
 * The SDK and the host side of the bridge together, without a browser: the test page (happy-dom's
 * window) plays the app frame, a separate EventTarget plays the host window, and two fake window
 * proxies deliver postMessage between them as a browser would (asynchronously, with `source`,
 * `origin`, the transferred ports, and the targetOrigin check). Calls then run over a real
 * MessageChannel through comlink and the filter.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectApp, type BridgeCallRecord, type BridgeHandlers } from '../../src/app/bridge/connect.js';
import { BridgeError } from '../../src/app/bridge/errors.js';
import { resetBridge, settings } from '../../../sdk/src/bridge.js';
import { embed, EmbedError, type InitData } from '../../../sdk/src/index.js';
import { fakeHandlers } from './bridge/handlers.fixture.js';

const HOST_ORIGIN = 'https://host.test';
const initData: InitData = { language: 'en', context: { type: 'room', viewType: 'full', userId: 'U1', roomId: 'R1' } };
const profile = { userId: 'U1', displayName: 'Alice', statusMessage: 'hi' };
const cleanups: (() => void)[] = [];

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  resetBridge();
  settings.initTimeoutMs = 3000;
});

function world(handlerOverrides: Partial<BridgeHandlers> = {}, appUrl = `${location.origin}/app/`) {
  const hostWindow = new EventTarget();
  /** What the host holds as `frame.contentWindow`; posting to it delivers to the test page. */
  const frameWindow = {
    postMessage(message: unknown, targetOrigin: string, transfer: MessagePort[] = []) {
      // A browser drops a message whose targetOrigin is not the frame's origin.
      if (targetOrigin !== location.origin) return;
      setTimeout(() =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: structuredClone(message),
            source: parentWindow,
            origin: HOST_ORIGIN,
            ports: transfer,
          } as MessageEventInit),
        ),
      );
    },
  };
  /** What the test page sees as `window.parent`; posting to it delivers to the host window. */
  const parentWindow = {
    postMessage(message: unknown) {
      setTimeout(() =>
        hostWindow.dispatchEvent(
          new MessageEvent('message', { data: structuredClone(message), source: frameWindow, origin: location.origin } as MessageEventInit),
        ),
      );
    },
  };
  const own = Object.getOwnPropertyDescriptor(window, 'parent');
  Object.defineProperty(window, 'parent', { value: parentWindow, configurable: true });
  cleanups.push(() => (own ? Object.defineProperty(window, 'parent', own) : delete (window as { parent?: unknown }).parent));

  const handlers: BridgeHandlers = fakeHandlers(profile, handlerOverrides);
  const calls: BridgeCallRecord[] = [];
  const onRejected = vi.fn();
  const connection = connectApp({
    frame: Object.assign(new EventTarget(), { contentWindow: frameWindow }) as unknown as HTMLIFrameElement,
    appUrl,
    initData: () => initData,
    handlers,
    onCall: (record) => calls.push(record),
    onRejected,
    target: hostWindow as unknown as Window,
  });
  cleanups.push(() => connection.dispose());
  return { handlers, calls, onRejected };
}

const init = () => new Promise<InitData>((resolve, reject) => embed.init(resolve, reject));

async function rejection(promise: Promise<unknown>): Promise<EmbedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbedError);
  expect(String(error)).not.toContain('[object Object]');
  return error as EmbedError;
}

describe('bridge end to end', () => {
  it('connects and runs every method', async () => {
    const { handlers, calls } = world();
    expect(await init()).toEqual(initData);
    await expect(embed.getProfile()).resolves.toEqual(profile);
    await embed.sendMessages([{ type: 'text', text: 'hello' }]);
    await embed.openWindow({ url: 'https://example.com/help' });
    await embed.openWindow({ url: 'https://example.com/out', external: true });
    await embed.closeWindow();
    expect(handlers.sendMessages).toHaveBeenCalledWith([{ type: 'text', text: 'hello' }]);
    expect(handlers.openWindow).toHaveBeenNthCalledWith(1, { url: 'https://example.com/help', external: false });
    expect(handlers.openWindow).toHaveBeenNthCalledWith(2, { url: 'https://example.com/out', external: true });
    expect(handlers.closeWindow).toHaveBeenCalledTimes(1);
    // The script-tag SDK reports no page state (the LIFF plugin does, for the MINI App header).
    expect(handlers.pageState).not.toHaveBeenCalled();
    expect(calls.map((c) => [c.method, c.ok])).toEqual([
      ['getProfile', true],
      ['sendMessages', true],
      ['openWindow', true],
      ['openWindow', true],
      ['closeWindow', true],
    ]);
  });

  it.each([
    ['400', 'The request body has 1 error(s)'],
    ['401', 'The access token expired'],
    ['403', 'Access to this API is not available for your account'],
  ])('turns a BridgeError %s of the host into an EmbedError with the same code and message', async (code, message) => {
    world({
      sendMessages: async () => {
        throw new BridgeError(code as `${number}`, message);
      },
    });
    await init();
    const error = await rejection(embed.sendMessages([{ type: 'text', text: 'hello' }]));
    expect([error.code, error.message]).toEqual([code, message]);
  });

  it('turns a plain Error of a handler into INTERNAL_ERROR without its message', async () => {
    const { calls } = world({
      getProfile: async () => {
        throw new Error('database is locked');
      },
    });
    await init();
    const error = await rejection(embed.getProfile());
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(error.message).not.toContain('database');
    expect(calls.find((c) => c.method === 'getProfile')).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
  });

  it('fails init with INIT_FAILED when the app is not on the registered origin', async () => {
    settings.initTimeoutMs = 50;
    const { onRejected } = world({}, 'https://registered-app.test/');
    const error = await rejection(init());
    expect(error.code).toBe('INIT_FAILED');
    expect(onRejected).toHaveBeenCalledWith(`hello from origin ${location.origin}, expected https://registered-app.test`, location.origin);
  });
});
