/**
 * The blockchain interface in the scenario file (spec part A): services with their API key and
 * secret, wallets, item-token contracts with their non-fungible token types and tokens.
 */
import { Type } from '@sinclair/typebox';
import { scenarioSlice } from '../../unit/scenario-slice.js';
import { ScenarioId } from '../../world/scenario.js';
import { BlockchainStore } from './store.js';

const Address = () => Type.String({ pattern: '^tlink[0-9a-z]{39}$' });

/** The blockchain's slice: `blockchain`, whose services, wallets and token types referred to exist. */
export const blockchainScenario = scenarioSlice({
  name: 'blockchain',
  parts: {
    file: {
      // The blockchain interface (spec part A): services with their API key and secret,
      // wallets, item-token contracts with their non-fungible token types and tokens.
      blockchain: Type.Optional(
        Type.Object(
          {
            services: Type.Array(
              Type.Object(
                {
                  apiKey: Type.String({ minLength: 1, maxLength: 100 }),
                  apiSecret: Type.String({ minLength: 1, maxLength: 200 }),
                  name: Type.String({ minLength: 1 }),
                  activated: Type.Optional(Type.Boolean()),
                },
                { additionalProperties: false },
              ),
            ),
            wallets: Type.Array(
              Type.Object(
                {
                  name: Type.String({ minLength: 1 }),
                  address: Address(),
                  secret: Type.String({ minLength: 1, maxLength: 200 }),
                  service: ScenarioId,
                },
                { additionalProperties: false },
              ),
            ),
            contracts: Type.Array(
              Type.Object(
                {
                  contractId: Type.String({ pattern: '^[0-9a-f]{8}$' }),
                  service: ScenarioId,
                  name: Type.String({ minLength: 1 }),
                  owner: Address(),
                  tokenTypes: Type.Array(
                    Type.Object(
                      {
                        tokenType: Type.String({ pattern: '^[0-9a-f]{8}$' }),
                        name: Type.String({ minLength: 1 }),
                        meta: Type.Optional(Type.String()),
                      },
                      { additionalProperties: false },
                    ),
                  ),
                  tokens: Type.Array(
                    Type.Object(
                      {
                        tokenType: Type.String({ pattern: '^[0-9a-f]{8}$' }),
                        tokenIndex: Type.String({ pattern: '^[0-9a-f]{8}$' }),
                        name: Type.String({ minLength: 1 }),
                        meta: Type.Optional(Type.String()),
                        owner: Address(),
                      },
                      { additionalProperties: false },
                    ),
                  ),
                },
                { additionalProperties: false },
              ),
            ),
          },
          { additionalProperties: false },
        ),
      ),
    },
  },
  problems(s) {
    const b = s.blockchain;
    if (!b) return [];
    const problems: string[] = [];
    const services = new Set(b.services.map((x) => x.apiKey));
    const wallets = new Map(b.wallets.map((w) => [w.address, w.service]));
    b.wallets.forEach((w, i) => services.has(w.service) || problems.push(`blockchain.wallets[${i}].service: unknown service ${w.service}`));
    b.contracts.forEach((c, i) => {
      if (!services.has(c.service)) problems.push(`blockchain.contracts[${i}].service: unknown service ${c.service}`);
      if (wallets.get(c.owner) !== c.service) problems.push(`blockchain.contracts[${i}].owner: not a wallet of service ${c.service}`);
      const types = new Set(c.tokenTypes.map((t) => t.tokenType));
      c.tokens.forEach(
        (t, j) =>
          types.has(t.tokenType) || problems.push(`blockchain.contracts[${i}].tokens[${j}].tokenType: unknown token type ${t.tokenType}`),
      );
    });
    return problems;
  },
  async seed(s, at) {
    const b = s.blockchain;
    if (!b) return;
    await new BlockchainStore(at.db).seed({
      services: b.services.map((x) => ({
        api_key: x.apiKey,
        api_secret: x.apiSecret,
        name: x.name,
        activated: x.activated === false ? 0 : 1,
      })),
      wallets: b.wallets.map((w) => ({ address: w.address, api_key: w.service, name: w.name, secret: w.secret, created_at: at.now })),
      contracts: b.contracts.map((c) => ({ contract_id: c.contractId, api_key: c.service, name: c.name, owner_address: c.owner })),
      tokenTypes: b.contracts.flatMap((c) =>
        c.tokenTypes.map((t) => ({ contract_id: c.contractId, token_type: t.tokenType, name: t.name, meta: t.meta ?? '' })),
      ),
      tokens: b.contracts.flatMap((c) =>
        c.tokens.map((t) => ({
          contract_id: c.contractId,
          token_type: t.tokenType,
          token_index: t.tokenIndex,
          name: t.name,
          meta: t.meta ?? '',
          owner: t.owner,
          created_at: at.now,
        })),
      ),
    });
  },
  // Services, wallets, contracts with their token types and tokens; nothing without services.
  async export(db) {
    const rows = await new BlockchainStore(db).scenarioRows();
    if (!rows.services.length) return {};
    const blockchain = {
      services: rows.services.map((s) => ({ apiKey: s.api_key, apiSecret: s.api_secret, name: s.name, activated: s.activated === 1 })),
      wallets: rows.wallets.map((w) => ({ name: w.name, address: w.address, secret: w.secret, service: w.api_key })),
      contracts: rows.contracts.map((c) => ({
        contractId: c.contract_id,
        service: c.api_key,
        name: c.name,
        owner: c.owner_address,
        tokenTypes: rows.tokenTypes
          .filter((t) => t.contract_id === c.contract_id)
          .map((t) => ({ tokenType: t.token_type, name: t.name, ...(t.meta ? { meta: t.meta } : {}) })),
        tokens: rows.tokens
          .filter((t) => t.contract_id === c.contract_id)
          .map((t) => ({
            tokenType: t.token_type,
            tokenIndex: t.token_index,
            name: t.name,
            ...(t.meta ? { meta: t.meta } : {}),
            owner: t.owner,
          })),
      })),
    };
    return { file: () => ({ blockchain }) };
  },
});
