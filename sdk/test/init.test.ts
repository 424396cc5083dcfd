// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { resetBridge, settings } from '../src/bridge.js';
import { embed, EmbedError, type InitData } from '../src/index.js';
import { PROTOCOL, PROTOCOL_VERSION } from '#contract/bridge/protocol.js';

const initData: InitData = { language: 'en', context: { type: 'utou', viewType: 'full', userId: 'U1', utouId: 'UT1' } };
const welcome = { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'welcome', initData };
const hello = { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'hello' };
const HOST = 'https://host.test';

let parent: { postMessage: Mock };
const ports: MessagePort[] = [];

beforeEach(() => {
  parent = { postMessage: vi.fn() };
});

afterEach(() => {
  resetBridge();
  settings.initTimeoutMs = 3000;
  vi.useRealTimers();
  restores
    .splice(0)
    .reverse()
    .forEach((restore) => restore());
  ports.splice(0).forEach((p) => p.close());
});

const restores: (() => void)[] = [];

/** Replaces `object[key]` for one test (own property or inherited getter alike). */
function override(object: object, key: string, value: unknown): void {
  const own = Object.getOwnPropertyDescriptor(object, key);
  Object.defineProperty(object, key, { value, configurable: true });
  restores.push(() => (own ? Object.defineProperty(object, key, own) : delete (object as Record<string, unknown>)[key]));
}

/** Makes the page look framed: `window.parent` is the fake host window. */
function framed(): void {
  override(window, 'parent', parent);
}

/** Delivers a message to the page as the browser would; by default a valid welcome from the parent. */
function deliver(init: { data?: unknown; source?: unknown; origin?: string; ports?: MessagePort[] } = {}): void {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  window.dispatchEvent(
    new MessageEvent('message', { data: welcome, source: parent, origin: HOST, ports: [port2], ...init } as MessageEventInit),
  );
}

/** `embed.init` as a promise: resolves with what the success callback got, rejects with what the error callback got. */
function init(): Promise<InitData> {
  return new Promise((resolve, reject) => embed.init(resolve, reject));
}

function expectEmbedError(error: unknown, code: string, message: RegExp): void {
  expect(error).toBeInstanceOf(Error);
  expect(error).toBeInstanceOf(EmbedError);
  const e = error as EmbedError;
  expect(e.name).toBe('EmbedError');
  expect(e.code).toBe(code);
  expect(e.message).toMatch(message);
  expect(String(e)).not.toContain('[object Object]');
}

describe('embed.init arguments', () => {
  it('throws INVALID_ARGUMENT synchronously when errorCallback is given but is not a function', () => {
    framed();
    for (const bad of ['callback', {}, 42]) {
      let thrown: unknown;
      try {
        embed.init(() => {}, bad as never);
      } catch (error) {
        thrown = error;
      }
      expectEmbedError(thrown, 'INVALID_ARGUMENT', /^embed\.init: errorCallback must be a function$/);
    }
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('passes INVALID_ARGUMENT to errorCallback when successCallback is not a function', async () => {
    framed();
    const error = await new Promise((resolve) => embed.init('ok' as never, resolve));
    expectEmbedError(error, 'INVALID_ARGUMENT', /successCallback must be a function/);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});

describe('embed.init with a success callback only, as the platform’s published samples call it', () => {
  it('is tolerated as by the platform’s SDK: it warns once in the console, and a failure goes to console.error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Outside a host, init fails: without an error callback the failure is logged, not thrown.
      expect(() => embed.init(() => {})).not.toThrow();
      embed.init(() => {}, undefined);
      await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain('the spec requires one');
      expect((error.mock.calls[0]![0] as EmbedError).code).toBe('INIT_FAILED');
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});

describe('embed.init outside a host', () => {
  it('fails with INIT_FAILED (unsupported environment) when the page is not framed', async () => {
    expect(window.parent).toBe(window);
    const error = await init().catch((e: unknown) => e);
    expectEmbedError(error, 'INIT_FAILED', /not running inside an embedkit host \(unsupported environment\)/);
  });

  it('fails with INIT_FAILED after 3 seconds when the parent never answers', async () => {
    vi.useFakeTimers();
    framed();
    const success = vi.fn();
    const failure = vi.fn();
    embed.init(success, failure);
    await vi.advanceTimersByTimeAsync(2999);
    expect(failure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(failure).toHaveBeenCalledTimes(1);
    expectEmbedError(failure.mock.calls[0]![0], 'INIT_FAILED', /unsupported environment/);
    expect(success).not.toHaveBeenCalled();
  });
});

describe('embed.init handshake', () => {
  it('posts one hello to the parent with targetOrigin * and passes the welcome init data to successCallback', async () => {
    framed();
    const result = init();
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    expect(parent.postMessage).toHaveBeenCalledWith(hello, '*');
    deliver();
    expect(await result).toBe(initData);
  });

  it.each([
    ['from another window', { source: {} }],
    ['from the page itself', { source: window }],
    ['without a port', { ports: [] }],
    ['that is a hello', { data: hello }],
    ['of another protocol version', { data: { ...welcome, version: 2 } }],
    ['without init data', { data: { ...welcome, initData: null } }],
    ['that is not an object', { data: 'welcome' }],
  ])('ignores a welcome %s and times out', async (_name, init) => {
    vi.useFakeTimers();
    framed();
    const success = vi.fn();
    const failure = vi.fn();
    embed.init(success, failure);
    deliver(init);
    await vi.advanceTimersByTimeAsync(3000);
    expect(success).not.toHaveBeenCalled();
    expect(failure).toHaveBeenCalledTimes(1);
    expect((failure.mock.calls[0]![0] as EmbedError).code).toBe('INIT_FAILED');
  });

  it('accepts a welcome only from the origin of document.referrer when it names another origin', async () => {
    vi.useFakeTimers();
    override(document, 'referrer', `${HOST}/chat/1`);
    framed();
    const success = vi.fn();
    embed.init(success, vi.fn());
    deliver({ origin: 'https://evil.test' });
    await vi.advanceTimersByTimeAsync(0);
    expect(success).not.toHaveBeenCalled();
    deliver({ origin: HOST });
    await vi.advanceTimersByTimeAsync(0);
    expect(success).toHaveBeenCalledWith(initData);
  });

  it('prefers location.ancestorOrigins over document.referrer', async () => {
    vi.useFakeTimers();
    override(location, 'ancestorOrigins', Object.assign([HOST], { item: () => HOST }));
    override(document, 'referrer', 'https://other.test/');
    framed();
    const success = vi.fn();
    embed.init(success, vi.fn());
    deliver({ origin: 'https://other.test' });
    await vi.advanceTimersByTimeAsync(0);
    expect(success).not.toHaveBeenCalled();
    deliver({ origin: HOST });
    await vi.advanceTimersByTimeAsync(0);
    expect(success).toHaveBeenCalledWith(initData);
  });

  it('does not trust a referrer on the page own origin (a navigation inside the frame)', async () => {
    override(document, 'referrer', `${location.origin}/page1`);
    framed();
    const result = init();
    deliver({ origin: HOST });
    expect(await result).toBe(initData);
  });

  it('answers a second init with the same data without a new hello', async () => {
    framed();
    const first = init();
    deliver();
    await first;
    expect(await init()).toBe(initData);
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
  });

  it('shares one handshake between concurrent inits', async () => {
    framed();
    const both = Promise.all([init(), init()]);
    deliver();
    expect(await both).toEqual([initData, initData]);
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
  });

  it('starts a new handshake after a failed one', async () => {
    settings.initTimeoutMs = 20;
    framed();
    await expect(init()).rejects.toMatchObject({ code: 'INIT_FAILED' });
    const again = init();
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
    deliver();
    expect(await again).toBe(initData);
  });
});
