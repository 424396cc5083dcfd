/** Migration `0015_delivery_sends`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * Deliveries count the times they were handed to an attempt (`sends`), never reset, not even by
 * the host's Redeliver: every send after the first carries `deliveryContext.isRedelivery: true`
 * (published `webhook.yml`), including one that follows a crash mid-attempt or another server's
 * expired claim, which the attempts count (written when an attempt ends) does not see.
 */
export async function addDeliverySends(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('deliveries')
    .addColumn('sends', T.int, (c) => c.notNull().defaultTo(0))
    .execute();
}
