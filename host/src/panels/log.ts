/**
 * The bridge log (`#bridge-log`): one `.log-entry` per bridge call the app made and per message
 * the bridge rejected, newest on top.
 */
import type { BridgeCallRecord } from '../bridge/connect.js';
import { NOTICES, type AppLogEntry, type NoticeKind } from '../../../sdk/src/protocol.js';
import { h, replaceChildren } from '../dom.js';

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
      for (const entry of record.args[0] as AppLogEntry[]) this.prepend(appEntry(entry));
      return;
    }
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

  /** Adds an entry built elsewhere (a remote phone's line, `inspector/`), newest on top. */
  add(entry: HTMLElement): void {
    this.prepend(entry);
  }

  /** Removes all entries. */
  clear(): void {
    this.showEmpty();
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
 * "HH:MM:SS.mmm" of a time in milliseconds: epoch time, or a `performance.now()` reading (anything
 * before 2001 is taken as one, relative to `performance.timeOrigin`).
 */
/**
 * One line of the app's console: `.log-entry[data-outcome="app"][data-kind=console|error|request]`
 * with `data-level` for console lines and `data-status` for requests; everything as text.
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
        ...(e.kind === 'request' ? { 'data-status': String(e.status ?? 0) } : {}),
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

function clock(ms: number): string {
  const d = new Date(ms < 1e12 ? performance.timeOrigin + ms : ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}
