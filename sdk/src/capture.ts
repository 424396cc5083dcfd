/**
 * The app's console in the host's bridge log: what the page logs (`console.log/info/warn/error`),
 * its uncaught errors and unhandled rejections, and its `fetch` and XHR requests (method, URL,
 * status, ms) are kept from the moment the SDK loads and sent over the bridge once it is up, in
 * order, to the host's bridge log; nothing leaves the machine. Values become text here (at most
 * {@link MAX_APP_LOG_TEXT} characters), so only strings cross the bridge. Until the bridge is up,
 * at most {@link MAX_APP_LOG_ENTRIES} entries are kept (later ones are dropped): one `appLog` call
 * carries them all.
 */
import { MAX_APP_LOG_ENTRIES, MAX_APP_LOG_TEXT, type AppLogEntry } from '#contract/bridge/protocol.js';

const queue: AppLogEntry[] = [];
let send: ((entries: AppLogEntry[]) => void) | undefined;

function push(entry: AppLogEntry): void {
  if (send) send([entry]);
  else if (queue.length < MAX_APP_LOG_ENTRIES) queue.push(entry);
}

/** The text of console arguments: strings as they are, errors with their stack, the rest as JSON. */
function text(args: unknown[]): string {
  return args
    .map((a) => {
      if (typeof a == 'string') return a;
      if (a instanceof Error) return a.stack || String(a);
      try {
        return JSON.stringify(a) ?? String(a);
      } catch {
        return String(a);
      }
    })
    .join(' ')
    .slice(0, MAX_APP_LOG_TEXT);
}

function request(method: string, url: string, t0: number, status: number, failure?: unknown): void {
  push({
    kind: 'request',
    method: method.toUpperCase(),
    url: url.slice(0, MAX_APP_LOG_TEXT),
    status,
    ms: Math.round(performance.now() - t0),
    at: Date.now(),
    text: failure === undefined ? '' : text([failure]),
  });
}

/** Starts watching the page (once, when the SDK loads). */
export function capture(): void {
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      push({ kind: 'console', level, text: text(args), at: Date.now() });
      original.apply(console, args);
    };
  }
  addEventListener('error', (e) => push({ kind: 'error', text: text([e.error ?? e.message]), at: Date.now() }));
  addEventListener('unhandledrejection', (e) => push({ kind: 'error', text: `Unhandled rejection: ${text([e.reason])}`, at: Date.now() }));
  const originalFetch = window.fetch;
  window.fetch = async (input, init) => {
    const t0 = performance.now();
    const method = init?.method ?? (input as Request).method ?? 'GET';
    const url = String((input as Request).url ?? input);
    try {
      const res = await originalFetch(input, init);
      request(method, url, t0, res.status);
      return res;
    } catch (e) {
      request(method, url, t0, 0, e);
      throw e;
    }
  };
  const { open, send: xhrSend } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { _m?: [string, string] }, method: string, url: string | URL) {
    this._m = [method, String(url)];
    // eslint-disable-next-line prefer-rest-params
    return open.apply(this, arguments as never);
  } as typeof open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { _m?: [string, string] }, body) {
    const t0 = performance.now();
    this.addEventListener('loadend', () => request(this._m?.[0] ?? 'GET', this._m?.[1] ?? '', t0, this.status));
    return xhrSend.call(this, body);
  };
}

/** The bridge is up: what was kept goes now, the rest as it happens. */
export function startSending(to: (entries: AppLogEntry[]) => void): void {
  if (send) return;
  send = to;
  if (queue.length) to(queue.splice(0));
}
