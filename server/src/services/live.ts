/**
 * The live feed of the host (`GET /embedkit/v1/events/stream`, server-sent events): what changed,
 * so that the host refreshes the open chat and the webhook panel without polling.
 */

/** One change. The host re-reads what it shows; the event only says where to look. */
export type LiveEvent =
  /** Messages were added to a chat (by a user or a bot). */
  | { type: 'chat'; chatId: string }
  /** A webhook delivery was created or changed state. */
  | { type: 'delivery'; channelId: string; id: number; status: string }
  /** A bot joined or left a chat, or a friendship or a webhook setting changed. */
  | { type: 'bots'; channelId: string };

export type LiveListener = (event: LiveEvent) => void;

/** An in-process fan-out of {@link LiveEvent}s to the open streams. */
export class LiveHub {
  private readonly listeners = new Set<LiveListener>();
  private readonly enders = new Map<LiveListener, () => void>();

  /** Sends an event to every listener; a failing listener does not stop the others. */
  publish(event: LiveEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // A stream that broke is removed by its own close handler.
      }
    }
  }

  /**
   * @param end called by {@link closeAll} (the server stops): ends the stream
   * @returns the function that unsubscribes.
   */
  subscribe(listener: LiveListener, end?: () => void): () => void {
    this.listeners.add(listener);
    if (end) this.enders.set(listener, end);
    return () => {
      this.listeners.delete(listener);
      this.enders.delete(listener);
    };
  }

  /** Ends every open stream. */
  closeAll(): void {
    for (const end of [...this.enders.values()]) end();
    this.listeners.clear();
    this.enders.clear();
  }

  /** Number of open streams (tests). */
  get size(): number {
    return this.listeners.size;
  }
}
