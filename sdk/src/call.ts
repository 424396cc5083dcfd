/**
 * The SDK's call pipeline, shared by `embed` (`index.ts`) and its mock (`mock.ts`), so that both
 * refuse and fail with the same codes and texts. One call of an `embed` method, in order:
 * 1. the spec's argument rules of the method ({@link BRIDGE_METHODS}): `INVALID_ARGUMENT`, even
 *    before init (a programming error);
 * 2. no host yet (init has not succeeded): `INIT_FAILED`;
 * 3. the host's answer, a {@link BridgeResult}, unwrapped: its value, or an {@link EmbedError}
 *    with its code and message (spec "Errors", embedded app SDK).
 */
import { EmbedError, failed } from './errors.js';
import { BRIDGE_METHODS, type BridgeResult, type HostApi, type HostMethod, type WireResult } from '#contract/bridge/protocol.js';

/** Calls `method` with the app's own arguments; resolves with the host's value. */
export type Call = <M extends HostMethod>(method: M, appArgs: readonly unknown[]) => Promise<WireResult<M>>;

/**
 * Builds the pipeline over `host`, read at each call: the host's methods once init succeeded,
 * undefined before. Rejects (never throws) with an {@link EmbedError} whose message starts with
 * `embed.<method>: `: `INVALID_ARGUMENT` for an argument that breaks the spec's rules or cannot be
 * copied to the host (a `DataCloneError`, such as a function in a message); `INIT_FAILED` before a
 * successful init; the host's code and message for a failure it answered (a made-up message when
 * it has none, so it never reads "undefined"); `INTERNAL_ERROR` when the host answered nothing
 * usable (a bug).
 */
export function createCall(host: () => HostApi | undefined): Call {
  return async (method, appArgs) => {
    const prefix = `embed.${method}: `;
    // Only the method's own arguments cross, each checked, then made what the wire carries.
    const args = BRIDGE_METHODS[method].params.map((param, i) => {
      const problem = param.rule?.(appArgs[i]);
      if (problem) throw new EmbedError('INVALID_ARGUMENT', prefix + problem);
      return param.normalize ? param.normalize(appArgs[i]) : appArgs[i];
    });
    const methods = host();
    if (!methods) throw new EmbedError('INIT_FAILED', prefix + 'call embed.init and wait for its success callback first');
    let result: BridgeResult<unknown> | undefined;
    try {
      // Not `methods[method](...args)`: compiled to older JavaScript (Babel, TypeScript's ES5) a
      // spread call becomes `methods[method].apply(methods, args)`, which comlink's proxy sends as
      // a call of the method `[method, 'apply']`, and the host serves only its methods by name.
      result = await Reflect.apply(methods[method] as (...wire: unknown[]) => Promise<BridgeResult<unknown>>, methods, args);
    } catch (error) {
      const clone = (error as Error)?.name === 'DataCloneError';
      throw new EmbedError(
        clone ? 'INVALID_ARGUMENT' : 'INTERNAL_ERROR',
        prefix + (clone ? 'the argument cannot be sent to the host' : 'the host failed to answer'),
      );
    }
    if (result?.ok) return result.value as WireResult<typeof method>;
    const { code, message } = result?.error ?? {};
    // Keep the server's message as is; make one up only when there is none, so that it never reads
    // "undefined" or "[object Object]".
    throw new EmbedError(
      code ? (String(code) as EmbedError['code']) : 'INTERNAL_ERROR',
      typeof message == 'string' && message ? message : failed(method, code || 'INTERNAL_ERROR'),
    );
  };
}
