/**
 * Wallets, non-fungible item tokens and transactions of the blockchain interface (spec part A;
 * bodies and formats as the platform publishes them, docs/platform/blockchain.md). A write is a
 * transaction: accepted (`1002`) with its hash, and visible at once in the token, the wallet's
 * holdings and its transactions.
 */
import type { Clock } from '../../clock/clock.js';
import { BlockchainStore, type BcServiceRow, type BcTokenRow, type BcTransactionRow } from './store.js';
import * as E from './errors.js';

/** Identifier formats of the platform's docs examples. */
export const FORMATS = {
  /** `tlink` + 39 lower-case letters and digits, e.g. `tlink1fr9mpexk5yq3hu6jc0npajfsa0x7tl427fuveq`. */
  address: /^tlink[0-9a-z]{39}$/,
  /** Contract ID: 8 hex digits, e.g. `61e14383`. */
  contractId: /^[0-9a-f]{8}$/,
  /** Token type: 8 hex digits, e.g. `10000001`. */
  tokenType: /^[0-9a-f]{8}$/,
  /** Token index: 8 hex digits, e.g. `00000001`. */
  tokenIndex: /^[0-9a-f]{8}$/,
  /** Transaction hash: 64 upper-case hex digits. */
  txHash: /^[0-9A-F]{64}$/,
} as const;

/** Item token name: 3 to 20 letters, digits and spaces (the platform's rule). */
export const NAME = /^[A-Za-z0-9 ]{3,20}$/;
/** Longest `meta`, in characters. */
export const MAX_META = 1000;
/** Most tokens one multi-mint request makes. */
export const MAX_MINT = 10;

/** Checks an identifier's format. @throws BlockchainError 400 `4000` naming the parameter */
export function checkFormat(kind: keyof typeof FORMATS, value: string, name: string = kind): void {
  if (!FORMATS[kind].test(value))
    throw E.badRequest(`${name} ${JSON.stringify(value.slice(0, 80))} is not a valid ${kind} (${describe[kind]})`);
}

const describe: Record<keyof typeof FORMATS, string> = {
  address: 'tlink and 39 lower-case letters and digits',
  contractId: '8 hex digits',
  tokenType: '8 hex digits',
  tokenIndex: '8 hex digits',
  txHash: '64 upper-case hex digits',
};

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

function str(body: Record<string, unknown>, key: string, opts: { optional?: boolean } = {}): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) {
    if (opts.optional) return undefined;
    throw E.badRequest(`${key} is required`);
  }
  if (typeof v !== 'string') throw E.badRequest(`${key} must be a string`);
  return v;
}

function checkNameMeta(where: string, name: string, meta: string | undefined): void {
  if (!NAME.test(name)) throw E.badRequest(`${where}name must be 3 to 20 letters, digits and spaces`);
  if (meta !== undefined && meta.length > MAX_META) throw E.badRequest(`${where}meta must be at most ${MAX_META} characters`);
}

function asObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw E.badRequest('the body must be a JSON object');
  return body as Record<string, unknown>;
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

  /** The service's contract. @throws BlockchainError 400 format, 404 `4040` unknown (or another service's) contract */
  private async contractOf(service: BcServiceRow, contractId: string) {
    checkFormat('contractId', contractId);
    const contract = await this.store.contract(contractId);
    if (!contract || contract.api_key !== service.api_key) throw E.notFound(`item-token contract ${contractId}`);
    return contract;
  }

  /**
   * The owner pair of a write: a wallet of the service, its secret, and the contract's owner.
   * @throws BlockchainError 400 format, 404 unknown wallet, 403 `4031` wrong secret, 403 `4032` not the owner
   */
  private async checkOwner(
    service: BcServiceRow,
    contract: { owner_address: string; contract_id: string },
    body: Record<string, unknown>,
  ): Promise<string> {
    const ownerAddress = str(body, 'ownerAddress')!;
    const ownerSecret = str(body, 'ownerSecret')!;
    checkFormat('address', ownerAddress, 'ownerAddress');
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
   */
  async update(service: BcServiceRow, contractId: string, tokenType: string, tokenIndex: string, rawBody: unknown): Promise<string> {
    const contract = await this.contractOf(service, contractId);
    checkFormat('tokenType', tokenType);
    checkFormat('tokenIndex', tokenIndex);
    const body = asObject(rawBody);
    const name = str(body, 'name')!;
    const meta = str(body, 'meta', { optional: true });
    checkNameMeta('', name, meta);
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
   */
  async multiMint(service: BcServiceRow, contractId: string, rawBody: unknown): Promise<string> {
    const contract = await this.contractOf(service, contractId);
    const body = asObject(rawBody);
    const toAddress = str(body, 'toAddress')!;
    checkFormat('address', toAddress, 'toAddress');
    const list = body.mintList;
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_MINT)
      throw E.badRequest(`mintList must be an array of 1 to ${MAX_MINT} elements`);
    const params = list.map((raw, i) => {
      const item = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
      if (!item) throw E.badRequest(`mintList[${i}] must be an object`);
      const at = (k: string, optional = false) => {
        try {
          return str(item, k, { optional });
        } catch {
          throw E.badRequest(`mintList[${i}].${k} is required and must be a string`);
        }
      };
      const tokenType = at('tokenType')!;
      const name = at('name')!;
      const meta = at('meta', true);
      if (!FORMATS.tokenType.test(tokenType)) throw E.badRequest(`mintList[${i}].tokenType must be 8 hex digits`);
      checkNameMeta(`mintList[${i}].`, name, meta);
      return { tokenType, name, meta: meta ?? '' };
    });
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

  /** `GET /v1/item-tokens/<contract>/non-fungibles/<type>/<index>`. @throws BlockchainError 400, 404 */
  async token(service: BcServiceRow, contractId: string, tokenType: string, tokenIndex: string) {
    await this.contractOf(service, contractId);
    checkFormat('tokenType', tokenType);
    checkFormat('tokenIndex', tokenIndex);
    const token = await this.store.token(contractId, tokenType, tokenIndex);
    if (!token) throw E.notFound(`non-fungible token ${tokenType}${tokenIndex} in contract ${contractId}`);
    return tokenView(token);
  }

  /** `GET /v1/wallets/<address>/item-tokens/<contract>/non-fungibles`: what a wallet holds. */
  async holdings(service: BcServiceRow, address: string, contractId: string, page: { limit: number; page: number }) {
    checkFormat('address', address, 'walletAddress');
    await this.contractOf(service, contractId);
    return (await this.store.holdings(address, contractId, page.limit, (page.page - 1) * page.limit)).map(tokenView);
  }

  /** `GET /v1/wallets/<address>/transactions`. */
  async walletTransactions(
    service: BcServiceRow,
    address: string,
    q: { msgType?: string; after?: number; before?: number; order: 'asc' | 'desc'; limit: number; page: number },
  ) {
    checkFormat('address', address, 'walletAddress');
    const wallet = await this.store.wallet(address);
    if (wallet && wallet.api_key !== service.api_key) throw E.notFound(`wallet ${address} of this service`);
    return (await this.store.transactionsOf(address, q)).map(transactionView);
  }

  /** `GET /v1/transactions/<txHash>`. @throws BlockchainError 400 format, 404 unknown (or another service's) */
  async transaction(service: BcServiceRow, txHash: string) {
    checkFormat('txHash', txHash);
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
