/**
 * The blockchain unit's tables (spec part A): services, wallets, contracts, item tokens, transactions, nonces, the signed request log, as Kysely sees them.
 * They join the database's one `Database` interface (`db/schema.ts`) by declaration merging, so every
 * store takes `Kysely<Database>`.
 */
import type { Generated } from 'kysely';

declare module '../../db/schema.js' {
  interface Database {
    bc_services: BcServiceTable;
    bc_wallets: BcWalletTable;
    bc_contracts: BcContractTable;
    bc_token_types: BcTokenTypeTable;
    bc_tokens: BcTokenTable;
    bc_transactions: BcTransactionTable;
    bc_tx_wallets: BcTxWalletTable;
    bc_nonces: BcNonceTable;
    bc_requests: BcRequestTable;
  }
}

/** Blockchain (spec part A). */
export interface BcServiceTable {
  api_key: string;
  api_secret: string;
  name: string;
  activated: number;
}

export interface BcWalletTable {
  address: string;
  api_key: string;
  name: string;
  secret: string;
  created_at: number;
}

export interface BcContractTable {
  contract_id: string;
  api_key: string;
  name: string;
  owner_address: string;
}

export interface BcTokenTypeTable {
  contract_id: string;
  token_type: string;
  name: string;
  meta: string;
}

export interface BcTokenTable {
  contract_id: string;
  token_type: string;
  token_index: string;
  name: string;
  meta: string;
  owner: string;
  created_at: number;
}

/** A transaction: `msg` is the message's JSON (`{type, value}`), `events` the log events' JSON. */
export interface BcTransactionTable {
  height: Generated<number>;
  tx_hash: string;
  api_key: string;
  msg_type: string;
  msg: string;
  events: string;
  timestamp: number;
}

export interface BcTxWalletTable {
  address: string;
  height: number;
}

export interface BcNonceTable {
  api_key: string;
  nonce: string;
  used_at: number;
}

/** A signed request as the host's Blockchain tab lists it (never the secret). */
export interface BcRequestTable {
  id: Generated<number>;
  at: number;
  method: string;
  path: string;
  api_key: string | null;
  status_code: number;
  status_message: string;
  signature_input: string | null;
}
