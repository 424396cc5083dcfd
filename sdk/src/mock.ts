/**
 * `embedkit/sdk/mock`: an object with the interface of `embed` for an app's unit tests (vitest
 * or jest, with happy-dom, jsdom or none): no host, no server. Init data, profile and the error of
 * each method are settable; every call is recorded. Calls run through the SDK's own call pipeline
 * (`call.ts`: the map's argument rules, the init check, the same error codes and texts) against a
 * host that lives in the mock, so a test fails where the platform would refuse.
 *
 * ```ts
 * import { createEmbedMock } from 'embedkit/sdk/mock';
 * const embed = createEmbedMock({ profile: { userId: 'U1', displayName: 'Alice' } });
 * await new Promise((resolve, reject) => embed.init(resolve, reject));
 * await embed.sendMessages([{ type: 'text', text: 'hi' }]);
 * expect(embed.calls.map((c) => c.method)).toEqual(['init', 'sendMessages']);
 * ```
 */
import { createCall } from './call.js';
import { EmbedError, failed, notAFunction } from './errors.js';
import type { Embed, EmbedCalls } from './index.js';
import type { Message } from '#contract/bridge/messages.js';
import {
  BRIDGE_METHODS,
  byMethod,
  EMBED_METHODS,
  HOST_METHODS,
  NOTICES,
  type BridgeResult,
  type EmbedMethod as CallMethod,
  type ErrorCode,
  type HostApi,
  type InitData,
  type Profile,
  type WireArgs,
  type WireResult,
} from '#contract/bridge/protocol.js';

export { EmbedError } from './errors.js';

/** The SDK methods a mock records and can make fail. */
export type EmbedMethod = 'init' | CallMethod;

/** One recorded call: its method, its arguments (the callbacks of `init` left out), and how it ended. */
export interface EmbedCall {
  method: EmbedMethod;
  args: unknown[];
  /** `ok`, or the code of the EmbedError it failed with. */
  outcome: 'ok' | ErrorCode;
}

/** An error a method fails with: a code of the spec (`INIT_FAILED`, `INVALID_ARGUMENT`, `INTERNAL_ERROR`, `"400"`, `"401"`, `"403"`, …) and an optional message. */
export interface MockError {
  code: ErrorCode;
  message?: string;
}

/** Options of {@link createEmbedMock}; all can be changed later on the mock. */
export interface EmbedMockOptions {
  /** What `init` passes to its success callback; default: English, a 1:1 chat in a tall view. */
  initData?: InitData;
  /** What `getProfile` resolves with; default a user "Test User". */
  profile?: Profile;
  /** Per method, the error it fails with (after the argument checks, like the host's answers). */
  errors?: Partial<Record<EmbedMethod, MockError>>;
}

/** The mock: `embed`'s methods, plus what a test reads and sets. */
export interface EmbedMock extends Embed, Required<Pick<EmbedMockOptions, 'initData' | 'profile'>> {
  errors: Partial<Record<EmbedMethod, MockError>>;
  /** Every call, in order. */
  readonly calls: EmbedCall[];
  /** The messages `sendMessages` accepted, in order. */
  readonly sent: Message[];
  /** The URLs `openWindow` opened, with `external`. */
  readonly opened: Array<{ url: string; external: boolean }>;
  /** True after `closeWindow`. */
  closed: boolean;
  /** Forgets the calls, messages, opened windows and the init (errors and data stay). */
  reset(): void;
}

/** The default init data: a 1:1 chat, tall view, English. */
export const DEFAULT_INIT_DATA: InitData = {
  language: 'en',
  context: { type: 'utou', viewType: 'tall', userId: 'U00000000000000000000000000000001', utouId: 'UU0000000000000000000000000000001' },
};

/** The default profile. */
export const DEFAULT_PROFILE: Profile = { userId: 'U00000000000000000000000000000001', displayName: 'Test User' };

/**
 * Creates a mock of `embed` (spec part D, "Client SDK methods"): the same argument errors as the
 * SDK (`INVALID_ARGUMENT` with the same messages), `INIT_FAILED` for a method called before a
 * successful init, and the error set for a method in `errors` (after the argument checks, as the
 * host's answers come).
 */
export function createEmbedMock(options: EmbedMockOptions = {}): EmbedMock {
  let initialized = false;
  /** What the host does for each method, on the copy of the arguments that crossed. */
  const effects: { [M in CallMethod]: (...args: WireArgs<M>) => WireResult<M> } = {
    openWindow: ({ url, external }) => {
      mock.opened.push({ url, external });
    },
    getProfile: () => structuredClone(mock.profile),
    sendMessages: (messages) => {
      mock.sent.push(...(messages as Message[]));
    },
    closeWindow: () => {
      mock.closed = true;
    },
  };
  /** The host in the mock: answers as the host does, with the errors set on the mock. */
  const host = byMethod(HOST_METHODS, (method) => async (...args: unknown[]): Promise<BridgeResult<unknown>> => {
    // What crosses postMessage is a copy: a value that cannot be copied (a function in a message)
    // throws a DataCloneError, which the pipeline turns into INVALID_ARGUMENT as in the SDK.
    const copy = structuredClone(args);
    if (BRIDGE_METHODS[method].kind !== 'embed') return { ok: true, value: undefined };
    const error = mock.errors[method as CallMethod];
    if (error) return { ok: false, error };
    return { ok: true, value: (effects[method as CallMethod] as (...a: unknown[]) => unknown)(...copy) };
  }) as HostApi;
  const call = createCall(() => (initialized ? host : undefined));
  /** The `embed` methods: the pipeline's outcome recorded, with the app's arguments. */
  const calls = byMethod(EMBED_METHODS, (method) => async (...appArgs: unknown[]) => {
    const args = appArgs.slice(0, BRIDGE_METHODS[method].params.length);
    try {
      const value = await call(method, appArgs);
      mock.calls.push({ method, args, outcome: 'ok' });
      return value;
    } catch (error) {
      mock.calls.push({ method, args, outcome: (error as EmbedError).code });
      throw error;
    }
  }) as EmbedCalls;
  const mock: EmbedMock = {
    initData: options.initData ?? DEFAULT_INIT_DATA,
    profile: options.profile ?? DEFAULT_PROFILE,
    errors: { ...options.errors },
    calls: [],
    sent: [],
    opened: [],
    closed: false,
    init(successCallback, errorCallback?) {
      // As the real SDK: a missing errorCallback is tolerated with a warning, a wrong one refused.
      if (errorCallback == null) console.warn(NOTICES['init-without-error-callback']);
      else if (typeof errorCallback != 'function') {
        mock.calls.push({ method: 'init', args: [], outcome: 'INVALID_ARGUMENT' });
        throw notAFunction('errorCallback');
      }
      const onError = errorCallback ?? ((e: EmbedError) => console.error(e));
      // Both callbacks run asynchronously, as with the real SDK.
      queueMicrotask(() => {
        if (typeof successCallback != 'function') {
          mock.calls.push({ method: 'init', args: [], outcome: 'INVALID_ARGUMENT' });
          return onError(notAFunction('successCallback'));
        }
        const error = mock.errors.init;
        if (error) {
          mock.calls.push({ method: 'init', args: [], outcome: error.code });
          return onError(new EmbedError(error.code, error.message ?? failed('init', error.code)));
        }
        initialized = true;
        mock.calls.push({ method: 'init', args: [], outcome: 'ok' });
        successCallback(structuredClone(mock.initData));
      });
    },
    ...calls,
    // As the real SDK: not in the spec, kept for the platform's samples; null, with a warning.
    getAccessToken: () => {
      console.warn(NOTICES['get-access-token']);
      return null;
    },
    reset() {
      initialized = false;
      mock.calls.length = 0;
      mock.sent.length = 0;
      mock.opened.length = 0;
      mock.closed = false;
    },
  };
  return mock;
}
