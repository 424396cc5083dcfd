// @vitest-environment happy-dom
import { expose } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetBridge } from '../src/bridge.js';
import { embed, EmbedError, type InitData } from '../src/index.js';
import { PROTOCOL, PROTOCOL_VERSION, type BridgeResult, type HostApi } from '#contract/bridge/protocol.js';

const initData: InitData = { language: 'ja', context: { type: 'none', viewType: 'compact' } };
const profile = { userId: 'U1', displayName: 'Alice' };
const restores: (() => void)[] = [];
const ports: MessagePort[] = [];

afterEach(() => {
  resetBridge();
  restores.splice(0).forEach((restore) => restore());
  ports.splice(0).forEach((p) => p.close());
});

/** A host that answers each method with `answers[method](...args)`, exposed with plain comlink on a real MessageChannel. */
function fakeHost(answers: Partial<Record<keyof HostApi, (...args: unknown[]) => unknown>>) {
  const calls: { method: string; args: unknown[] }[] = [];
  const api = Object.fromEntries(
    (['openWindow', 'getProfile', 'sendMessages', 'closeWindow'] as const).map((method) => [
      method,
      async (...args: unknown[]) => {
        calls.push({ method, args });
        const answer = answers[method];
        return answer ? answer(...args) : ({ ok: true, value: undefined } satisfies BridgeResult<void>);
      },
    ]),
  );
  return { api, calls };
}

/** Makes the page look framed by `parent` for one test. */
function setParent(parent: object): void {
  const own = Object.getOwnPropertyDescriptor(window, 'parent');
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  restores.push(() => (own ? Object.defineProperty(window, 'parent', own) : delete (window as { parent?: unknown }).parent));
}

/** Runs embed.init against `api`: a fake parent window that answers the hello with a welcome and a port. */
async function initWith(api: object): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  expose(api, port1);
  const parent = {
    postMessage: () =>
      queueMicrotask(() =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'welcome', initData },
            source: parent as unknown as Window,
            ports: [port2],
          }),
        ),
      ),
  };
  setParent(parent);
  await new Promise((resolve, reject) => embed.init(resolve, reject));
}

async function rejection(promise: Promise<unknown>): Promise<EmbedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  expect(error).toBeInstanceOf(EmbedError);
  expect(String(error)).not.toContain('[object Object]');
  return error as EmbedError;
}

const calls = {
  openWindow: () => embed.openWindow({ url: 'https://example.com/' }),
  getProfile: () => embed.getProfile(),
  sendMessages: () => embed.sendMessages([{ type: 'text', text: 'hi' }]),
  closeWindow: () => embed.closeWindow(),
};

describe('methods before a successful init', () => {
  it.each(Object.entries(calls))('%s rejects with INIT_FAILED naming the method', async (method, call) => {
    const error = await rejection(call());
    expect(error.code).toBe('INIT_FAILED');
    expect(error.message).toBe(`embed.${method}: call embed.init and wait for its success callback first`);
  });

  it('also reject while the handshake is still running', async () => {
    setParent({ postMessage() {} });
    embed.init(
      () => {},
      () => {},
    );
    expect((await rejection(embed.getProfile())).code).toBe('INIT_FAILED');
  });
});

describe('argument validation', () => {
  it.each([
    ['no argument', undefined],
    ['null', null],
    ['a string', 'https://example.com/'],
    ['no url', {}],
    ['a relative url', { url: '/page' }],
    ['a url without scheme', { url: 'example.com' }],
    ['a javascript: url', { url: 'javascript:alert(1)' }],
    ['a data: url', { url: 'data:text/html,hi' }],
    ['an ftp: url', { url: 'ftp://example.com/' }],
    ['a non-string url', { url: 42 }],
    ['a non-boolean external', { url: 'https://example.com/', external: 'yes' }],
  ])('openWindow rejects %s with INVALID_ARGUMENT', async (_name, params) => {
    const error = await rejection(embed.openWindow(params as never));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(/^embed\.openWindow: /);
  });

  it.each([
    ['no argument', undefined],
    ['an object', { type: 'text', text: 'hi' }],
    ['an empty array', []],
    ['six messages', Array.from({ length: 6 }, () => ({ type: 'text', text: 'hi' }))],
    ['a null message', [null]],
    ['a string message', ['hi']],
    ['an array message', [[{ type: 'text' }]]],
  ])('sendMessages rejects %s with INVALID_ARGUMENT', async (_name, messages) => {
    const error = await rejection(embed.sendMessages(messages as never));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toBe('embed.sendMessages: messages must be an array of 1 to 5 message objects');
  });

  it('lets valid arguments through to the init check', async () => {
    for (const call of [
      embed.openWindow({ url: 'http://localhost:8080/x?y=1' }),
      embed.openWindow({ url: 'https://example.com/', external: true }),
      embed.sendMessages(Array.from({ length: 5 }, () => ({ type: 'text', text: 'hi' }))),
    ]) {
      expect((await rejection(call)).code).toBe('INIT_FAILED');
    }
  });
});

describe('methods after init', () => {
  it('call the host and return its values', async () => {
    const host = fakeHost({ getProfile: () => ({ ok: true, value: profile }) });
    await initWith(host.api);
    await expect(embed.getProfile()).resolves.toEqual(profile);
    await expect(embed.openWindow({ url: 'https://example.com/a', extra: 'dropped' } as never)).resolves.toBeUndefined();
    await expect(embed.openWindow({ url: 'https://example.com/b', external: true })).resolves.toBeUndefined();
    await expect(embed.sendMessages([{ type: 'text', text: 'hi' }])).resolves.toBeUndefined();
    await expect(embed.closeWindow()).resolves.toBeUndefined();
    expect(host.calls).toEqual([
      { method: 'getProfile', args: [] },
      { method: 'openWindow', args: [{ url: 'https://example.com/a', external: false }] },
      { method: 'openWindow', args: [{ url: 'https://example.com/b', external: true }] },
      { method: 'sendMessages', args: [[{ type: 'text', text: 'hi' }]] },
      { method: 'closeWindow', args: [] },
    ]);
  });

  it('keep the HTTP status code and the server message of a failed API call', async () => {
    await initWith(
      fakeHost({
        sendMessages: () => ({ ok: false, error: { code: '401', message: 'The access token expired' } }),
        getProfile: () => ({ ok: false, error: { code: '403' } }),
      }).api,
    );
    const sent = await rejection(embed.sendMessages([{ type: 'text', text: 'hi' }]));
    expect([sent.code, sent.message]).toEqual(['401', 'The access token expired']);
    const profileError = await rejection(embed.getProfile());
    expect([profileError.code, profileError.message]).toEqual(['403', 'embed.getProfile: failed (403)']);
  });

  it('turn a host answer that is not a result envelope into INTERNAL_ERROR', async () => {
    await initWith(
      fakeHost({
        getProfile: () => undefined,
        closeWindow: () => {
          throw new Error('host bug');
        },
        openWindow: () => ({ ok: false, error: { code: 'INTERNAL_ERROR', message: { nested: true } } }),
      }).api,
    );
    for (const call of [embed.getProfile(), embed.closeWindow(), embed.openWindow({ url: 'https://example.com/' })]) {
      const error = await rejection(call);
      expect(error.code).toBe('INTERNAL_ERROR');
      expect(error.message).toMatch(/^embed\.\w+: /);
    }
  });

  it('reject a message that cannot be copied to the host with INVALID_ARGUMENT', async () => {
    const host = fakeHost({});
    await initWith(host.api);
    const error = await rejection(embed.sendMessages([{ type: 'text', text: 'hi', onClick: () => {} }] as never));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(host.calls).toEqual([]);
  });

  it('work detached from the embed object', async () => {
    await initWith(fakeHost({ getProfile: () => ({ ok: true, value: profile }) }).api);
    const { getProfile } = embed;
    await expect(getProfile()).resolves.toEqual(profile);
  });
});

describe('getAccessToken (not in the spec; the platform samples call it)', () => {
  it('answers null and warns once in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    restores.push(() => warn.mockRestore());
    expect(embed.getAccessToken()).toBeNull();
    expect(embed.getAccessToken()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain("embed.getAccessToken is not in the spec's SDK");
  });
});
