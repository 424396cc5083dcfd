/**
 * The embedkit SDK, ESM entry: `import { embed } from 'embedkit/sdk'`. The script-tag build
 * (`global.ts`) puts the same object on `window.embed`.
 *
 * Implements the client SDK methods of the spec (part D, "Client SDK methods"). The SDK never calls
 * the server: every method is a call over the bridge to the host, which answers with a
 * {@link BridgeResult}; failures become an {@link EmbedError}.
 */
import { connection, handshake } from './bridge.js';
import { messagesProblem, openWindowProblem } from './checks.js';
import { startSending } from './capture.js';
import { EmbedError } from './errors.js';
import {
  NOTICES,
  type BridgeResult,
  type NoticeKind,
  type HostMethod,
  type InitData,
  type OpenWindowParams,
  type Profile,
} from './protocol.js';

export { EmbedError } from './errors.js';
export type { ContextType, ErrorCode, InitContext, InitData, OpenWindowParams, Profile, ViewType } from './protocol.js';
export type * from './messages.js';
import type { Message } from './messages.js';

/** The `embed` object: the SDK's whole public surface. */
export interface Embed {
  /**
   * Connects the page to the host; must succeed before any other method (spec part D).
   * `successCallback(initData)` gets the host's init data (language and context); on later calls
   * it gets the same data again without a new handshake, and concurrent calls share one handshake.
   * `errorCallback(error)` gets an {@link EmbedError}: `INVALID_ARGUMENT` when `successCallback`
   * is not a function; `INIT_FAILED` when the page is not inside an embedkit host, or the host did
   * not answer within 3 seconds. Both callbacks run asynchronously. Without `errorCallback` (as the
   * platform's published samples call it) init works and warns once, in the console and in the
   * host's bridge log, that the spec requires one; failures then go to `console.error`.
   * @throws {EmbedError} `INVALID_ARGUMENT`, synchronously, when `errorCallback` is given but is
   *   not a function (there is nowhere else to report it).
   */
  init(successCallback: (initData: InitData) => void, errorCallback?: (error: EmbedError) => void): void;
  /**
   * Opens `params.url` (an absolute http(s) URL): in the host's in-app browser, or in a new
   * browser tab when `params.external` is true (default false).
   * Rejects with `INVALID_ARGUMENT` for a bad argument, `INIT_FAILED` before a successful init.
   */
  openWindow(params: OpenWindowParams): Promise<void>;
  /**
   * The signed-in user's profile (spec part D, "SDK profile"; unset fields are absent).
   * Rejects with `INIT_FAILED` before a successful init, or with the HTTP status of the failed
   * profile call as code (`"401"`...).
   */
  getProfile(): Promise<Profile>;
  /**
   * Sends 1 to 5 message objects to the chat the app was opened from.
   * Rejects with `INVALID_ARGUMENT` for a bad argument (not an array, empty, more than 5, a
   * non-object item, or a value that cannot be copied such as a function), `INIT_FAILED` before a
   * successful init, or the server's failure: code `"400"` (invalid messages), `"401"`
   * (authentication failed), `"403"` (no permission), with the server's message.
   */
  sendMessages(messages: Message[]): Promise<void>;
  /** Closes the app's view. Rejects with `INIT_FAILED` before a successful init. */
  closeWindow(): Promise<void>;
  /**
   * Not a method of the spec's SDK (part D), kept because the platform's published samples call
   * it (`getAccessToken()` of its SDK): always null, since embedkit keeps the user access token in
   * the host; warns once in the console and, after init, in the host's bridge log.
   * @deprecated call `getProfile`, or let your server hold the token.
   */
  getAccessToken(): null;
}

/**
 * One bridge call: argument problem first (a programming error, reported even before init), then
 * the init check, then the host's answer unwrapped. A comlink-level failure (the host's answer
 * could not be copied, a bug) becomes `INTERNAL_ERROR`; a `DataCloneError` means the app passed
 * something that cannot cross `postMessage`, so it is the caller's `INVALID_ARGUMENT`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each method declares its own result type
async function call(method: HostMethod, problem: string, ...args: unknown[]): Promise<any> {
  const prefix = `embed.${method}: `;
  if (problem) throw new EmbedError('INVALID_ARGUMENT', prefix + problem);
  if (!connection) {
    throw new EmbedError('INIT_FAILED', prefix + 'call embed.init and wait for its success callback first');
  }
  let result: BridgeResult<unknown> | undefined;
  try {
    result = await (connection.host[method] as (...a: unknown[]) => Promise<BridgeResult<unknown>>)(...args);
  } catch (error) {
    const clone = (error as Error)?.name === 'DataCloneError';
    throw new EmbedError(
      clone ? 'INVALID_ARGUMENT' : 'INTERNAL_ERROR',
      prefix + (clone ? 'the argument cannot be sent to the host' : 'the host failed to answer'),
    );
  }
  if (result?.ok) return result.value;
  const { code, message } = result?.error ?? {};
  // Keep the server's message as is; make one up only when there is none, so that it never reads
  // "undefined" or "[object Object]".
  throw new EmbedError(
    code ? (String(code) as EmbedError['code']) : 'INTERNAL_ERROR',
    typeof message == 'string' && message ? message : `${prefix}failed (${code || 'INTERNAL_ERROR'})`,
  );
}

/** Tolerances already reported: to the page's console (`warned`) and to the host (`told`), once each. */
const warned = new Set<NoticeKind>();
const told = new Set<NoticeKind>();
let host: { notice(kind: NoticeKind): Promise<unknown> } | undefined;

/** Reports a tolerance once to the console and, once connected, once to the host's bridge log. */
function tolerate(kind: NoticeKind): void {
  if (!warned.has(kind)) {
    warned.add(kind);
    console.warn(NOTICES[kind]);
  }
  if (host && !told.has(kind)) {
    told.add(kind);
    host.notice(kind).catch(() => undefined);
  }
}

/** The SDK. Methods are arrow functions, so they also work detached (`const { getProfile } = embed`). */
export const embed: Embed = {
  init(successCallback, errorCallback) {
    // The platform's published samples call init with a success callback only: tolerated with a
    // warning (once), as the platform's SDK does; anything else that is not a function is a mistake.
    const tolerated = errorCallback == null;
    if (!tolerated && typeof errorCallback != 'function') {
      throw new EmbedError('INVALID_ARGUMENT', 'embed.init: errorCallback must be a function');
    }
    if (tolerated) tolerate('init-without-error-callback');
    (typeof successCallback == 'function'
      ? handshake()
      : Promise.reject(new EmbedError('INVALID_ARGUMENT', 'embed.init: successCallback must be a function'))
    ).then(
      (c) => {
        // The app's console and requests go to the host's bridge log from now on.
        startSending((entries) => void c.host.appLog(entries).catch(() => undefined));
        // The host's bridge log shows the warnings beside the calls (once per page).
        host = c.host;
        for (const kind of warned) tolerate(kind);
        successCallback(c.initData);
      },
      errorCallback ?? ((error: EmbedError) => console.error(error)),
    );
  },
  // async: a throwing getter on `params` must reject, not throw.
  openWindow: async (params) => call('openWindow', openWindowProblem(params), { url: params?.url, external: params?.external === true }),
  getProfile: () => call('getProfile', ''),
  sendMessages: (messages) => call('sendMessages', messagesProblem(messages), messages),
  closeWindow: () => call('closeWindow', ''),
  getAccessToken: () => (tolerate('get-access-token'), null),
};
