/**
 * The object the host exposes over the port: the methods of the allow-list, each checking its
 * arguments, calling the host's handler, timing it, and answering a {@link BridgeResult} envelope
 * so that failures cross the bridge as data with their code.
 */
import type { BridgeResult, HostApi, HostMethod, OpenWindowParams, WireError } from '../../../sdk/src/protocol.js';
import { argumentProblem } from './checks.js';
import type { BridgeCallRecord, BridgeHandlers } from './connect.js';
import { BridgeError, wireError } from './errors.js';

/**
 * Builds the host API around `handlers`.
 *
 * Every call, valid or not, is reported once to `onCall` after it settles. Results:
 * - bad arguments (see `checks.ts`): `{ok:false, error:{code:'INVALID_ARGUMENT'}}`, the handler is
 *   not called;
 * - the handler throws a {@link BridgeError}: its `code` and `message`;
 * - the handler throws anything else: `INTERNAL_ERROR` with a generic message (host internals are
 *   not shown to the app; the record passed to `onCall` carries the original message);
 * - success: `{ok:true, value}`, where `value` is the profile for `getProfile` and undefined for
 *   the others (whatever the handler returned).
 *
 * `openWindow`'s handler gets `{url, external}` with `external` defaulted to false.
 */
export function createHostApi(handlers: BridgeHandlers, onCall?: (record: BridgeCallRecord) => void): HostApi {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each method's own result type is restored by HostApi
  const run = async (method: HostMethod, args: unknown[]): Promise<BridgeResult<any>> => {
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
        result = { ok: true, value: method === 'getProfile' ? value : undefined };
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
  return {
    openWindow: (...args: unknown[]) => run('openWindow', args),
    getProfile: (...args: unknown[]) => run('getProfile', args),
    sendMessages: (...args: unknown[]) => run('sendMessages', args),
    closeWindow: (...args: unknown[]) => run('closeWindow', args),
    notice: (...args: unknown[]) => run('notice', args),
    appLog: (...args: unknown[]) => run('appLog', args),
  };
}

/** Calls the handler of `method` with arguments already checked by `argumentProblem`. */
function invoke(handlers: BridgeHandlers, method: HostMethod, args: unknown[]): unknown {
  switch (method) {
    case 'openWindow': {
      const { url, external } = args[0] as OpenWindowParams;
      return handlers.openWindow({ url, external: external ?? false });
    }
    case 'getProfile':
      return handlers.getProfile();
    case 'sendMessages':
      return handlers.sendMessages(args[0] as unknown[]);
    case 'closeWindow':
      return handlers.closeWindow();
    case 'notice':
    case 'appLog':
      // Nothing to do but be logged: the record reaches the bridge log like every call.
      return undefined;
  }
}
