/**
 * The bridge log (`#bridge-log`): one `.log-entry` per bridge call the app made, per line of the
 * app's console and requests, per message the bridge rejected and per call a fault rule hit
 * (docs/guide/faults.md), newest on top.
 */
import type { BridgeCallRecord } from '../app/bridge/connect.js';
import { NOTICES, type AppLogEntry, type NoticeKind } from '#contract/bridge/protocol.js';
import { h, replaceChildren } from '../shared/dom.js';
import { faultLogText, type FaultHitEvent } from '../faults/text.js';

/** How many of the newest entries are searched for the request a fault hit (or the hit of a request). */
const PAIRING_REACH = 20;

/** Longest argument text shown before it is cut with "…". */
export const MAX_ARGS_CHARS = 300;

/** JSON of `value` for display, at most `max` characters; values JSON cannot write show as their string. */
export function previewJson(value: unknown, max = MAX_ARGS_CHARS): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The outcome line of a call: the result (or "ok" when there is none) or "<code>: <message>". */
export function outcomeText(record: BridgeCallRecord): string {
  if (!record.ok) {
    const code = record.error?.code ?? 'INTERNAL_ERROR';
    return record.error?.message ? `${code}: ${record.error.message}` : code;
  }
  return record.result === undefined ? 'ok' : previewJson(record.result);
}

/** The log panel bound to its list element and its clear button. */
export class BridgeLog {
  /**
   * @param list the `#bridge-log` element entries go into
   * @param clearButton the button that empties the log
   * @param emptyText what the empty log says
   */
  constructor(
    private readonly list: HTMLElement,
    clearButton: HTMLElement,
    private readonly emptyText = 'Bridge calls of the open app appear here.',
  ) {
    clearButton.addEventListener('click', () => this.clear());
    this.showEmpty();
  }

  /** Adds a call: `.log-entry[data-method][data-outcome="ok"|"error"]` with method, args, outcome and duration. */
  addCall(record: BridgeCallRecord): void {
    // The app's console, errors and requests: a line each, in the order they came.
    if (record.method === 'appLog' && record.ok) {
      for (const entry of record.args[0] as AppLogEntry[]) this.addAppLine(entry);
      return;
    }
    // The LIFF plugin's trace is for a review of the session (the remote inspector carries it), not a call of the app.
    if (record.method === 'liffTrace') return;
    // A tolerance the SDK applied: a warning line, not a call of the app.
    if (record.method === 'notice' && record.ok) {
      this.prepend(noticeEntry(String(record.args[0]) as NoticeKind, record.startedAt));
      return;
    }
    this.prepend(callEntry(record.method, previewJson(record.args), record.ok, outcomeText(record), record.durationMs, record.startedAt));
  }

  /** Adds a message the bridge refused: `.log-entry[data-outcome="rejected"]` with the reason and the sender's origin. */
  addRejected(reason: string, origin: string): void {
    this.prepend(rejectedEntry(reason, origin, Date.now()));
  }

  /**
   * Adds a call a fault rule hit: `.log-entry[data-outcome="fault"]` reading
   * `fault: 429 rateLimited POST /v2/bot/message/push`. When the app's request it hit is among the
   * newest entries, the line goes right under it, so the failure and its cause read together.
   */
  addFault(event: FaultHitEvent): void {
    const entry = faultEntry(event, Date.now());
    const request = this.newest('[data-kind="request"]').find((e) => hitMatches(event, e));
    if (!request) return this.prepend(entry);
    request.after(entry);
    pair(request, entry);
  }

  /** Adds an entry built elsewhere (a remote phone's line, `inspector-panel.ts`), newest on top. */
  add(entry: HTMLElement): void {
    this.prepend(entry);
  }

  /** Removes all entries. */
  clear(): void {
    this.showEmpty();
  }

  /**
   * A line of the app's console. A request whose fault line came first (the live feed can be
   * quicker than the app's report of its request) goes right above that line instead of on top.
   */
  private addAppLine(line: AppLogEntry): void {
    const entry = appEntry(line);
    const fault = line.kind === 'request' ? this.newest('[data-outcome="fault"]').find((f) => hitMatches(faultOf(f), entry)) : undefined;
    if (!fault) return this.prepend(entry);
    fault.before(entry);
    pair(entry, fault);
  }

  /** The newest entries matching `selector` that are not paired yet, newest first. */
  private newest(selector: string): HTMLElement[] {
    return [...this.list.children]
      .slice(0, PAIRING_REACH)
      .filter((e): e is HTMLElement => e instanceof HTMLElement && e.matches(selector) && e.dataset.paired === undefined);
  }

  private prepend(entry: HTMLElement): void {
    this.list.querySelector('.log-empty')?.remove();
    this.list.prepend(entry);
  }

  private showEmpty(): void {
    replaceChildren(this.list, [h('li', { className: 'log-empty', text: this.emptyText })]);
  }
}

/** A tolerance the SDK applied: `.log-entry.warning[data-notice]`. `at`: epoch ms or a `performance.now()` reading. */
export function noticeEntry(kind: NoticeKind, at: number): HTMLElement {
  return h(
    'li',
    { className: 'log-entry warning', attrs: { 'data-outcome': 'warning', 'data-notice': kind, role: 'status' } },
    h(
      'div',
      { className: 'log-head' },
      h('span', { className: 'log-method', text: 'warning' }),
      h('time', { className: 'log-time', text: clock(at) }),
    ),
    h('div', { className: 'log-line' }, h('code', { className: 'log-result', text: NOTICES[kind] ?? kind })),
  );
}

/**
 * A bridge call: `.log-entry[data-method][data-outcome="ok"|"error"]` with method, args and outcome
 * (as text), duration (ms) and time (epoch ms or a `performance.now()` reading).
 */
export function callEntry(method: string, args: string, ok: boolean, outcome: string, durationMs: number, at: number): HTMLElement {
  const kind = ok ? 'ok' : 'error';
  return h(
    'li',
    { className: `log-entry ${kind}`, attrs: { 'data-method': method, 'data-outcome': kind } },
    h(
      'div',
      { className: 'log-head' },
      h('span', { className: 'log-method', text: method }),
      h('span', { className: 'log-duration', text: `${Math.round(durationMs)} ms` }),
      h('time', { className: 'log-time', text: clock(at) }),
    ),
    h(
      'div',
      { className: 'log-line' },
      h('span', { className: 'log-label', text: 'args' }),
      h('code', { className: 'log-args', text: args }),
    ),
    h(
      'div',
      { className: 'log-line' },
      h('span', { className: 'log-label', text: ok ? 'result' : 'error' }),
      h('code', { className: 'log-result', text: outcome }),
    ),
  );
}

/**
 * A call a fault rule hit (the live feed's `fault` event): `.log-entry.fault[data-outcome="fault"]`
 * with `data-fault-id`, `data-kind`, `data-http-method`, `data-path` and `data-status` ("" for a
 * dropped or delayed call) and the line {@link faultLogText} as text; `at` in epoch ms.
 */
export function faultEntry(event: FaultHitEvent, at: number): HTMLElement {
  return h(
    'li',
    {
      className: 'log-entry fault',
      attrs: {
        'data-outcome': 'fault',
        'data-fault-id': event.faultId,
        'data-kind': event.kind,
        'data-http-method': event.method,
        'data-path': event.path,
        'data-status': event.status ?? '',
      },
    },
    h(
      'div',
      { className: 'log-head' },
      h('span', { className: 'log-method', text: 'fault' }),
      h('time', { className: 'log-time', text: clock(at) }),
    ),
    h('div', { className: 'log-line' }, h('code', { className: 'log-result', text: faultLogText(event) })),
  );
}

/** The hit a fault line shows, read back from its attributes. */
function faultOf(entry: HTMLElement): Pick<FaultHitEvent, 'method' | 'path' | 'status'> {
  const { httpMethod: method = '', path = '', status = '' } = entry.dataset;
  return { method, path, status: status === '' ? null : Number(status) };
}

/**
 * Whether a request line of the app (`data-http-method`, `data-path`, `data-status`) is the call a
 * fault hit: the same method and path and, when the fault answered, its status (a dropped call reads
 * as status 0, a delayed one with the status it got in the end).
 */
function hitMatches(hit: Pick<FaultHitEvent, 'method' | 'path' | 'status'>, request: HTMLElement): boolean {
  const { httpMethod: method, path, status } = request.dataset;
  return method === hit.method && path === hit.path && (hit.status === null || status === String(hit.status));
}

/** Marks a request and its fault line as read together, so that neither is paired again. */
function pair(request: HTMLElement, fault: HTMLElement): void {
  request.dataset.paired = 'true';
  fault.dataset.paired = 'true';
}

/** The path of a request's URL (relative URLs against the page), or "" when it is not a URL. */
function pathOf(url: string | undefined): string {
  try {
    return url ? new URL(url, location.href).pathname : '';
  } catch {
    return '';
  }
}

/** A message the bridge refused: `.log-entry[data-outcome="rejected"]` with the reason and the sender's origin. */
export function rejectedEntry(reason: string, origin: string, at: number): HTMLElement {
  return h(
    'li',
    { className: 'log-entry rejected', attrs: { 'data-outcome': 'rejected' } },
    h(
      'div',
      { className: 'log-head' },
      h('span', { className: 'log-method', text: 'rejected' }),
      h('time', { className: 'log-time', text: clock(at) }),
    ),
    h('div', { className: 'log-line' }, h('span', { className: 'log-label', text: 'origin' }), h('code', { text: origin || '(none)' })),
    h(
      'div',
      { className: 'log-line' },
      h('span', { className: 'log-label', text: 'reason' }),
      h('code', { className: 'log-result', text: reason }),
    ),
  );
}

/**
 * One line of the app's console: `.log-entry[data-outcome="app"][data-kind=console|error|request]`
 * with `data-level` for console lines and `data-http-method`, `data-path` and `data-status` for
 * requests; everything as text.
 */
export function appEntry(e: AppLogEntry): HTMLElement {
  const failed = e.kind === 'error' || (e.kind === 'request' && (e.status === 0 || (e.status ?? 0) >= 400)) || e.level === 'error';
  const label =
    e.kind === 'console' ? `console.${e.level ?? 'log'}` : e.kind === 'error' ? 'uncaught' : `${e.method ?? 'GET'} ${e.status || 'failed'}`;
  const line = e.kind === 'request' ? `${e.url ?? ''}${e.text ? ` (${e.text})` : ''}` : e.text;
  return h(
    'li',
    {
      className: 'log-entry app',
      attrs: {
        'data-outcome': 'app',
        'data-kind': e.kind,
        ...(e.level ? { 'data-level': e.level } : {}),
        ...(e.kind === 'request'
          ? { 'data-http-method': e.method ?? 'GET', 'data-path': pathOf(e.url), 'data-status': String(e.status ?? 0) }
          : {}),
        ...(failed ? { 'data-failed': 'true' } : {}),
      },
    },
    h(
      'div',
      { className: 'log-head' },
      h('span', { className: 'log-method', text: label }),
      e.ms !== undefined ? h('span', { className: 'log-duration', text: `${e.ms} ms` }) : null,
      h('time', { className: 'log-time', text: clock(e.at) }),
    ),
    h('div', { className: 'log-line' }, h('code', { className: 'log-result', text: line })),
  );
}

/**
 * "HH:MM:SS.mmm" of a time in milliseconds: epoch time, or a `performance.now()` reading (anything
 * before 2001 is taken as one, relative to `performance.timeOrigin`).
 */
function clock(ms: number): string {
  const d = new Date(ms < 1e12 ? performance.timeOrigin + ms : ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}
