/**
 * The simulator API's `blockchain` unit: the host's Blockchain tab, with its schema.
 * Its handlers: `server/src/interfaces/blockchain/simulator-routes.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../route.js';
import { Nullable } from '../schema-builders.js';

/** What the host's Blockchain tab shows (no secret in it). */
export const BlockchainViewSchema = Type.Object({
  services: Type.Array(Type.Object({ apiKey: Type.String(), name: Type.String(), activated: Type.Boolean() })),
  wallets: Type.Array(Type.Object({ name: Type.String(), walletAddress: Type.String(), apiKey: Type.String() })),
  tokens: Type.Array(
    Type.Object({ contractId: Type.String(), tokenId: Type.String(), name: Type.String(), meta: Type.String(), owner: Type.String() }),
  ),
  transactions: Type.Array(
    Type.Object({
      height: Type.Number(),
      txhash: Type.String(),
      timestamp: Type.Number(),
      tx: Type.Object({ value: Type.Object({ msg: Type.Array(Type.Unknown()) }) }),
    }),
  ),
  requests: Type.Array(
    Type.Object({
      id: Type.Number(),
      at: Type.Number(),
      method: Type.String(),
      path: Type.String(),
      apiKey: Nullable(Type.String()),
      statusCode: Type.Number(),
      statusMessage: Type.String(),
      signatureInput: Nullable(Type.String()),
    }),
  ),
});
export type BlockchainView = Static<typeof BlockchainViewSchema>;

/** The `blockchain` unit's routes, one slice of `SIMULATOR_API`. */
export const BLOCKCHAIN_ROUTES = defineContract({
  blockchain: {
    method: 'GET',
    path: '/blockchain',
    summary: 'the Blockchain tab’s view (no secret)',
    answer: BlockchainViewSchema,
    unit: 'blockchain',
  },
} satisfies Contract<'blockchain'>);
