/**
 * The simulator API's blockchain route (on `{base_url}`): what the host's Blockchain tab shows:
 * services (API keys, never secrets), wallets (never secrets), tokens, recent transactions and the
 * signed requests with their verdicts and signature inputs.
 */
import type { UnitHandlers } from '../../simulator-api/handlers.js';
import { tokenView, transactionView } from './item-tokens.js';
import type { BlockchainStore } from './store.js';

export function blockchainSimulatorHandlers(store: BlockchainStore): UnitHandlers<'blockchain'> {
  return {
    blockchain: async ({ res }) => {
      const [services, wallets, tokens, transactions, requests] = await Promise.all([
        store.services(),
        store.wallets(),
        store.allTokens(100),
        store.recentTransactions(20),
        store.recentRequests(50),
      ]);
      res.set('Cache-Control', 'no-store');
      return {
        services: services.map((s) => ({ apiKey: s.api_key, name: s.name, activated: s.activated === 1 })),
        wallets: wallets.map((w) => ({ name: w.name, walletAddress: w.address, apiKey: w.api_key })),
        tokens: tokens.map((t) => ({ contractId: t.contract_id, ...tokenView(t) })),
        transactions: transactions.map(transactionView),
        requests: requests.map((q) => ({
          id: Number(q.id),
          at: q.at,
          method: q.method,
          path: q.path,
          apiKey: q.api_key,
          statusCode: q.status_code,
          statusMessage: q.status_message,
          signatureInput: q.signature_input,
        })),
      };
    },
  };
}
