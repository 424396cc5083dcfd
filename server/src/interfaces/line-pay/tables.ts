/**
 * The LINE Pay unit's tables: the sandbox merchants (one per channel ID and secret key), the
 * people's LINE Pay wallets, the payment transactions with their refunds, and the preapproved
 * payment keys (`regKey`). Amounts are integers in the currency's smallest unit (`rules.ts`,
 * `CURRENCIES`): 150 TWD is 150, 35.50 THB is 3550. They join the database's one `Database`
 * interface (`db/schema.ts`) by declaration merging.
 */
declare module '../../db/schema.js' {
  interface Database {
    lp_merchants: LpMerchantTable;
    lp_wallets: LpWalletTable;
    lp_transactions: LpTransactionTable;
    lp_refunds: LpRefundTable;
    lp_reg_keys: LpRegKeyTable;
  }
}

/** A sandbox merchant: what `X-LINE-ChannelId` names and the secret key its signatures use. */
export interface LpMerchantTable {
  channel_id: string;
  channel_secret: string;
  name: string;
  /** `TW`, `TH` or `JP`. */
  region: string;
  /** 1 when it may take payments (else every call answers 1105). */
  active: number;
}

/** A person's LINE Pay: balances by currency (JSON `{"TWD": 5000}`, smallest units) and one test card. */
export interface LpWalletTable {
  user_id: string;
  balances: string;
  card_brand: string;
  card_last4: string;
}

/**
 * A payment: `status` is `REQUESTED` (waiting for the person), `APPROVED` (the person paid on the
 * payment page; waiting for confirm), `CANCELLED`, `FAILED` (confirm refused it), `AUTHORIZATION`,
 * `CAPTURE` or `VOIDED_AUTHORIZATION`. A request past `expires_at` still `REQUESTED` is expired.
 */
export interface LpTransactionTable {
  transaction_id: string;
  channel_id: string;
  order_id: string;
  /** Smallest units. */
  amount: number;
  currency: string;
  product_name: string;
  /** JSON of the request's `packages` as sent. */
  packages: string;
  confirm_url: string;
  cancel_url: string;
  capture: number;
  /** `NORMAL` or `PREAPPROVED`. */
  pay_type: string;
  /** The payment page's token (`paymentUrl.web`'s `transactionReserveId`, `paymentUrl.app`'s tail). */
  page_token: string;
  access_token: string;
  status: string;
  created_at: number;
  expires_at: number;
  user_id: string | null;
  /** `BALANCE` or `CREDIT_CARD`, once the person chose. */
  method: string | null;
  /** What the person asked to fail on the payment page: `lowBalance`, `cardDeclined`, or null. */
  outcome: string | null;
  /** The return code of a refused confirm. */
  failure: string | null;
  confirmed_at: number | null;
  reg_key: string | null;
}

/** A refund of a captured payment (a new 19-digit transaction ID of its own). */
export interface LpRefundTable {
  refund_transaction_id: string;
  transaction_id: string;
  amount: number;
  at: number;
}

/** A preapproved payment key: issued at the confirm of a `PREAPPROVED` request, until expired. */
export interface LpRegKeyTable {
  reg_key: string;
  channel_id: string;
  user_id: string;
  method: string;
  created_at: number;
  expired: number;
}
