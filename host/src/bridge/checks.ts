/**
 * Argument checks of the host methods. The host cannot trust the SDK (any page can speak the
 * protocol), so it applies the SDK's rules again (`sdk/src/checks.ts`, spec part D, "Client SDK
 * methods") plus what only the host side needs: the number of arguments and plain-object messages.
 */
import { messagesProblem, openWindowProblem } from '../../../sdk/src/checks.js';
import { NOTICES, type HostMethod } from '../../../sdk/src/protocol.js';

/**
 * Why `args` are not valid arguments of host method `method`, or `''` when they are.
 * - `openWindow`: exactly one argument, an object with an absolute http(s) `url` and an optional
 *   boolean `external`.
 * - `sendMessages`: exactly one argument, an array of 1 to 5 plain objects (prototype
 *   `Object.prototype` or null: what structured clone produces for a JSON-like message).
 * - `getProfile`, `closeWindow`: no argument.
 * - `notice`: one of the SDK's known tolerances (`NOTICES` of the protocol).
 * - `appLog`: one array of at most {@link MAX_APP_LOG_ENTRIES} entries of the app's console.
 */
export function argumentProblem(method: HostMethod, args: readonly unknown[]): string {
  switch (method) {
    case 'openWindow':
      return args.length === 1 ? openWindowProblem(args[0]) : 'expects one argument {url, external?}';
    case 'sendMessages': {
      if (args.length !== 1) return 'expects one argument, an array of messages';
      const problem = messagesProblem(args[0]);
      if (problem) return problem;
      return (args[0] as object[]).every(isPlainObject) ? '' : 'each message must be a plain object';
    }
    case 'getProfile':
    case 'closeWindow':
      return args.length === 0 ? '' : 'expects no argument';
    case 'appLog':
      return args.length === 1 && Array.isArray(args[0]) && args[0].length <= MAX_APP_LOG_ENTRIES && args[0].every(isAppLogEntry)
        ? ''
        : `expects one array of at most ${MAX_APP_LOG_ENTRIES} log entries {kind, text, at, ...}`;
    case 'notice':
      return args.length === 1 && typeof args[0] === 'string' && Object.hasOwn(NOTICES, args[0])
        ? ''
        : `expects one of ${Object.keys(NOTICES).join(', ')}`;
  }
}

/** Most entries of one `appLog` call (the SDK sends what it kept, at most 200, then one by one). */
export const MAX_APP_LOG_ENTRIES = 200;

/** An entry of the app's console: known kind, text and numbers only, bounded lengths. */
function isAppLogEntry(e: unknown): boolean {
  if (typeof e !== 'object' || e === null || !isPlainObject(e)) return false;
  const x = e as Record<string, unknown>;
  const shortText = (v: unknown) => v === undefined || (typeof v === 'string' && v.length <= 2000);
  const num = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));
  return (
    (x.kind === 'console' || x.kind === 'error' || x.kind === 'request') &&
    typeof x.text === 'string' &&
    shortText(x.text) &&
    typeof x.at === 'number' &&
    (x.level === undefined || x.level === 'log' || x.level === 'info' || x.level === 'warn' || x.level === 'error') &&
    shortText(x.method) &&
    shortText(x.url) &&
    num(x.status) &&
    num(x.ms)
  );
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
