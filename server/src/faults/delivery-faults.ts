/**
 * The webhook delivery faults of one embedkit, as the dispatcher meets them: before a send, a
 * `delayDelivery` rule makes it wait and a `reorder` rule holds it until the channel's next
 * delivery of another chat has been answered; after the bot answered 200, a `redeliver` or
 * `duplicate` rule asks for a second send. The counterpart of the HTTP gate (gate.ts): each hit is
 * recorded on its rule, logged and published on the live feed (`fault`), and the send it made or
 * moved names the rule in the deliveries view. Choices: docs/guide/faults.md.
 */
import type { Logger } from 'pino';
import { DEFAULT_REORDER_HOLD_MS, type DeliveryFaultKind } from '#contract/faults.js';
import type { LiveHub } from '../live/hub.js';
import type { DeliveryFaultHit, FaultRegistry } from './registry.js';

/** A delivery about to be sent, as the dispatcher hands it over. */
export interface FaultedDelivery {
  id: number;
  channelId: string;
  eventTypes: readonly string[];
  /** The channel's webhook URL it goes to. */
  url: string;
  /** The simulated time, ms since 1970. */
  now: number;
}

/** The fault rule that made or moved a send, as its attempt names it. */
export interface SendFault {
  faultId: string;
  kind: DeliveryFaultKind;
}

/** One send of a delivery as far as the rules go: the rule that moved it, if any, and its end. */
export interface SendTicket {
  fault: SendFault | undefined;
  /**
   * The send ended (or was given up): records the hit of the rule that moved it with the bot's
   * answer, and lets go of a delivery of the channel that a `reorder` rule holds for this one.
   * @param status the bot's HTTP status, null for no answer
   */
  done(status: number | null): void;
}

/** A second send a rule asks for after a 200: the rule, whether it is marked a redelivery, and its end. */
export interface ExtraSend {
  fault: SendFault;
  /** `redeliver`: every event marked `isRedelivery: true` and signed again; `duplicate`: the same body and signature. */
  redelivery: boolean;
  /** Records the hit with the bot's answer to the second send (null: no answer). */
  done(status: number | null): void;
}

/** A delivery held by a `reorder` rule: let go by a send of its channel that started after it was held. */
interface Held {
  after: number;
  release(): void;
}

export class DeliveryFaults {
  /** Counts sends as they start, to tell the sends after a hold from those already out. */
  private sends = 0;
  /** The delivery each channel's `reorder` rule holds (one at a time: the next one is its partner). */
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly d: {
      faults: FaultRegistry;
      logger: Logger;
      live: LiveHub;
    },
  ) {}

  /** Whether any rule or hold is in force: without, the dispatcher sends as usual and asks nothing. */
  get active(): boolean {
    return !this.d.faults.empty || this.held.size > 0;
  }

  /**
   * Before a send: waits as a `delayDelivery` rule says, or holds the delivery as a `reorder` rule
   * says until a later send of its channel ended (at most the rule's `delayMs`, default
   * {@link DEFAULT_REORDER_HOLD_MS}). A delivery is held only while no other of its channel is,
   * so that two held ones never wait for each other. Either wait ends early when `signal` aborts.
   * @returns once the delivery may go: the ticket its send must end with
   */
  async beforeSend(delivery: FaultedDelivery, signal: AbortSignal): Promise<SendTicket> {
    const seq = ++this.sends;
    const kinds: DeliveryFaultKind[] = this.held.has(delivery.channelId) ? ['delayDelivery'] : ['delayDelivery', 'reorder'];
    const hit = this.d.faults.hitDelivery(delivery, kinds);
    if (hit?.rule.kind === 'delayDelivery') await sleep(hit.rule.delayMs ?? 0, signal);
    else if (hit) await this.hold(delivery.channelId, seq, hit.rule.delayMs ?? DEFAULT_REORDER_HOLD_MS, signal);
    return {
      fault: hit && { faultId: hit.id, kind: hit.rule.kind },
      done: (status) => {
        if (hit) this.record(hit, delivery, status);
        const held = this.held.get(delivery.channelId);
        if (held && seq > held.after) held.release();
      },
    };
  }

  /**
   * After the bot answered a send 200: the second send a `redeliver` or `duplicate` rule asks for,
   * once the rule's `delayMs` has passed (ends early when `signal` aborts), or undefined.
   */
  async afterDelivered(delivery: FaultedDelivery, signal: AbortSignal): Promise<ExtraSend | undefined> {
    const hit = this.d.faults.hitDelivery(delivery, ['redeliver', 'duplicate']);
    if (!hit) return undefined;
    await sleep(hit.rule.delayMs ?? 0, signal);
    return {
      fault: { faultId: hit.id, kind: hit.rule.kind },
      redelivery: hit.rule.kind === 'redeliver',
      done: (status) => this.record(hit, delivery, status),
    };
  }

  private hold(channelId: string, after: number, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', release);
        if (this.held.get(channelId) === held) this.held.delete(channelId);
        resolve();
      };
      const held: Held = { after, release };
      const timer = setTimeout(release, ms);
      signal.addEventListener('abort', release, { once: true });
      this.held.set(channelId, held);
      if (signal.aborted) release();
    });
  }

  private record(hit: DeliveryFaultHit, delivery: FaultedDelivery, status: number | null): void {
    const send = { method: 'POST', path: pathOf(delivery.url), status };
    hit.record(send);
    this.d.logger.info(
      { fault: hit.id, kind: hit.rule.kind, delivery: delivery.id, channelId: delivery.channelId, status },
      'fault on demand',
    );
    this.d.live.publish({ type: 'fault', faultId: hit.id, kind: hit.rule.kind, ...send, deliveryId: delivery.id });
  }
}

/** The path of a webhook URL (the URL itself when it does not parse). */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Waits `ms`, or less when `signal` aborts (the dispatcher stops). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
