/**
 * Argument checks of the host methods, derived from the map of bridge methods
 * (`contract/src/bridge/protocol.ts`) and the host's entry of each method (`wire.ts`). The host cannot trust
 * the SDK (any page can speak the protocol), so it applies each argument's spec rule again (the
 * rule the SDK applies before posting, spec part D, "Client SDK methods") plus the rules only the
 * wire needs (`wireRules`), and the number of arguments.
 */
import { BRIDGE_METHODS, type HostMethod } from '#contract/bridge/protocol.js';
import { WIRE, type WireRule } from './wire.js';

/**
 * Why `args` are not valid arguments of host method `method`, or `''` when they are: a wrong
 * number of arguments is refused with `expects <the host entry's expects>`, then each argument in
 * order with the problem of its `rule` (the map's), then of its wire rule (the host entry's). For today's methods:
 * - `openWindow`: exactly one argument, an object with an absolute http(s) `url` and an optional
 *   boolean `external`.
 * - `sendMessages`: exactly one argument, an array of 1 to 5 plain objects (prototype
 *   `Object.prototype` or null: what structured clone produces for a JSON-like message).
 * - `getProfile`, `closeWindow`: no argument.
 * - `notice`: one of the SDK's known tolerances (`NOTICES` of the protocol).
 * - `appLog`: one array of at most `MAX_APP_LOG_ENTRIES` entries of the app's console.
 */
export function argumentProblem(method: HostMethod, args: readonly unknown[]): string {
  const { params } = BRIDGE_METHODS[method];
  const { expects = 'no argument', wireRules = [] } = WIRE[method] as { expects?: string; wireRules?: (WireRule | undefined)[] };
  if (args.length !== params.length) return `expects ${expects}`;
  for (const [i, param] of params.entries()) {
    const problem = param.rule?.(args[i]) || wireRules[i]?.(args[i]);
    if (problem) return problem;
  }
  return '';
}
