/**
 * The server's live feed (`GET /embedkit/v1/events/stream`, server-sent events): tells the host
 * when a chat got messages (a bot replied), a webhook delivery changed, or bots changed, so that
 * it refreshes what it shows at once instead of waiting for the next poll.
 */

/** What the feed reports (the server's `LiveEvent`). */
export type LiveEvent =
  | { type: 'chat'; chatId: string }
  | { type: 'delivery'; channelId: string; id: number; status: string }
  | { type: 'bots'; channelId: string };

/** Called for each event of the feed. */
export interface LiveHandlers {
  onChat?(chatId: string): void;
  onDelivery?(event: Extract<LiveEvent, { type: 'delivery' }>): void;
  onBots?(channelId: string): void;
}

/**
 * Opens the feed; the browser reconnects by itself after a drop (the server asks for 2 s).
 * @returns a function that closes it
 */
export function connectLive(handlers: LiveHandlers, url = '/embedkit/v1/events/stream'): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(url);
  const parse = (e: MessageEvent): LiveEvent | null => {
    try {
      return JSON.parse(String(e.data)) as LiveEvent;
    } catch {
      return null;
    }
  };
  source.addEventListener('chat', (e) => {
    const event = parse(e as MessageEvent);
    if (event?.type === 'chat') handlers.onChat?.(event.chatId);
  });
  source.addEventListener('delivery', (e) => {
    const event = parse(e as MessageEvent);
    if (event?.type === 'delivery') handlers.onDelivery?.(event);
  });
  source.addEventListener('bots', (e) => {
    const event = parse(e as MessageEvent);
    if (event?.type === 'bots') handlers.onBots?.(event.channelId);
  });
  return () => source.close();
}
