/**
 * The gate in front of comlink's `expose`: on the port, the host serves calls of its allow-list
 * (the methods of the map of bridge methods, `HOST_METHODS`) with plain-data arguments, and nothing
 * else.
 *
 * comlink's `expose` serves GET, SET, CONSTRUCT, ENDPOINT and RELEASE messages and walks any
 * `path` on the exposed object: `SET ['__proto__', 'x']` writes to `Object.prototype` of the host
 * (prototype pollution, comlink issue 603), `GET ['constructor', ...]` reaches functions the host
 * never meant to offer. So `expose` never sees the port itself: it sees an {@link Endpoint} that
 * only lets through calls of the allow-list.
 */
import type { Endpoint } from 'comlink';
import { HOST_METHODS, type HostMethod } from '#contract/bridge/protocol.js';

/** A comlink APPLY message rebuilt from checked fields only (nothing else of the original is kept). */
export interface CleanCall {
  id: string | number | undefined;
  type: 'APPLY';
  path: [HostMethod];
  argumentList: { type: 'RAW'; value: unknown }[];
}

/**
 * Checks one message from the app. Accepted: comlink type `APPLY`, `path` of exactly one string
 * that is in {@link HOST_METHODS}, `argumentList` absent or an array of RAW wire values (a HANDLER
 * value would make comlink build a proxy or rethrow an error on the host). Returns the rebuilt
 * call, or the reason of the refusal, with the message's `id` (string or number) when it has one.
 */
export function screenMessage(data: unknown): { call: CleanCall } | { reason: string; id?: string | number } {
  if (typeof data !== 'object' || data === null) return { reason: 'not a comlink message' };
  const { id: rawId, type, path, argumentList = [] } = data as Record<string, unknown>;
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : undefined;
  const refuse = (reason: string) => (id === undefined ? { reason } : { reason, id });
  if (type !== 'APPLY') return refuse(`message type ${describe(type)} is not allowed, only calls`);
  const method: unknown = Array.isArray(path) && path.length === 1 ? path[0] : undefined;
  if (typeof method !== 'string' || !(HOST_METHODS as readonly string[]).includes(method)) {
    return refuse(`no such method: ${describePath(path)}`);
  }
  if (!Array.isArray(argumentList) || !argumentList.every(isRawWireValue)) {
    return refuse(`${method}: arguments must be plain data`);
  }
  return {
    call: {
      id,
      type: 'APPLY',
      path: [method as HostMethod],
      argumentList: argumentList.map((w: { value: unknown }) => ({ type: 'RAW', value: w.value })),
    },
  };
}

/**
 * Wraps `port` for comlink's `expose`: only messages accepted by {@link screenMessage} reach
 * comlink's listeners, rebuilt. A refused message is dropped; when it has an `id`, the caller is
 * answered at once on the port with an `INVALID_ARGUMENT` result (a comlink RAW reply), so it does
 * not wait forever. `onRefused(reason)` is told about every refused message.
 */
export function filteredEndpoint(port: MessagePort, onRefused?: (reason: string) => void): Endpoint {
  const wrapped = new Map<EventListenerOrEventListenerObject, (event: MessageEvent) => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => port.postMessage(message, transfer ?? []),
    start: () => port.start(),
    addEventListener(type, listener) {
      if (type !== 'message' || wrapped.has(listener)) return;
      const gate = (event: MessageEvent) => {
        const verdict = screenMessage(event.data);
        if ('call' in verdict) {
          // comlink reads only `data` and `origin` ('*' is allowed, and a port has no origin).
          const clean = { data: verdict.call, origin: event.origin } as MessageEvent;
          if (typeof listener === 'function') listener(clean);
          else listener.handleEvent(clean);
          return;
        }
        if (verdict.id !== undefined) {
          port.postMessage({
            id: verdict.id,
            type: 'RAW',
            value: { ok: false, error: { code: 'INVALID_ARGUMENT', message: `refused: ${verdict.reason}` } },
          });
        }
        onRefused?.(verdict.reason);
      };
      wrapped.set(listener, gate);
      port.addEventListener('message', gate);
    },
    removeEventListener(type, listener) {
      const gate = wrapped.get(listener);
      if (type !== 'message' || !gate) return;
      port.removeEventListener('message', gate);
      wrapped.delete(listener);
    },
  };
}

function isRawWireValue(value: unknown): value is { type: 'RAW'; value: unknown } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'RAW';
}

/** The path as text for a refusal reason. */
function describePath(path: unknown): string {
  if (!Array.isArray(path)) return '(no path)';
  return '[' + path.map(describe).join(', ') + ']';
}

/** A string (cut to 40 characters) or the type of anything else: never stringifies an object. */
function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
}
