/**
 * Who a message-sending request of a bot reached: the source of click and impression audiences
 * (`createClickBasedAudienceGroup`, `createImpBasedAudienceGroup`) and of `redelivery` narrowcast
 * recipients. The host records what its people saw and tapped; the audience unit only reads it.
 */

/** Who a message-sending request reached, from the recorded impressions and clicks. */
export interface MessageReach {
  /** The request's channel, kind and send time (ms), or undefined when the channel sent no such request. */
  request(channelId: string, requestId: string): Promise<{ kind: string; sentAt: number } | undefined>;
  /** Users who saw a message of the request. */
  impressedUsers(channelId: string, requestId: string): Promise<string[]>;
  /** Users who tapped a URL of a message of the request; `clickUrl` narrows to that URL. */
  clickedUsers(channelId: string, requestId: string, clickUrl?: string): Promise<string[]>;
  /** Users the request's messages were sent to. */
  sentUsers(channelId: string, requestId: string): Promise<string[]>;
}

/**
 * A {@link MessageReach} that knows no request: every click or impression audience, and every
 * redelivery, is refused as naming an unknown request ID. The unit's default until the host's
 * tracking is handed over.
 */
export const noMessageReach: MessageReach = {
  request: async () => undefined,
  impressedUsers: async () => [],
  clickedUsers: async () => [],
  sentUsers: async () => [],
};
