/**
 * The object the host exposes over the port: one method per entry of the map of bridge methods
 * (`contract/src/bridge/protocol.ts`), each checking its arguments, calling the host's handler, timing it, and
 * answering a {@link BridgeResult} envelope so that failures cross the bridge as data with their
 * code.
 */
import {
  BRIDGE_METHODS,
  byMethod,
  HOST_METHODS,
  type BridgeResult,
  type HostApi,
  type HostMethod,
  type WireError,
} from '#contract/bridge/protocol.js';
import { argumentProblem } from './checks.js';
import { WIRE } from './wire.js';
import { BridgeError, wireError } from './errors.js';
import type { BridgeCallRecord, BridgeHandlers, HandledMethod } from './types.js';

/**
 * Builds the host API around `handlers`.
 *
 * Every call, valid or not, is reported once to `onCall` after it settles. Results:
 * - bad arguments (see `checks.ts`): `{ok:false, error:{code:'INVALID_ARGUMENT'}}`, the handler is
 *   not called;
 * - the handler throws a {@link BridgeError}: its `code` and `message`;
 * - the handler throws anything else: `INTERNAL_ERROR` with a generic message (host internals are
 *   not shown to the app; the record passed to `onCall` carries the original message);
 * - success: `{ok:true, value}`, where `value` is the handler's value for a method with a result
 *   (`answers` of its entry in `wire.ts`: `getProfile`) and undefined for the others (whatever the
 *   handler returned).
 *
 * A handler gets its arguments made what the wire carries by the map's `normalize`: `openWindow`'s
 * gets `{url, external}` with `external` defaulted to false. The SDK's reports (`notice`,
 * `appLog`) have no handler: they are only recorded.
 */
export function createHostApi(handlers: BridgeHandlers, onCall?: (record: BridgeCallRecord) => void): HostApi {
  const run = async (method: HostMethod, args: unknown[]): Promise<BridgeResult<unknown>> => {
    const startedAt = Date.now();
    const start = performance.now();
    let result: BridgeResult<unknown>;
    let logged: WireError | undefined;
    const problem = argumentProblem(method, args);
    if (problem) {
      result = { ok: false, error: wireError('INVALID_ARGUMENT', `${method}: ${problem}`) };
    } else {
      try {
        const value = await invoke(handlers, method, args);
        result = { ok: true, value: WIRE[method].answers ? value : undefined };
      } catch (error) {
        if (error instanceof BridgeError) {
          result = { ok: false, error: wireError(error.code, error.message) };
        } else {
          const generic = `${method} failed inside the host`;
          result = { ok: false, error: wireError('INTERNAL_ERROR', generic) };
          logged = wireError('INTERNAL_ERROR', `${generic}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    const record: BridgeCallRecord = { method, args, ok: result.ok, startedAt, durationMs: performance.now() - start };
    if (result.ok) record.result = result.value;
    else record.error = logged ?? result.error;
    try {
      onCall?.(record);
    } catch {
      // A failing log panel must not turn a finished call into a failure for the app.
    }
    return result;
  };
  // Each method's own argument and result types are the map's (HostApi); here they are checked at run time.
  return byMethod(
    HOST_METHODS,
    (method) =>
      (...args: unknown[]) =>
        run(method, args),
  ) as HostApi;
}

/** Calls the handler of `method` with arguments already checked by `argumentProblem`, made what the wire carries. */
function invoke(handlers: BridgeHandlers, method: HostMethod, args: unknown[]): unknown {
  const { kind, params } = BRIDGE_METHODS[method];
  // The SDK's reports have nothing to do but be logged: the record reaches the bridge log like every call.
  if (kind === 'report') return undefined;
  const wire = params.map((param, i) => (param.normalize ? param.normalize(args[i]) : args[i]));
  return (handlers[method as HandledMethod] as (...wire: unknown[]) => unknown)(...wire);
}
