/**
 * Errors of the blockchain interface. Every answer of `{blockchain_url}` is the platform's
 * envelope `{responseTime, statusCode, statusMessage, responseData?}`; the platform publishes
 * `1000 Success`, `1002 Accepted`, `4000 Bad request` and `4012 Service-api-key not found`. The
 * other codes are embedkit's, in the same 4xxx scheme (docs/platform/blockchain.md lists them): the
 * second digit follows the HTTP status (40xx 400/401, 403x 403, 404x 404), and the message says
 * exactly what was refused.
 */

/** Success codes of the envelope. */
export const SUCCESS = { statusCode: 1000, statusMessage: 'Success' } as const;
export const ACCEPTED = { statusCode: 1002, statusMessage: 'Accepted' } as const;
/** The published refusal code, for an answer whose handler named no other. */
export const BAD_REQUEST_CODE = 4000;

/** A refusal: the HTTP status, the envelope's code and message. */
export class BlockchainError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusCode: number,
    readonly statusMessage: string,
  ) {
    super(statusMessage);
    this.name = 'BlockchainError';
  }
}

/** 400 `4000`: a parameter or the body is invalid; `detail` says which and why. */
export const badRequest = (detail: string) => new BlockchainError(400, BAD_REQUEST_CODE, `Bad request: ${detail}`);
/** 401 `4010`: the signature is not the request's under the service's API secret. */
export const invalidSignature = () =>
  new BlockchainError(401, 4010, 'Invalid signature: it does not match the request signed with the API secret');
/** 401 `4011`: a header of the Authentication table is missing. */
export const missingHeader = (name: string) => new BlockchainError(401, 4011, `Required header is missing: ${name}`);
/** 401 `4012` (published): no service has this API key. */
export const apiKeyNotFound = () => new BlockchainError(401, 4012, 'Service-api-key not found');
/** 401 `4014`: the timestamp is more than 5 minutes from the server's clock. */
export const invalidTimestamp = (serverTime: number) =>
  new BlockchainError(401, 4014, `Invalid timestamp: it must be within 5 minutes of the server time (${serverTime})`);
/** 401 `4015`: the nonce is not 8 letters and digits. */
export const invalidNonce = () => new BlockchainError(401, 4015, 'Invalid nonce: it must be 8 letters (upper or lower case) and digits');
/** 401 `4016`: the nonce was used by a successful request of this API key within 11 minutes. */
export const nonceUsed = () =>
  new BlockchainError(401, 4016, 'Invalid nonce: it was used with this service-api-key within the last 11 minutes');
/** 403 `4030`: the service is not activated. */
export const serviceInactive = () => new BlockchainError(403, 4030, 'The service is not activated');
/** 403 `4031`: the wallet secret is not the wallet's. */
export const walletSecretMismatch = () => new BlockchainError(403, 4031, 'Invalid ownerSecret: it is not the secret of ownerAddress');
/** 403 `4032`: the wallet may not do this (not the contract's owner, or another service's). */
export const notPermitted = (why: string) => new BlockchainError(403, 4032, `Not permitted: ${why}`);
/** 404 `4040`: the named resource does not exist. */
export const notFound = (what: string) => new BlockchainError(404, 4040, `Not found: ${what}`);
/** 404 `4041`: no endpoint at this method and path. */
export const noEndpoint = (method: string, path: string) => new BlockchainError(404, 4041, `Not found: ${method} ${path}`);
