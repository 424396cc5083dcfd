/** The simulator API's channel token routes (`contract/src/simulator-api.ts`): registering an assertion signing key. */
import type { UnitHandlers } from '../simulator-api/handlers.js';
import type { ChannelTokenService } from './channel-tokens.js';

/** Handlers of the routes of unit `channelTokens`; a body that is not a public RSA JWK gets 400 with its details. */
export function channelTokenSimulatorHandlers(tokens: ChannelTokenService): UnitHandlers<'channelTokens'> {
  return {
    addAssertionKey: ({ params, body }) => tokens.registerAssertionKey(params.channelId, body),
  };
}
