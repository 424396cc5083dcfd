/**
 * The host side's types of the bridge, derived from the map of bridge methods
 * (`contract/src/bridge/protocol.ts`, `BRIDGE_METHODS`). A leaf module: `host-api.ts` and `connect.ts` both import
 * it, and neither imports the other's types.
 */
import type { HostMethod, MethodsOf, WireArgs, WireResult, WireError } from '#contract/bridge/protocol.js';

/** The methods the host answers with a handler: every method of the map but the SDK's reports. */
export type HandledMethod = Exclude<HostMethod, MethodsOf<'report'>>;

/**
 * What the host does for each handled method (spec part D, "Client SDK methods"), one handler per
 * method of the map with its arguments as they crossed the wire (see each entry of
 * `BRIDGE_METHODS`). Arguments are checked before a handler runs. Throw a `BridgeError` for a
 * failure the app should see with its code (`new BridgeError('401', 'The access token expired')`);
 * any other throw reaches the app as `INTERNAL_ERROR`. The value of a method without a result is
 * not sent to the app.
 */
export type BridgeHandlers = { [M in HandledMethod]: (...args: WireArgs<M>) => WireResult<M> | Promise<WireResult<M>> };

/**
 * One call from the app, as the host's log panel shows it. `args` are the arguments as received;
 * `result` is the value sent back on success; `error` the failure: the one sent to the app, except
 * for `INTERNAL_ERROR`, where the record's message also carries the handler's own error message
 * (the app only gets the generic part). `startedAt`: epoch milliseconds; `durationMs`: milliseconds
 * from the call's arrival to its answer, argument check and handler included.
 */
export interface BridgeCallRecord {
  method: string;
  args: unknown[];
  ok: boolean;
  result?: unknown;
  error?: WireError;
  startedAt: number;
  durationMs: number;
}
