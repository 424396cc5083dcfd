/**
 * The SDK side of the handshake (the steps are in `contract/src/bridge/protocol.ts`): one hello to `window.parent`
 * with targetOrigin `*` (the page cannot know the host's origin yet; the hello carries no data),
 * then wait for a welcome that comes from `window.parent` (and from its origin, when the browser
 * tells it) with a `MessagePort`; all later calls go over that port with comlink. After the
 * welcome the page answers the host's liveness checks with the welcome's token.
 */
import { wrap, type Remote } from 'comlink';
import { EmbedError, UNSUPPORTED } from './errors.js';
import {
  isMessageOf,
  isWelcome,
  PROTOCOL,
  PROTOCOL_VERSION,
  type AliveMessage,
  type HelloMessage,
  type HostApi,
  type InitData,
} from '#contract/bridge/protocol.js';

/**
 * Knobs for tests, deliberately not re-exported by `index.ts` (so not part of the public API nor
 * reachable from the script-tag bundle). `initTimeoutMs`: how long `embed.init` waits for the
 * host's welcome before failing with `INIT_FAILED`, in milliseconds. Tests import this module and
 * lower it; pages cannot change it.
 */
export const settings = { initTimeoutMs: 3000 };

/** A working bridge: the init data of the welcome, exactly as received, and the host's methods over the port. */
export interface Connection {
  initData: InitData;
  host: Remote<HostApi>;
}

let pending: Promise<Connection> | undefined;

/** The bridge after a successful handshake; undefined before it (and while it runs). */
export let connection: Connection | undefined;

/**
 * Runs the handshake once and shares it: concurrent callers get the same promise, and after a
 * success every caller gets the same {@link Connection} without a new hello. A failure is not
 * kept, so a later `init` can try again.
 *
 * Rejects with `INIT_FAILED` ({@link UNSUPPORTED}) when the page is not framed
 * (`window.parent === window`) or when no acceptable welcome arrives within
 * {@link settings}`.initTimeoutMs`. A welcome is acceptable only when it comes from
 * `window.parent`, carries a port, passes `isWelcome`, and (when the browser tells the parent's
 * origin) comes from that origin; anything else is ignored, as another frame or an extension may
 * post to this window too.
 */
export function handshake(): Promise<Connection> {
  return (pending ||= new Promise<Connection>((resolve, reject) => {
    const parent = window.parent;
    if (parent === window) return reject(new EmbedError('INIT_FAILED', UNSUPPORTED));
    const origin = parentOrigin();
    const stop = () => {
      clearTimeout(timer);
      removeEventListener('message', onMessage);
    };
    const onMessage = (event: MessageEvent) => {
      const port = event.ports[0];
      if (event.source !== parent || !isWelcome(event.data) || !port || (origin && event.origin !== origin)) return;
      stop();
      const token = event.data.token;
      // The liveness rule: the host asks after a load whether this page is still the one it
      // welcomed; only this page knows the token.
      if (token)
        addEventListener('message', (e) => {
          if (e.source === parent && isMessageOf(e.data, 'liveness'))
            parent.postMessage(
              { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'alive', token } satisfies AliveMessage,
              origin ?? '*',
            );
        });
      resolve((connection = { initData: event.data.initData, host: wrap<HostApi>(port) }));
    };
    const timer = setTimeout(() => {
      stop();
      reject(new EmbedError('INIT_FAILED', UNSUPPORTED));
    }, settings.initTimeoutMs);
    addEventListener('message', onMessage);
    // '*': the page cannot know the host's origin yet, and the hello carries no data to protect.
    parent.postMessage({ protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'hello' } satisfies HelloMessage, '*');
  }).catch((error: unknown) => {
    pending = undefined;
    throw error;
  }));
}

/**
 * The parent's origin when the browser tells it: `location.ancestorOrigins` (Chromium, Safari),
 * else the origin of `document.referrer`. A referrer on the page's own origin is not trusted for
 * this: after a navigation inside the frame it names the previous page, not the parent, and would
 * make every welcome fail. Undefined means "unknown": the `event.source` check still holds.
 */
function parentOrigin(): string | undefined {
  const ancestors = (location as { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors?.length) return ancestors[0];
  try {
    const { origin } = new URL(document.referrer);
    if (origin !== location.origin) return origin;
  } catch {
    // No referrer (direct load, or a no-referrer policy).
  }
}

/** Forgets the handshake and the connection, so that a test starts from a page that never called init. */
export function resetBridge(): void {
  pending = connection = undefined;
}
