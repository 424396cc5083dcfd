/**
 * The host side of the bridge (shared/docs/architecture.md, "The bridge", steps 2 and 4): accepts
 * the hello of the app frame the host opened, answers with the init data and a `MessagePort`, and
 * serves the app's calls on that port through comlink, behind the filter of `filter.ts`.
 */
import { expose } from 'comlink';
import {
  isHello,
  isMessageOf,
  type LivenessMessage,
  PROTOCOL,
  PROTOCOL_VERSION,
  type InitData,
  type WelcomeMessage,
} from '../../../sdk/src/protocol.js';
import { createHostApi } from './api.js';
import { BridgeError } from './errors.js';
import { filteredEndpoint } from './filter.js';
import type { BridgeCallRecord, BridgeHandlers } from './types.js';

export type { BridgeCallRecord, BridgeHandlers } from './types.js';

/** Options of {@link connectApp}. */
export interface AppConnectionOptions {
  /** The app frame the host opened: only a hello from its `contentWindow` is accepted. */
  frame: HTMLIFrameElement;
  /** Registered view URL; its exact origin (scheme, host, port) is the only accepted origin. Must be http(s). */
  appUrl: string;
  /** Read when a valid hello arrives (so a reload gets the current context). */
  initData: () => InitData;
  handlers: BridgeHandlers;
  /** Every call, valid or not, after it settles. */
  onCall?: (record: BridgeCallRecord) => void;
  /**
   * A message that was refused: a hello from another window or origin, a message of this protocol
   * that is not a valid hello, or a comlink message on the port outside the allow-list. `origin` is
   * the sender's origin (the app's origin for messages on the port). Messages of other protocols on
   * the window are ignored without a report.
   */
  onRejected?: (reason: string, origin: string) => void;
  /** A welcome was posted: after the first hello, and again after each reload of the app page. */
  onConnected?: () => void;
  /** Window whose `message` events are watched; default: the global `window`. */
  target?: Window;
}

/**
 * Connects the host to the app page in `options.frame`. Until `dispose()`, each valid hello (see
 * {@link AppConnectionOptions}) gets a welcome with `initData()` and a fresh `MessagePort`, posted
 * to the frame with the app's exact origin as `targetOrigin`; the port of an earlier hello (the
 * page reloaded) is closed. Nothing is ever posted in answer to a refused message.
 * `dispose()` stops listening and closes the current port (call it when the app's view closes).
 *
 * @throws {BridgeError} `INVALID_ARGUMENT` when `appUrl` is not an absolute http(s) URL: the origin
 *   check needs a real origin (a `data:` or `file:` URL has the opaque origin `"null"`, shared by
 *   every sandboxed frame).
 */
export function connectApp(options: AppConnectionOptions): { dispose(): void } {
  const { frame, initData, handlers, onCall, onRejected, onConnected } = options;
  const origin = httpOrigin(options.appUrl);
  const target = options.target ?? window;
  const api = createHostApi(handlers, onCall);
  let port: MessagePort | undefined;
  /** Load events of the frame since the current port's hello. */
  let loadsSinceHello = 0;
  const closePort = () => {
    port?.close();
    port = undefined;
  };
  // A page says hello before or after its own load event, never after the next one: a second load
  // since the hello means the frame now shows another page (maybe of another origin), so the old
  // port must not serve whoever still holds its other end (issue 8, replayed port). The first load
  // after a hello is checked with the liveness rule (issue 16): the welcomed page answers with its
  // token, or the port is closed. The new page gets a port of its own by saying hello.
  let token = '';
  let liveness: ReturnType<typeof setTimeout> | undefined;
  const onLoad = () => {
    if (!port) return;
    if (++loadsSinceHello >= 2) return closePort();
    // The liveness rule (issue 16): the load may be the welcomed page's own (its hello came first)
    // or another page's. Only the welcomed page knows the token: without its answer, the port goes.
    clearTimeout(liveness);
    const asked = port;
    liveness = setTimeout(() => port === asked && closePort(), LIVENESS_WAIT_MS);
    frame.contentWindow?.postMessage({ protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'liveness' } satisfies LivenessMessage, origin);
  };

  const onMessage = (event: MessageEvent) => {
    const { data } = event;
    if (isMessageOf(data, 'alive')) {
      if (event.source === frame.contentWindow && event.origin === origin && port && data.token === token) clearTimeout(liveness);
      return;
    }
    if (!isHello(data)) {
      if ((data as { protocol?: unknown } | null)?.protocol === PROTOCOL) {
        onRejected?.('a message of the bridge protocol that is not a valid hello (wrong version or type)', event.origin);
      }
      return;
    }
    const app = frame.contentWindow;
    // contentWindow is null once the frame left the document: then a hello with no source
    // (null === null) must not pass.
    if (!app || event.source !== app) {
      return onRejected?.('hello from a window that is not the app frame', event.origin);
    }
    if (event.origin !== origin) {
      return onRejected?.(`hello from origin ${event.origin}, expected ${origin}`, event.origin);
    }
    let welcome: WelcomeMessage;
    try {
      welcome = { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'welcome', initData: initData(), token: newToken() };
    } catch (error) {
      return onRejected?.(`initData() failed: ${error instanceof Error ? error.message : String(error)}`, event.origin);
    }
    closePort();
    const channel = new MessageChannel();
    try {
      app.postMessage(welcome, origin, [channel.port2]);
    } catch (error) {
      channel.port1.close();
      return onRejected?.(`the welcome could not be posted: ${error instanceof Error ? error.message : String(error)}`, origin);
    }
    port = channel.port1;
    token = welcome.token!;
    loadsSinceHello = 0;
    clearTimeout(liveness);
    const current = channel.port1;
    // The app's end is gone (its page was unloaded, or it closed the port): close this end too.
    current.addEventListener('close', () => {
      if (port === current) closePort();
    });
    expose(
      api,
      filteredEndpoint(port, (reason) => onRejected?.(reason, origin)),
    );
    onConnected?.();
  };

  target.addEventListener('message', onMessage);
  frame.addEventListener('load', onLoad);
  return {
    dispose() {
      clearTimeout(liveness);
      target.removeEventListener('message', onMessage);
      frame.removeEventListener('load', onLoad);
      closePort();
    },
  };
}

/** How long the welcomed page has to answer a liveness check, in ms. */
export const LIVENESS_WAIT_MS = 1000;

/** A welcome's token: 128 random bits, hex. */
function newToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function httpOrigin(appUrl: string): string {
  try {
    const url = new URL(appUrl);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Reported below.
  }
  throw new BridgeError('INVALID_ARGUMENT', `connectApp: appUrl must be an absolute http(s) URL, got ${JSON.stringify(appUrl)}`);
}
