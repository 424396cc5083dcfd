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
    case 'notice':
      return args.length === 1 && typeof args[0] === 'string' && Object.hasOwn(NOTICES, args[0]) ? '' : `expects one of ${Object.keys(NOTICES).join(', ')}`;
  }
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
