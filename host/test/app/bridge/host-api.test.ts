// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createHostApi } from '../../../src/app/bridge/host-api.js';
import type { BridgeCallRecord, BridgeHandlers } from '../../../src/app/bridge/connect.js';
import { BridgeError } from '../../../src/app/bridge/errors.js';
import { fakeHandlers } from './handlers.fixture.js';

const profile = { userId: 'U1', displayName: 'Alice', pictureUrl: 'https://example.com/p.png' };

function handlers(overrides: Partial<BridgeHandlers> = {}): BridgeHandlers {
  return fakeHandlers(profile, overrides);
}

/** The api's methods take anything: what arrives over the port is not typed. */
type LooseApi = Record<'openWindow' | 'getProfile' | 'sendMessages' | 'closeWindow', (...args: unknown[]) => Promise<unknown>>;

function setup(overrides: Partial<BridgeHandlers> = {}) {
  const h = handlers(overrides);
  const records: BridgeCallRecord[] = [];
  const api = createHostApi(h, (r) => records.push(r)) as unknown as LooseApi;
  return { h, api, records };
}

describe('host api', () => {
  it('calls the handlers and answers ok envelopes', async () => {
    const { h, api } = setup();
    await expect(api.getProfile()).resolves.toEqual({ ok: true, value: profile });
    await expect(api.openWindow({ url: 'https://example.com/' })).resolves.toEqual({ ok: true, value: undefined });
    await expect(api.sendMessages([{ type: 'text', text: 'hi' }])).resolves.toEqual({ ok: true, value: undefined });
    await expect(api.closeWindow()).resolves.toEqual({ ok: true, value: undefined });
    expect(h.openWindow).toHaveBeenCalledWith({ url: 'https://example.com/', external: false });
    expect(h.sendMessages).toHaveBeenCalledWith([{ type: 'text', text: 'hi' }]);
    expect(h.closeWindow).toHaveBeenCalledTimes(1);
  });

  it('passes external through and drops other fields of openWindow params', async () => {
    const { h, api } = setup();
    await api.openWindow({ url: 'http://localhost:9000/', external: true, target: '_top' });
    expect(h.openWindow).toHaveBeenCalledWith({ url: 'http://localhost:9000/', external: true });
  });

  it.each([
    ['openWindow', []],
    ['openWindow', [{ url: 'javascript:alert(1)' }]],
    ['openWindow', [{ url: '/relative' }]],
    ['openWindow', [{ url: 'https://example.com/', external: 1 }]],
    ['openWindow', [{ url: 'https://example.com/' }, 'extra']],
    ['sendMessages', []],
    ['sendMessages', [[]]],
    ['sendMessages', [Array.from({ length: 6 }, () => ({ type: 'text', text: 'x' }))]],
    ['sendMessages', [[{ type: 'text' }, 'text']]],
    ['sendMessages', [[new Date()]]],
    ['sendMessages', [[new Map()]]],
    ['getProfile', ['U2']],
    ['closeWindow', [true]],
  ] as const)('%s(%j) answers INVALID_ARGUMENT without calling the handler', async (method, args) => {
    const { h, api, records } = setup();
    const result = await api[method](...args);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect((result as { error: { message: string } }).error.message).toMatch(new RegExp(`^${method}: `));
    expect(h[method]).not.toHaveBeenCalled();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ method, args, ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('answers the code and message of a BridgeError', async () => {
    const { api } = setup({
      sendMessages: async () => {
        throw new BridgeError('401', 'The access token expired');
      },
      getProfile: async () => {
        throw new BridgeError('403');
      },
    });
    await expect(api.sendMessages([{ type: 'text', text: 'hi' }])).resolves.toEqual({
      ok: false,
      error: { code: '401', message: 'The access token expired' },
    });
    // No message: the key is absent, not an empty string.
    await expect(api.getProfile()).resolves.toEqual({ ok: false, error: { code: '403' } });
  });

  it('turns any other throw into INTERNAL_ERROR without showing the host error to the app', async () => {
    const { api, records } = setup({
      closeWindow: () => {
        throw new TypeError('secret internals');
      },
    });
    const result = await api.closeWindow();
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL_ERROR', message: 'closeWindow failed inside the host' } });
    expect(records[0]!.error).toEqual({ code: 'INTERNAL_ERROR', message: 'closeWindow failed inside the host: secret internals' });
  });

  it('records every call with its timing', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date', 'performance', 'setTimeout'] });
    try {
      const { api, records } = setup({
        getProfile: () => new Promise((resolve) => setTimeout(() => resolve(profile), 250)),
      });
      const pending = api.getProfile();
      await vi.advanceTimersByTimeAsync(250);
      await pending;
      expect(records).toEqual([
        { method: 'getProfile', args: [], ok: true, result: profile, startedAt: 1_700_000_000_000, durationMs: 250 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('still answers when the onCall callback throws', async () => {
    const api = createHostApi(handlers(), () => {
      throw new Error('log panel broken');
    });
    await expect(api.getProfile()).resolves.toEqual({ ok: true, value: profile });
  });
});
