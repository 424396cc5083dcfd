/**
 * The LINE Pay sandbox's payments (LINE Pay Online API v3): what a merchant's server asks
 * (request, confirm, capture, void, refund, details, the request's status, the preapproved
 * payments with a regKey) and what the person does on the payment page (pay, cancel). Each refusal
 * is a {@link LinePayError} with its published return code (`rules.ts`).
 *
 * A payment's life: `REQUESTED` (20 minutes on the simulated clock, then expired) → the person
 * pays (`APPROVED`) or cancels (`CANCELLED`) → the merchant confirms: `CAPTURE` (or
 * `AUTHORIZATION` when the request said `capture: false`, then captured or voided), or `FAILED`
 * with the code of what the person made fail. A balance payment takes the person's balance at
 * confirm; a void or a refund gives it back.
 */
import type { Clock } from '../../clock/clock.js';
import { ApiError, notFound, unknownUser } from '../../http/errors.js';
import type { LinePayApproveBody, LinePayStatus, LinePayTransaction } from '#contract/simulator-api/line-pay.js';
import type { WorldStore } from '../../world/world-store.js';
import { newAccessToken, newPageToken, newRegKey, newTransactionId } from './ids.js';
import {
  AUTHORIZATION_LIFE_MS,
  CURRENCIES,
  checkRequestAmounts,
  confirmRedirect,
  fromMinor,
  idsOf,
  isRedirectUrl,
  PAYMENT_URL_LIFE_MS,
  productNameOf,
  RC,
  refuse,
  toMinor,
  type AmountBody,
  type Currency,
  type DetailsQuery,
  type PreapprovedBody,
  type RequestBody,
  type ReturnCode,
} from './rules.js';
import type { LinePayStore, LpMerchantRow, LpRefundRow, LpTransactionRow, LpWalletRow, TransactionFilter } from './store.js';

/** The states of a confirmed payment. */
const CONFIRMED = ['AUTHORIZATION', 'CAPTURE', 'VOIDED_AUTHORIZATION'] as const;
/** The test card of a person the scenario gave none. */
const DEFAULT_CARD = { brand: 'VISA', last4: '4242' };

/** An ISO 8601 time of the simulated clock, as v3 writes its dates. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Where the payment page lives: `{linepay_base_url}/web/payment/wait?transactionReserveId=…`. */
export function paymentPageUrl(base: string, token: string): string {
  return `${base}/web/payment/wait?transactionReserveId=${encodeURIComponent(token)}`;
}

export class LinePayService {
  constructor(
    private readonly store: LinePayStore,
    private readonly world: WorldStore,
    private readonly clock: Clock,
    private readonly baseUrl: () => string,
  ) {}

  /** The state of a payment now: a request past its 20 minutes is `EXPIRED`, a captured one refunded in full `REFUNDED`. */
  statusOf(t: LpTransactionRow, refunded = 0): LinePayStatus {
    if (t.status === 'REQUESTED' && this.clock.now() >= t.expires_at) return 'EXPIRED';
    if (t.status === 'CAPTURE' && refunded >= t.amount) return 'REFUNDED';
    return t.status as LinePayStatus;
  }

  /**
   * `POST /v3/payments/request`.
   * @throws LinePayError `1124` amounts, `1172` the order ID used, `2101` a redirect URL not absolute http(s)
   */
  async request(m: LpMerchantRow, body: RequestBody) {
    const amount = checkRequestAmounts(body);
    for (const key of ['confirmUrl', 'cancelUrl'] as const)
      if (!isRedirectUrl(body.redirectUrls[key])) throw refuse(RC.parameter, `redirectUrls.${key} must be an absolute http(s) URL.`);
    if (await this.store.orderUsed(m.channel_id, body.orderId)) throw refuse(RC.sameOrder, `orderId ${body.orderId}`);
    const now = this.clock.now();
    const row = {
      transaction_id: newTransactionId(now),
      channel_id: m.channel_id,
      order_id: body.orderId,
      amount,
      currency: body.currency,
      product_name: productNameOf(body),
      packages: JSON.stringify(body.packages),
      confirm_url: body.redirectUrls.confirmUrl,
      cancel_url: body.redirectUrls.cancelUrl,
      capture: body.options?.payment?.capture === false ? 0 : 1,
      pay_type: body.options?.payment?.payType ?? 'NORMAL',
      page_token: newPageToken(),
      access_token: newAccessToken(),
      status: 'REQUESTED',
      created_at: now,
      expires_at: now + PAYMENT_URL_LIFE_MS,
    };
    await this.store.insertTransaction(row);
    return {
      paymentUrl: { web: paymentPageUrl(this.baseUrl(), row.page_token), app: `line://pay/payment/${row.page_token}` },
      transactionId: row.transaction_id,
      paymentAccessToken: row.access_token,
    };
  }

  /** A merchant's own transaction. @throws LinePayError `1150` */
  private async own(m: LpMerchantRow, transactionId: string): Promise<LpTransactionRow> {
    const t = await this.store.transaction(transactionId);
    if (!t || t.channel_id !== m.channel_id) throw refuse(RC.noTransaction, `transactionId ${transactionId}`);
    return t;
  }

  /**
   * `POST /v3/payments/{transactionId}/confirm`.
   * @throws LinePayError `1150` unknown, `1180` expired, `1169` not approved, `1152` confirmed before,
   *   `1153` amount or currency not the request's, `1142` low balance, `1110` card declined
   */
  async confirm(m: LpMerchantRow, transactionId: string, body: AmountBody) {
    const t = await this.own(m, transactionId);
    const status = this.statusOf(t);
    if (status === 'EXPIRED') throw refuse(RC.expired, 'The payment URL lived 20 minutes and the person did not pay.');
    if (status === 'REQUESTED' || status === 'CANCELLED')
      throw refuse(RC.notApproved, status === 'CANCELLED' ? 'The person cancelled the payment.' : 'The person has not paid yet.');
    if (status === 'FAILED') throw refuse({ code: t.failure ?? RC.notApproved.code, message: 'The payment failed at its confirm before.' });
    if (status !== 'APPROVED') throw refuse(RC.sameTransaction, `transactionId ${transactionId} is confirmed already.`);
    this.sameAmount(t, body);
    const failure = await this.failureOf(t);
    if (failure) {
      await this.store.update(t.transaction_id, ['APPROVED'], { status: 'FAILED', failure: failure.code });
      throw refuse(failure);
    }
    const now = this.clock.now();
    const reg = t.pay_type === 'PREAPPROVED' ? newRegKey() : null;
    const moved = await this.store.update(t.transaction_id, ['APPROVED'], {
      status: t.capture ? 'CAPTURE' : 'AUTHORIZATION',
      confirmed_at: now,
      reg_key: reg,
    });
    if (!moved) throw refuse(RC.sameTransaction, `transactionId ${transactionId} is confirmed already.`);
    await this.charge(t.user_id!, t.method!, t.currency, -t.amount);
    if (reg)
      await this.store.insertRegKey({
        reg_key: reg,
        channel_id: m.channel_id,
        user_id: t.user_id!,
        method: t.method!,
        created_at: now,
        expired: 0,
      });
    return {
      orderId: t.order_id,
      transactionId: t.transaction_id,
      ...(t.capture ? {} : { authorizationExpireDate: iso(now + AUTHORIZATION_LIFE_MS) }),
      ...(reg ? { regKey: reg } : {}),
      payInfo: [this.payInfo(t)],
      packages: (JSON.parse(t.packages) as RequestBody['packages']).map((p) => ({
        id: p.id,
        ...(p.name !== undefined ? { name: p.name } : {}),
        amount: p.amount,
        ...(p.userFee !== undefined ? { userFeeAmount: p.userFee } : {}),
      })),
    };
  }

  /** @throws LinePayError `1153` when the amount or currency is not the transaction's */
  private sameAmount(t: LpTransactionRow, body: AmountBody): void {
    if (body.currency !== t.currency) throw refuse(RC.amountDiffers, `currency ${body.currency} is not the request's ${t.currency}.`);
    const amount = toMinor(body.amount, body.currency, 'amount');
    if (amount !== t.amount)
      throw refuse(RC.amountDiffers, `amount ${body.amount} is not the request's ${fromMinor(t.amount, t.currency)}.`);
  }

  /** What fails at confirm: what the person asked to fail on the payment page, or a balance too low. */
  private async failureOf(t: LpTransactionRow): Promise<ReturnCode | undefined> {
    if (t.outcome === 'lowBalance') return RC.lowBalance;
    if (t.outcome === 'cardDeclined') return RC.cardUnusable;
    if (t.method === 'BALANCE' && (await this.balanceOf(t.user_id!, t.currency)) < t.amount) return RC.lowBalance;
    return undefined;
  }

  private payInfo(t: Pick<LpTransactionRow, 'method' | 'amount' | 'currency'>) {
    return { method: t.method ?? 'BALANCE', amount: fromMinor(t.amount, t.currency) };
  }

  private async walletOf(userId: string): Promise<LpWalletRow> {
    return (
      (await this.store.wallet(userId)) ?? {
        user_id: userId,
        balances: '{}',
        card_brand: DEFAULT_CARD.brand,
        card_last4: DEFAULT_CARD.last4,
      }
    );
  }

  private async balanceOf(userId: string, currency: string): Promise<number> {
    return (JSON.parse((await this.walletOf(userId)).balances) as Record<string, number>)[currency] ?? 0;
  }

  /** Moves a balance payment's money (`delta` in smallest units: negative takes, positive gives back); a card payment moves none. */
  private async charge(userId: string, method: string, currency: string, delta: number): Promise<void> {
    if (method !== 'BALANCE') return;
    const w = await this.walletOf(userId);
    const balances = JSON.parse(w.balances) as Record<string, number>;
    balances[currency] = (balances[currency] ?? 0) + delta;
    await this.store.putWallet({ ...w, balances: JSON.stringify(balances) });
  }

  /**
   * `POST /v3/payments/authorizations/{transactionId}/capture`.
   * @throws LinePayError `1150` unknown or not an authorization, `1153` amount or currency differs
   */
  async capture(m: LpMerchantRow, transactionId: string, body: AmountBody) {
    const t = await this.own(m, transactionId);
    if (t.status !== 'AUTHORIZATION')
      throw refuse(RC.noTransaction, `transactionId ${transactionId} is not an authorization (it is ${this.statusOf(t)}).`);
    this.sameAmount(t, body);
    if (!(await this.store.update(t.transaction_id, ['AUTHORIZATION'], { status: 'CAPTURE' })))
      throw refuse(RC.noTransaction, `transactionId ${transactionId} is not an authorization any more.`);
    return { orderId: t.order_id, transactionId: t.transaction_id, payInfo: [this.payInfo(t)] };
  }

  /** `POST /v3/payments/authorizations/{transactionId}/void`. @throws LinePayError `1150` unknown or not an authorization */
  async void(m: LpMerchantRow, transactionId: string): Promise<void> {
    const t = await this.own(m, transactionId);
    if (!(await this.store.update(t.transaction_id, ['AUTHORIZATION'], { status: 'VOIDED_AUTHORIZATION' })))
      throw refuse(RC.noTransaction, `transactionId ${transactionId} is not an authorization (it is ${this.statusOf(t)}).`);
    await this.charge(t.user_id!, t.method!, t.currency, t.amount);
  }

  /**
   * `POST /v3/payments/{transactionId}/refund`: all that is left, or `refundAmount`.
   * @throws LinePayError `1150` unknown or never paid, `1155` not captured, `1165` refunded in full, `1164` more than is left, `1124` scale
   */
  async refund(m: LpMerchantRow, transactionId: string, refundAmount: number | undefined) {
    return this.refundOf(await this.own(m, transactionId), refundAmount);
  }

  private async refundOf(t: LpTransactionRow, refundAmount: number | undefined) {
    if (!(CONFIRMED as readonly string[]).includes(t.status))
      throw refuse(RC.noTransaction, `transactionId ${t.transaction_id} was never paid (it is ${this.statusOf(t)}).`);
    if (t.status !== 'CAPTURE') throw refuse(RC.notRefundable, `An ${t.status} is voided, not refunded.`);
    const refunded = (await this.store.refunds([t.transaction_id])).reduce((s, r) => s + r.amount, 0);
    const left = t.amount - refunded;
    if (left <= 0) throw refuse(RC.alreadyRefunded);
    const amount = refundAmount === undefined ? left : toMinor(refundAmount, t.currency as Currency, 'refundAmount');
    if (amount > left) throw refuse(RC.overRefundable, `${fromMinor(left, t.currency)} ${t.currency} is left to refund.`);
    const now = this.clock.now();
    const refund = { refund_transaction_id: newTransactionId(now), transaction_id: t.transaction_id, amount, at: now };
    await this.store.insertRefund(refund);
    await this.charge(t.user_id!, t.method!, t.currency, amount);
    return { refundTransactionId: refund.refund_transaction_id, refundTransactionDate: iso(now) };
  }

  /**
   * `GET /v3/payments`: the merchant's confirmed payments by transaction ID and/or order ID.
   * @throws LinePayError `2101` neither given, `1177` more than 100, `1150` none found
   */
  async details(m: LpMerchantRow, q: DetailsQuery) {
    const ids = idsOf(q.transactionId, true);
    const orders = idsOf(q.orderId);
    if (!ids.length && !orders.length) throw refuse(RC.parameter, 'transactionId or orderId is required.');
    if (ids.length + orders.length > 100) throw refuse(RC.tooMany);
    const rows = (await this.store.find(m.channel_id, ids, orders)).filter((t) => (CONFIRMED as readonly string[]).includes(t.status));
    if (!rows.length) throw refuse(RC.noTransaction);
    const refunds = await this.store.refunds(rows.map((t) => t.transaction_id));
    const fields = q.fields ?? 'ALL';
    return rows.map((t) => {
      const mine = refunds.filter((r) => r.transaction_id === t.transaction_id);
      const base = { transactionId: t.transaction_id, orderId: t.order_id };
      const transaction = {
        transactionDate: iso(t.confirmed_at ?? t.created_at),
        transactionType: 'PAYMENT',
        payStatus: this.payStatusOf(t),
        productName: t.product_name,
        merchantName: m.name,
        currency: t.currency,
        ...(t.status === 'AUTHORIZATION' ? { authorizationExpireDate: iso((t.confirmed_at ?? t.created_at) + AUTHORIZATION_LIFE_MS) } : {}),
        payInfo: [this.payInfo(t)],
        ...(mine.length ? { refundList: mine.map((r) => this.refundView(t, r)) } : {}),
      };
      const order = { packages: JSON.parse(t.packages) as unknown };
      return { ...base, ...(fields === 'ORDER' ? {} : transaction), ...(fields === 'TRANSACTION' ? {} : order) };
    });
  }

  /** The published `payStatus`: an authorization past its life is `EXPIRED_AUTHORIZATION`. */
  private payStatusOf(t: LpTransactionRow): string {
    if (t.status === 'AUTHORIZATION' && this.clock.now() >= (t.confirmed_at ?? t.created_at) + AUTHORIZATION_LIFE_MS)
      return 'EXPIRED_AUTHORIZATION';
    return t.status;
  }

  private refundView(t: LpTransactionRow, r: LpRefundRow) {
    return {
      refundTransactionId: r.refund_transaction_id,
      transactionType: r.amount >= t.amount ? 'PAYMENT_REFUND' : 'PARTIAL_REFUND',
      refundAmount: -fromMinor(r.amount, t.currency),
      refundTransactionDate: iso(r.at),
    };
  }

  /** `GET /v3/payments/requests/{transactionId}/check`: the request's state as a return code. @throws LinePayError `1150` */
  async check(m: LpMerchantRow, transactionId: string): Promise<ReturnCode> {
    const status = this.statusOf(await this.own(m, transactionId));
    if (status === 'REQUESTED') return RC.success;
    if (status === 'APPROVED') return RC.checkApproved;
    if (status === 'CANCELLED' || status === 'EXPIRED') return RC.checkCancelled;
    if (status === 'FAILED') return RC.checkFailed;
    return RC.checkCompleted;
  }

  /** A merchant's live regKey. @throws LinePayError `1190` unknown, another merchant's, or expired */
  private async liveKey(m: LpMerchantRow, regKey: string) {
    const k = await this.store.regKey(regKey);
    if (!k || k.channel_id !== m.channel_id) throw refuse(RC.noRegKey, `regKey ${regKey}`);
    if (k.expired) throw refuse(RC.noRegKey, `regKey ${regKey} was expired.`);
    return k;
  }

  /**
   * `POST /v3/payments/preapprovedPay/{regKey}/payment`: a payment without the person, confirmed at once.
   * @throws LinePayError `1190` regKey, `1172` order ID used, `1124` amount, `1142` low balance
   */
  async payPreapproved(m: LpMerchantRow, regKey: string, body: PreapprovedBody) {
    const k = await this.liveKey(m, regKey);
    const amount = toMinor(body.amount, body.currency, 'amount');
    if (await this.store.orderUsed(m.channel_id, body.orderId)) throw refuse(RC.sameOrder, `orderId ${body.orderId}`);
    if (k.method === 'BALANCE' && (await this.balanceOf(k.user_id, body.currency)) < amount) throw refuse(RC.lowBalance);
    const now = this.clock.now();
    const capture = body.capture !== false;
    const row = {
      transaction_id: newTransactionId(now),
      channel_id: m.channel_id,
      order_id: body.orderId,
      amount,
      currency: body.currency,
      product_name: body.productName,
      packages: '[]',
      confirm_url: '',
      cancel_url: '',
      capture: capture ? 1 : 0,
      pay_type: 'PREAPPROVED',
      page_token: newPageToken(),
      access_token: newAccessToken(),
      status: capture ? 'CAPTURE' : 'AUTHORIZATION',
      created_at: now,
      expires_at: now,
      user_id: k.user_id,
      method: k.method,
      confirmed_at: now,
      reg_key: regKey,
    };
    await this.store.insertTransaction(row);
    await this.charge(k.user_id, k.method, body.currency, -amount);
    return {
      orderId: row.order_id,
      transactionId: row.transaction_id,
      transactionDate: iso(now),
      ...(capture ? {} : { authorizationExpireDate: iso(now + AUTHORIZATION_LIFE_MS) }),
    };
  }

  /** `GET /v3/payments/preapprovedPay/{regKey}/check`. @throws LinePayError `1190` */
  async checkRegKey(m: LpMerchantRow, regKey: string): Promise<void> {
    await this.liveKey(m, regKey);
  }

  /** `POST /v3/payments/preapprovedPay/{regKey}/expire`. @throws LinePayError `1190` */
  async expireRegKey(m: LpMerchantRow, regKey: string): Promise<void> {
    await this.liveKey(m, regKey);
    await this.store.expireRegKey(regKey);
  }

  // What the person does on the payment page (and the simulator API for them).

  /** The payment a page token names, with its merchant. */
  async pageOf(token: string): Promise<{ t: LpTransactionRow; merchant: LpMerchantRow } | undefined> {
    const t = await this.store.transactionByToken(token);
    const merchant = t && (await this.store.merchant(t.channel_id));
    return t && merchant ? { t, merchant } : undefined;
  }

  /** A payment for the simulator API. @throws ApiError 404 */
  async transaction(transactionId: string): Promise<LpTransactionRow> {
    const t = await this.store.transaction(transactionId);
    if (!t) throw notFound(`No LINE Pay transaction ${transactionId}`);
    return t;
  }

  /**
   * The person pays: who, with what (`BALANCE` by default, `CREDIT_CARD`), and what should fail at confirm.
   * @returns the URL the page sends them to: the confirmUrl with `transactionId` and `orderId`
   * @throws ApiError 404 unknown transaction or user, 409 not waiting for the person (paid, cancelled, expired)
   */
  async approve(transactionId: string, body: LinePayApproveBody): Promise<string> {
    const t = await this.transaction(transactionId);
    if (!(await this.world.user(body.userId))) throw unknownUser(body.userId, 404);
    this.waiting(t);
    const moved = await this.store.update(t.transaction_id, ['REQUESTED'], {
      status: 'APPROVED',
      user_id: body.userId,
      method: body.method ?? 'BALANCE',
      outcome: body.outcome ?? null,
    });
    if (!moved) throw new ApiError(409, { message: `LINE Pay transaction ${transactionId} is no longer waiting for the person` });
    return confirmRedirect(t.confirm_url, t.transaction_id, t.order_id);
  }

  /** The person cancels. @returns the cancelUrl @throws ApiError 404, 409 */
  async cancel(transactionId: string): Promise<string> {
    const t = await this.transaction(transactionId);
    this.waiting(t);
    if (!(await this.store.update(t.transaction_id, ['REQUESTED'], { status: 'CANCELLED' })))
      throw new ApiError(409, { message: `LINE Pay transaction ${transactionId} is no longer waiting for the person` });
    return t.cancel_url;
  }

  /** @throws ApiError 409 when the payment is not waiting for the person */
  private waiting(t: LpTransactionRow): void {
    const status = this.statusOf(t);
    if (status !== 'REQUESTED')
      throw new ApiError(409, {
        message: `LINE Pay transaction ${t.transaction_id} is ${status}: the person can no longer pay or cancel it`,
      });
  }

  /** The merchant refunds, from the simulator (the host's tool, the CLI). @throws ApiError 404, 409 with the return code's message */
  async refundBySimulator(transactionId: string, amount: number | undefined): Promise<void> {
    const t = await this.transaction(transactionId);
    try {
      await this.refundOf(t, amount);
    } catch (e) {
      const err = e as { returnCode?: string; message: string };
      if (err.returnCode) throw new ApiError(409, { message: `LINE Pay ${err.returnCode}: ${err.message}` });
      throw e;
    }
  }

  /** Payments as the simulator shows them, newest first. */
  async transactions(f: TransactionFilter): Promise<LinePayTransaction[]> {
    const rows = await this.store.list(f);
    const refunds = await this.store.refunds(rows.map((t) => t.transaction_id));
    return rows.map((t) =>
      this.view(
        t,
        refunds.filter((r) => r.transaction_id === t.transaction_id),
      ),
    );
  }

  /** One payment as the simulator shows it. @throws ApiError 404 */
  async transactionView(transactionId: string): Promise<LinePayTransaction> {
    const t = await this.transaction(transactionId);
    return this.view(t, await this.store.refunds([transactionId]));
  }

  private view(t: LpTransactionRow, refunds: LpRefundRow[]): LinePayTransaction {
    const refunded = refunds.reduce((s, r) => s + r.amount, 0);
    return {
      transactionId: t.transaction_id,
      channelId: t.channel_id,
      orderId: t.order_id,
      productName: t.product_name,
      amount: fromMinor(t.amount, t.currency),
      currency: t.currency,
      status: this.statusOf(t, refunded),
      payType: t.pay_type,
      capture: t.capture === 1,
      userId: t.user_id,
      method: t.method,
      outcome: t.outcome,
      failure: t.failure,
      refunded: fromMinor(refunded, t.currency),
      refunds: refunds.map((r) => ({ refundTransactionId: r.refund_transaction_id, amount: fromMinor(r.amount, t.currency), at: r.at })),
      regKey: t.reg_key,
      paymentUrl: t.confirm_url ? paymentPageUrl(this.baseUrl(), t.page_token) : '',
      createdAt: t.created_at,
      expiresAt: t.expires_at,
      confirmedAt: t.confirmed_at,
    };
  }

  /** A person's wallet as the page and the simulator show it (balances in the currency's units). */
  async wallet(userId: string) {
    const w = await this.walletOf(userId);
    const balances = JSON.parse(w.balances) as Record<string, number>;
    return {
      userId,
      balances: Object.fromEntries(Object.entries(balances).map(([c, v]) => [c, fromMinor(v, c)])),
      card: { brand: w.card_brand, last4: w.card_last4 },
    };
  }

  /** Sets a balance by hand. @throws ApiError 404 unknown user */
  async setBalance(userId: string, currency: Currency, balance: number) {
    if (!(await this.world.user(userId))) throw unknownUser(userId, 404);
    const w = await this.walletOf(userId);
    const balances = JSON.parse(w.balances) as Record<string, number>;
    balances[currency] = Math.round(balance * 10 ** CURRENCIES[currency]);
    await this.store.putWallet({ ...w, balances: JSON.stringify(balances) });
    return this.wallet(userId);
  }
}
