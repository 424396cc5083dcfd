/** The simulator API's channel token routes (`contract/src/simulator-api.ts`): registering an assertion signing key. */
import type { SimulatorHandlers } from '../simulator/handlers.js';
import type { ChannelTokenService } from './channel-tokens.js';

export type ChannelTokenSimulatorRoute = 'addAssertionKey';

/** Handlers of {@link ChannelTokenSimulatorRoute}; a body that is not a public RSA JWK gets 400 with its details. */
export function channelTokenSimulatorHandlers(tokens: ChannelTokenService): Pick<SimulatorHandlers, ChannelTokenSimulatorRoute> {
  return {
    addAssertionKey: ({ params, body }) => tokens.registerAssertionKey(params.channelId, body),
  };
}
