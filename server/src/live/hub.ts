/**
 * The live feed of the host (simulator route `liveEvents`, server-sent events): what changed,
 * so that the host refreshes the open chat and the webhook panel without polling.
 */
import type { LiveEvents } from '#contract/wire.js';

/**
 * One change. The host re-reads what it shows; the event only says where to look. The events the
 * host receives are the contract's (`contract/src/wire.ts` `LiveEvents`: chat, delivery, bots);
 * `clock` stays among the servers: simulated time moved, every server on the database follows.
 */
export type LiveEvent = { [K in keyof LiveEvents]: { type: K } & LiveEvents[K] }[keyof LiveEvents] | { type: 'clock'; offsetMs: number };

export type LiveListener = (event: LiveEvent) => void;

/**
 * Carries events to the other server processes on one database, e.g. PostgreSQL
 * LISTEN/NOTIFY. `send` must not throw; what it receives from other processes it hands to
 * {@link LiveHub.deliver}.
 */
export interface LiveRelay {
  send(event: LiveEvent): void;
}

/**
 * A fan-out of {@link LiveEvent}s to the open streams of this process, and through a
 * {@link LiveRelay} (when set) to those of the other processes sharing the database.
 */
export class LiveHub {
  private readonly listeners = new Set<LiveListener>();
  private readonly enders = new Map<LiveListener, () => void>();
  private relay: LiveRelay | undefined;

  /** Sends the events of this process to the other processes too. */
  setRelay(relay: LiveRelay | undefined): void {
    this.relay = relay;
  }

  /**
   * Sends an event to every listener of this process at once (so a single process behaves the same
   * with or without a relay), and to the other processes through the relay.
   */
  publish(event: LiveEvent): void {
    this.deliver(event);
    this.relay?.send(event);
  }

  /** Sends an event to the listeners of this process only (an event from another process). */
  deliver(event: LiveEvent): void {
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
