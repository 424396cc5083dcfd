/**
 * The host side of the bridge: accepts the hello of the app frame the host opened, answers with the
 * init data and a `MessagePort`, and serves the app's calls on that port through comlink, behind
 * the filter of `filter.ts`. The rules, in order:
 * 1. A hello counts only when `event.source` is the frame's window and `event.origin` is the exact
 *    origin (scheme, host, port) of the registered view URL; anything else is reported, never
 *    answered.
 * 2. The welcome carries the init data and a random token, and transfers a fresh `MessagePort`;
 *    it is posted to the frame with the app's exact origin as targetOrigin. The port of an earlier
 *    hello is closed first.
 * 3. On the port, comlink serves the host api (`host-api.ts`), but only sees what the filter lets
 *    through: calls of the allow-list with plain-data arguments.
 * 4. The port serves only the page it welcomed (the liveness rule, {@link WelcomedPort}).
 */
import { expose } from 'comlink';
import {
  isHello,
  isMessageOf,
  PROTOCOL,
  PROTOCOL_VERSION,
  type InitData,
  type LivenessMessage,
  type WelcomeMessage,
} from '#contract/bridge/protocol.js';
import { createHostApi } from './host-api.js';
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
  const welcomed = new WelcomedPort(frame, origin);

  const onMessage = (event: MessageEvent) => {
    if (isMessageOf(event.data, 'alive')) {
      if (event.source === frame.contentWindow && event.origin === origin) welcomed.alive(event.data.token);
      return;
    }
    const hello = screenHello(event, frame, origin);
    if (!hello) return;
    if ('reason' in hello) return onRejected?.(hello.reason, event.origin);
    let welcome: WelcomeMessage & { token: string };
    try {
      welcome = { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'welcome', initData: initData(), token: newToken() };
    } catch (error) {
      return onRejected?.(`initData() failed: ${messageOf(error)}`, event.origin);
    }
    welcomed.close();
    const channel = new MessageChannel();
    try {
      hello.app.postMessage(welcome, origin, [channel.port2]);
    } catch (error) {
      channel.port1.close();
      return onRejected?.(`the welcome could not be posted: ${messageOf(error)}`, origin);
    }
    welcomed.open(channel.port1, welcome.token);
    expose(
      api,
      filteredEndpoint(channel.port1, (reason) => onRejected?.(reason, origin)),
    );
    onConnected?.();
  };

  const onLoad = () => welcomed.loaded();
  target.addEventListener('message', onMessage);
  frame.addEventListener('load', onLoad);
  return {
    dispose() {
      target.removeEventListener('message', onMessage);
      frame.removeEventListener('load', onLoad);
      welcomed.dispose();
    },
  };
}

/** How long the welcomed page has to answer a liveness check, in ms. */
export const LIVENESS_WAIT_MS = 1000;

/**
 * Judges a message on the host window as a hello: the app frame's window (`app`) when it is a hello
 * of this protocol from the app frame and the app's origin; the reason of the refusal for any other
 * message of this protocol; undefined for messages of other protocols, which are not ours to report.
 */
function screenHello(event: MessageEvent, frame: HTMLIFrameElement, origin: string): { app: Window } | { reason: string } | undefined {
  if (!isHello(event.data)) {
    const ours = (event.data as { protocol?: unknown } | null)?.protocol === PROTOCOL;
    return ours ? { reason: 'a message of the bridge protocol that is not a valid hello (wrong version or type)' } : undefined;
  }
  const app = frame.contentWindow;
  // contentWindow is null once the frame left the document: then a hello with no source
  // (null === null) must not pass.
  if (!app || event.source !== app) return { reason: 'hello from a window that is not the app frame' };
  if (event.origin !== origin) return { reason: `hello from origin ${event.origin}, expected ${origin}` };
  return { app };
}

/**
 * The port of the welcomed page, kept only while that page is in the frame (the liveness rule).
 * A page says hello before or after its own load event, never after the next one: a second load
 * since the hello means the frame now shows another page (maybe of another origin), and the port
 * must not serve whoever still holds its other end (a replayed port) so it is closed at once. The
 * first load after a hello may be the welcomed page's own or another page's: the host posts a
 * `liveness` message to the frame's window (the app's origin only), and closes the port unless the
 * welcomed page, the only one that knows the welcome's token, answers `alive` within
 * {@link LIVENESS_WAIT_MS}. A new page gets a port of its own by saying hello.
 */
class WelcomedPort {
  private port: MessagePort | undefined;
  private token = '';
  /** Load events of the frame since the current port's hello. */
  private loads = 0;
  private liveness: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly frame: HTMLIFrameElement,
    private readonly origin: string,
  ) {}

  /** Keeps `port`, the port of a page just welcomed with `token`. */
  open(port: MessagePort, token: string): void {
    this.port = port;
    this.token = token;
    this.loads = 0;
    clearTimeout(this.liveness);
    // The app's end is gone (its page was unloaded, or it closed the port): close this end too.
    port.addEventListener('close', () => {
      if (this.port === port) this.close();
    });
  }

  /** The frame loaded a page: a second load closes the port, the first asks the page for its token. */
  loaded(): void {
    if (!this.port) return;
    if (++this.loads >= 2) return this.close();
    clearTimeout(this.liveness);
    const asked = this.port;
    this.liveness = setTimeout(() => this.port === asked && this.close(), LIVENESS_WAIT_MS);
    this.frame.contentWindow?.postMessage(
      { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'liveness' } satisfies LivenessMessage,
      this.origin,
    );
  }

  /** The frame's page (checked by the caller: the frame's window, the app's origin) answered with `token`. */
  alive(token: string): void {
    if (this.port && token === this.token) clearTimeout(this.liveness);
  }

  close(): void {
    this.port?.close();
    this.port = undefined;
  }

  dispose(): void {
    clearTimeout(this.liveness);
    this.close();
  }
}

/** A welcome's token: 128 random bits, hex. */
function newToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
