/** Migration `0029_attempt_faults`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';

/**
 * A webhook attempt names the fault rule that made or moved it (docs/guide/faults.md: a send
 * repeated by `redeliver` or `duplicate`, a send held by `delayDelivery` or `reorder`), so that the
 * Webhooks panel tells why a delivery came twice or late: the rule's id and kind, null for an
 * attempt no rule touched.
 */
export async function addAttemptFaults(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('delivery_attempts').addColumn('fault_id', 'text').execute();
  await db.schema.alterTable('delivery_attempts').addColumn('fault_kind', 'text').execute();
}
