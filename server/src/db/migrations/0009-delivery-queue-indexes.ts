/** Migration `0009_delivery_queue`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';

/**
 * Webhook delivery at scale: the dispatcher walks pending deliveries in id order and asks, for
 * each, whether an earlier one of its chat is still pending. Both are index seeks here, so the
 * cost of finding the next deliveries does not grow with the backlog.
 */
export async function addDeliveryQueueIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('deliveries_pending_order').on('deliveries').columns(['status', 'id']).execute();
  await db.schema.createIndex('deliveries_line').on('deliveries').columns(['status', 'channel_id', 'order_key', 'id']).execute();
}
