/** Migration `0023_phone_numbers`. Once shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * People's phone numbers and the platform's notification messages (published `messaging-api.yml`
 * `pushMessagesByPhone`): a user may have a phone number in E.164 (`+819012345678`) and its
 * SHA-256 hash in lowercase hex, the form a bot names the number by (indexed: a push looks the
 * person up by it); a message a bot sent by phone number is marked as a notification message
 * (1), which the host labels.
 */
export async function addPhoneNumbers(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema.alterTable('users').addColumn('phone_number', 'text').execute();
  await db.schema.alterTable('users').addColumn('phone_number_hash', 'text').execute();
  await db.schema.createIndex('users_by_phone_number_hash').on('users').column('phone_number_hash').execute();
  await db.schema
    .alterTable('messages')
    .addColumn('notification', T.int, (c) => c.notNull().defaultTo(0))
    .execute();
}
