/**
 * The LINE Pay sandbox in the scenario file (`linePay`): its merchants (channel ID, secret key,
 * name, region) and the people's LINE Pay wallets (balances by currency, in the currency's units,
 * and a test card), and the payments made since (with their refunds) and the preapproved payment
 * keys, which `embedkit export` writes out and a reset forgets.
 */
import { Type } from '@sinclair/typebox';
import { scenarioSlice } from '../../unit/scenario-slice.js';
import { ScenarioId } from '../../world/scenario.js';
import { newAccessToken, newPageToken } from './ids.js';
import { CURRENCIES, fromMinor, PAYMENT_URL_LIFE_MS, REGIONS, type Currency } from './rules.js';
import { LinePayStore } from './store.js';

/** The states a payment of the file may be in (`tables.ts`). */
const STATES = ['REQUESTED', 'APPROVED', 'CANCELLED', 'FAILED', 'AUTHORIZATION', 'CAPTURE', 'VOIDED_AUTHORIZATION'] as const;
const Id19 = Type.String({ pattern: '^[0-9]{19}$' });
const Money = Type.Number({ exclusiveMinimum: 0, maximum: 1e12 });

/** A payment of the file: what the API shows of it, its refunds and its regKey. */
const TransactionSchema = Type.Object(
  {
    transactionId: Id19,
    channelId: Type.String({ minLength: 1, maxLength: 40 }),
    orderId: Type.String({ minLength: 1, maxLength: 100 }),
    productName: Type.String({ minLength: 1, maxLength: 4000 }),
    amount: Money,
    currency: Type.Union(Object.keys(CURRENCIES).map((c) => Type.Literal(c))),
    status: Type.Union(STATES.map((x) => Type.Literal(x))),
    createdAt: Type.Integer({ minimum: 0 }),
    userId: Type.Optional(ScenarioId),
    method: Type.Optional(Type.Union([Type.Literal('BALANCE'), Type.Literal('CREDIT_CARD')])),
    capture: Type.Optional(Type.Boolean()),
    payType: Type.Optional(Type.Union([Type.Literal('NORMAL'), Type.Literal('PREAPPROVED')])),
    packages: Type.Optional(Type.Array(Type.Unknown())),
    confirmUrl: Type.Optional(Type.String({ maxLength: 500 })),
    cancelUrl: Type.Optional(Type.String({ maxLength: 500 })),
    failure: Type.Optional(Type.String({ pattern: '^[0-9]{4}$' })),
    confirmedAt: Type.Optional(Type.Integer({ minimum: 0 })),
    regKey: Type.Optional(Type.String({ minLength: 1, maxLength: 15 })),
    refunds: Type.Optional(
      Type.Array(
        Type.Object({ refundTransactionId: Id19, amount: Money, at: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
      ),
    ),
  },
  { additionalProperties: false },
);

/** The slice `linePay`: merchants unique by channel ID, wallets of declared users, balances in known currencies. */
export const linePayScenario = scenarioSlice({
  name: 'linePay',
  parts: {
    file: {
      // The LINE Pay Online API v3 sandbox (docs/platform/line-pay.md): merchants and the people's wallets.
      linePay: Type.Optional(
        Type.Object(
          {
            merchants: Type.Array(
              Type.Object(
                {
                  channelId: Type.String({ pattern: '^[0-9A-Za-z_-]{1,40}$' }),
                  channelSecret: Type.String({ minLength: 8, maxLength: 200 }),
                  name: Type.String({ minLength: 1, maxLength: 100 }),
                  region: Type.Union(Object.keys(REGIONS).map((r) => Type.Literal(r))),
                  active: Type.Optional(Type.Boolean()),
                },
                { additionalProperties: false },
              ),
            ),
            transactions: Type.Optional(Type.Array(TransactionSchema)),
            regKeys: Type.Optional(
              Type.Array(
                Type.Object(
                  {
                    regKey: Type.String({ minLength: 1, maxLength: 15 }),
                    channelId: Type.String({ minLength: 1, maxLength: 40 }),
                    userId: ScenarioId,
                    method: Type.Union([Type.Literal('BALANCE'), Type.Literal('CREDIT_CARD')]),
                    createdAt: Type.Integer({ minimum: 0 }),
                    expired: Type.Optional(Type.Boolean()),
                  },
                  { additionalProperties: false },
                ),
              ),
            ),
            wallets: Type.Optional(
              Type.Array(
                Type.Object(
                  {
                    userId: ScenarioId,
                    balances: Type.Record(Type.String(), Type.Number({ minimum: 0, maximum: 1e12 })),
                    card: Type.Optional(
                      Type.Object(
                        { brand: Type.String({ minLength: 1, maxLength: 20 }), last4: Type.String({ pattern: '^[0-9]{4}$' }) },
                        { additionalProperties: false },
                      ),
                    ),
                  },
                  { additionalProperties: false },
                ),
              ),
            ),
          },
          { additionalProperties: false },
        ),
      ),
    },
  },
  problems(s, ids) {
    const lp = s.linePay;
    if (!lp) return [];
    const problems: string[] = [];
    const seen = new Set<string>();
    lp.merchants.forEach((m, i) => {
      if (seen.has(m.channelId)) problems.push(`linePay.merchants[${i}].channelId: ${m.channelId} is listed twice`);
      seen.add(m.channelId);
    });
    const orders = new Set<string>();
    (lp.transactions ?? []).forEach((t, i) => {
      if (!seen.has(t.channelId)) problems.push(`linePay.transactions[${i}].channelId: unknown merchant ${t.channelId}`);
      if (orders.has(`${t.channelId} ${t.orderId}`))
        problems.push(`linePay.transactions[${i}].orderId: ${t.orderId} is used twice by ${t.channelId}`);
      orders.add(`${t.channelId} ${t.orderId}`);
      if (t.userId !== undefined && !ids.users.has(t.userId)) problems.push(`linePay.transactions[${i}].userId: unknown user ${t.userId}`);
      if (t.status !== 'REQUESTED' && t.status !== 'CANCELLED' && t.userId === undefined)
        problems.push(`linePay.transactions[${i}].userId: a ${t.status} payment has a payer`);
    });
    (lp.regKeys ?? []).forEach((k, i) => {
      if (!seen.has(k.channelId)) problems.push(`linePay.regKeys[${i}].channelId: unknown merchant ${k.channelId}`);
      if (!ids.users.has(k.userId)) problems.push(`linePay.regKeys[${i}].userId: unknown user ${k.userId}`);
    });
    (lp.wallets ?? []).forEach((w, i) => {
      if (!ids.users.has(w.userId)) problems.push(`linePay.wallets[${i}].userId: unknown user ${w.userId}`);
      for (const [c, v] of Object.entries(w.balances)) {
        if (!(c in CURRENCIES)) problems.push(`linePay.wallets[${i}].balances.${c}: not a LINE Pay currency (TWD, THB, JPY, USD)`);
        else if (!Number.isInteger(v * 10 ** CURRENCIES[c as Currency]))
          problems.push(`linePay.wallets[${i}].balances.${c}: ${c} takes ${CURRENCIES[c as Currency]} decimal(s)`);
      }
    });
    return problems;
  },
  async seed(s, at) {
    const lp = s.linePay;
    if (!lp) return;
    await new LinePayStore(at.db).seed({
      merchants: lp.merchants.map((m) => ({
        channel_id: m.channelId,
        channel_secret: m.channelSecret,
        name: m.name,
        region: m.region,
        active: m.active === false ? 0 : 1,
      })),
      wallets: (lp.wallets ?? []).map((w) => ({
        user_id: w.userId,
        balances: JSON.stringify(
          Object.fromEntries(Object.entries(w.balances).map(([c, v]) => [c, Math.round(v * 10 ** CURRENCIES[c as Currency])])),
        ),
        card_brand: w.card?.brand ?? 'VISA',
        card_last4: w.card?.last4 ?? '4242',
      })),
      transactions: (lp.transactions ?? []).map((t) => {
        const minor = (v: number) => Math.round(v * 10 ** CURRENCIES[t.currency as Currency]);
        return {
          row: {
            transaction_id: t.transactionId,
            channel_id: t.channelId,
            order_id: t.orderId,
            amount: minor(t.amount),
            currency: t.currency,
            product_name: t.productName,
            packages: JSON.stringify(t.packages ?? []),
            confirm_url: t.confirmUrl ?? '',
            cancel_url: t.cancelUrl ?? '',
            capture: t.capture === false ? 0 : 1,
            pay_type: t.payType ?? 'NORMAL',
            page_token: newPageToken(),
            access_token: newAccessToken(),
            status: t.status,
            created_at: t.createdAt,
            expires_at: t.createdAt + PAYMENT_URL_LIFE_MS,
            user_id: t.userId ?? null,
            method: t.method ?? (t.userId ? 'BALANCE' : null),
            outcome: null,
            failure: t.failure ?? null,
            confirmed_at: t.confirmedAt ?? null,
            reg_key: t.regKey ?? null,
          },
          refunds: (t.refunds ?? []).map((r) => ({
            refund_transaction_id: r.refundTransactionId,
            transaction_id: t.transactionId,
            amount: minor(r.amount),
            at: r.at,
          })),
        };
      }),
      regKeys: (lp.regKeys ?? []).map((k) => ({
        reg_key: k.regKey,
        channel_id: k.channelId,
        user_id: k.userId,
        method: k.method,
        created_at: k.createdAt,
        expired: k.expired ? 1 : 0,
      })),
    });
  },
  // Merchants and wallets as they are now (balances after today's payments); nothing without merchants.
  async export(db) {
    const store = new LinePayStore(db);
    const merchants = await store.merchants();
    if (!merchants.length) return {};
    const wallets = await store.wallets();
    const transactions = (await store.list({ limit: 10_000 })).reverse();
    const refunds = await store.refunds(transactions.map((t) => t.transaction_id));
    const regKeys = (await store.regKeys(10_000)).reverse();
    const linePay = {
      merchants: merchants.map((m) => ({
        channelId: m.channel_id,
        channelSecret: m.channel_secret,
        name: m.name,
        region: m.region,
        ...(m.active ? {} : { active: false }),
      })),
      wallets: wallets.map((w) => ({
        userId: w.user_id,
        balances: Object.fromEntries(
          Object.entries(JSON.parse(w.balances) as Record<string, number>).map(([c, v]) => [c, fromMinor(v, c)]),
        ),
        ...(w.card_brand === 'VISA' && w.card_last4 === '4242' ? {} : { card: { brand: w.card_brand, last4: w.card_last4 } }),
      })),
      ...(transactions.length
        ? {
            transactions: transactions.map((t) => {
              const mine = refunds.filter((r) => r.transaction_id === t.transaction_id);
              return {
                transactionId: t.transaction_id,
                channelId: t.channel_id,
                orderId: t.order_id,
                productName: t.product_name,
                amount: fromMinor(t.amount, t.currency),
                currency: t.currency,
                status: t.status,
                createdAt: t.created_at,
                ...(t.user_id ? { userId: t.user_id } : {}),
                ...(t.method ? { method: t.method } : {}),
                ...(t.capture ? {} : { capture: false }),
                ...(t.pay_type === 'NORMAL' ? {} : { payType: t.pay_type }),
                packages: JSON.parse(t.packages) as unknown[],
                ...(t.confirm_url ? { confirmUrl: t.confirm_url, cancelUrl: t.cancel_url } : {}),
                ...(t.failure ? { failure: t.failure } : {}),
                ...(t.confirmed_at !== null ? { confirmedAt: t.confirmed_at } : {}),
                ...(t.reg_key ? { regKey: t.reg_key } : {}),
                ...(mine.length
                  ? {
                      refunds: mine.map((r) => ({
                        refundTransactionId: r.refund_transaction_id,
                        amount: fromMinor(r.amount, t.currency),
                        at: r.at,
                      })),
                    }
                  : {}),
              };
            }),
          }
        : {}),
      ...(regKeys.length
        ? {
            regKeys: regKeys.map((k) => ({
              regKey: k.reg_key,
              channelId: k.channel_id,
              userId: k.user_id,
              method: k.method,
              createdAt: k.created_at,
              ...(k.expired ? { expired: true } : {}),
            })),
          }
        : {}),
    };
    return { file: () => ({ linePay }) };
  },
});
