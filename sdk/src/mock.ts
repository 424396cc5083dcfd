/**
 * `embedkit/sdk/mock`: an object with the interface of `embed` for an app's unit tests (vitest
 * or jest, with happy-dom, jsdom or none): no host, no server. Init data, profile and the error of
 * each method are settable; every call is recorded; arguments are checked by the same rules as the
 * real SDK (`checks.ts`, shared code), so a test fails where the platform would refuse.
 *
 * ```ts
 * import { createEmbedMock } from 'embedkit/sdk/mock';
 * const embed = createEmbedMock({ profile: { userId: 'U1', displayName: 'Alice' } });
 * await new Promise((resolve, reject) => embed.init(resolve, reject));
 * await embed.sendMessages([{ type: 'text', text: 'hi' }]);
 * expect(embed.calls.map((c) => c.method)).toEqual(['init', 'sendMessages']);
 * ```
 */
import { messagesProblem, openWindowProblem } from './checks.js';
import { EmbedError } from './errors.js';
import type { Embed } from './index.js';
import type { Message } from './messages.js';
import { NOTICES, type ErrorCode, type InitData, type Profile } from './protocol.js';

export { EmbedError } from './errors.js';

/** The SDK methods a mock records and can make fail. */
export type EmbedMethod = 'init' | 'openWindow' | 'getProfile' | 'sendMessages' | 'closeWindow';

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
 * successful init, and the error set for a method in `errors`.
 */
export function createEmbedMock(options: EmbedMockOptions = {}): EmbedMock {
  let initialized = false;
  const fail = (method: EmbedMethod, code: ErrorCode, message: string, args: unknown[]): never => {
    mock.calls.push({ method, args, outcome: code });
    throw new EmbedError(code, message);
  };
  /** The checks of one call, in the SDK's order: argument, init, then the set error. */
  const run = async <T>(method: Exclude<EmbedMethod, 'init'>, problem: string, args: unknown[], then: () => T): Promise<T> => {
    const prefix = `embed.${method}: `;
    if (problem) fail(method, 'INVALID_ARGUMENT', prefix + problem, args);
    if (!initialized) fail(method, 'INIT_FAILED', `${prefix}call embed.init and wait for its success callback first`, args);
    const error = mock.errors[method];
    if (error) fail(method, error.code, error.message ?? `${prefix}failed (${error.code})`, args);
    mock.calls.push({ method, args, outcome: 'ok' });
    return then();
  };
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
      else if (typeof errorCallback != 'function') fail('init', 'INVALID_ARGUMENT', 'embed.init: errorCallback must be a function', []);
      const onError = errorCallback ?? ((e: EmbedError) => console.error(e));
      // Both callbacks run asynchronously, as with the real SDK.
      queueMicrotask(() => {
        if (typeof successCallback != 'function') {
          mock.calls.push({ method: 'init', args: [], outcome: 'INVALID_ARGUMENT' });
          return onError(new EmbedError('INVALID_ARGUMENT', 'embed.init: successCallback must be a function'));
        }
        const error = mock.errors.init;
        if (error) {
          mock.calls.push({ method: 'init', args: [], outcome: error.code });
          return onError(new EmbedError(error.code, error.message ?? `embed.init: failed (${error.code})`));
        }
        initialized = true;
        mock.calls.push({ method: 'init', args: [], outcome: 'ok' });
        successCallback(structuredClone(mock.initData));
      });
    },
    openWindow: async (params) =>
      run('openWindow', openWindowProblem(params), [params], () => {
        mock.opened.push({ url: params.url, external: params.external === true });
      }),
    getProfile: () => run('getProfile', '', [], () => structuredClone(mock.profile)),
    sendMessages: async (messages) =>
      run('sendMessages', messagesProblem(messages), [messages], () => {
        // What crosses postMessage: a copy (a function in a message fails like in the SDK).
        let copy: Message[];
        try {
          copy = structuredClone(messages);
        } catch {
          mock.calls.pop();
          return fail('sendMessages', 'INVALID_ARGUMENT', 'embed.sendMessages: the argument cannot be sent to the host', [messages]);
        }
        mock.sent.push(...copy);
      }),
    closeWindow: () =>
      run('closeWindow', '', [], () => {
        mock.closed = true;
      }),
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
