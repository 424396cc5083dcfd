/**
 * The shape rules of the blockchain interface (spec part A; formats as the platform's docs examples
 * show them, docs/platform/blockchain.md): identifier formats, item token names and metas, and the
 * declared path parameters, queries and bodies its routes' door checks before any handler runs. A
 * refusal at the door is the published `400` `4000` `Bad request: …` in the envelope.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ErrorDetail } from '#contract/errors.js';
import { ApiError } from '../../http/errors.js';

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
/** Longest `meta`, in characters (Unicode code points). */
export const MAX_META = 1000;
/** Most tokens one multi-mint request makes. */
export const MAX_MINT = 10;

const describe: Record<keyof typeof FORMATS, string> = {
  address: 'tlink and 39 lower-case letters and digits',
  contractId: '8 hex digits',
  tokenType: '8 hex digits',
  tokenIndex: '8 hex digits',
  txHash: '64 upper-case hex digits',
};

/** A string of one of the {@link FORMATS}, refused as `must be <the format>`. */
const Formatted = (kind: keyof typeof FORMATS) =>
  Type.String({ pattern: FORMATS[kind].source, platformErrors: { pattern: `must be ${describe[kind]}` } });

/** `GET /v1/wallets/{walletAddress}/transactions`' path. */
export const WalletParams = Type.Object({ address: Formatted('address') });
/** `GET /v1/wallets/{walletAddress}/item-tokens/{contractId}/non-fungibles`' path. */
export const HoldingsParams = Type.Object({ address: Formatted('address'), contractId: Formatted('contractId') });
/** The path of one non-fungible token (`/v1/item-tokens/{contractId}/non-fungibles/{tokenType}/{tokenIndex}`). */
export const TokenParams = Type.Object({
  contractId: Formatted('contractId'),
  tokenType: Formatted('tokenType'),
  tokenIndex: Formatted('tokenIndex'),
});
/** `POST /v1/item-tokens/{contractId}/non-fungibles/multi-mint`'s path. */
export const ContractParams = Type.Object({ contractId: Formatted('contractId') });
/** `GET /v1/transactions/{txHash}`'s path. */
export const TransactionParams = Type.Object({ txHash: Formatted('txHash') });

/**
 * A query parameter given once, as the text of a whole number from `min` to `max` (at most 9
 * digits, leading zeros allowed); `range` is the pattern of the number without its leading zeros.
 */
const Whole = (min: number, max: number, range: string) =>
  Type.String({
    pattern: `^(?=[0-9]{1,9}$)0*(?:${range})$`,
    platformErrors: { pattern: `must be an integer from ${min} to ${max}`, type: 'must be given once' },
  });
const pageFields = {
  limit: Type.Optional(Whole(1, 50, '[1-9]|[1-4][0-9]|50')),
  page: Type.Optional(Whole(1, 1_000_000, '[1-9][0-9]{0,5}|1000000')),
  orderBy: Type.Optional(
    Type.Unsafe<'asc' | 'desc'>({
      type: 'string',
      enum: ['asc', 'desc'],
      platformErrors: { enum: 'must be asc or desc', type: 'must be given once' },
    }),
  ),
};
/** A time as the text of milliseconds since 1970 (at most 16 digits). */
const Time = Type.String({
  pattern: '^[0-9]{1,16}$',
  platformErrors: { pattern: 'must be a time in milliseconds since 1970', type: 'must be given once' },
});

/** The page of a list: `limit` 1-50, `page` from 1, `orderBy` asc or desc. */
export const PageQuery = Type.Object(pageFields);
/** The query of the wallet transactions call (spec part A: `page`, `msgType`; the platform's `limit`, `orderBy`, `after`, `before`). */
export const TransactionsQuery = Type.Object({
  ...pageFields,
  msgType: Type.Optional(
    Type.String({
      maxLength: 100,
      platformErrors: { maxLength: 'must be a message type such as collection/MsgMintNFT', type: 'must be given once' },
    }),
  ),
  after: Type.Optional(Time),
  before: Type.Optional(Time),
});

/** A page checked at the door, with its defaults: `limit` 10, `page` 1, `order` desc. */
export interface Page {
  limit: number;
  page: number;
  order: 'asc' | 'desc';
}

/** The page of a {@link PageQuery} checked at the door, as numbers with their defaults. */
export function pageOf(q: Static<typeof PageQuery>): Page {
  return {
    limit: q.limit === undefined ? 10 : Number(q.limit),
    page: q.page === undefined ? 1 : Number(q.page),
    order: q.orderBy ?? 'desc',
  };
}

/** The filters of the wallet transactions call: a page, a message type, a time window (ms since 1970). */
export interface TransactionFilter extends Page {
  msgType?: string;
  after?: number;
  before?: number;
}

/** The filters of a {@link TransactionsQuery} checked at the door. */
export function transactionFilterOf(q: Static<typeof TransactionsQuery>): TransactionFilter {
  return {
    ...pageOf(q),
    ...(q.msgType !== undefined ? { msgType: q.msgType } : {}),
    ...(q.after !== undefined ? { after: Number(q.after) } : {}),
    ...(q.before !== undefined ? { before: Number(q.before) } : {}),
  };
}

const Name = Type.String({ pattern: NAME.source, platformErrors: { pattern: 'must be 3 to 20 letters, digits and spaces' } });
const Meta = Type.String({ maxLength: MAX_META });
/** The owner pair of a write: a wallet address of the service and its secret. */
const ownerFields = { ownerAddress: Formatted('address'), ownerSecret: Type.String() };

/** `PUT /v1/item-tokens/{contractId}/non-fungibles/{tokenType}/{tokenIndex}`'s body (other fields are ignored). */
export const UpdateTokenBody = Type.Object({ ...ownerFields, name: Name, meta: Type.Optional(Meta) });
/** `POST /v1/item-tokens/{contractId}/non-fungibles/multi-mint`'s body (other fields are ignored). */
export const MultiMintBody = Type.Object({
  ...ownerFields,
  toAddress: Formatted('address'),
  mintList: Type.Array(Type.Object({ tokenType: Formatted('tokenType'), name: Name, meta: Type.Optional(Meta) }), {
    minItems: 1,
    maxItems: MAX_MINT,
  }),
});

/**
 * The refusal of a request that breaks its declared shape: 400 `4000` `Bad request: <property>:
 * <problem>; …` in the envelope (the origin's error handler writes an {@link ApiError} so).
 * @param details at least one finding
 */
export function shapeRefused(details: ErrorDetail[]): ApiError {
  return new ApiError(400, { message: details.map((d) => (d.property ? `${d.property}: ${d.message}` : d.message)).join('; ') });
}
