/** What the audience calls may read of the insight records: who a message-sending request reached. */

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
