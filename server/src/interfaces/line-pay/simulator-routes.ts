/**
 * The simulator API's `linePay` routes (on `{base_url}`): the sandbox as the host's LINE Pay tool,
 * the CLI, `embedkit/testing` and the MCP tools see it, and what the person does on the payment
 * page (pay, cancel), a merchant's refund and a regKey's expiry.
 */
import { notFound } from '../../http/errors.js';
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import type { Currency } from './rules.js';
import type { LinePayService } from './service.js';
import type { LinePayStore, LpRegKeyRow } from './store.js';

const regKeyView = (k: LpRegKeyRow) => ({
  regKey: k.reg_key,
  channelId: k.channel_id,
  userId: k.user_id,
  method: k.method,
  createdAt: k.created_at,
  expired: k.expired === 1,
});

export function linePaySimulatorHandlers(d: {
  service: LinePayService;
  store: LinePayStore;
  baseUrl: () => string;
}): UnitHandlers<'linePay'> {
  const { service, store } = d;
  return {
    linePay: async ({ res }) => {
      res.set('Cache-Control', 'no-store');
      const [merchants, wallets, regKeys] = await Promise.all([store.merchants(), store.wallets(), store.regKeys()]);
      return {
        baseUrl: d.baseUrl(),
        merchants: merchants.map((m) => ({ channelId: m.channel_id, name: m.name, region: m.region, active: m.active === 1 })),
        wallets: await Promise.all(wallets.map((w) => service.wallet(w.user_id))),
        regKeys: regKeys.map(regKeyView),
      };
    },
    linePayTransactions: async ({ query }) => ({ transactions: await service.transactions(query) }),
    linePayTransaction: ({ params }) => service.transactionView(params.transactionId),
    approveLinePayPayment: async ({ params, body }) => {
      const redirectUrl = await service.approve(params.transactionId, body);
      return { transaction: await service.transactionView(params.transactionId), redirectUrl };
    },
    cancelLinePayPayment: async ({ params }) => {
      const redirectUrl = await service.cancel(params.transactionId);
      return { transaction: await service.transactionView(params.transactionId), redirectUrl };
    },
    refundLinePayPayment: async ({ params, body }) => {
      await service.refundBySimulator(params.transactionId, body.amount);
      return service.transactionView(params.transactionId);
    },
    expireLinePayRegKey: async ({ params }) => {
      if (!(await store.regKey(params.regKey))) throw notFound(`No regKey ${params.regKey}`);
      await store.expireRegKey(params.regKey);
      return regKeyView((await store.regKey(params.regKey))!);
    },
    setLinePayBalance: ({ params, body }) => service.setBalance(params.userId, body.currency as Currency, body.balance),
  };
}
