// @vitest-environment happy-dom
/**
 * The map of bridge methods (`BRIDGE_METHODS`, contract/src/bridge/protocol.ts) drives both sides: the host's
 * allow-list and api, its argument checks and results, the SDK's `embed` methods and the mock's
 * are all the map's methods, and a method outside the map is refused. The host's own entry of each
 * method (`WIRE`, host/src/app/bridge/wire.ts: wire rules, arity text, result) is typed from the map.
 */
import { expose } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHostApi } from '../../src/app/bridge/host-api.js';
import { argumentProblem } from '../../src/app/bridge/checks.js';
import { filteredEndpoint, screenMessage } from '../../src/app/bridge/filter.js';
import type { BridgeHandlers } from '../../src/app/bridge/types.js';
import { WIRE, type WireEntry } from '../../src/app/bridge/wire.js';
import { embed, EmbedError } from '../../../sdk/src/index.js';
import { createEmbedMock } from '../../../sdk/src/mock.js';
import { BRIDGE_METHODS, EMBED_METHODS, HOST_METHODS, type HostMethod } from '#contract/bridge/protocol.js';

const mapKeys = Object.keys(BRIDGE_METHODS).sort();
const embedKeys = mapKeys.filter((m) => BRIDGE_METHODS[m as HostMethod].kind === 'embed');
/** The SDK's own methods that do not cross the bridge. */
const local = ['init', 'getAccessToken'];
const functionsOf = (object: object, except: string[]) =>
  Object.entries(object)
    .filter(([name, value]) => typeof value === 'function' && !except.includes(name))
    .map(([name]) => name)
    .sort();

/** Handlers that each answer 'value', so that a test sees which results cross. */
function handlers(): BridgeHandlers {
  return {
    openWindow: vi.fn(() => 'value'),
    getProfile: vi.fn(() => 'value'),
    sendMessages: vi.fn(),
    closeWindow: vi.fn(() => 'value'),
  } as never;
}

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

describe('the map of bridge methods', () => {
  it('is the host allow-list and the host api', () => {
    expect([...HOST_METHODS].sort()).toEqual(mapKeys);
    expect(functionsOf(createHostApi(handlers()), [])).toEqual(mapKeys);
    for (const method of mapKeys) expect(screenMessage({ type: 'APPLY', path: [method], argumentList: [] })).toHaveProperty('call');
  });

  it('gives the SDK’s embed methods and the mock’s, the entries of kind embed', () => {
    expect(embedKeys).toEqual(['closeWindow', 'getProfile', 'openWindow', 'sendMessages']);
    expect([...EMBED_METHODS].sort()).toEqual(embedKeys);
    expect(functionsOf(embed, local)).toEqual(embedKeys);
    expect(functionsOf(createEmbedMock(), [...local, 'reset'])).toEqual(embedKeys);
  });

  it('refuses a method outside the map, on the port and in the api', async () => {
    const method = 'getIDToken';
    expect(mapKeys).not.toContain(method);
    expect(screenMessage({ id: 1, type: 'APPLY', path: [method], argumentList: [] })).toEqual({
      id: 1,
      reason: 'no such method: ["getIDToken"]',
    });
    expect(createHostApi(handlers())).not.toHaveProperty(method);
    // Over a real port behind the filter, the caller is answered at once and nothing runs.
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    const refused: string[] = [];
    expose(
      createHostApi(handlers()),
      filteredEndpoint(port1, (reason) => refused.push(reason)),
    );
    const answer = new Promise((resolve) => port2.addEventListener('message', (e) => resolve(e.data)));
    port2.start();
    port2.postMessage({ id: 'x', type: 'APPLY', path: [method], argumentList: [] });
    expect(await answer).toEqual({
      id: 'x',
      type: 'RAW',
      value: { ok: false, error: { code: 'INVALID_ARGUMENT', message: 'refused: no such method: ["getIDToken"]' } },
    });
    expect(refused).toEqual(['no such method: ["getIDToken"]']);
  });

  it('has the host’s entry of each of its methods, and only of them, demanded by the compiler', () => {
    expect(Object.keys(WIRE).sort()).toEqual(mapKeys);
    // A method that takes arguments needs its arity text, one with a result `answers: true`, one
    // without must not say it answers, an SDK report needs its wire rule; at most one rule per argument.
    // @ts-expect-error expects is missing
    const noExpects: WireEntry<'sendMessages'> = {};
    // @ts-expect-error answers is missing
    const noAnswers: WireEntry<'getProfile'> = {};
    // @ts-expect-error closeWindow has no result
    const answers: WireEntry<'closeWindow'> = { answers: true };
    // @ts-expect-error a report's argument has no spec rule: the host must check it
    const noRule: WireEntry<'notice'> = { expects: 'x' };
    // @ts-expect-error one argument, one rule
    const twoRules: WireEntry<'sendMessages'> = { expects: 'x', wireRules: [() => '', () => ''] };
    expect([noExpects, noAnswers, answers, noRule, twoRules]).toHaveLength(5);
  });

  it.each(mapKeys)('checks the number of arguments of %s from its entries', (method) => {
    const { params } = BRIDGE_METHODS[method as HostMethod];
    const { expects = 'no argument' } = WIRE[method as HostMethod] as { expects?: string };
    const tooMany = Array.from({ length: params.length + 1 }, () => ({}));
    expect(argumentProblem(method as HostMethod, tooMany)).toBe(`expects ${expects}`);
  });

  it('sends back a handler’s value only for an entry that answers', async () => {
    const api = createHostApi(handlers()) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    expect(WIRE.getProfile.answers).toBe(true);
    await expect(api.getProfile!()).resolves.toEqual({ ok: true, value: 'value' });
    expect(WIRE.closeWindow.answers).toBeUndefined();
    await expect(api.closeWindow!()).resolves.toEqual({ ok: true, value: undefined });
    await expect(api.openWindow!({ url: 'https://example.com/' })).resolves.toEqual({ ok: true, value: undefined });
  });

  it.each(EMBED_METHODS.filter((m) => BRIDGE_METHODS[m].params.length > 0))(
    'refuses a bad argument of %s in the SDK and the mock with the entry’s rule',
    async (method) => {
      const problem = BRIDGE_METHODS[method].params[0]!.rule!(undefined);
      expect(problem).not.toBe('');
      const mock = createEmbedMock();
      for (const sdk of [embed, mock]) {
        const error = await (sdk[method] as (arg: unknown) => Promise<unknown>)(undefined).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(EmbedError);
        expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', message: `embed.${method}: ${problem}` });
      }
    },
  );
});

describe('the LIFF plugin’s trace over the bridge', () => {
  it('takes one trace entry of its kind and size, and refuses anything else', () => {
    expect(argumentProblem('liffTrace', [{ kind: 'gesture', at: 1 }])).toBe('');
    expect(argumentProblem('liffTrace', [{ kind: 'call', at: 1, name: 'getProfile', phase: 'ready' }])).toBe('');
    expect(argumentProblem('liffTrace', [{ kind: 'call', at: 1, name: 'getProfile', phase: 'later' }])).toMatch(/^expects one trace entry/);
    expect(argumentProblem('liffTrace', [{ kind: 'share', at: 1, via: 'sendMessages', messages: ['x'.repeat(9000)] }])).toMatch(
      /^expects one trace entry .* of at most 8000 characters/,
    );
    expect(argumentProblem('liffTrace', [])).toMatch(/^expects/);
  });
});
