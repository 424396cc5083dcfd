/** Migration `0005_blockchain`. It has shipped: never edit it, add a new migration (see ./index.ts). */
import type { Kysely } from 'kysely';
import type { ColumnTypes } from './dialect.js';

/**
 * The blockchain interface (spec part A): services and their keys, wallets, item-token contracts,
 * non-fungible token types and tokens, transactions with the wallets they touch, nonces used
 * within the reuse window, and the signed requests the host's tab lists.
 */
export async function addBlockchain(db: Kysely<unknown>, T: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('bc_services')
    .addColumn('api_key', 'text', (c) => c.primaryKey())
    .addColumn('api_secret', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('activated', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bc_wallets')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('api_key', 'text', (c) => c.notNull().references('bc_services.api_key'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bc_contracts')
    .addColumn('contract_id', 'text', (c) => c.primaryKey())
    .addColumn('api_key', 'text', (c) => c.notNull().references('bc_services.api_key'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_address', 'text', (c) => c.notNull().references('bc_wallets.address'))
    .execute();
  await db.schema
    .createTable('bc_token_types')
    .addColumn('contract_id', 'text', (c) => c.notNull().references('bc_contracts.contract_id'))
    .addColumn('token_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bc_token_types_pk', ['contract_id', 'token_type'])
    .execute();
  await db.schema
    .createTable('bc_tokens')
    .addColumn('contract_id', 'text', (c) => c.notNull())
    .addColumn('token_type', 'text', (c) => c.notNull())
    .addColumn('token_index', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('created_at', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('bc_tokens_pk', ['contract_id', 'token_type', 'token_index'])
    .execute();
  await db.schema.createIndex('bc_tokens_owner').on('bc_tokens').columns(['owner', 'contract_id', 'token_type', 'token_index']).execute();
  await db.schema
    .createTable('bc_transactions')
    .addColumn('height', T.serial, T.autoId)
    .addColumn('tx_hash', 'text', (c) => c.notNull().unique())
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('msg_type', 'text', (c) => c.notNull())
    .addColumn('msg', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('timestamp', T.int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bc_tx_wallets')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('height', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('bc_tx_wallets_pk', ['address', 'height'])
    .execute();
  await db.schema
    .createTable('bc_nonces')
    .addColumn('api_key', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('used_at', T.int, (c) => c.notNull())
    .addPrimaryKeyConstraint('bc_nonces_pk', ['api_key', 'nonce'])
    .execute();
  await db.schema
    .createTable('bc_requests')
    .addColumn('id', T.serial, T.autoId)
    .addColumn('at', T.int, (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text')
    .addColumn('status_code', T.int, (c) => c.notNull())
    .addColumn('status_message', 'text', (c) => c.notNull())
    .addColumn('signature_input', 'text')
    .execute();
}
