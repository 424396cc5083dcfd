/**
 * Wallets, non-fungible item tokens and transactions of the blockchain interface (spec part A;
 * bodies and formats as the platform publishes them, docs/platform/blockchain.md). A write is a
 * transaction: accepted (`1002`) with its hash, and visible at once in the token, the wallet's
 * holdings and its transactions. Identifiers, queries and bodies come checked at the door
 * (`rules.ts`); what is left here are the rules of the world (the service's contracts, wallets and
 * tokens).
 */
import type { Clock } from '../../clock/clock.js';
import type { Static } from '@sinclair/typebox';
import { BlockchainStore, type BcServiceRow, type BcTokenRow, type BcTransactionRow } from './store.js';
import * as E from './errors.js';
import type { MultiMintBody, Page, TransactionFilter, UpdateTokenBody } from './rules.js';

/** A token as the interface answers it. */
export function tokenView(t: BcTokenRow) {
  return {
    tokenId: `${t.token_type}${t.token_index}`,
    tokenType: t.token_type,
    tokenIndex: t.token_index,
    name: t.name,
    meta: t.meta,
    owner: t.owner,
    createdAt: t.created_at,
  };
}

/**
 * A transaction in the platform's result shape: `height`, `txhash`, `code` (0), `logs` with
 * their events, `tx` (a StdTx holding the message), `timestamp`.
 */
export function transactionView(t: BcTransactionRow) {
  const msg = JSON.parse(t.msg) as unknown;
  return {
    height: Number(t.height),
    txhash: t.tx_hash,
    codespace: '',
    code: 0,
    index: 0,
    logs: [{ msgIndex: 0, log: '', events: JSON.parse(t.events) as unknown }],
    gasWanted: 200000,
    gasUsed: 100000,
    tx: { type: 'cosmos-sdk/StdTx', value: { msg: [msg], fee: { gas: '200000', amount: [] }, memo: '', signatures: null } },
    timestamp: t.timestamp,
  };
}

export class ItemTokenService {
  constructor(
    private readonly store: BlockchainStore,
    private readonly clock: Clock,
  ) {}

  /** `GET /v1/wallets`: the service's wallets. */
  async wallets(service: BcServiceRow) {
    return (await this.store.wallets(service.api_key)).map((w) => ({ name: w.name, walletAddress: w.address, createdAt: w.created_at }));
  }

  /** The service's contract. @throws BlockchainError 404 `4040` unknown (or another service's) contract */
  private async contractOf(service: BcServiceRow, contractId: string) {
    const contract = await this.store.contract(contractId);
    if (!contract || contract.api_key !== service.api_key) throw E.notFound(`item-token contract ${contractId}`);
    return contract;
  }

  /**
   * The owner pair of a write: a wallet of the service, its secret, and the contract's owner.
   * @throws BlockchainError 404 unknown wallet, 403 `4031` wrong secret, 403 `4032` not the owner
   */
  private async checkOwner(
    service: BcServiceRow,
    contract: { owner_address: string; contract_id: string },
    { ownerAddress, ownerSecret }: { ownerAddress: string; ownerSecret: string },
  ): Promise<string> {
    const wallet = await this.store.wallet(ownerAddress);
    if (!wallet || wallet.api_key !== service.api_key) throw E.notFound(`wallet ${ownerAddress} of this service`);
    if (wallet.secret !== ownerSecret) throw E.walletSecretMismatch();
    if (contract.owner_address !== ownerAddress)
      throw E.notPermitted(`${ownerAddress} is not the owner of contract ${contract.contract_id}`);
    return ownerAddress;
  }

  /**
   * `PUT /v1/item-tokens/<contract>/non-fungibles/<type>/<index>`: changes a token's name (and
   * meta), as a `collection/MsgModify` transaction.
   * @returns the transaction hash
   * @throws BlockchainError 404 unknown contract, wallet or token; 403 as the owner pair says
   */
  async update(
    service: BcServiceRow,
    contractId: string,
    tokenType: string,
    tokenIndex: string,
    body: Static<typeof UpdateTokenBody>,
  ): Promise<string> {
    const contract = await this.contractOf(service, contractId);
    const { name, meta } = body;
    const owner = await this.checkOwner(service, contract, body);
    const token = await this.store.token(contractId, tokenType, tokenIndex);
    if (!token) throw E.notFound(`non-fungible token ${tokenType}${tokenIndex} in contract ${contractId}`);
    const changes = [{ field: 'name', value: name }, ...(meta !== undefined ? [{ field: 'meta', value: meta }] : [])];
    return this.store.write(
      contractId,
      {
        apiKey: service.api_key,
        msgType: 'collection/MsgModify',
        msg: { type: 'collection/MsgModify', value: { owner, contractId, tokenType, tokenIndex, changes } },
        events: [
          collectionMessageEvent(owner, 'modify_token'),
          {
            type: 'modify_token',
            attributes: [
              { key: 'contract_id', value: contractId },
              { key: 'token_id', value: `${tokenType}${tokenIndex}` },
              ...changes.map((c) => ({ key: c.field, value: c.value })),
            ],
          },
        ],
        wallets: [owner, token.owner],
        timestamp: this.clock.now(),
      },
      (trx) => BlockchainStore.updateToken(trx, { contractId, tokenType, tokenIndex, name, ...(meta !== undefined ? { meta } : {}) }),
    );
  }

  /**
   * `POST /v1/item-tokens/<contract>/non-fungibles/multi-mint`: mints each `mintList` element as the
   * next index of its token type, for `toAddress`, as one `collection/MsgMintNFT` transaction.
   * @returns the transaction hash
   * @throws BlockchainError 404 unknown contract, wallet or token type; 403 as the owner pair says
   */
  async multiMint(service: BcServiceRow, contractId: string, body: Static<typeof MultiMintBody>): Promise<string> {
    const contract = await this.contractOf(service, contractId);
    const { toAddress } = body;
    const params = body.mintList.map(({ tokenType, name, meta }) => ({ tokenType, name, meta: meta ?? '' }));
    const owner = await this.checkOwner(service, contract, body);
    for (const p of new Set(params.map((p) => p.tokenType)))
      if (!(await this.store.tokenType(contractId, p))) throw E.notFound(`non-fungible token type ${p} in contract ${contractId}`);
    const now = this.clock.now();
    const minted: string[] = [];
    return this.store.write(
      contractId,
      {
        apiKey: service.api_key,
        msgType: 'collection/MsgMintNFT',
        msg: { type: 'collection/MsgMintNFT', value: { from: owner, contractId, to: toAddress, params } },
        events: [
          collectionMessageEvent(owner, 'mint_nft'),
          {
            type: 'mint_nft',
            attributes: [
              { key: 'contract_id', value: contractId },
              { key: 'to', value: toAddress },
              { key: 'token_ids', value: minted },
            ],
          },
        ],
        wallets: [owner, toAddress],
        timestamp: now,
      },
      async (trx) => {
        const next = new Map<string, number>();
        const tokens: BcTokenRow[] = [];
        for (const p of params) {
          if (!next.has(p.tokenType))
            next.set(p.tokenType, parseInt((await BlockchainStore.lastIndex(trx, contractId, p.tokenType)) ?? '0', 16) + 1);
          const index = next.get(p.tokenType)!;
          next.set(p.tokenType, index + 1);
          const tokenIndex = index.toString(16).padStart(8, '0');
          minted.push(`${p.tokenType}${tokenIndex}`);
          tokens.push({
            contract_id: contractId,
            token_type: p.tokenType,
            token_index: tokenIndex,
            name: p.name,
            meta: p.meta,
            owner: toAddress,
            created_at: now,
          });
        }
        await BlockchainStore.insertTokens(trx, tokens);
      },
    );
  }

  /** `GET /v1/item-tokens/<contract>/non-fungibles/<type>/<index>`. @throws BlockchainError 404 */
  async token(service: BcServiceRow, contractId: string, tokenType: string, tokenIndex: string) {
    await this.contractOf(service, contractId);
    const token = await this.store.token(contractId, tokenType, tokenIndex);
    if (!token) throw E.notFound(`non-fungible token ${tokenType}${tokenIndex} in contract ${contractId}`);
    return tokenView(token);
  }

  /** `GET /v1/wallets/<address>/item-tokens/<contract>/non-fungibles`: what a wallet holds. */
  async holdings(service: BcServiceRow, address: string, contractId: string, page: Page) {
    await this.contractOf(service, contractId);
    return (await this.store.holdings(address, contractId, page.limit, (page.page - 1) * page.limit)).map(tokenView);
  }

  /** `GET /v1/wallets/<address>/transactions`. */
  async walletTransactions(service: BcServiceRow, address: string, q: TransactionFilter) {
    const wallet = await this.store.wallet(address);
    if (wallet && wallet.api_key !== service.api_key) throw E.notFound(`wallet ${address} of this service`);
    return (await this.store.transactionsOf(address, q)).map(transactionView);
  }

  /** `GET /v1/transactions/<txHash>`. @throws BlockchainError 404 unknown (or another service's) */
  async transaction(service: BcServiceRow, txHash: string) {
    const tx = await this.store.transaction(txHash);
    if (!tx || tx.api_key !== service.api_key) throw E.notFound(`transaction ${txHash}`);
    return transactionView(tx);
  }
}

/**
 * The `message` event every collection transaction carries first (the platform's published
 * transaction result): the module, the sender's wallet address and the action.
 */
function collectionMessageEvent(sender: string, action: string) {
  return {
    type: 'message',
    attributes: [
      { key: 'module', value: 'collection' },
      { key: 'sender', value: sender },
      { key: 'action', value: action },
    ],
  };
}
