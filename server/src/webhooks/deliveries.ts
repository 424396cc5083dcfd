/** The webhook panel's view of deliveries, and its redeliver button. */
import type { Clock } from '../clock/clock.js';
import { notFound } from '../http/errors.js';
import type { Delivery } from '#contract/wire.js';
import type { DeliveryFaultKind } from '#contract/faults.js';
import type { DeliveryRow, DeliveryStore } from './delivery-store.js';
import type { LiveHub } from '../live/hub.js';
import type { WebhookDispatcher } from './dispatcher.js';
import { deliveryHeaders } from './signature.js';
import type { PlatformHeaders } from '../http/platform-headers.js';

/** One delivery as the panel shows it: the exact body and signature header, and every attempt (the contract's shape). */
export type DeliveryView = Delivery;

/** Most deliveries listed at once. */
export const MAX_LISTED_DELIVERIES = 200;

export class DeliveryService {
  constructor(
    private readonly deliveries: DeliveryStore,
    private readonly dispatcher: WebhookDispatcher,
    private readonly live: LiveHub,
    private readonly clock: Clock,
    /** The kit's header names: the views show the signature header as it is sent. */
    private readonly headers: PlatformHeaders,
  ) {}

  /**
   * The newest deliveries, newest first.
   * @param channelId one channel's, or every channel's when undefined
   * @param limit 1 to {@link MAX_LISTED_DELIVERIES}; default 50
   */
  async list(channelId: string | undefined, limit = 50): Promise<{ deliveries: DeliveryView[] }> {
    const n = Math.min(Math.max(Math.trunc(limit) || 50, 1), MAX_LISTED_DELIVERIES);
    const rows = await this.deliveries.list(channelId, n);
    const attempts = await this.deliveries.attemptsOf(rows.map((r) => r.id));
    return {
      deliveries: rows.map((r) =>
        view(
          r,
          attempts.filter((a) => a.delivery_id === r.id),
          this.headers,
        ),
      ),
    };
  }

  /**
   * Sends a delivery again now (the host's redeliver button): the same events, each with
   * `deliveryContext.isRedelivery: true` once the delivery was sent before, signed as sent. Retries
   * start over. The view keeps showing the body and signature of the first send.
   * @throws ApiError 404 for an unknown delivery.
   */
  async redeliver(id: number): Promise<DeliveryView> {
    const row = Number.isSafeInteger(id) ? await this.deliveries.get(id) : undefined;
    if (!row || !(await this.deliveries.requeue(id, this.clock.now()))) throw notFound(`No delivery ${id}`);
    this.live.publish({ type: 'delivery', channelId: row.channel_id, id, status: 'pending' });
    this.dispatcher.kick();
    const again = (await this.deliveries.get(id))!;
    return view(
      again,
      (await this.deliveries.attemptsOf([id])).filter((a) => a.delivery_id === id),
      this.headers,
    );
  }
}

function view(r: DeliveryRow, attempts: Awaited<ReturnType<DeliveryStore['attemptsOf']>>, names: PlatformHeaders): DeliveryView {
  return {
    id: r.id,
    channelId: r.channel_id,
    eventTypes: r.event_types.split(',').filter(Boolean),
    status: r.status,
    createdAt: r.created_at,
    deliveredAt: r.delivered_at,
    nextAttemptAt: r.next_attempt_at,
    body: r.body,
    headers: deliveryHeaders(r.body, r.signature, names),
    attempts: attempts.map((a) => ({
      url: a.url,
      startedAt: a.started_at,
      statusCode: a.status_code,
      error: a.error,
      latencyMs: a.latency_ms,
      responseBody: a.response_body,
      ...(a.fault_id !== null && a.fault_kind !== null ? { fault: { faultId: a.fault_id, kind: a.fault_kind as DeliveryFaultKind } } : {}),
    })),
  };
}
