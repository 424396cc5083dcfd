/**
 * Sends stored webhook deliveries to the channel's webhook URL, with retries and backoff, from the
 * database: a delivery is stored first and changes state only when an attempt ends, so after a
 * restart every undelivered one is sent. Deliveries of the same chat go out in the order they were
 * stored (the chat's order: chat-order.ts), one at a time, also across processes on PostgreSQL;
 * different chats in parallel. Every send after a delivery's first carries
 * `deliveryContext.isRedelivery: true` on its events, signed as sent (redelivery.ts). Webhook
 * delivery faults on demand (faults/delivery-faults.ts) delay, hold back or repeat a send.
 */
import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { MAX_IN_FLIGHT, type AttemptResult, type DeliveryRow, type DeliveryStore } from './delivery-store.js';
import type { WorldStore } from '../world/world-store.js';
import type { LiveHub } from '../live/hub.js';
import { postWebhook, WebhookTimeoutError } from './post.js';
import { deliveryHeaders, signBody, WEBHOOK_USER_AGENT } from './signature.js';
import { redeliveryBody } from './redelivery.js';
import type { PlatformHeaders } from '../http/platform-headers.js';
import type { DeliveryFaults, SendFault } from '../faults/delivery-faults.js';

/**
 * Waits before the 2nd, 3rd, ... attempt, in ms: 1 s, then doubling up to 64 s; after the last
 * one fails (8 attempts, about 2 minutes) the delivery is `failed` and only the host's redeliver
 * button sends it again. The spec does not say; the platform of the era retried for a while.
 */
export const RETRY_SCHEDULE_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000] as const;

/** How long an attempt waits for the bot's answer before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Longest real-time sleep between looks at the database, so that a moved clock is noticed. */
const MAX_SLEEP_MS = 1_000;

/** A claimed delivery (PostgreSQL) is another process's again this long after its attempt's timeout. */
const LEASE_MARGIN_MS = 5_000;

/** Bytes of the bot's answer kept with an attempt. */
const MAX_RESPONSE_CHARS = 2_000;

export interface DispatcherOptions {
  deliveries: DeliveryStore;
  world: WorldStore;
  clock: Clock;
  live: LiveHub;
  logger: Logger;
  /** The kit's header names: the signature goes out in `<prefix>Signature` (or `<prefix>ChannelSignature`). */
  headers: PlatformHeaders;
  /** Waits between attempts; default {@link RETRY_SCHEDULE_MS}. */
  retryScheduleMs?: readonly number[];
  timeoutMs?: number;
  /**
   * Takes errors that mean the database is unreachable: deliveries pause without a log
   * line per attempt, and resume in order when {@link WebhookDispatcher.kick} is called on its return.
   */
  outage?: { absorb(err: unknown): boolean; readonly down: boolean };
  /** The delivery fault rules (docs/guide/faults.md); none: every delivery goes as usual. */
  faults?: DeliveryFaults;
}

/**
 * Where a delivery of its own kind goes: its URL, null when it has none (the delivery is skipped),
 * or undefined for a delivery it does not claim (the channel's webhook URL).
 */
export type OwnUrlLookup = (delivery: DeliveryRow) => Promise<string | null | undefined>;

/** Wait between tries to store an attempt's outcome while the database is unreachable, in ms. */
const STORE_RETRY_MS = 250;

export class WebhookDispatcher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private stopped = true;
  private ticking: Promise<void> | null = null;
  private again = false;
  private readonly inFlight = new Map<number, Promise<void>>();
  /** Order key (`channel|key`) of each delivery in flight. */
  private readonly keys = new Map<number, string>();
  private abort = stopSignal();
  private readonly schedule: readonly number[];
  private readonly timeoutMs: number;
  private ownUrl: OwnUrlLookup | undefined;

  constructor(private readonly o: DispatcherOptions) {
    this.schedule = o.retryScheduleMs ?? RETRY_SCHEDULE_MS;
    this.timeoutMs = o.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  /**
   * Sends the deliveries `lookup` claims to the URL it answers instead of the channel's webhook URL
   * (a LINE MINI App's in-app purchase events go to the URL registered for them).
   */
  routeUrls(lookup: OwnUrlLookup): void {
    this.ownUrl = lookup;
  }

  /** Starts sending: what is pending in the database now, then whatever is queued later. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopped = false;
    this.abort = stopSignal();
    this.kick();
  }

  /** Looks for due deliveries now (a delivery was queued, or the clock moved). */
  kick(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.ticking = this.tick()
      .catch((err: unknown) => {
        if (!this.o.outage?.absorb(err)) this.o.logger.error({ err }, 'webhook dispatcher failed');
      })
      .finally(() => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * Stops: no new attempt starts, attempts in flight are aborted and not recorded (their
   * deliveries stay pending and are sent after the next start).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.running = false;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.abort.abort();
    await this.ticking;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Resolves when nothing is due and nothing is in flight (tests). */
  async idle(): Promise<void> {
    for (;;) {
      await this.ticking;
      await Promise.allSettled([...this.inFlight.values()]);
      if (this.inFlight.size === 0 && !this.ticking) {
        // Due and first in line of its chat: one that waits behind a retried one is not due yet.
        if ((await this.o.deliveries.due(this.o.clock.now(), 1)).length === 0) return;
        this.kick();
      }
    }
  }

  private async tick(): Promise<void> {
    const now = this.o.clock.now();
    const free = MAX_IN_FLIGHT - this.inFlight.size;
    if (free > 0) {
      // Several processes on one database: each delivery is claimed by one of them.
      const due = this.o.deliveries.shared
        ? await this.o.deliveries.claimDue(now, free, now + this.timeoutMs + LEASE_MARGIN_MS)
        : // Those in flight are left out: each tick reads only what it can start.
          await this.o.deliveries.due(now, free, [...this.inFlight.keys()]);
      const busyKeys = new Set([...this.inFlight.keys()].map((id) => this.keys.get(id)));
      let started = 0;
      for (const d of due) {
        if (started >= free || this.stopped) break;
        if (this.inFlight.has(d.id) || busyKeys.has(`${d.channel_id}|${d.order_key}`)) continue;
        busyKeys.add(`${d.channel_id}|${d.order_key}`);
        this.keys.set(d.id, `${d.channel_id}|${d.order_key}`);
        const p = this.attempt(d)
          .catch((err: unknown) => {
            // Not sent, or sent and stored: either way the delivery is still in the database.
            if (!this.o.outage?.absorb(err)) this.o.logger.error({ err, delivery: d.id }, 'webhook attempt failed');
          })
          .finally(() => {
            this.inFlight.delete(d.id);
            this.keys.delete(d.id);
            this.kick();
          });
        this.inFlight.set(d.id, p);
        started++;
      }
    }
    if (this.stopped) return;
    const next = await this.o.deliveries.nextDueAt();
    if (next === undefined && !this.o.deliveries.shared) return;
    // On a shared database another process may queue deliveries or die holding one: keep looking.
    if (next === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.kick();
      }, MAX_SLEEP_MS);
      this.timer.unref?.();
      return;
    }
    // Something due but blocked (in flight, or behind an earlier one of its chat) wakes us when the
    // attempt ends; the sleep is only a safety net. A moved clock is noticed within a second.
    const wait = Math.min(MAX_SLEEP_MS, Math.max(next - this.o.clock.now(), 0) || MAX_SLEEP_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, wait);
    this.timer.unref?.();
  }

  /** One HTTP attempt of a delivery, and its outcome stored. */
  private async attempt(d: DeliveryRow): Promise<void> {
    const channel = await this.o.world.channel(d.channel_id);
    const own = await this.ownUrl?.(d);
    const url = own !== undefined ? own : channel?.webhook_url;
    if (!url || !channel) {
      await this.o.deliveries.setStatus(d.id, 'skipped');
      this.o.live.publish({ type: 'delivery', channelId: d.channel_id, id: d.id, status: 'skipped' });
      return;
    }
    const faults = this.o.faults?.active ? this.o.faults : undefined;
    if (!faults) {
      await this.send(d, channel, url, undefined);
      return;
    }
    const faulted = { id: d.id, channelId: d.channel_id, eventTypes: d.event_types.split(','), url, now: this.o.clock.now() };
    // A rule may hold the send back (delayDelivery, reorder): its chat waits with it.
    const ticket = await faults.beforeSend(faulted, this.abort.signal);
    let answered: number | null = null;
    try {
      if (this.stopped) return await this.release(d);
      answered = await this.send(d, channel, url, ticket.fault);
    } finally {
      ticket.done(answered);
    }
    if (answered !== 200 || this.stopped) return;
    // Delivered, and a rule asks for a second send (redeliver, duplicate): it changes nothing of the delivery.
    const extra = await faults.afterDelivered({ ...faulted, now: this.o.clock.now() }, this.abort.signal);
    if (!extra || this.stopped) return;
    const body = extra.redelivery ? redeliveryBody(d.body) : d.body;
    const signature = body === d.body ? d.signature : signBody(channel.secret, body);
    const sent = await this.post(url, body, signature);
    if (this.stopped) return;
    await this.untilStored(() => this.o.deliveries.addAttempt(d.id, { url, ...sent, fault: extra.fault }));
    extra.done(sent.statusCode);
    this.o.live.publish({ type: 'delivery', channelId: d.channel_id, id: d.id, status: 'delivered' });
  }

  /**
   * The delivery's send as usual: the body (marked re-sent after the first send), its outcome stored.
   * @returns the bot's status (null: no answer, or the dispatcher stopped)
   */
  private async send(d: DeliveryRow, channel: { secret: string }, url: string, fault: SendFault | undefined): Promise<number | null> {
    // Sent before (an attempt ended, or one was cut short by a crash, a stop or another server's
    // expired claim; Redeliver keeps the count): the events say so, and the signature covers that.
    const resend = d.sends > 0 || d.attempts > 0;
    const body = resend ? redeliveryBody(d.body) : d.body;
    const signature = body === d.body ? d.signature : signBody(channel.secret, body);
    // A claim (several processes) has counted this send already.
    if (!this.o.deliveries.shared) await this.o.deliveries.countSend(d.id);
    const sent = await this.post(url, body, signature);
    if (this.stopped) {
      await this.release(d);
      return null;
    }
    const { statusCode, error, latencyMs, startedAt, responseBody } = sent;
    const attempts = d.attempts + 1;
    const ok = statusCode === 200;
    const now = this.o.clock.now();
    const wait = this.schedule[attempts - 1];
    const next = ok
      ? { status: 'delivered' as const, nextAttemptAt: null, deliveredAt: now }
      : wait === undefined
        ? { status: 'failed' as const, nextAttemptAt: null, deliveredAt: null }
        : { status: 'pending' as const, nextAttemptAt: now + wait, deliveredAt: null };
    // The bot has the event: its outcome must be stored, or it would be sent again.
    await this.untilStored(() =>
      this.o.deliveries.recordAttempt(
        d.id,
        { url, startedAt, statusCode, error, latencyMs, responseBody, ...(fault ? { fault } : {}) },
        next,
      ),
    );
    if (!ok) this.o.logger.debug({ delivery: d.id, statusCode, error, attempts }, 'webhook attempt failed');
    this.o.live.publish({ type: 'delivery', channelId: d.channel_id, id: d.id, status: next.status });
    return statusCode;
  }

  /** One POST to the bot: its answer (status and first characters) or why none came, when and how long. */
  private async post(url: string, body: string, signature: string): Promise<Omit<AttemptResult, 'url'>> {
    const startedAt = this.o.clock.now();
    const t0 = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let responseBody: string | null = null;
    try {
      const answer = await postWebhook(
        url,
        { ...deliveryHeaders(body, signature, this.o.headers), 'User-Agent': WEBHOOK_USER_AGENT },
        body,
        {
          timeoutMs: this.timeoutMs,
          signal: this.abort.signal,
          maxChars: MAX_RESPONSE_CHARS,
        },
      );
      statusCode = answer.status;
      responseBody = answer.body;
    } catch (e) {
      if (!this.stopped) error = describeError(e);
    }
    return { startedAt, statusCode, error, latencyMs: Math.round(performance.now() - t0), responseBody };
  }

  /**
   * Runs a write, trying again while the database is unreachable (until the dispatcher stops).
   * @throws what the write throws for any other reason
   */
  private async untilStored(write: () => Promise<void>): Promise<void> {
    for (;;) {
      try {
        return await write();
      } catch (e) {
        if (this.stopped || !this.o.outage?.absorb(e)) throw e;
        await new Promise((r) => setTimeout(r, STORE_RETRY_MS));
      }
    }
  }

  /** An attempt cut short by {@link stop}: a claimed delivery is due again at once (for any process). */
  private async release(d: DeliveryRow): Promise<void> {
    if (!this.o.deliveries.shared) return;
    await this.o.deliveries.release(d.id, d.next_attempt_at ?? this.o.clock.now()).catch(() => undefined);
  }
}

/** A short reason why no HTTP answer came: the timeout, or the socket's error code and message. */
function describeError(e: unknown): string {
  if (e instanceof WebhookTimeoutError) return e.message;
  const err = e as { code?: string; message?: string };
  if (err?.code) return `${err.code}${err.message ? `: ${err.message}` : ''}`;
  return err?.message ?? String(e);
}

/**
 * The controller whose signal stops every attempt in flight. Each attempt's request listens to it
 * until its socket closes, which comes a little after the answer that frees its slot: up to about
 * twice {@link MAX_IN_FLIGHT} listeners at once, beyond Node's default of 10 per signal, which would
 * print a "possible memory leak" warning on every busy run.
 */
function stopSignal(): AbortController {
  const controller = new AbortController();
  // A third per attempt: a delivery fault's wait (faults/delivery-faults.ts) listens to it too.
  setMaxListeners(3 * MAX_IN_FLIGHT, controller.signal);
  return controller;
}
