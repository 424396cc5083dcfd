/**
 * The host's one client of the simulator API (`contract/src/`): every host module that
 * calls the server's simulator routes goes through a {@link SimulatorClient} made here, so a path,
 * a method or an answer's shape is written once, in the contract.
 */
import { SimulatorClient, type Fetch } from '#contract/client.js';

export { HttpError, SimulatorClient, type Fetch } from '#contract/client.js';

/**
 * The client of the server the host page was loaded from (`baseUrl` "" for the page's own origin),
 * or `from` itself when it is a client already, so that several wrappers share one.
 * @param fetchFn answers in place of the network (tests)
 */
export function hostClient(from: SimulatorClient | string = '', fetchFn?: Fetch): SimulatorClient {
  if (from instanceof SimulatorClient) return from;
  // Same-origin credentials: the admin token's cookie of a server beyond loopback goes along.
  return new SimulatorClient({ baseUrl: from, credentials: 'same-origin', ...(fetchFn ? { fetch: fetchFn } : {}) });
}
