/**
 * The embedkit SDK, ESM entry: `import { embed } from 'embedkit/sdk'`. The script-tag build
 * (`global.ts`) puts the same object on `window.embed`.
 *
 * Implements the client SDK methods of the spec (part D, "Client SDK methods"). The SDK never calls
 * the server: every method is a call over the bridge to the host, which answers with a
 * `BridgeResult` envelope (`contract/src/bridge/protocol.ts`); failures become an {@link EmbedError}.
 */
import { connection, handshake } from './bridge.js';
import { createCall } from './call.js';
import { startSending } from './capture.js';
import { notAFunction, type EmbedError } from './errors.js';
import {
  EMBED_METHODS,
  NOTICES,
  type EmbedMethod,
  type InitData,
  type NoticeKind,
  type OpenWindowParams,
  type Profile,
  type WireResult,
} from '#contract/bridge/protocol.js';

export { EmbedError } from './errors.js';
export type { ContextType, ErrorCode, InitContext, InitData, OpenWindowParams, Profile, ViewType } from '#contract/bridge/protocol.js';
export type * from '#contract/bridge/messages.js';
import type { Message } from '#contract/bridge/messages.js';

/**
 * The `embed` methods derived from the map of bridge methods: one per entry of kind `embed`,
 * resolving with the entry's result. {@link Embed} extends it, so its documented signatures must
 * agree with the map, and a method of the map it does not document still exists.
 */
export type EmbedCalls = { [M in EmbedMethod]: (...args: never[]) => Promise<WireResult<M>> };

/** The `embed` object: the SDK's whole public surface. */
export interface Embed extends EmbedCalls {
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

/** The bridge calls: to the host once init succeeded. */
const call = createCall(() => connection?.host);
/**
 * One function per `embed` method of the map. Built with `Object.fromEntries` rather than
 * `byMethod`: terser inlines `byMethod` here keeping its parameters as variables, 20 B gzip more in
 * the script-tag bundle.
 */
const calls = Object.fromEntries(
  EMBED_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
) as Partial<EmbedCalls> as EmbedCalls;

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

/**
 * The SDK. Methods are plain functions, so they also work detached (`const { getProfile } = embed`),
 * and async: a throwing getter on an argument rejects, it does not throw.
 */
export const embed: Embed = {
  init(successCallback, errorCallback) {
    // The platform's published samples call init with a success callback only: tolerated with a
    // warning (once), as the platform's SDK does; anything else that is not a function is a mistake.
    const tolerated = errorCallback == null;
    if (!tolerated && typeof errorCallback != 'function') throw notAFunction('errorCallback');
    if (tolerated) tolerate('init-without-error-callback');
    (typeof successCallback == 'function' ? handshake() : Promise.reject(notAFunction('successCallback'))).then(
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
  ...calls,
  getAccessToken: () => (tolerate('get-access-token'), null),
};
